// <organisation-panel>: spans and layers as stored in the summary. The summary keeps only the number of
// missing manager references (never the references), so that is what is printed.
import { html, nothing } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary } from '../../../workers/scoring/summary.ts';
import './bar-chart.ts';
import { formatCount, formatDecimal, plural } from './format.ts';

export class OrganisationPanel extends SummaryPanel {
  protected override renderSummary(s: DatasetSummary) {
    const o = s.organisation;
    const figures: [string, string][] = [
      ['People', formatCount(o.people)],
      ['Top of the tree (no manager)', formatCount(o.roots)],
      ['Managers', formatCount(o.managers)],
      ['Average span', formatDecimal(o.averageSpan)],
      ['Median span', formatDecimal(o.medianSpan)],
      [`Narrow spans (fewer than ${o.narrowSpan} reports)`, formatCount(o.narrowManagers)],
      [`Wide spans (more than ${o.wideSpan} reports)`, formatCount(o.wideManagers)],
      ['Managers with a single report', formatCount(o.singleReportManagers)],
      ['People whose manager is not in the list', formatCount(o.unresolved)],
      ['People not connected to the top (including a loop)', formatCount(o.disconnected)],
      ['Distinct manager references not in the list', formatCount(o.missingManagerReferences)],
    ];
    return html`<section aria-labelledby="organisation-heading">
      <h2 id="organisation-heading">Spans and layers</h2>
      <p>
        ${plural(o.layerCount, 'layer')} of management from the top of the tree.
        ${o.missingManagerReferences > 0
          ? html`${plural(o.missingManagerReferences, 'manager reference')} named nobody in the list; the people reporting to them are
              counted as not connected.`
          : nothing}
      </p>
      <div class="charts">
        <bar-chart
          caption="Headcount by layer"
          .items=${o.headcountByLayer.map((headcount, i) => ({ label: `Layer ${i + 1}`, value: headcount }))}
          .formatValue=${formatCount}
        ></bar-chart>
      </div>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Spans and layers figures">
        <table>
          <caption>Spans and layers figures</caption>
          <tbody>
            ${figures.map(([label, value]) => html`<tr><th scope="row">${label}</th><td class="num">${value}</td></tr>`)}
          </tbody>
        </table>
      </div>
    </section>`;
  }
}

customElements.define('organisation-panel', OrganisationPanel);

declare global {
  interface HTMLElementTagNameMap {
    'organisation-panel': OrganisationPanel;
  }
}

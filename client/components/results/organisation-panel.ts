// <organisation-panel>: spans and layers as stored in the summary, or, for a list without reporting lines, why
// there are none (scoring.md §6). The summary keeps only the number of missing manager references (never the
// references), so that is what is printed.
import { css, html, nothing } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary, OrganisationSummary } from '../../../schema/datasetSummary.ts';
import { hasReportingLines, linkedPeople } from '../../../workers/scoring/org.ts';
import { REPORTING_LINES_RULE, noReportingLinesText } from '../../../workers/exports/labels.ts';
import './bar-chart.ts';
import { formatCount, formatDecimal, plural } from '../../../workers/format/figures.ts';
import { resultStyles } from './results-styles.ts';

export class OrganisationPanel extends SummaryPanel {
  static override styles = [
    resultStyles,
    css`
      .no-lines {
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
        border-left: 4px solid var(--color-brand, #1d3f6e);
        background: var(--color-bg, #f5f6f8);
        font-weight: 600;
      }
    `,
  ];

  protected override renderSummary(s: DatasetSummary) {
    const o = s.organisation;
    return html`<section aria-labelledby="organisation-heading">
      <h2 id="organisation-heading">Spans and layers</h2>
      ${hasReportingLines(o) ? this.renderStructure(o) : this.renderNoReportingLines(o)}
    </section>`;
  }

  private renderNoReportingLines(o: OrganisationSummary) {
    const references: [string, string][] = [
      ['People whose manager is not in the list', formatCount(o.unresolved)],
      ['Distinct manager references not in the list', formatCount(o.missingManagerReferences)],
    ];
    return html`<p class="no-lines" role="note">${noReportingLinesText(o)}</p>
      <p class="muted">${REPORTING_LINES_RULE}</p>
      ${o.unresolved > 0 ? this.renderFigures('Manager references', references) : nothing}`;
  }

  private renderStructure(o: OrganisationSummary) {
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
    return html`<p>
        ${plural(o.layerCount, 'layer')} of management from the top of the tree; ${formatCount(linkedPeople(o))} of
        ${plural(o.people, 'person', 'people')} reach the top through managers in the list.
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
      ${this.renderFigures('Spans and layers figures', figures)}`;
  }

  private renderFigures(caption: string, figures: [string, string][]) {
    return html`<div class="table-wrap figures" role="region" tabindex="0" aria-label=${caption}>
      <table>
        <caption>${caption}</caption>
        <tbody>
          ${figures.map(([label, value]) => html`<tr><th scope="row">${label}</th><td class="num">${value}</td></tr>`)}
        </tbody>
      </table>
    </div>`;
  }
}

customElements.define('organisation-panel', OrganisationPanel);

declare global {
  interface HTMLElementTagNameMap {
    'organisation-panel': OrganisationPanel;
  }
}

// <results-overview>: the dataset at a glance — people, cost, exposure — and the data-quality counts a
// consultant should mention alongside the figures: the summary's, and what the import left out (`importNotes`).
import { html, nothing } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { currencyName, formatCount, formatFte, formatMultiplier, formatPercentile, formatShare, plural } from '../../../workers/format/figures.ts';

export class ResultsOverview extends SummaryPanel {
  static override properties = { ...SummaryPanel.properties, importNotes: { attribute: false } };

  /** What the import left out or could not read (workers/import/qualityNotes.ts). */
  declare importNotes: string[];

  constructor() {
    super();
    this.importNotes = [];
  }

  private tile(label: string, value: string, note?: string) {
    return html`<div class="tile">
      <dt>${label}</dt>
      <dd>
        ${value}
        ${note ? html`<span class="note">${note}</span>` : nothing}
      </dd>
    </div>`;
  }

  protected override renderSummary(s: DatasetSummary) {
    const stats = s.stats;
    const o = s.organisation;
    const caveats = [
      ...this.importNotes,
      o.unresolved > 0
        ? `${plural(o.unresolved, 'person', 'people')} ${o.unresolved === 1 ? 'reports' : 'report'} to ${plural(o.missingManagerReferences, 'manager who is', 'managers who are')} not in the list; they are counted as not connected to the top.`
        : null,
      stats.costImputed > 0 ? `${plural(stats.costImputed, 'person', 'people')} ${stats.costImputed === 1 ? 'was' : 'were'} priced at the market rate for their occupation and location: no salary was given, or they work where pay is not in the list’s currency.` : null,
      stats.exposureImputed > 0 ? `${plural(stats.exposureImputed, 'person', 'people')} had no exposure score for their occupation and ${stats.exposureImputed === 1 ? 'was' : 'were'} given the 50th percentile.` : null,
      stats.implausibleFte > 0 ? `${plural(stats.implausibleFte, 'FTE value')} could not be read and counted as full time.` : null,
      stats.duplicateEmployeeIds > 0 ? `${plural(stats.duplicateEmployeeIds, 'employee ID')} appeared more than once; the first row wins for reporting lines.` : null,
    ].filter((line): line is string => line !== null);

    return html`<section aria-labelledby="overview-heading">
      <h2 id="overview-heading">Overview</h2>
      <dl class="tiles">
        ${this.tile('Headcount', formatCount(s.headcount), `${formatFte(s.fteTotal)} FTE`)}
        ${this.tile('Total cost', this.moneyShort(s.cost.total), `salary × ${formatMultiplier(s.settings.employerCostMultiplier)} employer cost, in ${currencyName(this.currency)}`)}
        ${this.tile('Average cost', this.money(s.cost.average))}
        ${this.tile('Median cost', this.money(s.cost.median))}
        ${this.tile('Average AI exposure', formatPercentile(s.exposure.averagePercentile), 'percentile of occupations')}
        ${this.tile('Work AI could automate', formatShare(s.exposure.automationShare), `and augment ${formatShare(s.exposure.augmentationShare)}`)}
      </dl>
      <p class="muted">
        ${plural(stats.rows, 'row')} and ${plural(stats.titles, 'distinct title')}, scored with reference version ${s.referenceVersion}
        and the ${s.packId} pack.
      </p>
      ${caveats.length > 0
        ? html`<h3>Data quality</h3>
            <ul>
              ${caveats.map((line) => html`<li>${line}</li>`)}
            </ul>`
        : nothing}
    </section>`;
  }
}

customElements.define('results-overview', ResultsOverview);

declare global {
  interface HTMLElementTagNameMap {
    'results-overview': ResultsOverview;
  }
}

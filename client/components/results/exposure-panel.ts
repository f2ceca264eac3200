// <exposure-panel>: AI exposure by horizon (how soon the work can change) and by US occupation major group.
import { LitElement, html, nothing } from 'lit';
import { summaryCurrency, type DatasetSummary } from '../../../schema/datasetSummary.ts';
import './bar-chart.ts';
import { formatCount, formatMoney, formatPercentile, formatShare } from '../../../workers/format/figures.ts';
import { resultStyles } from './results-styles.ts';

export const HORIZON_LABELS = {
  now: 'Now (from the first half-year)',
  near: 'Near (from the second year)',
  later: 'Later (from the third year)',
} as const;

export class ExposurePanel extends LitElement {
  static override properties = {
    summary: { attribute: false },
    majorGroupNames: { attribute: false },
  };

  static override styles = resultStyles;

  declare summary: DatasetSummary | null;
  /** US SOC major group code → title, from the dataset's reference version when available. */
  declare majorGroupNames: Record<string, string>;

  constructor() {
    super();
    this.summary = null;
    this.majorGroupNames = {};
  }

  private majorLabel(major: string): string {
    const name = this.majorGroupNames[major];
    return name ? `${major} ${name}` : `Major group ${major}`;
  }

  override render() {
    const s = this.summary;
    if (!s) return nothing;
    const horizons = (['now', 'near', 'later'] as const).map((key) => ({ key, label: HORIZON_LABELS[key], ...s.exposure.byHorizon[key] }));
    return html`<section aria-labelledby="exposure-heading">
      <h2 id="exposure-heading">AI exposure</h2>
      <p>
        On average the workforce sits at the ${formatPercentile(s.exposure.averagePercentile)} percentile of occupations for exposure to AI.
        The horizon says when a role's work is expected to start changing.
      </p>
      <div class="charts">
        <bar-chart caption="Headcount by horizon" .items=${horizons.map((h) => ({ label: h.label, value: h.headcount }))} .formatValue=${formatCount}></bar-chart>
      </div>
      <div class="table-wrap figures" role="region" tabindex="0" aria-label="Exposure by horizon">
        <table>
          <caption>Exposure by horizon</caption>
          <thead>
            <tr><th scope="col">Horizon</th><th scope="col" class="num">Headcount</th><th scope="col" class="num">Cost</th></tr>
          </thead>
          <tbody>
            ${horizons.map(
              (h) => html`<tr><th scope="row">${h.label}</th><td class="num">${formatCount(h.headcount)}</td><td class="num">${formatMoney(h.cost, summaryCurrency(s))}</td></tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${s.usMajorGroups.length > 0
        ? html`<div class="table-wrap" role="region" tabindex="0" aria-label="By US occupation major group (SOC 2018)">
            <table>
              <caption>By US occupation major group (SOC 2018)</caption>
              <thead>
                <tr>
                  <th scope="col">Major group</th>
                  <th scope="col" class="num">Headcount</th>
                  <th scope="col" class="num">Share of people</th>
                  <th scope="col" class="num">Average exposure percentile</th>
                </tr>
              </thead>
              <tbody>
                ${s.usMajorGroups.map(
                  (g) => html`<tr>
                    <th scope="row">${this.majorLabel(g.major)}</th>
                    <td class="num">${formatCount(g.headcount)}</td>
                    <td class="num">${formatShare(g.headcountShare)}</td>
                    <td class="num">${formatPercentile(g.averagePercentile)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
        : nothing}
    </section>`;
  }
}

customElements.define('exposure-panel', ExposurePanel);

declare global {
  interface HTMLElementTagNameMap {
    'exposure-panel': ExposurePanel;
  }
}

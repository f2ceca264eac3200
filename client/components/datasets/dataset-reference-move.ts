// <dataset-reference-move>: when a newer reference version is live, a lead or analyst moves a ready
// dataset onto it (POST /api/datasets/:id/reference, which rescores without AI) and sees the headline
// figures before and after. Fires `dataset-changed` with the rescored dataset so the page reads it again.
import { LitElement, css, html, nothing } from 'lit';
import { fetchDataset, type DatasetDetail, type DatasetWithSummary } from '../../api/datasets.ts';
import { moveDatasetToVersion } from '../../api/reference-admin.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { formatCount, formatDecimal, formatFte, formatMoney, formatPercentile } from '../../../workers/format/figures.ts';
import { tablePanelStyles } from '../../styles/form-styles.ts';
import { summaryCurrency, type DatasetSummary } from '../../../schema/datasetSummary.ts';
import '../common/error-notice.ts';

interface Headline {
  label: string;
  value: (s: DatasetSummary) => number;
  /** The figure as it reads, in the list's currency where it is money. */
  format: (n: number, currency: string) => string;
  /** How a difference reads, when not in the figure's own format (a change of percentile is in points). */
  formatChange?: (n: number, currency: string) => string;
}

const HEADLINES: Headline[] = [
  { label: 'People', value: (s) => s.headcount, format: (n) => formatCount(n) },
  { label: 'Total cost', value: (s) => s.cost.total, format: formatMoney },
  { label: 'Average exposure percentile', value: (s) => s.exposure.averagePercentile, format: (n) => formatPercentile(n), formatChange: (n) => `${formatDecimal(n)} points` },
  { label: 'Gross saving, conservative', value: (s) => s.scenarios.conservative.grossSaving, format: formatMoney },
  { label: 'Gross saving, moderate', value: (s) => s.scenarios.moderate.grossSaving, format: formatMoney },
  { label: 'Gross saving, aggressive', value: (s) => s.scenarios.aggressive.grossSaving, format: formatMoney },
  { label: 'FTE saved, moderate', value: (s) => s.scenarios.moderate.fteSaved, format: (n) => formatFte(n) },
  { label: 'Net of reinvestment, moderate', value: (s) => s.scenarios.moderate.netOfReinvestment, format: formatMoney },
];

interface Outcome {
  from: number;
  to: number;
  before: DatasetSummary;
  after: DatasetSummary;
}

export class DatasetReferenceMove extends LitElement {
  static override properties = {
    detail: { attribute: false },
    canChange: { attribute: false },
    outcome: { state: true },
  };

  static override styles = [
    tablePanelStyles,
    css`
      h2 {
        font-size: 1.2rem;
        margin: 0 0 var(--space-4, 1rem);
      }
      td.number {
        font-variant-numeric: tabular-nums;
        text-align: right;
      }
    `,
  ];

  declare detail: DatasetDetail | null;
  declare canChange: boolean;
  declare outcome: Outcome | null;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.detail = null;
    this.canChange = false;
    this.outcome = null;
  }

  private async move(): Promise<void> {
    const detail = this.detail;
    const before = detail?.dataset.summary;
    if (!detail || !before) return;
    const from = detail.dataset.referenceVersion;
    await this.form.run(async () => {
      await moveDatasetToVersion(detail.dataset.id, detail.latestReferenceVersion);
      const fresh = await fetchDataset(detail.dataset.id);
      if (fresh.dataset.summary) this.outcome = { from, to: fresh.dataset.referenceVersion, before, after: fresh.dataset.summary };
      this.dispatchEvent(new CustomEvent<DatasetWithSummary>('dataset-changed', { detail: fresh.dataset, bubbles: true, composed: true }));
      return '';
    });
  }

  override render() {
    const detail = this.detail;
    if (!detail) return nothing;
    const { dataset, latestReferenceVersion: latest } = detail;
    const offer = latest > dataset.referenceVersion;
    if (!offer && !this.outcome) return nothing;
    return html`<section class="panel" aria-labelledby="reference-move-heading">
      <h2 id="reference-move-heading">Reference data version</h2>
      <error-notice .message=${this.form.error}></error-notice>
      ${offer
        ? html`<p>
              This dataset is scored with reference version ${dataset.referenceVersion}; version ${latest} is live. Moving rescores every
              title and person under version ${latest} without AI: overrides and pack rules still win.
            </p>
            ${this.canChange
              ? html`<button type="button" ?disabled=${this.form.busy} @click=${this.move}>
                  ${this.form.busy ? `Rescoring under version ${latest}…` : `Move to version ${latest}`}
                </button>`
              : html`<p class="muted">A lead or analyst of the engagement can move it.</p>`}
            ${this.form.busy ? html`<p role="status" class="muted">Rescoring; this can take a little while for a large list.</p>` : nothing}`
        : nothing}
      ${this.outcome ? this.renderOutcome(this.outcome) : nothing}
    </section>`;
  }

  private renderOutcome({ from, to, before, after }: Outcome) {
    return html`<p role="status">Moved from version ${from} to version ${to}. The headline figures changed as follows.</p>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Headline figures before and after the move</caption>
          <thead>
            <tr><th scope="col">Figure</th><th scope="col">Version ${from}</th><th scope="col">Version ${to}</th><th scope="col">Change</th></tr>
          </thead>
          <tbody>
            ${HEADLINES.map(({ label, value, format, formatChange = format }) => {
              // A move keeps the list's currency (the server refuses a version that cannot price it).
              const currency = summaryCurrency(after);
              const a = value(before);
              const b = value(after);
              const change = b - a;
              return html`<tr>
                <th scope="row">${label}</th>
                <td class="number">${format(a, currency)}</td>
                <td class="number">${format(b, currency)}</td>
                <td class="number">${change === 0 ? 'No change' : `${change > 0 ? '+' : '−'}${formatChange(Math.abs(change), currency)}`}</td>
              </tr>`;
            })}
          </tbody>
        </table>
      </div>`;
  }
}

customElements.define('dataset-reference-move', DatasetReferenceMove);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-reference-move': DatasetReferenceMove;
  }
}

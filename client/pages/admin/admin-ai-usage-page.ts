// <admin-ai-usage-page>: platform-wide AI spend. The month-to-date spend against the monthly budget (with a
// clear notice once it is reached and AI is paused), the model and prices, and twelve months of spend by
// feature as a stacked column chart with the same figures in a table.
import { LitElement, css, html, nothing, svg } from 'lit';
import { fetchAiUsage, type AiFeature, type AiUsageReport } from '../../api/ai.ts';
import { LoadState } from '../../controllers/load-state.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import { tableStyles } from '../../styles/form-styles.ts';
import { focusStyles, pageStyles } from '../../styles/shared-styles.ts';
import '../../components/common/error-notice.ts';

const FEATURE_LABELS: Record<AiFeature, string> = {
  classify: 'Title classification',
  'exec-summary': 'Executive summary',
  lifecycle: 'Value chain',
  ask: 'Ask the data',
  'prompt-lab': 'Prompt lab',
};
const COLOURS: Record<AiFeature, string> = { classify: '#1f5fbf', 'exec-summary': '#2e8b57', lifecycle: '#c77c0e', ask: '#8e44ad', 'prompt-lab': '#5d6d7e' };

// Four decimals at most: a month of light use costs fractions of a penny, which two decimals would hide.
const spendFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const spend = (v: number) => spendFormat.format(v);
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

const WIDTH = 720;
const HEIGHT = 240;
const LEFT = 56;
const BOTTOM = 28;

export class AdminAiUsagePage extends LitElement {
  static override styles = [
    focusStyles,
    pageStyles,
    tableStyles,
    css`
      .figures {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
        gap: var(--space-3, 0.75rem);
        margin: 0 0 var(--space-4, 1rem);
      }
      .figures div {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
      }
      dt {
        color: var(--color-muted, #4f5b69);
        font-size: 0.9rem;
      }
      dd {
        margin: var(--space-1, 0.25rem) 0 0;
        font-size: 1.3rem;
        font-weight: 600;
        font-variant-numeric: tabular-nums;
      }
      .paused {
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
        border-left: 4px solid #b3261e;
        background: #fdf1f1;
        margin: 0 0 var(--space-4, 1rem);
      }
      svg {
        width: 100%;
        height: auto;
        max-width: 48rem;
      }
      .axis {
        fill: var(--color-muted, #4f5b69);
        font-size: 11px;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
        list-style: none;
        padding: 0;
        margin: var(--space-2, 0.5rem) 0 var(--space-4, 1rem);
        font-size: 0.9rem;
      }
      svg.swatch {
        display: inline-block;
        width: 0.8rem;
        height: 0.8rem;
        margin-right: 0.35rem;
        vertical-align: -0.1rem;
      }
      td,
      th {
        font-variant-numeric: tabular-nums;
      }
      h2 {
        font-size: 1.2rem;
        margin: 0 0 var(--space-3, 0.75rem);
      }
    `,
  ];

  private readonly usage = new LoadState(this, fetchAiUsage, { onConnect: true });

  override render() {
    const state = this.usage.state;
    if (state.kind === 'loading') return html`<p role="status">Loading AI usage…</p>`;
    if (state.kind === 'failed') return html`<error-notice .message=${state.message} retryable @retry=${this.usage.load}></error-notice>`;
    const r = state.value;
    return html`<section class="panel" aria-labelledby="usage-heading">
      <h2 id="usage-heading">AI usage</h2>
      ${!r.aiEnabled ? html`<p class="paused" role="status">AI is not configured on this server: every feature uses its rule-based result.</p>` : nothing}
      ${r.budget.reached
        ? html`<p class="paused" role="status">This month's budget is spent: every AI feature is paused until the next calendar month (UTC). Titles are coded by the rules, summaries are rule-based and Ask the data is unavailable.</p>`
        : nothing}
      <dl class="figures">
        <div><dt>Spent this month</dt><dd>${spend(r.monthToDate)}</dd></div>
        <div><dt>Monthly budget</dt><dd>${spend(r.budget.monthly)}</dd></div>
        <div><dt>Remaining</dt><dd>${spend(r.budget.remaining)}</dd></div>
        <div><dt>Model</dt><dd>${r.model}</dd></div>
      </dl>
      <p class="muted">Priced at ${spend(r.prices.inputPerMTok)} per million input tokens and ${spend(r.prices.outputPerMTok)} per million output tokens, whatever model a prompt names. Each person may ask ${formatCount(r.askDailyLimit)} questions a day.</p>
      ${this.renderChart(r)}
      ${this.renderTable(r)}
    </section>`;
  }

  private renderChart(r: AiUsageReport) {
    const max = Math.max(...r.months.map((m) => m.spend), 0);
    const top = max > 0 ? max : 1;
    const plotWidth = WIDTH - LEFT - 8;
    const plotHeight = HEIGHT - BOTTOM - 10;
    const slot = plotWidth / r.months.length;
    const y = (v: number) => 10 + plotHeight - (v / top) * plotHeight;
    const columns = r.months.map((m, i) => {
      let base = 0;
      const x = LEFT + i * slot + slot * 0.15;
      const bars = r.features.map((f) => {
        const value = m.features[f].spend;
        const bar = value > 0 ? svg`<rect x=${x} y=${y(base + value)} width=${slot * 0.7} height=${Math.max(0.5, y(base) - y(base + value))} fill=${COLOURS[f]}><title>${monthLabel(m.month)}, ${FEATURE_LABELS[f]}: ${spend(value)}</title></rect>` : nothing;
        base += value;
        return bar;
      });
      return svg`${bars}<text class="axis" x=${x + slot * 0.35} y=${HEIGHT - 10} text-anchor="middle">${monthLabel(m.month)}</text>`;
    });
    return html`<figure>
      <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Spend by month and feature over twelve months; the table below gives the figures">
        <line x1=${LEFT} x2=${WIDTH - 8} y1=${y(0)} y2=${y(0)} stroke="#9aa5b1"></line>
        <text class="axis" x=${LEFT - 6} y=${y(top) + 4} text-anchor="end">${spend(top)}</text>
        <text class="axis" x=${LEFT - 6} y=${y(0) + 4} text-anchor="end">0</text>
        ${columns}
      </svg>
      <ul class="legend">
        ${r.features.map((f) => html`<li><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" fill=${COLOURS[f]}></rect></svg>${FEATURE_LABELS[f]}</li>`)}
      </ul>
    </figure>`;
  }

  private renderTable(r: AiUsageReport) {
    return html`<table>
      <caption class="muted">Spend (calls) by month and feature</caption>
      <thead>
        <tr><th scope="col">Month</th>${r.features.map((f) => html`<th scope="col">${FEATURE_LABELS[f]}</th>`)}<th scope="col">Total</th></tr>
      </thead>
      <tbody>
        ${[...r.months].reverse().map(
          (m) => html`<tr>
            <th scope="row">${monthLabel(m.month)}</th>
            ${r.features.map((f) => html`<td>${spend(m.features[f].spend)} (${formatCount(m.features[f].calls)})</td>`)}
            <td>${spend(m.spend)}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

customElements.define('admin-ai-usage-page', AdminAiUsagePage);

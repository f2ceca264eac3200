// <scenario-comparison>: the three savings scenarios side by side, then one scenario's programme over
// time (chosen with radio buttons) as a chart and its investment split.
import { LitElement, css, html, nothing } from 'lit';
import { summaryCurrency, type DatasetSummary, type ScenarioProgramme } from '../../../schema/datasetSummary.ts';
import { focusStyles } from '../../styles/shared-styles.ts';
import { formatFte, formatMoney, formatMoneyShort, formatPayback, formatRoi, formatShare } from '../../../workers/format/figures.ts';
import './programme-chart.ts';
import { resultStyles } from './results-styles.ts';

export const SCENARIOS = [
  { key: 'conservative', label: 'Conservative' },
  { key: 'moderate', label: 'Moderate' },
  { key: 'aggressive', label: 'Aggressive' },
] as const;

export type ScenarioKey = (typeof SCENARIOS)[number]['key'];

interface Line {
  label: string;
  value: (s: ScenarioProgramme) => unknown;
}

export class ScenarioComparison extends LitElement {
  static override properties = {
    summary: { attribute: false },
    chosen: { state: true },
  };

  static override styles = [
    focusStyles,
    resultStyles,
    css`
      fieldset {
        border: 0;
        padding: 0;
        margin: var(--space-6, 1.5rem) 0 var(--space-3, 0.75rem);
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-4, 1rem);
        align-items: center;
      }
      legend {
        font-weight: 600;
        float: left;
        margin-right: var(--space-2, 0.5rem);
      }
      label {
        display: inline-flex;
        gap: var(--space-1, 0.25rem);
        align-items: center;
        cursor: pointer;
      }
    `,
  ];

  declare summary: DatasetSummary | null;
  declare chosen: ScenarioKey;

  constructor() {
    super();
    this.summary = null;
    this.chosen = 'moderate';
  }

  private readonly lines: Line[] = [
    { label: 'Gross annual saving', value: (s) => formatMoneyShort(s.grossSaving, this.currency) },
    { label: 'Reinvested', value: (s) => formatShare(s.reinvestmentPercent / 100) },
    { label: 'Annual saving net of reinvestment', value: (s) => formatMoneyShort(s.netOfReinvestment, this.currency) },
    { label: 'FTE capacity released', value: (s) => formatFte(s.fteSaved) },
    { label: 'Three-year net saving', value: (s) => formatMoneyShort(s.threeYearNetSaving, this.currency) },
    { label: 'Investment', value: (s) => formatMoneyShort(s.investment, this.currency) },
    { label: 'Return on investment', value: (s) => formatRoi(s.roi) },
    {
      label: 'Payback',
      value: (s) =>
        s.paybackFlagged
          ? html`<span class="flag">${formatPayback(s.paybackMonths)}</span><br /><span class="muted">beyond ${this.summary?.programme.paybackLimitMonths} months</span>`
          : formatPayback(s.paybackMonths),
    },
  ];

  /** The currency of the list's money figures. */
  private get currency(): string {
    return this.summary ? summaryCurrency(this.summary) : 'GBP';
  }

  private choose(event: Event): void {
    this.chosen = (event.target as HTMLInputElement).value as ScenarioKey;
  }

  override render() {
    const s = this.summary;
    if (!s) return nothing;
    const chosen = s.scenarios[this.chosen];
    const chosenLabel = SCENARIOS.find((x) => x.key === this.chosen)!.label;
    return html`<section aria-labelledby="scenarios-heading">
      <h2 id="scenarios-heading">Savings scenarios</h2>
      <p>Annual run-rate figures once every horizon is fully realised; the programme starts in ${s.programme.horizonStart}.</p>
      <div class="table-wrap" role="region" tabindex="0" aria-label="The three scenarios side by side">
        <table class="comparison">
          <caption>The three scenarios side by side</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              ${SCENARIOS.map((x) => html`<th scope="col" class="num">${x.label}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${this.lines.map(
              (line) => html`<tr>
                <th scope="row">${line.label}</th>
                ${SCENARIOS.map((x) => html`<td class="num">${line.value(s.scenarios[x.key])}</td>`)}
              </tr>`,
            )}
          </tbody>
        </table>
      </div>

      <fieldset>
        <legend>Programme for</legend>
        ${SCENARIOS.map(
          (x) => html`<label
            ><input type="radio" name="scenario" value=${x.key} .checked=${x.key === this.chosen} @change=${this.choose} />${x.label}</label
          >`,
        )}
      </fieldset>
      <programme-chart caption="${chosenLabel} scenario: cumulative net saving and investment by half-year" .periods=${chosen.periods} .currency=${this.currency}></programme-chart>

      <div class="table-wrap figures" role="region" tabindex="0" aria-label="${chosenLabel} scenario: where the investment goes">
        <table>
          <caption>${chosenLabel} scenario: where the investment goes</caption>
          <thead>
            <tr><th scope="col">Area</th><th scope="col" class="num">Amount</th></tr>
          </thead>
          <tbody>
            ${chosen.investmentSplit.map((part) => html`<tr><th scope="row">${part.label}</th><td class="num">${formatMoney(part.amount, this.currency)}</td></tr>`)}
          </tbody>
        </table>
      </div>
      <div class="table-wrap figures" role="region" tabindex="0" aria-label="${chosenLabel} scenario: investment by phase">
        <table>
          <caption>${chosenLabel} scenario: investment by phase</caption>
          <thead>
            <tr><th scope="col">Phase</th><th scope="col" class="num">Months</th><th scope="col" class="num">Amount</th></tr>
          </thead>
          <tbody>
            ${chosen.investmentPhases.map(
              (phase) => html`<tr>
                <th scope="row">${phase.label}</th>
                <td class="num">${phase.fromMonth}–${phase.toMonth}</td>
                <td class="num">${formatMoney(phase.amount, this.currency)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>`;
  }
}

customElements.define('scenario-comparison', ScenarioComparison);

declare global {
  interface HTMLElementTagNameMap {
    'scenario-comparison': ScenarioComparison;
  }
}

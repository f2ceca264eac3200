// <programme-chart>: one scenario's programme over its half-year periods, drawn as SVG: cumulative net
// saving against cumulative investment. Where the saving line crosses above the investment line, the
// programme has paid for itself.
import { LitElement, css, html, svg, nothing } from 'lit';
import { chartFrameStyles } from './results-styles.ts';
import type { ProgrammePeriod } from '../../../schema/datasetSummary.ts';
import { formatMoney, formatMoneyCompact } from '../../../workers/format/figures.ts';

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { left: 70, right: 40, top: 16, bottom: 36 };
const TICKS = 4;

/** A round step for the axis: 1, 2 or 5 times a power of ten, giving about TICKS gridlines. */
export function niceStep(max: number, ticks: number = TICKS): number {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

export class ProgrammeChart extends LitElement {
  static override properties = {
    periods: { attribute: false },
    caption: { type: String },
    currency: { type: String },
  };

  static override styles = [
    chartFrameStyles,
    css`
      .axis {
        fill: var(--color-muted, #4f5b69);
        font-size: 12px;
      }
      .grid {
        stroke: var(--color-border, #d5dae1);
        stroke-width: 1;
      }
      .saving {
        stroke: var(--chart-saving, #1a7f4b);
        fill: none;
        stroke-width: 3;
      }
      .investment {
        stroke: var(--chart-investment, #b4531c);
        fill: none;
        stroke-width: 3;
        stroke-dasharray: 7 5;
      }
      .saving-dot {
        fill: var(--chart-saving, #1a7f4b);
      }
      .investment-dot {
        fill: var(--chart-investment, #b4531c);
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-4, 1rem);
        margin: var(--space-2, 0.5rem) 0 var(--space-6, 1.5rem);
        padding: 0;
        list-style: none;
        font-size: 0.9rem;
      }
      .key {
        display: inline-block;
        width: 1.5rem;
        height: 0;
        vertical-align: middle;
        margin-right: var(--space-2, 0.5rem);
        border-top: 3px solid var(--chart-saving, #1a7f4b);
      }
      .key.investment-key {
        border-top: 3px dashed var(--chart-investment, #b4531c);
      }
    `,
  ];

  declare periods: ProgrammePeriod[];
  declare caption: string;
  /** ISO 4217 code of the list's money. */
  declare currency: string;

  constructor() {
    super();
    this.periods = [];
    this.caption = '';
    this.currency = 'GBP';
  }

  override render() {
    const periods = this.periods;
    if (periods.length === 0) return nothing;
    const top = Math.max(...periods.flatMap((p) => [p.cumulativeNetSaving, p.cumulativeInvestment]), 0);
    const step = niceStep(top);
    const axisMax = Math.max(step, Math.ceil(top / step) * step);
    const plotWidth = WIDTH - PAD.left - PAD.right;
    const plotHeight = HEIGHT - PAD.top - PAD.bottom;
    const x = (i: number) => PAD.left + (periods.length === 1 ? plotWidth / 2 : (i / (periods.length - 1)) * plotWidth);
    const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / axisMax) * plotHeight;
    const line = (pick: (p: ProgrammePeriod) => number) => periods.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ');
    const ticks = Array.from({ length: Math.round(axisMax / step) + 1 }, (_, i) => i * step);
    const last = periods[periods.length - 1]!;
    const description = `By ${last.label}, cumulative net saving ${formatMoney(last.cumulativeNetSaving, this.currency)} against cumulative investment ${formatMoney(last.cumulativeInvestment, this.currency)}.`;

    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${this.caption}. ${description}">
        ${ticks.map(
          (tick) => svg`<line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(tick)} y2=${y(tick)}></line>
            <text class="axis" x=${PAD.left - 8} y=${y(tick)} text-anchor="end" dominant-baseline="middle">${formatMoneyCompact(tick, this.currency)}</text>`,
        )}
        ${periods.map(
          (p, i) => svg`<text class="axis" x=${x(i)} y=${HEIGHT - 12} text-anchor="middle">${p.label}</text>`,
        )}
        <path class="investment" d=${line((p) => p.cumulativeInvestment)}></path>
        <path class="saving" d=${line((p) => p.cumulativeNetSaving)}></path>
        ${periods.map(
          (p, i) => svg`<circle class="investment-dot" cx=${x(i)} cy=${y(p.cumulativeInvestment)} r="3.5"><title>${p.label} cumulative investment ${formatMoney(p.cumulativeInvestment, this.currency)}</title></circle>
            <circle class="saving-dot" cx=${x(i)} cy=${y(p.cumulativeNetSaving)} r="4"><title>${p.label} cumulative net saving ${formatMoney(p.cumulativeNetSaving, this.currency)}</title></circle>`,
        )}
      </svg>
      <ul class="legend">
        <li><span class="key"></span>Cumulative net saving</li>
        <li><span class="key investment-key"></span>Cumulative investment</li>
      </ul>
    </figure>`;
  }
}

customElements.define('programme-chart', ProgrammeChart);

declare global {
  interface HTMLElementTagNameMap {
    'programme-chart': ProgrammeChart;
  }
}

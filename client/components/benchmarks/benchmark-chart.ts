// <benchmark-chart>: one bullet row per figure, drawn as SVG: a band from the 25th to the 75th percentile
// of other clients, a line at their median, and a diamond at this client's own figure. Every row also
// reads as text (its title and the chart's label), and a withheld figure's row says so instead of a band.
import { LitElement, css, html, svg, nothing } from 'lit';
import type { BenchmarkFigure } from '../../api/benchmarks.ts';
import { chartFrameStyles, chartRowStyles } from '../results/results-styles.ts';
import { formatBenchmark } from './benchmark-format.ts';

const WIDTH = 640;
const LABEL_WIDTH = 250;
const VALUE_WIDTH = 110;
const ROW_HEIGHT = 34;
const TRACK_HEIGHT = 12;

export class BenchmarkChart extends LitElement {
  static override properties = {
    figures: { attribute: false },
    caption: { type: String },
  };

  static override styles = [
    chartFrameStyles,
    chartRowStyles,
    css`
      .value {
        fill: var(--color-text, #1c2530);
        font-weight: 600;
      }
      .withheld {
        fill: var(--color-muted, #4f5b69);
        font-size: 12px;
        font-style: italic;
      }
      .band {
        fill: var(--chart-band, #b9cdee);
      }
      .median {
        stroke: var(--chart-bar, #1f5fbf);
        stroke-width: 3;
      }
      .own {
        fill: var(--chart-own, #b4451f);
        stroke: var(--color-surface, #ffffff);
        stroke-width: 1.5;
      }
    `,
  ];

  declare figures: BenchmarkFigure[];
  declare caption: string;

  constructor() {
    super();
    this.figures = [];
    this.caption = '';
  }

  private describe(f: BenchmarkFigure): string {
    const own = f.value === null ? 'no figure for this client' : `this client ${formatBenchmark(f, f.value)}`;
    if (f.median === null) return `${f.label}: ${own}; withheld for other clients`;
    return `${f.label}: ${own}; other clients' median ${formatBenchmark(f, f.median)}, middle half ${formatBenchmark(f, f.p25!)} to ${formatBenchmark(f, f.p75!)}`;
  }

  override render() {
    if (this.figures.length === 0) return nothing;
    const trackX = LABEL_WIDTH;
    const trackWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 12;
    const height = this.figures.length * ROW_HEIGHT;
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${this.caption}. ${this.figures.map((f) => this.describe(f)).join('; ')}">
        ${this.figures.map((f, index) => {
          const y = index * ROW_HEIGHT;
          const mid = y + ROW_HEIGHT / 2;
          const top = Math.max(f.p75 ?? 0, f.value ?? 0);
          // Each figure gets its own scale from 0, with room past the larger of the 75th percentile and the client.
          const max = top > 0 ? top * 1.15 : 1;
          const x = (v: number) => trackX + Math.min(1, Math.max(0, v / max)) * trackWidth;
          const band =
            f.p25 !== null && f.p75 !== null && f.median !== null
              ? svg`<rect class="band" x=${x(f.p25)} y=${mid - TRACK_HEIGHT / 2} width=${Math.max(2, x(f.p75) - x(f.p25))} height=${TRACK_HEIGHT}></rect>
                  <line class="median" x1=${x(f.median)} x2=${x(f.median)} y1=${mid - TRACK_HEIGHT / 2 - 3} y2=${mid + TRACK_HEIGHT / 2 + 3}></line>`
              : svg`<text class="withheld" x=${trackX + 6} y=${mid} dominant-baseline="middle">Withheld: too few other clients</text>`;
          const own = f.value !== null ? svg`<path class="own" d="M ${x(f.value)} ${mid - 7} l 7 7 l -7 7 l -7 -7 z"></path>` : nothing;
          return svg`<g>
            <title>${this.describe(f)}</title>
            <text class="label" x="0" y=${mid} dominant-baseline="middle">${f.label}</text>
            <rect class="track" x=${trackX} y=${mid - TRACK_HEIGHT / 2} width=${trackWidth} height=${TRACK_HEIGHT} rx="2"></rect>
            ${band}${own}
            <text class="value" x=${WIDTH} y=${mid} text-anchor="end" dominant-baseline="middle">${f.value === null ? '–' : formatBenchmark(f, f.value)}</text>
          </g>`;
        })}
      </svg>
    </figure>`;
  }
}

customElements.define('benchmark-chart', BenchmarkChart);

declare global {
  interface HTMLElementTagNameMap {
    'benchmark-chart': BenchmarkChart;
  }
}

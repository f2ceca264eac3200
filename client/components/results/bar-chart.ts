// <bar-chart>: a horizontal bar chart drawn as SVG. Each bar is labelled with its name and value, so the
// picture reads without a legend; the caption names the chart for assistive technology.
import { LitElement, css, html, svg, nothing } from 'lit';
import { chartFrameStyles, chartRowStyles } from './results-styles.ts';

export interface BarItem {
  label: string;
  value: number;
}

const WIDTH = 640;
const LABEL_WIDTH = 230;
const VALUE_WIDTH = 90;
const ROW_HEIGHT = 28;
const BAR_HEIGHT = 16;
const MAX_LABEL_CHARS = 34;

const shorten = (text: string) => (text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text);

export class BarChart extends LitElement {
  static override properties = {
    items: { attribute: false },
    caption: { type: String },
    formatValue: { attribute: false },
  };

  static override styles = [
    chartFrameStyles,
    chartRowStyles,
    css`
      .value {
        fill: var(--color-muted, #4f5b69);
      }
      .bar {
        fill: var(--chart-bar, #1f5fbf);
      }
    `,
  ];

  declare items: BarItem[];
  declare caption: string;
  declare formatValue: (value: number) => string;

  constructor() {
    super();
    this.items = [];
    this.caption = '';
    this.formatValue = String;
  }

  override render() {
    if (this.items.length === 0) return nothing;
    const max = Math.max(...this.items.map((i) => i.value), 0);
    const trackWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
    const height = this.items.length * ROW_HEIGHT;
    const description = this.items.map((i) => `${i.label}: ${this.formatValue(i.value)}`).join('; ');
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${this.caption}. ${description}">
        ${this.items.map((item, index) => {
          const y = index * ROW_HEIGHT;
          const barY = y + (ROW_HEIGHT - BAR_HEIGHT) / 2;
          const width = max > 0 ? Math.max(0, (item.value / max) * trackWidth) : 0;
          return svg`<g>
            <title>${item.label}: ${this.formatValue(item.value)}</title>
            <text class="label" x="0" y=${y + ROW_HEIGHT / 2} dominant-baseline="middle">${shorten(item.label)}</text>
            <rect class="track" x=${LABEL_WIDTH} y=${barY} width=${trackWidth} height=${BAR_HEIGHT} rx="3"></rect>
            <rect class="bar" x=${LABEL_WIDTH} y=${barY} width=${width} height=${BAR_HEIGHT} rx="3"></rect>
            <text class="value" x=${WIDTH} y=${y + ROW_HEIGHT / 2} text-anchor="end" dominant-baseline="middle">${this.formatValue(item.value)}</text>
          </g>`;
        })}
      </svg>
    </figure>`;
  }
}

customElements.define('bar-chart', BarChart);

declare global {
  interface HTMLElementTagNameMap {
    'bar-chart': BarChart;
  }
}

// Horizontal bar charts as inline SVG for the printed report: vector, so they print sharply at any size, and
// coloured with the client's brand. Each chart carries a title and a text alternative.
import { svg, type TemplateResult } from 'lit';

export interface Bar {
  label: string;
  value: number;
  /** The value as printed beside the bar. */
  text: string;
}

const ROW = 26;
const LABEL_WIDTH = 220;
const VALUE_WIDTH = 110;
const WIDTH = 640;

export function barChart(title: string, bars: readonly Bar[], colour: string): TemplateResult {
  const max = Math.max(...bars.map((b) => b.value), 0) || 1;
  const span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = bars.length * ROW + 4;
  return svg`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-label=${`${title}: ${bars.map((b) => `${b.label} ${b.text}`).join('; ')}`}>
    <title>${title}</title>
    ${bars.map((b, i) => {
      const y = i * ROW + 2;
      const w = Math.max(1, (Math.max(0, b.value) / max) * span);
      return svg`<text x=${LABEL_WIDTH - 8} y=${y + 17} text-anchor="end" font-size="12" fill="#1c2530">${b.label}</text>
        <rect x=${LABEL_WIDTH} y=${y + 4} width=${w} height=${ROW - 8} fill=${colour} rx="2"></rect>
        <text x=${LABEL_WIDTH + w + 6} y=${y + 17} font-size="12" fill="#1c2530">${b.text}</text>`;
    })}
  </svg>`;
}

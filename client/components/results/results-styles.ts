// Styles shared by the result panels: a section card, figure tiles and numeric tables.
import { css } from 'lit';

/** Figure tiles: a grid of labelled figures in bordered boxes (<dl class="tiles"> of <div class="tile">). */
export const tileStyles = css`
  .tiles {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(11.5rem, 1fr));
    gap: var(--space-3, 0.75rem);
    margin: 0 0 var(--space-4, 1rem);
  }
  .tile {
    border: 1px solid var(--color-border, #d5dae1);
    border-radius: var(--radius, 6px);
    padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
    margin: 0;
    min-width: 0;
    /* A narrow tile sets its figure smaller (14% of its width fits twelve characters), so an amount stays inside its card. */
    container-type: inline-size;
  }
  .tile dt {
    color: var(--color-muted, #4f5b69);
    font-size: 0.9rem;
  }
  .tile dd {
    margin: var(--space-1, 0.25rem) 0 0;
    font-size: clamp(1rem, 14cqi, 1.35rem);
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

export const resultStyles = css`
  :host {
    display: block;
  }
  section {
    background: var(--color-surface, #ffffff);
    border: 1px solid var(--color-border, #d5dae1);
    border-radius: var(--radius, 6px);
    padding: var(--space-6, 1.5rem);
  }
  h2 {
    font-size: 1.25rem;
    line-height: 1.3;
    margin: 0 0 var(--space-4, 1rem);
  }
  h3 {
    font-size: 1.05rem;
    margin: var(--space-6, 1.5rem) 0 var(--space-2, 0.5rem);
  }
  p {
    margin: 0 0 var(--space-4, 1rem);
  }
  .muted {
    color: var(--color-muted, #4f5b69);
  }
  ${tileStyles}
  .tile .note {
    display: block;
    font-size: 0.85rem;
    overflow-wrap: normal;
    font-weight: 400;
    color: var(--color-muted, #4f5b69);
  }
  /* Tables fit their section and wrap their text; sideways scrolling is left only for a screen too narrow. */
  .table-wrap {
    overflow-x: auto;
    margin: 0 0 var(--space-4, 1rem);
  }
  /* A table of labelled figures reads across a short line, not the whole width of a wide screen. */
  .table-wrap.figures {
    max-width: 42rem;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.95rem;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: var(--space-2, 0.5rem);
  }
  th,
  td {
    padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
    border-bottom: 1px solid var(--color-border, #d5dae1);
    text-align: left;
    vertical-align: top;
  }
  thead th {
    font-weight: 600;
    white-space: normal;
    color: var(--color-muted, #4f5b69);
    border-bottom-width: 2px;
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  td.num {
    white-space: nowrap;
  }
  .flag {
    color: var(--color-danger-text, #9b1c1c);
    font-weight: 600;
  }
  .charts {
    display: grid;
    gap: var(--space-6, 1.5rem);
    margin: 0 0 var(--space-4, 1rem);
  }
`;

/** The frame every chart shares: a block figure, a bold caption, an SVG that scales to its column. */
export const chartFrameStyles = css`
  :host {
    display: block;
  }
  figure {
    margin: 0;
  }
  figcaption {
    font-weight: 600;
    margin-bottom: var(--space-2, 0.5rem);
  }
  svg {
    width: 100%;
    /* Drawn at 640 units wide: kept near that size so the 12–13 px labels stay that size. */
    max-width: 44rem;
    height: auto;
    display: block;
  }
`;

/** The rows of a horizontal SVG chart (bar chart, benchmark chart): a label, a track behind the mark, a value. */
export const chartRowStyles = css`
  .label {
    fill: var(--color-text, #1c2530);
    font-size: 13px;
  }
  .value {
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
  .track {
    fill: var(--color-bg, #f5f6f8);
  }
`;

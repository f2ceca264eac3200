// Paging by offset and limit under a table (the audit trail, the shared cache): the range shown and a pair of
// buttons with the page number. Template helpers rather than an element, so the buttons stay in the owner's
// shadow root (its tests and focus reach them) and take the owner's tableStyles `.pager` rule.
import { html } from 'lit';
import { formatCount } from '../../../workers/format/figures.ts';

export interface PageAt {
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
}

/** "Showing 101 to 200 of 250 entries, newest first." */
export function pageRange({ offset, shown, total }: PageAt, order: string): string {
  return `Showing ${formatCount(offset + 1)} to ${formatCount(Math.min(offset + shown, total))} of ${formatCount(total)} entries, ${order}.`;
}

export interface PagerOptions extends PageAt {
  pageSize: number;
  loading: boolean;
  /** Labels of the buttons toward the first page and toward the last. */
  labels: [string, string];
  go: (offset: number) => void;
}

export function pager({ offset, shown, total, pageSize, loading, labels, go }: PagerOptions) {
  return html`<div class="pager">
    <button type="button" class="secondary" ?disabled=${offset === 0 || loading} @click=${() => go(Math.max(0, offset - pageSize))}>${labels[0]}</button>
    <button type="button" class="secondary" ?disabled=${offset + shown >= total || loading} @click=${() => go(offset + pageSize)}>${labels[1]}</button>
    <p class="muted">Page ${formatCount(Math.floor(offset / pageSize) + 1)} of ${formatCount(Math.ceil(total / pageSize))}</p>
  </div>`;
}

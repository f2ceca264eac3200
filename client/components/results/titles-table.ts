// <titles-table>: every distinct title with its classification — source, US and UK codes, role type,
// confidence and review flag — filterable, and virtualised: only the rows in view (plus a margin) are in
// the DOM, so thousands of titles scroll smoothly. ARIA table roles with row indexes keep the position
// announced although most rows are not rendered.
import { LitElement, css, html, nothing } from 'lit';
import type { DatasetTitle, TitleSource } from '../../datasets-api.ts';
import { focusStyles } from '../../styles/shared-styles.ts';
import { formatConfidence, formatCount } from './format.ts';
import { styleProps } from './style-props.ts';

export const ROW_HEIGHT = 40;
export const VIEWPORT_ROWS = 12;
/** Rows rendered beyond each edge of the view, so a fast scroll does not show blanks. */
export const OVERSCAN = 8;

export const SOURCE_LABELS: Record<TitleSource, string> = {
  override: 'Override',
  pack: 'Industry pack',
  cache: 'Shared cache',
  ai: 'AI',
  rules: 'Rules',
  pending: 'Pending',
};

export interface TitleFilter {
  text: string;
  source: TitleSource | '';
  reviewOnly: boolean;
}

/** Titles matching the filter: text in the title, codes or role names (case-insensitive), source and review flag. */
export function filterTitles(titles: readonly DatasetTitle[], filter: TitleFilter): DatasetTitle[] {
  const needle = filter.text.trim().toLocaleLowerCase('en-GB');
  return titles.filter(
    (t) =>
      (filter.source === '' || t.source === filter.source) &&
      (!filter.reviewOnly || t.reviewRequired) &&
      (needle === '' ||
        [t.title, t.usSoc2018, t.ukSoc2020, t.category, t.subcategory].some((field) => field?.toLocaleLowerCase('en-GB').includes(needle))),
  );
}

/** The slice of rows to render for a scroll position: [start, end). */
export function visibleWindow(scrollTop: number, total: number): { start: number; end: number } {
  const first = Math.floor(scrollTop / ROW_HEIGHT);
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(total, first + VIEWPORT_ROWS + OVERSCAN);
  return { start, end };
}

const COLUMNS = ['Title', 'People', 'Source', 'US SOC 2018', 'UK SOC 2020', 'Role type', 'Confidence', 'Review'] as const;

export class TitlesTable extends LitElement {
  static override properties = {
    titles: { attribute: false },
    aiEnabled: { type: Boolean, attribute: 'ai-enabled' },
    filter: { state: true },
    scrollTop: { state: true },
  };

  static override styles = [
    focusStyles,
    css`
      :host {
        display: block;
      }
      .filters {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem) var(--space-6, 1.5rem);
        align-items: end;
        margin: 0 0 var(--space-3, 0.75rem);
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: var(--space-1, 0.25rem);
      }
      .check {
        display: flex;
        gap: var(--space-2, 0.5rem);
        align-items: center;
        min-height: 2.25rem;
      }
      input[type='search'],
      select {
        font: inherit;
        padding: var(--space-2, 0.5rem);
        border: 1px solid var(--color-border-strong, #8a96a3);
        border-radius: var(--radius, 6px);
        min-width: 14rem;
      }
      .count {
        margin: 0 0 var(--space-2, 0.5rem);
        color: var(--color-muted, #4f5b69);
      }
      .grid {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        font-size: 0.92rem;
        overflow-x: auto;
      }
      .inner {
        min-width: 50rem;
      }
      .row {
        display: grid;
        grid-template-columns: minmax(9rem, 3fr) 5rem 6rem 5rem 5rem minmax(7rem, 2fr) 7.5rem 5.5rem;
        align-items: center;
        height: ${ROW_HEIGHT}px;
        border-bottom: 1px solid var(--color-border, #d5dae1);
      }
      .row > * {
        padding: 0 var(--space-2, 0.5rem);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .head {
        height: auto;
        min-height: ${ROW_HEIGHT}px;
        padding: var(--space-1, 0.25rem) 0;
        font-weight: 600;
        color: var(--color-muted, #4f5b69);
        background: var(--color-bg, #f5f6f8);
      }
      .head > * {
        white-space: normal;
      }
      .viewport {
        position: relative;
        max-height: ${ROW_HEIGHT * VIEWPORT_ROWS}px;
        overflow-y: auto;
      }
      .body {
        position: relative;
      }
      .body .row {
        position: absolute;
        left: 0;
        right: 0;
      }
      .num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      .review {
        color: var(--color-danger-text, #9b1c1c);
        font-weight: 600;
      }
      .empty {
        padding: var(--space-4, 1rem);
        margin: 0;
      }
    `,
  ];

  declare titles: DatasetTitle[];
  declare aiEnabled: boolean;
  declare filter: TitleFilter;
  declare scrollTop: number;

  constructor() {
    super();
    this.titles = [];
    this.aiEnabled = false;
    this.filter = { text: '', source: '', reviewOnly: false };
    this.scrollTop = 0;
  }

  private setFilter(change: Partial<TitleFilter>): void {
    this.filter = { ...this.filter, ...change };
    this.scrollTop = 0;
    const viewport = this.renderRoot.querySelector<HTMLElement>('.viewport');
    if (viewport) viewport.scrollTop = 0;
  }

  private onScroll(event: Event): void {
    this.scrollTop = (event.target as HTMLElement).scrollTop;
  }

  /** Sources offered in the filter: those present, and AI only when the service has it or a title used it. */
  private sourcesOffered(): TitleSource[] {
    const present = new Set(this.titles.map((t) => t.source));
    return (Object.keys(SOURCE_LABELS) as TitleSource[]).filter((s) => present.has(s) && (s !== 'ai' || this.aiEnabled || present.has('ai')));
  }

  override render() {
    const rows = filterTitles(this.titles, this.filter);
    const { start, end } = visibleWindow(this.scrollTop, rows.length);
    return html`<div class="filters">
        <div class="field">
          <label for="title-filter">Filter titles</label>
          <input
            id="title-filter"
            type="search"
            placeholder="Title, code or role type"
            .value=${this.filter.text}
            @input=${(e: Event) => this.setFilter({ text: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div class="field">
          <label for="source-filter">Source</label>
          <select id="source-filter" @change=${(e: Event) => this.setFilter({ source: (e.target as HTMLSelectElement).value as TitleSource | '' })}>
            <option value="" ?selected=${this.filter.source === ''}>All sources</option>
            ${this.sourcesOffered().map((s) => html`<option value=${s} ?selected=${this.filter.source === s}>${SOURCE_LABELS[s]}</option>`)}
          </select>
        </div>
        <label class="check">
          <input
            type="checkbox"
            .checked=${this.filter.reviewOnly}
            @change=${(e: Event) => this.setFilter({ reviewOnly: (e.target as HTMLInputElement).checked })}
          />
          Needs review only
        </label>
      </div>
      <p class="count" role="status">Showing ${formatCount(rows.length)} of ${formatCount(this.titles.length)} titles</p>
      <div class="grid">
        <div class="inner" role="table" aria-label="Titles and their classification" aria-rowcount=${rows.length + 1}>
          <div role="rowgroup">
            <div class="row head" role="row" aria-rowindex="1">
              ${COLUMNS.map((c, i) => html`<span role="columnheader" class=${i === 1 || i === 6 ? 'num' : ''}>${c}</span>`)}
            </div>
          </div>
          <div class="viewport" role="rowgroup" tabindex="0" @scroll=${this.onScroll}>
            <div class="body" ${styleProps({ height: `${rows.length * ROW_HEIGHT}px` })}>
              ${rows.slice(start, end).map((t, offset) => this.renderRow(t, start + offset))}
            </div>
          </div>
        </div>
      </div>
      ${rows.length === 0 ? html`<p class="empty">No titles match this filter.</p>` : nothing}`;
  }

  private renderRow(t: DatasetTitle, index: number) {
    const role = t.category === null ? '–' : `${t.subcategory ?? ''} (${t.category})`;
    return html`<div class="row" role="row" aria-rowindex=${index + 2} ${styleProps({ transform: `translateY(${index * ROW_HEIGHT}px)` })}>
      <span role="cell" title=${t.title}>${t.title}</span>
      <span role="cell" class="num">${formatCount(t.headcount)}</span>
      <span role="cell">${SOURCE_LABELS[t.source] ?? t.source}</span>
      <span role="cell">${t.usSoc2018 ?? '–'}</span>
      <span role="cell">${t.ukSoc2020 ?? '–'}</span>
      <span role="cell" title=${role}>${role}</span>
      <span role="cell" class="num">${formatConfidence(t.confidence)}</span>
      <span role="cell" class=${t.reviewRequired ? 'review' : ''}>${t.reviewRequired ? 'Review' : nothing}</span>
    </div>`;
  }
}

customElements.define('titles-table', TitlesTable);

declare global {
  interface HTMLElementTagNameMap {
    'titles-table': TitlesTable;
  }
}

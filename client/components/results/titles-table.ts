// <titles-table>: every distinct title with its classification — US and UK occupations (code and name),
// confidence, review flag, source and the coder's reason — filterable, with a "Needs review" view of the
// flagged titles (a title is flagged when any of its variants is), most people first. A title coded
// differently in different contexts of its rows shows its variants on demand, each with the context that
// split it. Writers get a Correct control per title and variant (and Remove override on overridden ones);
// the table only announces them as events. Virtualised: only the rows in view (plus a
// margin) are in the DOM, so thousands of titles scroll smoothly. ARIA table roles with row indexes keep
// the position announced although most rows are not rendered.
import { LitElement, css, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { DatasetTitle, TitleSource, TitleVariant } from '../../api/datasets.ts';
import type { Country, OccupationCatalogue } from '../../reference/occupations.ts';
import { visuallyHiddenStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';
import { formatConfidence, formatCount } from '../../../workers/format/figures.ts';
import { styleProps } from './style-props.ts';

/**
 * Room for four short lines per row: a title over its role type, a code over an occupation name of up to three
 * lines. Text wraps within its column instead of being cut off or pushing the table sideways.
 */
export const ROW_HEIGHT = 80;
export const VIEWPORT_ROWS = 9;
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

/**
 * Titles matching the filter: text in the title, codes, occupation names or role names (case-insensitive),
 * source and review flag. The review view lists most people first.
 */
export function filterTitles(titles: readonly DatasetTitle[], filter: TitleFilter, catalogue: OccupationCatalogue | null = null): DatasetTitle[] {
  const needle = filter.text.trim().toLocaleLowerCase('en-GB');
  const matched = titles.filter(
    (t) =>
      (filter.source === '' || t.source === filter.source) &&
      (!filter.reviewOnly || t.reviewRequired) &&
      (needle === '' ||
        [t, ...(t.variants ?? [])].some((c) =>
          [t.title, 'label' in c ? c.label : null, c.usSoc2018, c.ukSoc2020, c.category, c.subcategory, catalogue?.name('us', c.usSoc2018), catalogue?.name('uk', c.ukSoc2020)].some(
            (field) => field?.toLocaleLowerCase('en-GB').includes(needle),
          ),
        )),
  );
  return filter.reviewOnly ? matched.sort((a, b) => b.headcount - a.headcount || a.title.localeCompare(b.title, 'en-GB')) : matched;
}

export interface TitleAction {
  title: DatasetTitle;
  /** The variant the control belongs to; absent for the title's own row. */
  variant?: TitleVariant;
  /** The control that asked, for focus to return to. */
  opener: HTMLElement;
}

/**
 * A title's review flag. A title with variants shows its largest variant's confidence but is flagged when any
 * variant is: "99% Review" would contradict itself, so the flag says how many of its variants need review.
 */
function reviewLabel(t: DatasetTitle): string {
  if (!t.variants) return 'Review';
  const flagged = t.variants.filter((v) => v.reviewRequired).length;
  return `Review: ${flagged} of ${t.variants.length} variants`;
}

/** A line of the table: a title, or one of the variants of an expanded title under it. */
export type TableLine = { kind: 'title'; title: DatasetTitle } | { kind: 'variant'; title: DatasetTitle; variant: TitleVariant; index: number };

/** The lines shown for the filtered titles: each title, and the variants of those expanded right under it. */
export function tableLines(titles: readonly DatasetTitle[], expanded: ReadonlySet<string>): TableLine[] {
  const lines: TableLine[] = [];
  for (const title of titles) {
    lines.push({ kind: 'title', title });
    if (title.variants && expanded.has(title.title)) title.variants.forEach((variant, index) => lines.push({ kind: 'variant', title, variant, index }));
  }
  return lines;
}

/** The slice of rows to render for a scroll position: [start, end). */
export function visibleWindow(scrollTop: number, total: number): { start: number; end: number } {
  const first = Math.floor(scrollTop / ROW_HEIGHT);
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(total, first + VIEWPORT_ROWS + OVERSCAN);
  return { start, end };
}

const COLUMNS = ['Title and role type', 'People', 'US SOC 2018', 'UK SOC 2020', 'Confidence', 'Source', 'Reason'] as const;
const NUMERIC = new Set([1, 4]);

export class TitlesTable extends LitElement {
  static override properties = {
    titles: { attribute: false },
    aiEnabled: { type: Boolean, attribute: 'ai-enabled' },
    canCorrect: { type: Boolean, attribute: 'can-correct' },
    catalogue: { attribute: false },
    filter: { state: true },
    scrollTop: { state: true },
    expanded: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    visuallyHiddenStyles,
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
      input[type='search'],
      select {
        font: inherit;
        padding: var(--space-2, 0.5rem);
        border: 1px solid var(--color-border-strong, #8a96a3);
        border-radius: var(--radius, 6px);
        min-width: 14rem;
      }
      input[type='search'] {
        min-width: 18rem;
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
      /* Below this the columns would be too narrow to read: only then does the table scroll sideways. */
      .inner {
        min-width: 42.5rem;
      }
      .writable .row {
        grid-template-columns: minmax(6rem, 2.4fr) 5rem minmax(6rem, 2.2fr) minmax(6rem, 2.2fr) 6.5rem 5.5rem minmax(6rem, 1.5fr) 7.5rem;
      }
      .writable.inner {
        min-width: 50rem;
      }
      .two {
        display: flex;
        flex-direction: column;
        justify-content: center;
        line-height: 1.3;
      }
      /* Each line wraps, within a fixed number of lines so the row keeps its height; the cell's title holds it all. */
      .two > * {
        overflow: hidden;
        white-space: normal;
        overflow-wrap: anywhere;
        display: -webkit-box;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 2;
      }
      .two > .sub {
        -webkit-line-clamp: 2;
      }
      .occupation > .sub {
        -webkit-line-clamp: 3;
      }
      .sub {
        font-size: 0.85rem;
        color: var(--color-muted, #4f5b69);
      }
      .reason {
        white-space: normal;
        display: -webkit-box;
        -webkit-line-clamp: 4;
        -webkit-box-orient: vertical;
        line-height: 1.3;
        font-size: 0.85rem;
      }
      .act {
        display: flex;
        flex-direction: column;
        gap: 2px;
        align-items: flex-start;
      }
      .act button {
        font-size: 0.8rem;
        padding: 0 var(--space-2, 0.5rem);
        line-height: 1.45;
      }
      .views {
        display: flex;
        gap: 0;
        margin: 0 0 var(--space-4, 1rem);
      }
      .views button {
        background: var(--color-surface, #ffffff);
        color: var(--color-accent, #1f5fbf);
        border-radius: 0;
      }
      .views button:first-child {
        border-radius: var(--radius, 6px) 0 0 var(--radius, 6px);
      }
      .views button:last-child {
        border-radius: 0 var(--radius, 6px) var(--radius, 6px) 0;
        border-left: none;
      }
      .views button[aria-pressed='true'] {
        background: var(--color-accent, #1f5fbf);
        color: #ffffff;
      }
      .row {
        display: grid;
        grid-template-columns: minmax(6rem, 2.4fr) 5rem minmax(6rem, 2.2fr) minmax(6rem, 2.2fr) 6.5rem 5.5rem minmax(6rem, 1.5fr);
        align-items: center;
        height: ${ROW_HEIGHT}px;
        border-bottom: 1px solid var(--color-border, #d5dae1);
      }
      .row > * {
        padding: 0 var(--space-2, 0.5rem);
        overflow: hidden;
        overflow-wrap: anywhere;
      }
      .head {
        height: auto;
        min-height: 3rem;
        padding: var(--space-1, 0.25rem) 0;
        font-weight: 600;
        color: var(--color-muted, #4f5b69);
        background: var(--color-bg, #f5f6f8);
      }
      /* Headings break between words only. */
      .head > * {
        white-space: normal;
        overflow-wrap: normal;
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
        font-size: 0.85rem;
      }
      .empty {
        padding: var(--space-4, 1rem);
        margin: 0;
      }
      .variant {
        background: var(--color-bg, #f5f6f8);
      }
      .variant > :first-child {
        padding-left: var(--space-6, 1.5rem);
      }
      button.link.toggle {
        font-size: 0.85rem;
      }
    `,
  ];

  declare titles: DatasetTitle[];
  declare aiEnabled: boolean;
  /** A lead or analyst on an active engagement: shows the Correct and Remove override controls. */
  declare canCorrect: boolean;
  /** Occupation names of the dataset's pinned version; codes alone until (or unless) it loads. */
  declare catalogue: OccupationCatalogue | null;
  declare filter: TitleFilter;
  declare scrollTop: number;
  /** Titles whose variants are shown; replaced, not changed, so a toggle re-renders. */
  declare expanded: ReadonlySet<string>;

  /** The filtered rows and flagged count of the last render: scrolling re-renders often, and going through 3,000 titles each time is waste. */
  private shown: {
    titles: DatasetTitle[];
    filter: TitleFilter;
    catalogue: OccupationCatalogue | null;
    expanded: ReadonlySet<string>;
    rows: DatasetTitle[];
    lines: TableLine[];
    flagged: number;
  } | null = null;

  constructor() {
    super();
    this.titles = [];
    this.aiEnabled = false;
    this.canCorrect = false;
    this.catalogue = null;
    this.filter = { text: '', source: '', reviewOnly: false };
    this.scrollTop = 0;
    this.expanded = new Set();
  }

  private toggle(title: DatasetTitle): void {
    const expanded = new Set(this.expanded);
    if (!expanded.delete(title.title)) expanded.add(title.title);
    this.expanded = expanded;
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

  private ask(kind: 'correct-title' | 'remove-override', title: DatasetTitle, event: Event, variant?: TitleVariant): void {
    const detail: TitleAction = { title, opener: event.currentTarget as HTMLElement, ...(variant && { variant }) };
    this.dispatchEvent(new CustomEvent<TitleAction>(kind, { detail, bubbles: true, composed: true }));
  }

  private filteredRows(): { rows: DatasetTitle[]; lines: TableLine[]; flagged: number } {
    const { titles, filter, catalogue, expanded } = this;
    const shown = this.shown;
    if (shown && shown.titles === titles && shown.filter === filter && shown.catalogue === catalogue && shown.expanded === expanded) return shown;
    const rows = shown && shown.titles === titles && shown.filter === filter && shown.catalogue === catalogue ? shown.rows : filterTitles(titles, filter, catalogue);
    const flagged = titles.reduce((n, t) => n + (t.reviewRequired ? 1 : 0), 0);
    this.shown = { titles, filter, catalogue, expanded, rows, lines: tableLines(rows, expanded), flagged };
    return this.shown;
  }

  override render() {
    const { rows, lines, flagged } = this.filteredRows();
    const { start, end } = visibleWindow(this.scrollTop, lines.length);
    const columns = this.canCorrect ? [...COLUMNS, 'Correction'] : COLUMNS;
    return html`<div class="views" role="group" aria-label="Which titles">
        <button type="button" aria-pressed=${this.filter.reviewOnly ? 'false' : 'true'} @click=${() => this.setFilter({ reviewOnly: false })}>
          All titles (${formatCount(this.titles.length)})
        </button>
        <button type="button" aria-pressed=${this.filter.reviewOnly ? 'true' : 'false'} @click=${() => this.setFilter({ reviewOnly: true })}>
          Needs review (${formatCount(flagged)})
        </button>
      </div>
      <div class="filters">
        <div class="field">
          <label for="title-filter">Filter titles</label>
          <input
            id="title-filter"
            type="search"
            placeholder="Title, code or occupation"
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
      </div>
      <p class="count" role="status">
        ${this.filter.reviewOnly
          ? `Showing ${formatCount(rows.length)} of ${formatCount(flagged)} titles that need review, most people first`
          : `Showing ${formatCount(rows.length)} of ${formatCount(this.titles.length)} titles`}
      </p>
      <div class="grid">
        <div
          class=${this.canCorrect ? 'inner writable' : 'inner'}
          role="table"
          aria-label=${this.filter.reviewOnly ? 'Titles that need review, most people first' : 'Titles and their classification'}
          aria-rowcount=${lines.length + 1}
        >
          <div role="rowgroup">
            <div class="row head" role="row" aria-rowindex="1">
              ${columns.map((c, i) => html`<span role="columnheader" class=${NUMERIC.has(i) ? 'num' : ''}>${c}</span>`)}
            </div>
          </div>
          <div class="viewport" role="rowgroup" tabindex="0" @scroll=${this.onScroll}>
            <div class="body" ${styleProps({ height: `${lines.length * ROW_HEIGHT}px` })}>
              ${repeat(
                lines.slice(start, end),
                // Keyed, so a row's element (and a focused control in it) follows its title as the window moves.
                (line) => (line.kind === 'title' ? line.title.title : `${line.title.title}\u0000${line.index}`),
                (line, offset) => (line.kind === 'title' ? this.renderRow(line.title, start + offset) : this.renderVariant(line.title, line.variant, start + offset)),
              )}
            </div>
          </div>
        </div>
      </div>
      ${rows.length === 0
        ? html`<p class="empty">${this.filter.reviewOnly && flagged === 0 ? 'No title needs review.' : 'No titles match this filter.'}</p>`
        : nothing}`;
  }

  private occupationCell(country: Country, code: string | null) {
    if (code === null) return html`<span role="cell">–</span>`;
    const name = this.catalogue?.name(country, code) ?? null;
    return html`<span role="cell" class="two occupation" title=${name ? `${code} ${name}` : code}>
      <span>${code}</span>
      ${name ? html`<span class="sub">${name}</span>` : nothing}
    </span>`;
  }

  private renderRow(t: DatasetTitle, index: number) {
    const role = t.category === null ? '' : `${t.subcategory ?? ''} (${t.category})`;
    const variants = t.variants?.length ?? 0;
    const open = this.expanded.has(t.title);
    return html`<div class="row" role="row" aria-rowindex=${index + 2} ${styleProps({ transform: `translateY(${index * ROW_HEIGHT}px)` })}>
      <span role="cell" class="two" title=${role ? `${t.title} — ${role}` : t.title}>
        <span>${t.title}</span>
        ${variants > 0
          ? html`<button
              type="button"
              class="link toggle"
              aria-expanded=${open ? 'true' : 'false'}
              aria-label=${`${open ? 'Hide' : 'Show'} ${variants} variants of ${t.title}`}
              @click=${() => this.toggle(t)}
            >
              <span aria-hidden="true">${open ? '▾' : '▸'}</span> ${open ? 'Hide' : 'Show'} ${variants} variants
            </button>`
          : role
            ? html`<span class="sub">${role}</span>`
            : nothing}
      </span>
      ${this.readingCells(t, reviewLabel(t))} ${this.canCorrect ? this.renderActions(t) : nothing}
    </div>`;
  }

  /** The cells a title and a variant share: people, US and UK occupations, confidence and review, source, reason. */
  private readingCells(c: Pick<DatasetTitle, 'headcount' | 'usSoc2018' | 'ukSoc2020' | 'confidence' | 'reviewRequired' | 'source' | 'reason'>, review = 'Review') {
    return html`<span role="cell" class="num">${formatCount(c.headcount)}</span>
      ${this.occupationCell('us', c.usSoc2018)} ${this.occupationCell('uk', c.ukSoc2020)}
      <span role="cell" class="num two">
        <span>${formatConfidence(c.confidence)}</span>
        ${c.reviewRequired ? html`<span class="review">${review}</span>` : nothing}
      </span>
      <span role="cell">${SOURCE_LABELS[c.source] ?? c.source}</span>
      <span role="cell" title=${c.reason ?? ''}><span class="reason">${c.reason ?? ''}</span></span>`;
  }

  /** A variant under its title: the context that split it, its people, codes, confidence and review flag. */
  private renderVariant(t: DatasetTitle, v: TitleVariant, index: number) {
    const role = `${v.subcategory} (${v.category})`;
    return html`<div class="row variant" role="row" aria-rowindex=${index + 2} ${styleProps({ transform: `translateY(${index * ROW_HEIGHT}px)` })}>
      <span role="cell" class="two" title=${`${t.title} — ${v.label} — ${role}`}>
        <span><span class="visually-hidden">${t.title}, variant: </span>${v.label}</span>
        <span class="sub">${role}</span>
      </span>
      ${this.readingCells(v)}
      ${this.canCorrect
        ? html`<span role="cell" class="act">
            <button type="button" class="secondary" aria-label=${`Correct ${t.title}, ${v.label}`} @click=${(e: Event) => this.ask('correct-title', t, e, v)}>Correct</button>
            ${v.source === 'override'
              ? html`<button type="button" class="secondary" aria-label=${`Remove override for ${t.title}, ${v.label}`} @click=${(e: Event) => this.ask('remove-override', t, e, v)}>
                  Remove override
                </button>`
              : nothing}
          </span>`
        : nothing}
    </div>`;
  }

  private renderActions(t: DatasetTitle) {
    if (t.source === 'pending') return html`<span role="cell"></span>`;
    // With variants, an override belongs to the variant it took: its Remove control is on that variant's line.
    return html`<span role="cell" class="act">
      <button type="button" class="secondary" aria-label=${`Correct ${t.title}`} @click=${(e: Event) => this.ask('correct-title', t, e)}>Correct</button>
      ${t.source === 'override' && !t.variants
        ? html`<button type="button" class="secondary" aria-label=${`Remove override for ${t.title}`} @click=${(e: Event) => this.ask('remove-override', t, e)}>
            Remove override
          </button>`
        : nothing}
    </span>`;
  }
}

customElements.define('titles-table', TitlesTable);

declare global {
  interface HTMLElementTagNameMap {
    'titles-table': TitlesTable;
  }
  interface HTMLElementEventMap {
    'correct-title': CustomEvent<TitleAction>;
    'remove-override': CustomEvent<TitleAction>;
  }
}

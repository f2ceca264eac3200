// <occupation-search>: a type-ahead combobox over one occupation catalogue (US or UK). Typing a name or a
// code lists up to eight matches; arrows move, Enter or a click chooses, Escape closes the list (and only
// the list, so a surrounding dialog stays open). Fires `occupation-change` with the chosen occupation, or
// null once the text no longer names one.
import { LitElement, css, html, nothing } from 'lit';
import { searchOccupations, type CatalogueEntry, type Occupation } from '../../reference/occupations.ts';
import { visuallyHiddenStyles } from '../../styles/form-styles.ts';
import { focusStyles } from '../../styles/shared-styles.ts';

const describe = (o: Occupation) => `${o.code} ${o.title}`.trim();

export class OccupationSearch extends LitElement {
  static override properties = {
    label: { type: String },
    catalogue: { attribute: false },
    value: { attribute: false },
    query: { state: true },
    open: { state: true },
    active: { state: true },
  };

  static override styles = [
    focusStyles,
    visuallyHiddenStyles,
    css`
      :host {
        display: block;
        position: relative;
      }
      label {
        display: block;
        font-weight: 600;
        margin-bottom: var(--space-1, 0.25rem);
      }
      input {
        box-sizing: border-box;
        width: 100%;
        font: inherit;
        padding: var(--space-2, 0.5rem);
        border: 1px solid var(--color-border-strong, #8a96a3);
        border-radius: var(--radius, 6px);
      }
      .hint {
        margin: var(--space-1, 0.25rem) 0 0;
        font-size: 0.85rem;
        color: var(--color-muted, #4f5b69);
      }
      ul {
        position: absolute;
        z-index: 2;
        left: 0;
        right: 0;
        margin: 2px 0 0;
        padding: var(--space-1, 0.25rem) 0;
        list-style: none;
        max-height: 16rem;
        overflow-y: auto;
        background: var(--color-surface, #ffffff);
        border: 1px solid var(--color-border-strong, #8a96a3);
        border-radius: var(--radius, 6px);
        box-shadow: 0 6px 16px rgb(0 0 0 / 12%);
      }
      li {
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        cursor: pointer;
      }
      li[aria-selected='true'] {
        background: #e8eef8;
        outline: 2px solid var(--color-focus, #2f6fdb);
        outline-offset: -2px;
      }
      .code {
        font-variant-numeric: tabular-nums;
        font-weight: 600;
        margin-right: var(--space-2, 0.5rem);
      }
      .none {
        color: var(--color-muted, #4f5b69);
        cursor: default;
      }
    `,
  ];

  declare label: string;
  declare catalogue: readonly CatalogueEntry[];
  /** The chosen occupation; set from outside to preselect one. */
  declare value: Occupation | null;
  declare query: string;
  declare open: boolean;
  declare active: number;

  constructor() {
    super();
    this.label = '';
    this.catalogue = [];
    this.value = null;
    this.query = '';
    this.open = false;
    this.active = -1;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('value') && this.value && this.query !== describe(this.value)) this.query = describe(this.value);
  }

  private get found(): Occupation[] {
    return this.value && this.query === describe(this.value) ? [] : searchOccupations(this.catalogue, this.query);
  }

  private onInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.open = this.query.trim() !== '';
    this.active = -1;
    if (this.value) this.change(null);
  }

  private change(value: Occupation | null): void {
    this.value = value;
    this.dispatchEvent(new CustomEvent('occupation-change', { detail: value, bubbles: true, composed: true }));
  }

  private choose(occupation: Occupation): void {
    this.query = describe(occupation);
    this.open = false;
    this.active = -1;
    this.change(occupation);
  }

  private onKeydown(event: KeyboardEvent): void {
    const matches = this.found;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (matches.length === 0) return;
        event.preventDefault();
        this.open = true;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        this.active = (this.active + step + matches.length) % matches.length;
        break;
      }
      case 'Enter':
        if (this.open && this.active >= 0 && matches[this.active]) {
          event.preventDefault();
          this.choose(matches[this.active]!);
        }
        break;
      case 'Escape':
        if (this.open) {
          // Closes the list only: a dialog around the field must not take this Escape as its own.
          event.preventDefault();
          event.stopPropagation();
          this.open = false;
          this.active = -1;
        }
        break;
    }
  }

  override updated(): void {
    this.renderRoot.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  /** Moves focus to the text field (a dialog opening on this field). */
  override focus(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus();
  }

  override render() {
    const matches = this.open ? this.found : [];
    const expanded = this.open && this.query.trim() !== '';
    return html`<label for="search">${this.label}</label>
      <input
        id="search"
        type="text"
        role="combobox"
        autocomplete="off"
        spellcheck="false"
        aria-autocomplete="list"
        aria-controls="options"
        aria-describedby="hint"
        aria-expanded=${expanded ? 'true' : 'false'}
        aria-activedescendant=${this.active >= 0 && expanded ? `option-${this.active}` : nothing}
        .value=${this.query}
        @input=${this.onInput}
        @keydown=${this.onKeydown}
        @blur=${() => (this.open = false)}
      />
      <p class="hint" id="hint">Type a name or a code, then choose from the list.</p>
      <ul id="options" role="listbox" aria-label=${`${this.label}: matches`} ?hidden=${!expanded}>
        ${matches.map(
          (o, i) =>
            html`<li
              id=${`option-${i}`}
              role="option"
              aria-selected=${i === this.active ? 'true' : 'false'}
              @mousedown=${(e: Event) => e.preventDefault()}
              @click=${() => this.choose(o)}
            >
              <span class="code">${o.code}</span>${o.title}
            </li>`,
        )}
        ${expanded && matches.length === 0 ? html`<li class="none" role="option" aria-disabled="true" aria-selected="false">No occupation matches.</li>` : nothing}
      </ul>
      <span class="visually-hidden" role="status">${expanded ? `${matches.length === 8 ? 'At least 8' : matches.length} matches` : ''}</span>`;
  }
}

customElements.define('occupation-search', OccupationSearch);

declare global {
  interface HTMLElementTagNameMap {
    'occupation-search': OccupationSearch;
  }
  interface HTMLElementEventMap {
    'occupation-change': CustomEvent<Occupation | null>;
  }
}

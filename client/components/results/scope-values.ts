// <scope-values>: in the correction dialog, the units (or grades, professional groups, organisations) of one
// title's rows, each with its people, to tick those a correction is for. A consultant reads the unit where the
// title names no field ("Laborer" collects refuse in Solid Waste and keeps grounds in Parks) and the coder read
// it alike everywhere, so the title has no variants to choose. Says the scope chosen (or null) on each change.
import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { TitleContextsReply } from '../../api/datasets.ts';
import type { OverrideScope } from '../../api/overrides.ts';
import { focusStyles } from '../../styles/shared-styles.ts';
import { CONTEXT_LABELS } from '../../../workers/classify/context.ts';
import { formatCount, plural } from '../../../workers/format/figures.ts';

type ScopeKind = OverrideScope['kind'];
export type ScopeChoices = TitleContextsReply['choices'];

/** The kinds offered, in this order: the unit decides most often, then the profession, the grade, the organisation. */
const KIND_ORDER: readonly ScopeKind[] = ['division', 'group', 'grade', 'organisation'];
/** "units", "professional groups": the coder's own names of the kinds (CONTEXT_LABELS), each a regular plural. */
export const kindPlural = (kind: ScopeKind) => `${CONTEXT_LABELS[kind]}s`;

/** The kinds a title's rows hold two values or more of: one value is the title everywhere in this list. */
export function offeredKinds(choices: ScopeChoices | null): ScopeKind[] {
  return choices ? KIND_ORDER.filter((k) => choices[k].length > 1) : [];
}

export class ScopeValues extends LitElement {
  static override properties = {
    choices: { attribute: false },
    disabled: { type: Boolean },
    kind: { state: true },
    ticked: { state: true },
  };

  static override styles = [
    focusStyles,
    css`
      :host {
        display: block;
        margin: var(--space-2, 0.5rem) 0 0 var(--space-6, 1.5rem);
      }
      label.kind {
        display: inline-flex;
        gap: var(--space-2, 0.5rem);
        align-items: center;
        margin-bottom: var(--space-2, 0.5rem);
      }
      ul {
        list-style: none;
        margin: 0;
        padding: var(--space-1, 0.25rem) var(--space-2, 0.5rem);
        max-height: 12rem;
        overflow-y: auto;
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
      }
      li label {
        display: flex;
        gap: var(--space-2, 0.5rem);
        align-items: baseline;
        padding: 2px 0;
      }
      .muted {
        color: var(--color-muted, #4f5b69);
      }
      p {
        margin: var(--space-1, 0.25rem) 0 0;
      }
    `,
  ];

  declare choices: ScopeChoices | null;
  declare disabled: boolean;
  declare kind: ScopeKind | null;
  declare ticked: ReadonlySet<string>;

  constructor() {
    super();
    this.choices = null;
    this.disabled = false;
    this.kind = null;
    this.ticked = new Set();
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('choices')) {
      this.kind = offeredKinds(this.choices)[0] ?? null;
      this.ticked = new Set();
    }
  }

  private changeKind(kind: ScopeKind): void {
    this.kind = kind;
    this.ticked = new Set();
    this.announce();
  }

  private toggle(value: string, on: boolean): void {
    const next = new Set(this.ticked);
    if (on) next.add(value);
    else next.delete(value);
    this.ticked = next;
    this.announce();
  }

  private announce(): void {
    const scope = this.kind && this.ticked.size > 0 ? { kind: this.kind, values: [...this.ticked].sort() } : null;
    this.dispatchEvent(new CustomEvent<OverrideScope | null>('scope-change', { detail: scope }));
  }

  override render() {
    const kinds = offeredKinds(this.choices);
    const kind = this.kind;
    if (!this.choices || !kind) return nothing;
    const values = this.choices[kind];
    const people = values.filter((v) => this.ticked.has(v.value)).reduce((sum, v) => sum + v.headcount, 0);
    return html`${kinds.length > 1
        ? html`<label class="kind"
            >Limit by
            <select ?disabled=${this.disabled} @change=${(e: Event) => this.changeKind((e.target as HTMLSelectElement).value as ScopeKind)}>
              ${kinds.map((k) => html`<option value=${k} ?selected=${k === kind}>${CONTEXT_LABELS[k]}</option>`)}
            </select></label
          >`
        : nothing}
      <ul aria-label=${`The title's ${kindPlural(kind)}`}>
        ${values.map(
          (v) => html`<li>
            <label
              ><input type="checkbox" .checked=${live(this.ticked.has(v.value))} ?disabled=${this.disabled} @change=${(e: Event) => this.toggle(v.value, (e.target as HTMLInputElement).checked)} />
              <span>${v.value}</span> <span class="muted">(${plural(v.headcount, 'person', 'people')})</span></label
            >
          </li>`,
        )}
      </ul>
      <p class="muted" role="status">
        ${this.ticked.size === 0
          ? `Tick the ${kindPlural(kind)} to correct.`
          : `${formatCount(this.ticked.size)} of ${plural(values.length, CONTEXT_LABELS[kind], kindPlural(kind))} ticked: ${plural(people, 'person', 'people')} in this dataset.`}
      </p>`;
  }
}

customElements.define('scope-values', ScopeValues);

declare global {
  interface HTMLElementTagNameMap {
    'scope-values': ScopeValues;
  }
  interface HTMLElementEventMap {
    'scope-change': CustomEvent<OverrideScope | null>;
  }
}

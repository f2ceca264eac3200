// <copilot-plan-form>: the settings of a Copilot licence plan. Every change is sent up at once as a whole
// config (config-change), so the page re-allocates while the user edits; saving is the panel's job.
import { LitElement, css, html } from 'lit';
import type { CopilotPlanConfig, PilotGroup } from '../../../schema/copilotPlan.ts';
import { COPILOT_HORIZONS, PILOT_DIMENSIONS } from '../../../schema/copilotPlanChoices.ts';
import { editorStyles } from '../../styles/form-styles.ts';

const HORIZON_LABELS: Record<(typeof COPILOT_HORIZONS)[number], string> = { now: 'Now', near: 'Near term', later: 'Later' };
const DIMENSION_LABELS: Record<(typeof PILOT_DIMENSIONS)[number], string> = { category: 'Category', location: 'Location', layer: 'Layer' };

export class CopilotPlanForm extends LitElement {
  static override properties = {
    config: { attribute: false },
    tiers: { attribute: false },
    categories: { attribute: false },
    locations: { attribute: false },
    disabled: { type: Boolean },
    pilotDimension: { state: true },
  };

  static override styles = [
    editorStyles,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
        gap: var(--space-3, 0.75rem) var(--space-4, 1rem);
      }
      fieldset {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        margin: var(--space-4, 1rem) 0 0;
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
      }
      .checks {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
      }
      .checks label {
        font-weight: 400;
      }
      .pilot-add {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        gap: var(--space-2, 0.5rem);
      }
      ul {
        padding-left: 1.25rem;
      }
      /* formStyles gives the hint its size and colour. */
      .hint {
        margin: var(--space-1, 0.25rem) 0 0;
      }
    `,
  ];

  declare config: CopilotPlanConfig;
  declare tiers: { key: string; label: string; note?: string }[];
  declare categories: string[];
  declare locations: string[];
  declare disabled: boolean;
  declare pilotDimension: PilotGroup['dimension'];

  constructor() {
    super();
    this.tiers = [];
    this.categories = [];
    this.locations = [];
    this.disabled = false;
    this.pilotDimension = 'category';
  }

  private change(patch: Partial<CopilotPlanConfig>): void {
    this.dispatchEvent(new CustomEvent<CopilotPlanConfig>('config-change', { detail: { ...this.config, ...patch }, bubbles: true, composed: true }));
  }

  /** A number field's value, or undefined while it is not a usable number (the last good value stays). */
  private numberOf(event: Event, min: number, max: number, whole = false): number | undefined {
    const value = (event.target as HTMLInputElement).valueAsNumber;
    if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) return undefined;
    return value;
  }

  private toggle<T extends string>(list: readonly T[], item: T, on: boolean): T[] {
    return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
  }

  private addPilot(): void {
    const input = this.renderRoot.querySelector<HTMLInputElement>('#pilot-value');
    const value = input?.value.trim() ?? '';
    if (!value || this.config.pilotGroups.some((g) => g.dimension === this.pilotDimension && g.value.toLowerCase() === value.toLowerCase())) return;
    this.change({ pilotGroups: [...this.config.pilotGroups, { dimension: this.pilotDimension, value }] });
    input!.value = '';
  }

  override render() {
    const c = this.config;
    if (!c) return html``;
    const suggestions = this.pilotDimension === 'category' ? this.categories : this.pilotDimension === 'location' ? this.locations : [];
    return html`<div class="grid">
        <label>
          Licences to buy
          <input
            type="number" min="0" step="1" .value=${c.licenceCount === null ? '' : String(c.licenceCount)} ?disabled=${this.disabled}
            placeholder="Everyone eligible"
            @change=${(e: Event) => {
              const raw = (e.target as HTMLInputElement).value.trim();
              if (raw === '') return this.change({ licenceCount: null });
              const n = this.numberOf(e, 0, 1_000_000, true);
              if (n !== undefined) this.change({ licenceCount: n });
            }}
          />
          <span class="hint">Leave empty to license everyone eligible.</span>
        </label>
        <label>
          Price per licence a month (${c.currency})
          <input type="number" min="0" step="0.01" .value=${String(c.pricePerLicencePerMonth)} ?disabled=${this.disabled}
            @change=${(e: Event) => { const n = this.numberOf(e, 0, 10_000); if (n !== undefined) this.change({ pricePerLicencePerMonth: n }); }} />
        </label>
        <label>
          Term (months)
          <input type="number" min="1" max="60" step="1" .value=${String(c.termMonths)} ?disabled=${this.disabled}
            @change=${(e: Event) => { const n = this.numberOf(e, 1, 60, true); if (n !== undefined) this.change({ termMonths: n }); }} />
        </label>
        <label>
          Full-time hours a week
          <input type="number" min="1" max="80" step="0.5" .value=${String(c.weeklyHours)} ?disabled=${this.disabled}
            @change=${(e: Event) => { const n = this.numberOf(e, 1, 80); if (n !== undefined) this.change({ weeklyHours: n }); }} />
        </label>
        <label>
          Expected adoption (%)
          <input type="number" min="0" max="100" step="1" .value=${String(c.adoptionPercent)} ?disabled=${this.disabled}
            @change=${(e: Event) => { const n = this.numberOf(e, 0, 100); if (n !== undefined) this.change({ adoptionPercent: n }); }} />
        </label>
      </div>
      <fieldset>
        <legend>Tiers that receive licences</legend>
        <div class="checks">
          ${this.tiers.map(
            (t) => html`<label title=${t.note ?? ''}><input type="checkbox" .checked=${c.licensedTiers.includes(t.key)} ?disabled=${this.disabled || (c.licensedTiers.length === 1 && c.licensedTiers[0] === t.key)}
              @change=${(e: Event) => this.change({ licensedTiers: this.toggle(c.licensedTiers, t.key, (e.target as HTMLInputElement).checked) })} /> ${t.label}</label>`,
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>Exposure horizons that receive licences</legend>
        <div class="checks">
          ${COPILOT_HORIZONS.map(
            (h) => html`<label><input type="checkbox" .checked=${c.horizons.includes(h)} ?disabled=${this.disabled || (c.horizons.length === 1 && c.horizons[0] === h)}
              @change=${(e: Event) => this.change({ horizons: this.toggle(c.horizons, h, (e.target as HTMLInputElement).checked) })} /> ${HORIZON_LABELS[h]}</label>`,
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>Pilot groups (optional)</legend>
        <p class="hint">With any group listed, only people in at least one of them are eligible.</p>
        ${c.pilotGroups.length > 0
          ? html`<ul>
              ${c.pilotGroups.map(
                (g, i) => html`<li>${DIMENSION_LABELS[g.dimension]}: ${g.dimension === 'layer' ? `Layer ${g.value}` : g.value}
                  <button type="button" class="secondary" ?disabled=${this.disabled} aria-label="Remove pilot group ${DIMENSION_LABELS[g.dimension]} ${g.value}"
                    @click=${() => this.change({ pilotGroups: c.pilotGroups.filter((_, j) => j !== i) })}>Remove</button></li>`,
              )}
            </ul>`
          : html`<p class="hint">None: the plan covers the whole dataset.</p>`}
        <div class="pilot-add">
          <label>
            Group by
            <select .value=${this.pilotDimension} ?disabled=${this.disabled} @change=${(e: Event) => (this.pilotDimension = (e.target as HTMLSelectElement).value as PilotGroup['dimension'])}>
              ${PILOT_DIMENSIONS.map((d) => html`<option value=${d} ?selected=${d === this.pilotDimension}>${DIMENSION_LABELS[d]}</option>`)}
            </select>
          </label>
          <label>
            ${this.pilotDimension === 'layer' ? 'Layer number' : 'Value'}
            <input id="pilot-value" list="pilot-suggestions" maxlength="120" ?disabled=${this.disabled} @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.addPilot()} />
            <datalist id="pilot-suggestions">${suggestions.map((s) => html`<option value=${s}></option>`)}</datalist>
          </label>
          <button type="button" class="secondary" ?disabled=${this.disabled} @click=${this.addPilot}>Add group</button>
        </div>
      </fieldset>`;
  }
}

customElements.define('copilot-plan-form', CopilotPlanForm);

declare global {
  interface HTMLElementTagNameMap {
    'copilot-plan-form': CopilotPlanForm;
  }
}

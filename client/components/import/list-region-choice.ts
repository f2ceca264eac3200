// <list-region-choice>: the list's home region and currency, proposed from the file (with the reason) beside the
// column mapping, for the consultant to confirm or change. Only regions the reference can price a list in are
// offered, each with its currency. Fires `region-change` with the chosen region's key.
import { LitElement, css, html, nothing } from 'lit';
import type { RegionOption, RegionProposal } from '../../../workers/import/currency.ts';
import { formStyles } from '../../styles/form-styles.ts';
import { focusStyles } from '../../styles/shared-styles.ts';
import { currencyName, currencySign } from '../../../workers/format/figures.ts';

export class ListRegionChoice extends LitElement {
  static override properties = {
    regions: { attribute: false },
    proposal: { attribute: false },
    value: { type: String },
    disabled: { type: Boolean },
  };

  static override styles = [
    focusStyles,
    formStyles,
    css`
      :host {
        display: block;
        margin: var(--space-4, 1rem) 0;
      }
      fieldset {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
        max-width: 48rem;
      }
      legend {
        font-weight: 600;
      }
      .reason {
        margin: var(--space-2, 0.5rem) 0 0;
        color: var(--color-muted, #4f5b69);
      }
      .changed {
        margin: var(--space-2, 0.5rem) 0 0;
      }
    `,
  ];

  /** Every region of the reference; those a list can call home are offered. */
  declare regions: RegionOption[];
  declare proposal: RegionProposal | null;
  /** The chosen region's key. */
  declare value: string;
  declare disabled: boolean;

  constructor() {
    super();
    this.regions = [];
    this.proposal = null;
    this.value = '';
    this.disabled = false;
  }

  private change(event: Event): void {
    const key = (event.target as HTMLSelectElement).value;
    this.dispatchEvent(new CustomEvent<string>('region-change', { detail: key, bubbles: true, composed: true }));
  }

  override render() {
    const homes = this.regions.filter((r) => r.home);
    if (homes.length === 0) return nothing;
    const proposal = this.proposal;
    const proposed = proposal ? homes.find((r) => r.key === proposal.region) : undefined;
    const chosen = homes.find((r) => r.key === this.value) ?? proposed;
    return html`<fieldset>
      <legend>Region and currency</legend>
      <div class="field">
        <label for="list-region">Where the list’s people are paid, and in which currency
          <span class="hint">Salaries are read in this currency; missing ones are priced at its market pay, and every figure is shown in it.</span>
        </label>
        <select id="list-region" aria-describedby="list-region-reason" ?disabled=${this.disabled} @change=${this.change}>
          ${homes.map((r) => html`<option value=${r.key} ?selected=${r.key === chosen?.key}>${r.label} (${r.currency}, ${currencySign(r.currency)})</option>`)}
        </select>
      </div>
      ${proposal && proposed
        ? html`<p class="reason" id="list-region-reason">
            ${proposal.fromData ? 'Proposed from the file' : 'Assumed'}: ${proposed.label}, ${currencyName(proposal.currency)}. ${proposal.reason}
          </p>`
        : nothing}
      ${chosen && proposed && chosen.key !== proposed.key
        ? html`<p class="changed" role="status">You chose ${chosen.label}: the list will be read in ${currencyName(chosen.currency)}.</p>`
        : nothing}
    </fieldset>`;
  }
}

customElements.define('list-region-choice', ListRegionChoice);

declare global {
  interface HTMLElementTagNameMap {
    'list-region-choice': ListRegionChoice;
  }
  interface HTMLElementEventMap {
    'region-change': CustomEvent<string>;
  }
}

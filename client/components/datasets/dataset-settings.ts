// <dataset-settings>: rename a dataset and change its home region (and so its currency) and employer cost
// multiplier (saving them rescores the dataset on the server). Choosing another region puts that region's
// multiplier in the field, which the consultant may still change. Fires `dataset-changed` with the updated dataset; a refusal is shown
// as the server's message.
import { LitElement, css, html, nothing } from 'lit';
import { SaveState } from '../../controllers/save-state.ts';
import { renameDataset, saveDatasetSettings, type Dataset } from '../../api/datasets.ts';
import { editorStyles } from '../../styles/form-styles.ts';
import { currencyName, currencySign } from '../../../workers/format/figures.ts';
import { referenceVersion } from '../../reference/reference-data.ts';
import { homeRegions, regionCurrency } from '../../../workers/reference/currencies.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import '../common/error-notice.ts';

interface HomeRegion {
  key: string;
  label: string;
  currency: string;
  employerCostMultiplier: number;
}

/** The server accepts a multiplier from 1 to 3. */
export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 3;

export class DatasetSettings extends LitElement {
  static override properties = {
    record: { attribute: false },
    canEdit: { attribute: false },
    readOnlyNote: { attribute: false },
    homes: { state: true },
    multiplier: { state: true },
    region: { state: true },
  };

  static override styles = [
    editorStyles,
    css`
      form {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        gap: var(--space-3, 0.75rem) var(--space-4, 1rem);
        margin: 0 0 var(--space-4, 1rem);
      }
      form .field {
        margin: 0;
        flex: 0 1 28rem;
      }
      .facts {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
        margin: 0 0 var(--space-4, 1rem);
      }
      .facts dt {
        color: var(--color-muted, #4f5b69);
      }
      .facts dd {
        margin: 0;
      }
      .notice {
        margin: 0;
        color: var(--color-muted, #4f5b69);
      }
    `,
  ];

  /** The dataset being edited (named `record`: `dataset` is an HTMLElement property). */
  declare record: Dataset | null;
  /** Lead or analyst on an active engagement (the permission helper); others read the settings. */
  declare canEdit: boolean;
  /** Why the settings are read-only, shown under them. */
  declare readOnlyNote: string;
  /** Regions the dataset's reference version can price a list in, with their currency and default multiplier. */
  declare homes: HomeRegion[];
  /** The region and multiplier as edited, before they are saved. */
  declare region: string;
  declare multiplier: string;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.record = null;
    this.canEdit = false;
    this.readOnlyNote = "Only the engagement's leads and analysts can rename the dataset or change its settings, while the engagement is active.";
    this.homes = [];
    this.region = '';
    this.multiplier = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (!changed.has('record') || !this.record) return;
    const previous = changed.get('record') as Dataset | null | undefined;
    this.region = this.record.settings.region ?? '';
    this.multiplier = String(this.record.settings.employerCostMultiplier ?? '');
    if (previous?.referenceVersion !== this.record.referenceVersion) void this.loadHomes(this.record.referenceVersion);
  }

  private async loadHomes(version: number): Promise<void> {
    try {
      const data = (await referenceVersion(version)).data as ReferenceData;
      this.homes = homeRegions(data).map((r) => ({
        key: r.key,
        label: r.label,
        currency: regionCurrency(r),
        employerCostMultiplier: r.employerCostMultiplier ?? data.costs.employerCostMultiplier,
      }));
      this.region ||= data.locations.baselineRegion;
    } catch {
      // Without the version's regions the region stays as saved; the multiplier can still be changed.
      this.homes = [];
    }
  }

  private chooseRegion(event: Event): void {
    this.region = (event.target as HTMLSelectElement).value;
    const home = this.homes.find((h) => h.key === this.region);
    if (home) this.multiplier = String(home.employerCostMultiplier);
  }

  private async submit(event: SubmitEvent, save: (form: FormData, dataset: Dataset) => Promise<Dataset>, done: string): Promise<void> {
    event.preventDefault();
    if (!this.record) return;
    const record = this.record;
    await this.form.run(async () => {
      const updated = await save(new FormData(event.target as HTMLFormElement), record);
      this.dispatchEvent(new CustomEvent<Dataset>('dataset-changed', { detail: updated, bubbles: true, composed: true }));
      return done;
    });
  }

  private rename(event: SubmitEvent): Promise<void> {
    return this.submit(event, (form, d) => renameDataset(d.id, String(form.get('name') ?? '')), 'Name saved.');
  }

  private saveMultiplier(event: SubmitEvent): Promise<void> {
    return this.submit(
      event,
      (form, d) => saveDatasetSettings(d.id, { employerCostMultiplier: Number(form.get('multiplier')), ...(form.get('region') ? { region: String(form.get('region')) } : {}) }),
      'Saved; the figures have been recalculated.',
    );
  }

  override render() {
    const d = this.record;
    if (!d) return html``;
    if (!this.canEdit) return this.renderFacts(d);
    return html`<error-notice .message=${this.form.error}></error-notice>
      <form @submit=${this.rename}>
        <div class="field">
          <label for="dataset-name">Dataset name</label>
          <input id="dataset-name" name="name" type="text" required maxlength="200" .value=${d.name} />
        </div>
        <button type="submit" class="secondary" ?disabled=${this.form.busy}>Rename</button>
      </form>
      <form @submit=${this.saveMultiplier}>
        ${this.homes.length > 0
          ? html`<div class="field">
              <label for="dataset-region">Region and currency
                <span class="hint">Where the list’s people are paid: salaries are read, and every figure shown, in its currency.</span>
              </label>
              <select id="dataset-region" name="region" @change=${this.chooseRegion}>
                ${this.homes.map((h) => html`<option value=${h.key} ?selected=${h.key === this.region}>${h.label} (${h.currency}, ${currencySign(h.currency)})</option>`)}
              </select>
            </div>`
          : nothing}
        <div class="field">
          <label for="multiplier">Employer cost multiplier
            <span class="hint">Salary × this = cost to the employer (payroll taxes, pension, benefits), in the list’s currency, ${currencyName(d.settings.currency ?? 'GBP')}. From ${MIN_MULTIPLIER} to ${MAX_MULTIPLIER}.</span>
          </label>
          <input
            id="multiplier"
            name="multiplier"
            type="number"
            required
            min=${MIN_MULTIPLIER}
            max=${MAX_MULTIPLIER}
            step="0.01"
            .value=${this.multiplier}
            @input=${(e: Event) => (this.multiplier = (e.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit" class="secondary" ?disabled=${this.form.busy || d.status !== 'ready'}>Save and recalculate</button>
      </form>
      <p class="notice" role="status">${this.form.saved}</p>`;
  }

  private renderFacts(d: Dataset) {
    const home = this.homes.find((h) => h.key === d.settings.region);
    return html`<dl class="facts">
        <dt>Region and currency</dt>
        <dd>${home ? `${home.label} (${home.currency}, ${currencySign(home.currency)})` : currencyName(d.settings.currency ?? 'GBP')}</dd>
        <dt>Employer cost multiplier</dt>
        <dd>${d.settings.employerCostMultiplier ?? '—'}</dd>
      </dl>
      <p class="notice">${this.readOnlyNote}</p>`;
  }
}

customElements.define('dataset-settings', DatasetSettings);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-settings': DatasetSettings;
  }
}

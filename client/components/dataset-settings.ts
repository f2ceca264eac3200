// <dataset-settings>: rename a dataset and change its employer cost multiplier (saving the multiplier
// rescores the dataset on the server). Fires `dataset-changed` with the updated dataset; a refusal is shown
// as the server's message.
import { LitElement, css, html } from 'lit';
import { errorMessage } from '../api.ts';
import { renameDataset, saveDatasetSettings, type Dataset } from '../datasets-api.ts';
import { formStyles } from '../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../styles/shared-styles.ts';
import { currencyName } from './results/format.ts';
import './error-notice.ts';

/** The server accepts a multiplier from 1 to 3. */
export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 3;

export class DatasetSettings extends LitElement {
  static override properties = {
    record: { attribute: false },
    saving: { state: true },
    error: { state: true },
    notice: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    formStyles,
    css`
      :host {
        display: block;
      }
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
      .notice {
        margin: 0;
        color: var(--color-muted, #4f5b69);
      }
    `,
  ];

  /** The dataset being edited (named `record`: `dataset` is an HTMLElement property). */
  declare record: Dataset | null;
  declare saving: boolean;
  declare error: string;
  declare notice: string;

  constructor() {
    super();
    this.record = null;
    this.saving = false;
    this.error = '';
    this.notice = '';
  }

  private async submit(event: SubmitEvent, save: (form: FormData, dataset: Dataset) => Promise<Dataset>, done: string): Promise<void> {
    event.preventDefault();
    if (!this.record) return;
    this.saving = true;
    this.error = '';
    this.notice = '';
    try {
      const updated = await save(new FormData(event.target as HTMLFormElement), this.record);
      this.notice = done;
      this.dispatchEvent(new CustomEvent<Dataset>('dataset-changed', { detail: updated, bubbles: true, composed: true }));
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.saving = false;
    }
  }

  private rename(event: SubmitEvent): Promise<void> {
    return this.submit(event, (form, d) => renameDataset(d.id, String(form.get('name') ?? '')), 'Name saved.');
  }

  private saveMultiplier(event: SubmitEvent): Promise<void> {
    return this.submit(
      event,
      (form, d) => saveDatasetSettings(d.id, { employerCostMultiplier: Number(form.get('multiplier')) }),
      'Saved; the figures have been recalculated.',
    );
  }

  override render() {
    const d = this.record;
    if (!d) return html``;
    return html`<error-notice .message=${this.error}></error-notice>
      <form @submit=${this.rename}>
        <div class="field">
          <label for="dataset-name">Dataset name</label>
          <input id="dataset-name" name="name" type="text" required maxlength="200" .value=${d.name} />
        </div>
        <button type="submit" class="secondary" ?disabled=${this.saving}>Rename</button>
      </form>
      <form @submit=${this.saveMultiplier}>
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
            .value=${String(d.settings.employerCostMultiplier ?? '')}
          />
        </div>
        <button type="submit" class="secondary" ?disabled=${this.saving || d.status !== 'ready'}>Save and recalculate</button>
      </form>
      <p class="notice" role="status">${this.notice}</p>`;
  }
}

customElements.define('dataset-settings', DatasetSettings);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-settings': DatasetSettings;
  }
}

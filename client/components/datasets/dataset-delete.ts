// <dataset-delete>: a Delete button for one dataset that asks for confirmation in place before
// DELETE /api/datasets/:id. Fires `dataset-deleted` with the dataset's id once the server agrees.
import { LitElement, css, html, nothing } from 'lit';
import { SaveState } from '../../controllers/save-state.ts';
import { deleteDataset } from '../../api/datasets.ts';
import { visuallyHiddenStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';

export class DatasetDelete extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    datasetName: { attribute: false },
    confirming: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    // The button names its dataset to screen readers.
    visuallyHiddenStyles,
    css`
      :host {
        display: block;
      }
      .confirm {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem);
        align-items: center;
      }
      p {
        margin: 0;
        flex: 1 1 100%;
      }
      .problem {
        color: var(--color-danger-text, #9b1c1c);
      }
    `,
  ];

  declare datasetId: string;
  declare datasetName: string;
  declare confirming: boolean;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.datasetId = '';
    this.datasetName = '';
    this.confirming = false;
  }

  private async confirm(): Promise<void> {
    await this.form.run(async () => {
      await deleteDataset(this.datasetId);
      this.confirming = false;
      this.dispatchEvent(new CustomEvent<string>('dataset-deleted', { detail: this.datasetId, bubbles: true, composed: true }));
      return '';
    });
  }

  private async ask(): Promise<void> {
    this.confirming = true;
    this.form.showError('');
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('button.danger')?.focus();
  }

  override render() {
    if (!this.confirming) {
      return html`<button type="button" class="secondary" @click=${this.ask}>
        Delete<span class="visually-hidden"> ${this.datasetName}</span>
      </button>`;
    }
    return html`<div class="confirm" role="group" aria-label="Confirm deleting ${this.datasetName}">
      <p>Delete “${this.datasetName}” with its rows, titles and plans? This cannot be undone.</p>
      <button type="button" class="danger" ?disabled=${this.form.busy} @click=${this.confirm}>${this.form.busy ? 'Deleting…' : 'Delete dataset'}</button>
      <button type="button" class="secondary" ?disabled=${this.form.busy} @click=${() => (this.confirming = false)}>Cancel</button>
      ${this.form.error ? html`<p class="problem" role="alert">${this.form.error}</p>` : nothing}
    </div>`;
  }
}

customElements.define('dataset-delete', DatasetDelete);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-delete': DatasetDelete;
  }
  interface HTMLElementEventMap {
    'dataset-deleted': CustomEvent<string>;
  }
}

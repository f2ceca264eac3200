// <client-form>: a client's name, sector and notes, to add one (POST /clients) or change one
// (PATCH /clients/:id, only what changed). The sector is given to the model as context for title coding,
// so it says so; no field may hold an email (the server refuses it). Fires `client-saved` with the client.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { createClient, updateClient, type Client, type ClientChanges } from '../../api/clients.ts';
import { formStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';
import '../common/error-notice.ts';

const orNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return text === '' ? null : text;
};

export class ClientForm extends LitElement {
  static override properties = {
    client: { attribute: false },
    compact: { type: Boolean },
    saving: { state: true },
    error: { state: true },
    notice: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    formStyles,
    css`
      textarea {
        box-sizing: border-box;
        width: 100%;
        max-width: 28rem;
        font: inherit;
        font-size: 0.95rem;
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        border: 1px solid #8a94a3;
        border-radius: var(--radius, 6px);
      }
    `,
  ];

  /** The client to change; null adds a new one. */
  declare client: Client | null;
  /** Name and sector only, for the inline form on the new-engagement form. */
  declare compact: boolean;
  declare saving: boolean;
  declare error: string;
  declare notice: string;

  constructor() {
    super();
    this.client = null;
    this.compact = false;
    this.saving = false;
    this.error = '';
    this.notice = '';
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    event.stopPropagation();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const sector = orNull(data.get('sector'));
    const notes = this.compact ? undefined : orNull(data.get('notes'));
    this.saving = true;
    this.error = '';
    this.notice = '';
    try {
      let saved: Client;
      if (this.client) {
        const changes: ClientChanges = {};
        if (name !== this.client.name) changes.name = name;
        if (sector !== this.client.sector) changes.sector = sector;
        if (notes !== undefined && notes !== this.client.notes) changes.notes = notes;
        if (Object.keys(changes).length === 0) {
          this.notice = 'Nothing to save.';
          return;
        }
        saved = await updateClient(this.client.id, changes);
        this.notice = 'Saved.';
      } else {
        saved = await createClient({ name, sector, ...(notes !== undefined && { notes }) });
        form.reset();
        this.notice = `${saved.name} added.`;
      }
      this.dispatchEvent(new CustomEvent<Client>('client-saved', { detail: saved, bubbles: true, composed: true }));
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.saving = false;
    }
  }

  override render() {
    const c = this.client;
    const prefix = c ? 'edit-client' : 'new-client';
    return html`<form @submit=${this.submit}>
      <error-notice .message=${this.error}></error-notice>
      <div class="field">
        <label for="${prefix}-name">Client name</label>
        <input id="${prefix}-name" name="name" type="text" required maxlength="200" autocomplete="off" .value=${c?.name ?? ''} />
      </div>
      <div class="field">
        <label for="${prefix}-sector">Sector <span class="hint">Optional. Given to AI title coding as context.</span></label>
        <input id="${prefix}-sector" name="sector" type="text" maxlength="100" autocomplete="off" .value=${c?.sector ?? ''} />
      </div>
      ${this.compact
        ? nothing
        : html`<div class="field">
            <label for="${prefix}-notes">Notes <span class="hint">Optional. No names or emails.</span></label>
            <textarea id="${prefix}-notes" name="notes" rows="3" maxlength="2000" .value=${c?.notes ?? ''}></textarea>
          </div>`}
      <div class="actions">
        <button type="submit" ?disabled=${this.saving}>${this.saving ? 'Saving…' : c ? 'Save client' : 'Add client'}</button>
        <p role="status" class="hint">${this.notice}</p>
      </div>
    </form>`;
  }
}

customElements.define('client-form', ClientForm);

declare global {
  interface HTMLElementTagNameMap {
    'client-form': ClientForm;
  }
  interface HTMLElementEventMap {
    'client-saved': CustomEvent<import('../../api/clients.ts').Client>;
  }
}

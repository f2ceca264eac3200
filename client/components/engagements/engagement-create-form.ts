// <engagement-create-form>: name, optional client, pack and region (choices from the live reference
// version). A client not yet on the list is added in place (<client-form compact>, POST /clients) and chosen.
// Fires `engagement-created` with the new engagement; server refusals are shown as their message.
import { LitElement, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { listClients, type Client } from '../../api/clients.ts';
import { createEngagement, type MyEngagement } from '../../api/engagements.ts';
import { referenceChoices, type ReferenceChoices } from '../../reference/reference-data.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import '../clients/client-form.ts';
import '../common/error-notice.ts';

const GENERAL_PACK = 'general';

export class EngagementCreateForm extends LitElement {
  static override properties = {
    choices: { state: true },
    choicesError: { state: true },
    clients: { state: true },
    clientId: { state: true },
    addingClient: { state: true },
    error: { state: true },
    saving: { state: true },
  };

  static override styles = formPanelStyles;

  declare choices: ReferenceChoices | null;
  declare choicesError: string;
  declare clients: Client[];
  /** The client chosen ('' for none); a client added in place is chosen at once. */
  declare clientId: string;
  declare addingClient: boolean;
  declare error: string;
  declare saving: boolean;

  constructor() {
    super();
    this.choices = null;
    this.choicesError = '';
    this.clients = [];
    this.clientId = '';
    this.addingClient = false;
    this.error = '';
    this.saving = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadChoices();
    void listClients().then(
      (clients) => (this.clients = clients.filter((c) => !c.archived)),
      (error: unknown) => (this.error = errorMessage(error)),
    );
  }

  private async loadChoices(): Promise<void> {
    this.choicesError = '';
    try {
      this.choices = await referenceChoices();
    } catch (error) {
      this.choicesError = errorMessage(error);
    }
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const clientId = String(data.get('clientId') ?? '');
    const region = String(data.get('region') ?? '');
    this.saving = true;
    this.error = '';
    try {
      const engagement = await createEngagement({
        name: String(data.get('name') ?? '').trim(),
        clientId: clientId === '' ? null : clientId,
        pack: String(data.get('pack') ?? GENERAL_PACK),
        region: region === '' ? null : region,
      });
      form.reset();
      this.clientId = '';
      this.dispatchEvent(new CustomEvent<MyEngagement>('engagement-created', { detail: engagement, bubbles: true, composed: true }));
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.saving = false;
    }
  }

  private clientAdded(event: CustomEvent<Client>): void {
    event.stopPropagation();
    this.clients = [...this.clients, event.detail].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    this.clientId = event.detail.id;
    this.addingClient = false;
  }

  override render() {
    const choices = this.choices;
    return html`<form @submit=${this.submit}>
      <error-notice .message=${this.error}></error-notice>
      <div class="field">
        <label for="engagement-name">Name</label>
        <input id="engagement-name" name="name" type="text" required maxlength="200" autocomplete="off" />
      </div>
      <div class="field">
        <label for="engagement-client">Client</label>
        <select id="engagement-client" name="clientId" @change=${(e: Event) => (this.clientId = (e.target as HTMLSelectElement).value)}>
          <option value="" ?selected=${this.clientId === ''}>${this.clients.length > 0 ? 'No client' : 'No client yet'}</option>
          ${this.clients.map((c) => html`<option value=${c.id} ?selected=${c.id === this.clientId}>${c.name}</option>`)}
        </select>
      </div>
      ${this.addingClient
        ? html`<fieldset class="new-client">
            <legend>Add a client</legend>
            <client-form compact @client-saved=${this.clientAdded}></client-form>
            <button type="button" class="secondary" @click=${() => (this.addingClient = false)}>Cancel</button>
          </fieldset>`
        : html`<p><button type="button" class="secondary" @click=${() => (this.addingClient = true)}>Add a client</button></p>`}
      <error-notice .message=${this.choicesError} ?retryable=${this.choicesError !== ''} @retry=${this.loadChoices}></error-notice>
      <div class="field">
        <label for="engagement-pack">Industry pack</label>
        <select id="engagement-pack" name="pack" ?disabled=${!choices}>
          ${choices
            ? choices.packs.map((p) => html`<option value=${p.id} ?selected=${p.id === GENERAL_PACK}>${p.label}</option>`)
            : html`<option value=${GENERAL_PACK}>Loading packs…</option>`}
        </select>
      </div>
      <div class="field">
        <label for="engagement-region">Region</label>
        <select id="engagement-region" name="region" ?disabled=${!choices}>
          <option value="">Not set</option>
          ${choices?.regions.map((r) => html`<option value=${r.key}>${r.label}</option>`) ?? nothing}
        </select>
      </div>
      <div class="actions">
        <button type="submit" ?disabled=${this.saving || !choices}>${this.saving ? 'Creating…' : 'Create engagement'}</button>
      </div>
    </form>`;
  }
}

customElements.define('engagement-create-form', EngagementCreateForm);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-create-form': EngagementCreateForm;
  }
}

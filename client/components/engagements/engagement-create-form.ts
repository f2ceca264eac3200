// <engagement-create-form>: name, optional client, pack and region (choices from the live reference
// version). Fires `engagement-created` with the new engagement; server refusals are shown as their message.
import { LitElement, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { createEngagement, listClients, type Client, type MyEngagement } from '../../api/engagements.ts';
import { referenceChoices, type ReferenceChoices } from '../../reference/reference-data.ts';
import { formStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../../styles/shared-styles.ts';
import '../common/error-notice.ts';

const GENERAL_PACK = 'general';

export class EngagementCreateForm extends LitElement {
  static override properties = {
    choices: { state: true },
    choicesError: { state: true },
    clients: { state: true },
    error: { state: true },
    saving: { state: true },
  };

  static override styles = [focusStyles, buttonStyles, pageStyles, formStyles];

  declare choices: ReferenceChoices | null;
  declare choicesError: string;
  declare clients: Client[];
  declare error: string;
  declare saving: boolean;

  constructor() {
    super();
    this.choices = null;
    this.choicesError = '';
    this.clients = [];
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
      this.dispatchEvent(new CustomEvent<MyEngagement>('engagement-created', { detail: engagement, bubbles: true, composed: true }));
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.saving = false;
    }
  }

  override render() {
    const choices = this.choices;
    return html`<form @submit=${this.submit}>
      <error-notice .message=${this.error}></error-notice>
      <div class="field">
        <label for="engagement-name">Name</label>
        <input id="engagement-name" name="name" type="text" required maxlength="200" autocomplete="off" />
      </div>
      ${this.clients.length > 0
        ? html`<div class="field">
            <label for="engagement-client">Client</label>
            <select id="engagement-client" name="clientId">
              <option value="">No client</option>
              ${this.clients.map((c) => html`<option value=${c.id}>${c.name}</option>`)}
            </select>
          </div>`
        : nothing}
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

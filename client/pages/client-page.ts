// <client-page>: one client — its name and sector — and the brand its deliverables carry (<brand-editor>).
import { LitElement, html } from 'lit';
import { errorMessage } from '../api/http.ts';
import { listClients, type Client } from '../api/engagements.ts';
import { focusStyles, pageStyles } from '../styles/shared-styles.ts';
import '../components/clients/brand-editor.ts';
import '../components/common/error-notice.ts';

export class ClientPage extends LitElement {
  static override properties = {
    clientId: { attribute: false },
    client: { state: true },
    error: { state: true },
  };

  static override styles = [focusStyles, pageStyles];

  declare clientId: string;
  declare client: Client | null;
  declare error: string;

  constructor() {
    super();
    this.clientId = '';
    this.client = null;
    this.error = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('clientId') && this.clientId) void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.client = (await listClients()).find((c) => c.id === this.clientId) ?? null;
      if (!this.client) this.error = 'Client not found.';
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  override render() {
    return html`<h1>${this.client?.name ?? 'Client'}</h1>
      <error-notice .message=${this.error}></error-notice>
      <section class="panel" aria-labelledby="brand-heading">
        <h2 id="brand-heading">Brand of deliverables</h2>
        <brand-editor .clientId=${this.clientId} .clientName=${this.client?.name ?? ''}></brand-editor>
      </section>`;
  }
}

customElements.define('client-page', ClientPage);

declare global {
  interface HTMLElementTagNameMap {
    'client-page': ClientPage;
  }
}

// <client-page>: one client — its name, sector and notes, which its creator or an administrator changes,
// archives and restores (PATCH /clients/:id) — and the brand its deliverables carry (<brand-editor>, whose
// rights the server states). Others read the details.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../api/http.ts';
import { listClients, updateClient, type Client } from '../api/clients.ts';
import { clientPermissions } from '../app/permissions.ts';
import type { Session } from '../api/session.ts';
import { badgeStyles } from '../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles, panelStackStyles } from '../styles/shared-styles.ts';
import '../components/clients/brand-editor.ts';
import '../components/clients/client-form.ts';
import '../components/common/error-notice.ts';

export class ClientPage extends LitElement {
  static override properties = {
    clientId: { attribute: false },
    session: { attribute: false },
    client: { state: true },
    error: { state: true },
    busy: { state: true },
    notice: { state: true },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    buttonStyles,
    badgeStyles,
    panelStackStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
        margin: 0;
      }
      dt {
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0;
        white-space: pre-line;
      }
      .crumbs {
        margin: 0 0 var(--space-2, 0.5rem);
      }
    `,
  ];

  declare clientId: string;
  declare session: Session | null;
  declare client: Client | null;
  declare error: string;
  declare busy: boolean;
  declare notice: string;

  constructor() {
    super();
    this.clientId = '';
    this.session = null;
    this.client = null;
    this.error = '';
    this.busy = false;
    this.notice = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('clientId') && this.clientId) void this.load();
  }

  private async load(): Promise<void> {
    this.error = '';
    try {
      this.client = (await listClients()).find((c) => c.id === this.clientId) ?? null;
      if (!this.client) this.error = 'Client not found.';
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  private async setArchived(archived: boolean): Promise<void> {
    if (!this.client) return;
    this.busy = true;
    this.error = '';
    this.notice = '';
    try {
      this.client = await updateClient(this.client.id, { archived });
      this.notice = archived ? 'Archived: it is no longer offered for new engagements.' : 'Restored: it is offered for new engagements again.';
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    const client = this.client;
    return html`<p class="crumbs"><a href="/clients" data-route>All clients</a></p>
      <h1>${client?.name ?? 'Client'}${client?.archived ? html` <span class="badge closed">archived</span>` : nothing}</h1>
      <error-notice .message=${this.error}></error-notice>
      ${client ? this.renderDetails(client) : nothing}
      <section class="panel" aria-labelledby="brand-heading">
        <h2 id="brand-heading">Brand of deliverables</h2>
        <brand-editor .clientId=${this.clientId} .clientName=${client?.name ?? ''}></brand-editor>
      </section>`;
  }

  private renderDetails(client: Client) {
    const can = clientPermissions(this.session?.user, client);
    if (!can.edit) {
      return html`<section class="panel" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <dl>
          <dt>Sector</dt>
          <dd>${client.sector ?? 'Not given'}</dd>
          <dt>Notes</dt>
          <dd>${client.notes ?? 'None'}</dd>
        </dl>
        <p class="muted">Only the person who added this client and administrators can change or archive it.</p>
      </section>`;
    }
    return html`<section class="panel" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <client-form .client=${client} @client-saved=${(e: CustomEvent<Client>) => (this.client = e.detail)}></client-form>
      </section>
      <section class="panel" aria-labelledby="archive-heading">
        <h2 id="archive-heading">${client.archived ? 'Restore' : 'Archive'}</h2>
        <p>
          ${client.archived
            ? 'This client is archived: it is not offered when an engagement is started. Its engagements are unaffected.'
            : 'Archiving stops the client being offered when an engagement is started. Its engagements and reports are unaffected, and it can be restored.'}
        </p>
        <button type="button" class="secondary" ?disabled=${this.busy} @click=${() => this.setArchived(!client.archived)}>
          ${client.archived ? 'Restore client' : 'Archive client'}
        </button>
        <p role="status" class="muted">${this.notice}</p>
      </section>`;
  }
}

customElements.define('client-page', ClientPage);

declare global {
  interface HTMLElementTagNameMap {
    'client-page': ClientPage;
  }
}

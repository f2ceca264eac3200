// <clients-page>: every client (GET /clients answers all of them to anyone signed in), the archived ones
// on request, and a form to add one. Each opens its own page, where its details and brand are changed.
import { LitElement, html, nothing } from 'lit';
import { listClients, type Client } from '../api/clients.ts';
import { clientPermissions } from '../app/permissions.ts';
import { LoadState } from '../controllers/load-state.ts';
import type { Session } from '../api/session.ts';
import { badgeStyles, formStyles, tableStyles } from '../styles/form-styles.ts';
import { focusStyles, pageStyles, panelStackStyles } from '../styles/shared-styles.ts';
import '../components/clients/client-form.ts';
import '../components/common/error-notice.ts';

export const clientPath = (id: string) => `/clients/${id}`;

export class ClientsPage extends LitElement {
  static override properties = {
    session: { attribute: false },
    showArchived: { state: true },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    tableStyles,
    badgeStyles,
    formStyles,
    panelStackStyles,
  ];

  declare session: Session | null;
  declare showArchived: boolean;

  constructor() {
    super();
    this.session = null;
    this.showArchived = false;
  }

  private readonly clients = new LoadState(this, listClients, { onConnect: true });

  private added(event: CustomEvent<Client>): void {
    this.clients.change((clients) => [...clients, event.detail].sort((a, b) => a.name.localeCompare(b.name, 'en-GB')));
  }

  override render() {
    const list = this.clients.state;
    return html`<section class="panel" aria-labelledby="clients-heading">
        <h1 id="clients-heading">Clients</h1>
        <p class="muted">The organisations engagements are for. A client's sector is given to AI title coding as context; its brand is printed on its reports.</p>
        <error-notice .message=${list.kind === 'failed' ? list.message : ''} ?retryable=${list.kind === 'failed'} @retry=${this.clients.load}></error-notice>
        ${list.kind === 'loading' ? html`<p role="status" class="muted">Loading the clients…</p>` : nothing}
        ${list.kind === 'loaded' ? this.renderList(list.value) : nothing}
      </section>
      <section class="panel" aria-labelledby="new-client-heading">
        <h2 id="new-client-heading">Add a client</h2>
        <client-form @client-saved=${this.added}></client-form>
      </section>`;
  }

  private renderList(clients: Client[]) {
    const archived = clients.filter((c) => c.archived).length;
    const shown = this.showArchived ? clients : clients.filter((c) => !c.archived);
    return html`${archived > 0
        ? html`<label class="check">
            <input type="checkbox" .checked=${this.showArchived} @change=${(e: Event) => (this.showArchived = (e.target as HTMLInputElement).checked)} />
            Show ${archived === 1 ? 'the archived client' : `the ${archived.toLocaleString('en-GB')} archived clients`}
          </label>`
        : nothing}
      ${shown.length === 0
        ? html`<p>No clients yet. Add the first one below, then start an engagement for it.</p>`
        : html`<div class="table-wrap">
            <table>
              <caption class="muted">Clients</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Sector</th>
                  <th scope="col">Brand</th>
                  <th scope="col">You may</th>
                </tr>
              </thead>
              <tbody>
                ${shown.map(
                  (c) => html`<tr>
                    <td><a href=${clientPath(c.id)} data-route>${c.name}</a>${c.archived ? html` <span class="badge closed">archived</span>` : nothing}</td>
                    <td>${c.sector ?? '—'}</td>
                    <td>${c.hasBrand ? 'Own brand' : 'House style'}</td>
                    <td>${clientPermissions(this.session?.user, c).edit ? 'Edit, archive' : 'Read'}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`}`;
  }
}

customElements.define('clients-page', ClientsPage);

declare global {
  interface HTMLElementTagNameMap {
    'clients-page': ClientsPage;
  }
}

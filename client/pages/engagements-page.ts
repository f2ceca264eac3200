// <engagements-page>: the engagements the signed-in person is staffed on, and a form to start a new one.
import { LitElement, css, html, nothing } from 'lit';
import { listEngagements, type MyEngagement } from '../api/engagements.ts';
import { answeredOffline } from '../storage/offline-copies.ts';
import { navigate } from '../app/router.ts';
import { LoadState } from '../controllers/load-state.ts';
import { badgeStyles, tableStyles } from '../styles/form-styles.ts';
import { focusStyles, pageStyles, panelStackStyles } from '../styles/shared-styles.ts';
import '../components/engagements/engagement-create-form.ts';
import '../components/common/error-notice.ts';

export const engagementPath = (id: string) => `/engagements/${id}`;

export class EngagementsPage extends LitElement {
  static override styles = [
    focusStyles,
    pageStyles,
    tableStyles,
    badgeStyles,
    panelStackStyles,
    css`
      td.role {
        text-transform: capitalize;
      }
    `,
  ];

  /** `offline`: the list came from this device's copy, so no engagement can be started now. */
  private readonly engagements = new LoadState(
    this,
    async () => {
      const engagements = await listEngagements();
      return { engagements, offline: answeredOffline('/engagements') };
    },
    { onConnect: true },
  );

  private created(event: CustomEvent<MyEngagement>): void {
    navigate(engagementPath(event.detail.id));
  }

  override render() {
    const list = this.engagements.state;
    return html`<section class="panel" aria-labelledby="engagements-heading">
        <h1 id="engagements-heading">Engagements</h1>
        <error-notice
          .message=${list.kind === 'failed' ? list.message : ''}
          ?retryable=${list.kind === 'failed'}
          @retry=${this.engagements.load}
        ></error-notice>
        ${list.kind === 'loading' ? html`<p role="status" class="muted">Loading your engagements…</p>` : nothing}
        ${list.kind === 'loaded' ? this.renderList(list.value.engagements) : nothing}
      </section>
      <section class="panel" aria-labelledby="new-engagement-heading">
        <h2 id="new-engagement-heading">New engagement</h2>
        ${list.kind === 'loaded' && list.value.offline
          ? html`<p class="muted">Starting an engagement needs a connection.</p>`
          : html`<engagement-create-form @engagement-created=${this.created}></engagement-create-form>`}
      </section>`;
  }

  private renderList(engagements: MyEngagement[]) {
    if (engagements.length === 0) return html`<p>You are not staffed on any engagement yet.</p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="muted">Engagements you are staffed on</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Your role</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          ${engagements.map(
            (e) => html`<tr>
              <td><a href=${engagementPath(e.id)} data-route>${e.name}</a></td>
              <td><span class="badge ${e.status}">${e.status}</span></td>
              <td class="role">${e.role}</td>
              <td>${formatDate(e.createdAt)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

customElements.define('engagements-page', EngagementsPage);

declare global {
  interface HTMLElementTagNameMap {
    'engagements-page': EngagementsPage;
  }
}

// <engagement-page>: one engagement — its datasets, pack and region, members, and (for leads) closing,
// reopening and purging. Loads GET /api/engagements/:id; a failure shows the server's message and a retry.
import { LitElement, css, html, nothing } from 'lit';
import { ApiError, errorMessage } from '../api/http.ts';
import { getEngagement, type Engagement, type Member, type MyEngagement } from '../api/engagements.ts';
import { answeredOffline, forgetEngagement } from '../storage/offline-copies.ts';
import { engagementPermissions, offlinePermissions, unstaffedAdministration } from '../app/permissions.ts';
import type { Session } from '../api/session.ts';
import { badgeStyles } from '../styles/form-styles.ts';
import { focusStyles, pageStyles, panelStackStyles } from '../styles/shared-styles.ts';
import '../components/datasets/datasets-panel.ts';
import '../components/engagements/engagement-audit.ts';
import '../components/engagements/engagement-delete.ts';
import '../components/engagements/engagement-lifecycle.ts';
import '../components/engagements/engagement-settings.ts';
import '../components/engagements/engagement-unstaffed.ts';
import '../components/common/error-notice.ts';
import '../components/engagements/members-panel.ts';
import '../components/engagements/overrides-panel.ts';
import '../components/report/report-notes-editor.ts';

type PageState =
  | { kind: 'loading' }
  /** `offline`: read from this device's copy, so nothing is offered that needs the server. */
  | { kind: 'loaded'; engagement: MyEngagement; members: Member[]; offline: boolean }
  | { kind: 'failed'; message: string }
  /** An administrator not staffed on it (the server answers 404 to non-members, administrators included). */
  | { kind: 'unstaffed' };

export class EngagementPage extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    session: { attribute: false },
    state: { state: true },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    panelStackStyles,
    badgeStyles,
    css`
      .crumbs {
        margin: 0 0 var(--space-2, 0.5rem);
      }
      .summary {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem);
        align-items: center;
        margin: 0;
      }
    `,
  ];

  declare engagementId: string;
  declare session: Session | null;
  declare state: PageState;

  constructor() {
    super();
    this.engagementId = '';
    this.session = null;
    this.state = { kind: 'loading' };
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) void this.load();
  }

  private async load(): Promise<void> {
    this.state = { kind: 'loading' };
    try {
      const { engagement, members } = await getEngagement(this.engagementId);
      this.state = { kind: 'loaded', engagement, members, offline: answeredOffline(`/engagements/${this.engagementId}`) };
    } catch (error) {
      const administration = unstaffedAdministration(this.session?.user);
      this.state =
        error instanceof ApiError && error.status === 404 && administration.readAudit
          ? { kind: 'unstaffed' }
          : { kind: 'failed', message: errorMessage(error) };
    }
  }

  /** Updates answer without the caller's role, so the role and PII flag already known are kept. */
  private engagementChanged(event: CustomEvent<Engagement>): void {
    if (this.state.kind !== 'loaded') return;
    const { role, piiAccess } = this.state.engagement;
    this.state = { ...this.state, engagement: { ...event.detail, role, piiAccess } };
    // A purge takes the engagement's offline copies with it.
    if (event.detail.status === 'purged' && this.session) void forgetEngagement(this.session.user.id, event.detail.id);
  }

  private membersChanged(event: CustomEvent<Member[]>): void {
    if (this.state.kind !== 'loaded') return;
    const me = event.detail.find((m) => m.userId === this.session?.user.id);
    const engagement = me ? { ...this.state.engagement, role: me.role, piiAccess: me.piiAccess } : this.state.engagement;
    this.state = { ...this.state, engagement, members: event.detail };
  }

  override render() {
    const state = this.state;
    return html`<p class="crumbs"><a href="/engagements" data-route>All engagements</a></p>
      ${state.kind === 'loading' ? html`<p role="status" class="muted">Loading the engagement…</p>` : nothing}
      ${state.kind === 'failed'
        ? html`<section class="panel" aria-labelledby="engagement-heading">
            <h1 id="engagement-heading">Engagement</h1>
            <error-notice .message=${state.message} retryable @retry=${this.load}></error-notice>
          </section>`
        : nothing}
      ${state.kind === 'unstaffed' ? html`<engagement-unstaffed .engagementId=${this.engagementId}></engagement-unstaffed>` : nothing}
      ${state.kind === 'loaded' ? this.renderEngagement(state.engagement, state.members, state.offline) : nothing}`;
  }

  private renderEngagement(engagement: MyEngagement, members: Member[], offline: boolean) {
    const online = engagementPermissions(this.session?.user, engagement);
    const can = offline ? offlinePermissions(online) : online;
    return html`<section class="panel" aria-labelledby="engagement-heading">
        <h1 id="engagement-heading">${engagement.name}</h1>
        <p class="summary">
          <span class="badge ${engagement.status}">${engagement.status}</span>
          <span class="muted">Your role: ${engagement.role}${engagement.piiAccess ? ', with PII access' : ''}</span>
          ${engagement.clientId ? html`<a href="/clients/${engagement.clientId}" data-route>Client and brand of its reports</a>` : nothing}
        </p>
        ${offline ? html`<p class="muted">Read from this device: its overrides, report notes and members, and any change, need a connection.</p>` : nothing}
        ${online.writeDatasets || engagement.status !== 'active' || offline
          ? nothing
          : html`<p class="muted">As a viewer you can read the results and make exports; leads and analysts import and correct.</p>`}
      </section>
      <section class="panel" aria-labelledby="datasets-heading">
        <h2 id="datasets-heading">Datasets</h2>
        <datasets-panel .engagementId=${engagement.id} .canImport=${can.writeDatasets} .canDelete=${can.writeDatasets}></datasets-panel>
      </section>
      ${offline ? nothing : html`<section class="panel" aria-labelledby="overrides-heading">
        <h2 id="overrides-heading">Title overrides</h2>
        <overrides-panel .engagementId=${engagement.id} .canEdit=${can.writeDatasets}></overrides-panel>
      </section>
      <section class="panel" aria-labelledby="report-notes-heading">
        <h2 id="report-notes-heading">Report notes</h2>
        <report-notes-editor .engagementId=${engagement.id} .canEdit=${can.editReportNotes}></report-notes-editor>
      </section>`}
      <section class="panel" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <engagement-settings .engagement=${engagement} .canEdit=${can.editSettings} @engagement-changed=${this.engagementChanged}></engagement-settings>
      </section>
      ${offline ? nothing : html`<section class="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <members-panel
          .engagementId=${engagement.id}
          .members=${members}
          .currentUserId=${this.session?.user.id ?? ''}
          ?can-manage=${can.manageMembers}
          @members-changed=${this.membersChanged}
        ></members-panel>
      </section>`}
      ${can.close || can.reopen || can.purge || (can.readAudit && engagement.status === 'purged')
        ? html`<section class="panel" aria-labelledby="lifecycle-heading">
            <h2 id="lifecycle-heading">Close, reopen or purge</h2>
            <engagement-lifecycle .engagement=${engagement} @engagement-changed=${this.engagementChanged}></engagement-lifecycle>
          </section>`
        : nothing}
      ${can.readAudit
        ? html`<section class="panel" aria-labelledby="audit-heading">
            <h2 id="audit-heading">Audit trail</h2>
            <engagement-audit .engagementId=${engagement.id}></engagement-audit>
          </section>`
        : nothing}
      ${can.deleteEngagement
        ? html`<section class="panel" aria-labelledby="delete-heading">
            <h2 id="delete-heading">Delete engagement</h2>
            <engagement-delete .engagement=${engagement}></engagement-delete>
          </section>`
        : nothing}`;
  }
}

customElements.define('engagement-page', EngagementPage);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-page': EngagementPage;
  }
  interface HTMLElementEventMap {
    'engagement-changed': CustomEvent<Engagement>;
    'members-changed': CustomEvent<Member[]>;
    'engagement-created': CustomEvent<MyEngagement>;
  }
}

// <engagement-page>: one engagement — its datasets, pack and region, members, and (for leads) closing,
// reopening and purging. Loads GET /api/engagements/:id; a failure shows the server's message and a retry.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../api/http.ts';
import { getEngagement, type Engagement, type Member, type MyEngagement } from '../api/engagements.ts';
import type { Session } from '../api/session.ts';
import { badgeStyles } from '../styles/form-styles.ts';
import { focusStyles, pageStyles, panelStackStyles } from '../styles/shared-styles.ts';
import '../components/datasets/datasets-panel.ts';
import '../components/engagements/engagement-audit.ts';
import '../components/engagements/engagement-delete.ts';
import '../components/engagements/engagement-lifecycle.ts';
import '../components/engagements/engagement-settings.ts';
import '../components/common/error-notice.ts';
import '../components/engagements/members-panel.ts';
import '../components/engagements/overrides-panel.ts';
import '../components/report/report-notes-editor.ts';

type PageState =
  | { kind: 'loading' }
  | { kind: 'loaded'; engagement: MyEngagement; members: Member[] }
  | { kind: 'failed'; message: string };

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
      this.state = { kind: 'loaded', engagement, members };
    } catch (error) {
      this.state = { kind: 'failed', message: errorMessage(error) };
    }
  }

  /** Updates answer without the caller's role, so the role and PII flag already known are kept. */
  private engagementChanged(event: CustomEvent<Engagement>): void {
    if (this.state.kind !== 'loaded') return;
    const { role, piiAccess } = this.state.engagement;
    this.state = { ...this.state, engagement: { ...event.detail, role, piiAccess } };
  }

  private membersChanged(event: CustomEvent<Member[]>): void {
    if (this.state.kind !== 'loaded') return;
    const me = event.detail.find((m) => m.userId === this.session?.user.id);
    const engagement = me ? { ...this.state.engagement, role: me.role, piiAccess: me.piiAccess } : this.state.engagement;
    this.state = { kind: 'loaded', engagement, members: event.detail };
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
      ${state.kind === 'loaded' ? this.renderEngagement(state.engagement, state.members) : nothing}`;
  }

  private renderEngagement(engagement: MyEngagement, members: Member[]) {
    const isLead = engagement.role === 'lead';
    return html`<section class="panel" aria-labelledby="engagement-heading">
        <h1 id="engagement-heading">${engagement.name}</h1>
        <p class="summary">
          <span class="badge ${engagement.status}">${engagement.status}</span>
          <span class="muted">Your role: ${engagement.role}${engagement.piiAccess ? ', with PII access' : ''}</span>
          ${engagement.clientId ? html`<a href="/clients/${engagement.clientId}" data-route>Client and brand of its reports</a>` : nothing}
        </p>
      </section>
      <section class="panel" aria-labelledby="datasets-heading">
        <h2 id="datasets-heading">Datasets</h2>
        <datasets-panel .engagementId=${engagement.id} .canImport=${engagement.role !== 'viewer' && engagement.status === 'active'} .canDelete=${engagement.role !== 'viewer' && engagement.status !== 'purged'}></datasets-panel>
      </section>
      <section class="panel" aria-labelledby="overrides-heading">
        <h2 id="overrides-heading">Title overrides</h2>
        <overrides-panel .engagementId=${engagement.id} .canEdit=${engagement.role !== 'viewer' && engagement.status === 'active'}></overrides-panel>
      </section>
      <section class="panel" aria-labelledby="report-notes-heading">
        <h2 id="report-notes-heading">Report notes</h2>
        <report-notes-editor .engagementId=${engagement.id} .canEdit=${isLead && engagement.status === 'active'}></report-notes-editor>
      </section>
      <section class="panel" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <engagement-settings .engagement=${engagement} @engagement-changed=${this.engagementChanged}></engagement-settings>
      </section>
      <section class="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <members-panel
          .engagementId=${engagement.id}
          .members=${members}
          .currentUserId=${this.session?.user.id ?? ''}
          ?can-manage=${isLead && engagement.status !== 'purged'}
          @members-changed=${this.membersChanged}
        ></members-panel>
      </section>
      ${isLead
        ? html`<section class="panel" aria-labelledby="lifecycle-heading">
            <h2 id="lifecycle-heading">Close, reopen or purge</h2>
            <engagement-lifecycle .engagement=${engagement} @engagement-changed=${this.engagementChanged}></engagement-lifecycle>
          </section>
          <section class="panel" aria-labelledby="audit-heading">
            <h2 id="audit-heading">Audit trail</h2>
            <engagement-audit .engagementId=${engagement.id}></engagement-audit>
          </section>`
        : nothing}
      ${this.session?.user.role === 'admin'
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

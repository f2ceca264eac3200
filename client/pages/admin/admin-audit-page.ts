// <admin-audit-page>: the platform audit trail (GET /api/admin/audit), filtered by action, by
// engagement (chosen from an entry's engagement) and by UTC day, a page of 100 at a time. With an
// engagement chosen, an administrator may delete it here, staffed on it or not.
import { LitElement, css, html, nothing } from 'lit';
import { AUDIT_ACTIONS } from '../../../schema/auditActions.ts';
import { platformAudit, type AuditFilter } from '../../api/audit.ts';
import { actionLabel, type AuditLoader, type EngagementFilter } from '../../components/common/audit-trail.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import '../../components/common/audit-trail.ts';
import '../../components/engagements/engagement-delete.ts';

export class AdminAuditPage extends LitElement {
  static override properties = {
    engagement: { state: true },
    loader: { state: true },
    notice: { state: true },
  };

  static override styles = [
    formPanelStyles,
    css`
      .filters {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-4, 1rem);
        align-items: flex-end;
      }
      .filters .field {
        margin: 0;
        flex: 0 1 12rem;
      }
      .filters .field.wide {
        flex: 1 1 16rem;
      }
      .engagement-filter {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem);
        align-items: center;
        margin: var(--space-4, 1rem) 0 0;
      }
      audit-trail {
        margin-top: var(--space-6, 1.5rem);
      }
      details {
        margin-top: var(--space-3, 0.75rem);
      }
      summary {
        cursor: pointer;
        color: var(--color-danger-text, #9b1c1c);
        font-weight: 600;
      }
    `,
  ];

  /** Only an entry's engagement can be chosen: there is no platform-wide list of engagements. */
  declare engagement: EngagementFilter | null;
  declare loader: AuditLoader;
  declare notice: string;
  private filter: AuditFilter = {};

  constructor() {
    super();
    this.engagement = null;
    this.notice = '';
    this.loader = this.loaderFor({});
  }

  private loaderFor(filter: AuditFilter): AuditLoader {
    return (offset, limit) => platformAudit(filter, offset, limit);
  }

  private apply(): void {
    this.filter = { ...this.filter, engagementId: this.engagement?.id };
    this.loader = this.loaderFor(this.filter);
  }

  private submit(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const text = (name: string) => String(data.get(name) ?? '') || undefined;
    this.filter = { action: text('action'), from: text('from'), to: text('to') };
    this.apply();
  }

  private chooseEngagement(event: CustomEvent<EngagementFilter>): void {
    this.notice = '';
    this.engagement = event.detail;
    this.apply();
  }

  private clearEngagement(): void {
    this.notice = '';
    this.engagement = null;
    this.apply();
  }

  /** The deleted engagement's entries stay in the trail, now without its name. */
  private engagementDeleted(): void {
    this.notice = `${this.engagement?.name ?? 'The engagement'} was deleted; its audit entries are kept.`;
    this.apply();
    this.engagement = { id: this.engagement!.id, name: null };
  }

  override render() {
    return html`<section class="panel" aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit trail</h1>
      <p class="muted">Every sensitive action across the platform. Choose an engagement’s name in the table to see only its entries.</p>
      <form @submit=${this.submit} aria-label="Filter the audit trail">
        <div class="filters">
          <div class="field wide">
            <label for="audit-action">Action</label>
            <select id="audit-action" name="action">
              <option value="">All actions</option>
              ${AUDIT_ACTIONS.map((action) => html`<option value=${action}>${actionLabel(action)}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="audit-from">From (UTC day)</label>
            <input id="audit-from" name="from" type="date" />
          </div>
          <div class="field">
            <label for="audit-to">To (UTC day)</label>
            <input id="audit-to" name="to" type="date" />
          </div>
          <button type="submit">Show entries</button>
        </div>
      </form>
      ${this.engagement
        ? html`<p class="engagement-filter">
            <span>Engagement: <strong>${this.engagement.name ?? 'Deleted engagement'}</strong></span>
            <button type="button" class="secondary" @click=${this.clearEngagement}>Show all engagements</button>
          </p>
          ${this.engagement.name
            ? html`<details>
                <summary>Delete this engagement</summary>
                <engagement-delete
                  .engagement=${{ id: this.engagement.id, name: this.engagement.name }}
                  .returnPath=${''}
                  @engagement-deleted=${this.engagementDeleted}
                ></engagement-delete>
              </details>`
            : nothing}`
        : nothing}
      ${this.notice ? html`<p role="status">${this.notice}</p>` : nothing}
      <audit-trail
        .loader=${this.loader}
        show-engagement
        filterable
        label="Platform audit trail"
        @engagement-filter=${this.chooseEngagement}
      ></audit-trail>
    </section>`;
  }
}

customElements.define('admin-audit-page', AdminAuditPage);

declare global {
  interface HTMLElementTagNameMap {
    'admin-audit-page': AdminAuditPage;
  }
}

// <engagement-unstaffed>: what an administrator sees on an engagement they are not staffed on. The server
// answers its pages with 404 to every non-member (administrators are no exception), so this says so plainly
// and offers what administrators may still do: read its audit entries (GET /admin/audit filtered to it)
// and delete it. The entries also tell whether it exists: its name is on them until it is deleted.
import { LitElement, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { platformAudit } from '../../api/audit.ts';
import { pageStyles, panelStackStyles } from '../../styles/shared-styles.ts';
import type { AuditLoader } from '../common/audit-trail.ts';
import '../common/audit-trail.ts';
import './engagement-delete.ts';
import '../common/error-notice.ts';

type Found = { kind: 'looking' } | { kind: 'named'; name: string } | { kind: 'deleted' } | { kind: 'unknown' } | { kind: 'failed'; message: string };

export class EngagementUnstaffed extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    found: { state: true },
    loader: { state: true },
  };

  static override styles = [pageStyles, panelStackStyles];

  declare engagementId: string;
  declare found: Found;
  declare loader: AuditLoader | null;

  constructor() {
    super();
    this.engagementId = '';
    this.found = { kind: 'looking' };
    this.loader = null;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) {
      const engagementId = this.engagementId;
      this.loader = (offset, limit) => platformAudit({ engagementId }, offset, limit);
      void this.lookUp();
    }
  }

  /** The newest entry carries the engagement's name while it exists, and none once it is deleted. */
  private async lookUp(): Promise<void> {
    this.found = { kind: 'looking' };
    try {
      const page = await platformAudit({ engagementId: this.engagementId }, 0, 1);
      const newest = page.events[0];
      this.found = !newest ? { kind: 'unknown' } : newest.engagementName ? { kind: 'named', name: newest.engagementName } : { kind: 'deleted' };
    } catch (error) {
      this.found = { kind: 'failed', message: errorMessage(error) };
    }
  }

  override render() {
    const found = this.found;
    return html`<section class="panel" aria-labelledby="unstaffed-heading">
        <h1 id="unstaffed-heading">${found.kind === 'named' ? found.name : 'Engagement'}</h1>
        ${this.explain(found)}
      </section>
      ${found.kind === 'named' || found.kind === 'deleted'
        ? html`<section class="panel" aria-labelledby="unstaffed-audit-heading">
            <h2 id="unstaffed-audit-heading">Its audit entries</h2>
            <audit-trail .loader=${this.loader} page-size="100" label="Audit entries of this engagement"></audit-trail>
          </section>`
        : nothing}
      ${found.kind === 'named'
        ? html`<section class="panel" aria-labelledby="unstaffed-delete-heading">
            <h2 id="unstaffed-delete-heading">Delete engagement</h2>
            <engagement-delete .engagement=${{ id: this.engagementId, name: found.name }} .returnPath=${'/admin/audit'}></engagement-delete>
          </section>`
        : nothing}`;
  }

  private explain(found: Found) {
    switch (found.kind) {
      case 'looking':
        return html`<p role="status" class="muted">Looking the engagement up in the audit trail…</p>`;
      case 'named':
        return html`<p>You are not staffed on this engagement, so its datasets, results and members are not shown to you: administrators see an engagement's contents only when one of its leads adds them.</p>
          <p>As an administrator you can read its audit entries below and delete it.</p>`;
      case 'deleted':
        return html`<p>This engagement was deleted. Its audit entries are kept and shown below.</p>`;
      case 'unknown':
        return html`<p>No engagement has this address.</p>`;
      case 'failed':
        return html`<p>You are not staffed on this engagement, or it does not exist.</p>
          <error-notice .message=${found.message} retryable @retry=${this.lookUp}></error-notice>`;
    }
  }
}

customElements.define('engagement-unstaffed', EngagementUnstaffed);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-unstaffed': EngagementUnstaffed;
  }
}

// <engagement-audit>: the engagement's own trail for its leads (GET /api/engagements/:id/audit),
// 100 entries a page, newest first.
import { LitElement, html } from 'lit';
import { engagementAudit } from '../../api/audit.ts';
import type { AuditLoader } from '../common/audit-trail.ts';
import '../common/audit-trail.ts';

export class EngagementAudit extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    loader: { state: true },
  };

  declare engagementId: string;
  declare loader: AuditLoader | null;

  constructor() {
    super();
    this.engagementId = '';
    this.loader = null;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) {
      const id = this.engagementId;
      this.loader = (offset, limit) => engagementAudit(id, offset, limit);
    }
  }

  override render() {
    return html`<audit-trail .loader=${this.loader} page-size="100" label="Audit trail of this engagement"></audit-trail>`;
  }
}

customElements.define('engagement-audit', EngagementAudit);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-audit': EngagementAudit;
  }
}

// <audit-trail>: one page of audit entries at a time, newest first, with Previous and Next. The owner
// gives it a loader (the platform trail or one engagement's); details are shown as the server gives
// them, one key and value each. With `filterable` an engagement's name becomes a button that asks the
// owner (event `engagement-filter`) to show only that engagement.
import { LitElement, css, html, nothing } from 'lit';
import type { AuditEvent, AuditPage } from '../../api/audit.ts';
import { errorMessage } from '../../api/http.ts';
import { tablePanelStyles } from '../../styles/form-styles.ts';
import { pageRange, pager } from './pager.ts';
import './error-notice.ts';

export type AuditLoader = (offset: number, limit: number) => Promise<AuditPage>;

export interface EngagementFilter {
  id: string;
  name: string | null;
}

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-GB');

/** The action code as words: dataset_reference_changed → Dataset reference changed. */
export function actionLabel(action: string): string {
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return count.format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

export class AuditTrail extends LitElement {
  static override properties = {
    loader: { attribute: false },
    pageSize: { type: Number, attribute: 'page-size' },
    showEngagement: { type: Boolean, attribute: 'show-engagement' },
    filterable: { type: Boolean },
    label: { type: String },
    page: { state: true },
    offset: { state: true },
    loading: { state: true },
    error: { state: true },
  };

  static override styles = [
    tablePanelStyles,
    css`
      td {
        vertical-align: top;
      }
      dl {
        margin: 0;
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0 var(--space-2, 0.5rem);
        font-size: 0.9rem;
      }
      dt {
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      .time {
        white-space: nowrap;
      }
    `,
  ];

  declare loader: AuditLoader | null;
  declare pageSize: number;
  declare showEngagement: boolean;
  declare filterable: boolean;
  /** The table's accessible name. */
  declare label: string;
  declare page: AuditPage | null;
  declare offset: number;
  declare loading: boolean;
  declare error: string;

  constructor() {
    super();
    this.loader = null;
    this.pageSize = 100;
    this.showEngagement = false;
    this.filterable = false;
    this.label = 'Audit trail';
    this.page = null;
    this.offset = 0;
    this.loading = false;
    this.error = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    // A new loader is a new query (other filters): start again at the newest entries.
    if (changed.has('loader') && this.loader) void this.show(0);
  }

  private async show(offset: number): Promise<void> {
    const loader = this.loader;
    if (!loader) return;
    this.loading = true;
    this.error = '';
    try {
      const page = await loader(offset, this.pageSize);
      if (loader !== this.loader) return;
      this.page = page;
      this.offset = offset;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }

  private filterTo(event: AuditEvent): void {
    const detail: EngagementFilter = { id: event.engagementId!, name: event.engagementName };
    this.dispatchEvent(new CustomEvent<EngagementFilter>('engagement-filter', { detail, bubbles: true, composed: true }));
  }

  override render() {
    const page = this.page;
    return html`<error-notice .message=${this.error} retryable @retry=${() => this.show(this.offset)}></error-notice>
      <p role="status" class="muted">${this.statusText()}</p>
      ${page && page.events.length > 0 ? this.renderTable(page.events) : nothing}
      ${page && page.total > this.pageSize ? this.renderPager(page) : nothing}`;
  }

  private statusText(): string {
    if (this.loading) return 'Loading the audit trail…';
    const page = this.page;
    if (!page) return '';
    if (page.total === 0) return 'No audit entries match.';
    return pageRange({ offset: this.offset, shown: page.events.length, total: page.total }, 'newest first');
  }

  private renderTable(events: AuditEvent[]) {
    return html`<div class="table-wrap">
      <table aria-label=${this.label}>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Action</th>
            <th scope="col">By</th>
            ${this.showEngagement ? html`<th scope="col">Engagement</th>` : nothing}
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          ${events.map(
            (event) => html`<tr>
              <td class="time"><time datetime=${event.at}>${when.format(new Date(event.at))}</time></td>
              <td>${actionLabel(event.action)}</td>
              <td>${event.actorName ?? (event.actor ? 'Unknown user' : 'System')}</td>
              ${this.showEngagement ? html`<td>${this.renderEngagement(event)}</td>` : nothing}
              <td>${this.renderDetails(event)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderEngagement(event: AuditEvent) {
    if (!event.engagementId) return '—';
    const name = event.engagementName ?? 'Deleted engagement';
    if (!this.filterable) return name;
    return html`<button type="button" class="link" title="Show only this engagement" @click=${() => this.filterTo(event)}>
      ${name}<span class="visually-hidden"> (show only this engagement)</span>
    </button>`;
  }

  private renderDetails(event: AuditEvent) {
    const entries = Object.entries(event.details ?? {});
    const withDataset = event.datasetId ? [['datasetId', event.datasetId] as const, ...entries] : entries;
    if (withDataset.length === 0) return '—';
    return html`<dl>${withDataset.map(([key, value]) => html`<dt>${key}</dt><dd>${detailValue(value)}</dd>`)}</dl>`;
  }

  private renderPager(page: AuditPage) {
    return pager({
      offset: this.offset,
      shown: page.events.length,
      total: page.total,
      pageSize: this.pageSize,
      loading: this.loading,
      labels: ['Newer', 'Older'],
      go: (offset) => void this.show(offset),
    });
  }
}

customElements.define('audit-trail', AuditTrail);

declare global {
  interface HTMLElementTagNameMap {
    'audit-trail': AuditTrail;
  }
  interface HTMLElementEventMap {
    'engagement-filter': CustomEvent<EngagementFilter>;
  }
}

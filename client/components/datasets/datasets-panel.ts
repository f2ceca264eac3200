// <datasets-panel>: the engagement's datasets from GET /api/engagements/:id/datasets. "No datasets yet" is
// said only when the server answers with none; a failure is shown as its message with a retry.
import { LitElement, html, nothing } from 'lit';
import type { Dataset } from '../../api/datasets.ts';
import { listDatasets } from '../../api/engagements.ts';
import { LoadState } from '../../controllers/load-state.ts';
import { badgeStyles, tableStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../../styles/shared-styles.ts';
import { formatMoneyShort } from '../../../workers/format/figures.ts';
import './dataset-delete.ts';
import '../common/error-notice.ts';

const count = (n: number) => n.toLocaleString('en-GB');
const currencyOf = (d: Dataset) => d.settings?.currency ?? 'GBP';

export class DatasetsPanel extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    canImport: { attribute: false },
    canDelete: { attribute: false },
  };

  static override styles = [focusStyles, buttonStyles, pageStyles, tableStyles, badgeStyles];

  declare engagementId: string;
  /** Lead or analyst on an active engagement. */
  declare canImport: boolean;
  /** Lead or analyst: each dataset gets a Delete control. */
  declare canDelete: boolean;
  private readonly datasets = new LoadState(this, () => listDatasets(this.engagementId));

  constructor() {
    super();
    this.engagementId = '';
    this.canImport = false;
    this.canDelete = false;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) void this.datasets.load();
  }

  private removed(event: CustomEvent<string>): void {
    this.datasets.change((datasets) => datasets.filter((d) => d.id !== event.detail));
  }

  override render() {
    const state = this.datasets.state;
    return html`${this.canImport ? html`<p><a class="button" href=${`/engagements/${this.engagementId}/import`} data-route>Import a staff list</a></p>` : nothing}
      <error-notice
        .message=${state.kind === 'failed' ? state.message : ''}
        ?retryable=${state.kind === 'failed'}
        @retry=${this.datasets.load}
      ></error-notice>
      ${state.kind === 'loading' ? html`<p role="status" class="muted">Loading datasets…</p>` : nothing}
      ${state.kind === 'loaded' ? this.renderList(state.value) : nothing}`;
  }

  private renderList(datasets: Dataset[]) {
    if (datasets.length === 0) return html`<p>No datasets yet.</p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="muted">Datasets of this engagement</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">People</th>
            <th scope="col">Annual cost</th>
            <th scope="col">Created</th>
            ${this.canDelete ? html`<th scope="col"><span class="visually-hidden">Delete</span></th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${datasets.map(
            (d) => html`<tr>
              <td><a href=${`/datasets/${d.id}`} data-route>${d.name}</a></td>
              <td><span class="badge">${d.status}</span></td>
              <td>${d.headcount !== null ? count(d.headcount) : `${count(d.uploadedRows)} of ${count(d.expectedRows)} uploaded`}</td>
              <td>${d.totalCogs === null || d.totalCogs === undefined ? '–' : formatMoneyShort(d.totalCogs, currencyOf(d))}</td>
              <td>${new Date(d.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}</td>
              ${this.canDelete ? html`<td><dataset-delete .datasetId=${d.id} .datasetName=${d.name} @dataset-deleted=${this.removed}></dataset-delete></td>` : nothing}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${this.currencyNote(datasets)}`;
  }

  /** Datasets in different currencies are never added up: no exchange rate is held, and none is assumed. */
  private currencyNote(datasets: Dataset[]) {
    const currencies = [...new Set(datasets.filter((d) => d.totalCogs !== null && d.totalCogs !== undefined).map(currencyOf))].sort();
    if (currencies.length < 2) return nothing;
    return html`<p class="muted" id="currency-note">These datasets are in ${currencies.join(' and ')}: each cost is in its own currency, and they are not added together, since no exchange rate is assumed.</p>`;
  }
}

customElements.define('datasets-panel', DatasetsPanel);

declare global {
  interface HTMLElementTagNameMap {
    'datasets-panel': DatasetsPanel;
  }
}

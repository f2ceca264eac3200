// <admin-cache-page>: the shared title cache (GET /api/admin/cache), most used first, searchable by
// title, 50 a page. An administrator verifies an entry (later AI picks never overwrite it) or deletes
// it after confirming in place. Occupation names come from the live reference version when it loads.
import { LitElement, css, html, nothing } from 'lit';
import { deleteCacheEntry, listCache, verifyCacheEntry, type CacheEntry, type CachePage } from '../../api/admin.ts';
import { errorMessage } from '../../api/http.ts';
import { liveOccupationCatalogue, type OccupationCatalogue } from '../../reference/occupations.ts';
import { badgeStyles, formPanelStyles, tableStyles } from '../../styles/form-styles.ts';
import { pageRange, pager } from '../../components/common/pager.ts';
import '../../components/common/error-notice.ts';

const PAGE_SIZE = 50;
const count = new Intl.NumberFormat('en-GB');
const keyOf = (entry: CacheEntry) => `${entry.context}\u0000${entry.normalisedTitle}`;

export class AdminCachePage extends LitElement {
  static override properties = {
    page: { state: true },
    query: { state: true },
    loading: { state: true },
    busyKey: { state: true },
    confirmKey: { state: true },
    error: { state: true },
    notice: { state: true },
    catalogue: { state: true },
  };

  static override styles = [
    formPanelStyles,
    tableStyles,
    badgeStyles,
    css`
      .search {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem);
        align-items: flex-end;
        margin-bottom: var(--space-4, 1rem);
      }
      .search .field {
        margin: 0;
        flex: 1 1 18rem;
      }
      td {
        vertical-align: top;
      }
      .code {
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
      }
      .name {
        display: block;
        font-size: 0.85rem;
        color: var(--color-muted, #4f5b69);
      }
      .badge.unverified {
        background: #eceff3;
        color: #3d4652;
      }
      .row-actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem);
      }
    `,
  ];

  declare page: CachePage | null;
  declare query: string;
  declare loading: boolean;
  declare busyKey: string;
  /** The entry whose deletion awaits confirmation. */
  declare confirmKey: string;
  declare error: string;
  declare notice: string;
  declare catalogue: OccupationCatalogue | null;

  constructor() {
    super();
    this.page = null;
    this.query = '';
    this.loading = false;
    this.busyKey = '';
    this.confirmKey = '';
    this.error = '';
    this.notice = '';
    this.catalogue = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.show(0);
    // Names are a nicety: without them the codes stand alone.
    liveOccupationCatalogue().then(
      (catalogue) => (this.catalogue = catalogue),
      () => undefined,
    );
  }

  private async show(offset: number): Promise<void> {
    this.loading = true;
    this.error = '';
    try {
      this.page = await listCache(this.query, offset, PAGE_SIZE);
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }

  private search(event: SubmitEvent): void {
    event.preventDefault();
    this.query = String(new FormData(event.target as HTMLFormElement).get('q') ?? '').trim();
    this.notice = '';
    void this.show(0);
  }

  private async setVerified(entry: CacheEntry, verified: boolean): Promise<void> {
    this.busyKey = keyOf(entry);
    this.error = '';
    try {
      const updated = await verifyCacheEntry(entry, verified);
      if (this.page) this.page = { ...this.page, entries: this.page.entries.map((e) => (keyOf(e) === keyOf(entry) ? { ...e, verified: updated.verified } : e)) };
      this.notice = `“${entry.normalisedTitle}” is ${verified ? 'verified' : 'no longer verified'}.`;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busyKey = '';
    }
  }

  private async deleteEntry(entry: CacheEntry): Promise<void> {
    this.busyKey = keyOf(entry);
    this.error = '';
    try {
      await deleteCacheEntry(entry);
      this.confirmKey = '';
      this.notice = `“${entry.normalisedTitle}” was deleted from the cache.`;
      await this.show(this.page?.offset ?? 0);
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busyKey = '';
    }
  }

  override render() {
    const page = this.page;
    return html`<section class="panel" aria-labelledby="cache-heading">
      <h1 id="cache-heading">Shared title cache</h1>
      <p class="muted">
        Titles the AI classifier placed, shared across engagements that allow it (titles and codes only). A verified entry is never
        overwritten by a later AI pick; a deleted one is classified afresh the next time a dataset holds the title.
      </p>
      <form class="search" role="search" @submit=${this.search}>
        <div class="field">
          <label for="cache-q">Title contains</label>
          <input id="cache-q" name="q" type="text" maxlength="300" autocomplete="off" .value=${this.query} />
        </div>
        <button type="submit">Search</button>
      </form>
      <error-notice .message=${this.error}></error-notice>
      <p role="status" class="muted">${this.statusText()}</p>
      ${page && page.entries.length > 0 ? this.renderTable(page.entries) : nothing}
      ${page && page.total > PAGE_SIZE ? this.renderPager(page) : nothing}
    </section>`;
  }

  private statusText(): string {
    if (this.loading) return 'Loading the cache…';
    if (this.notice) return this.notice;
    const page = this.page;
    if (!page) return '';
    if (page.total === 0) return this.query ? `No cached title contains “${this.query}”.` : 'The shared cache is empty.';
    return pageRange({ offset: page.offset, shown: page.entries.length, total: page.total }, 'most used first');
  }

  private renderCode(country: 'us' | 'uk', code: string) {
    const name = this.catalogue?.name(country, code);
    return html`<span class="code">${code}</span>${name ? html`<span class="name">${name}</span>` : nothing}`;
  }

  private renderTable(entries: CacheEntry[]) {
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">Shared cache entries</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Pack</th>
            <th scope="col">US SOC 2018</th>
            <th scope="col">UK SOC 2020</th>
            <th scope="col">Uses</th>
            <th scope="col">Status</th>
            <th scope="col"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${entries.map((entry) => this.renderRow(entry))}
        </tbody>
      </table>
    </div>`;
  }

  private renderRow(entry: CacheEntry) {
    const key = keyOf(entry);
    const busy = this.busyKey !== '';
    return html`<tr>
      <th scope="row">${entry.normalisedTitle}</th>
      <td>${entry.context}</td>
      <td>${this.renderCode('us', entry.usSoc2018)}</td>
      <td>${this.renderCode('uk', entry.ukSoc2020)}</td>
      <td>${count.format(entry.hitCount)}</td>
      <td><span class="badge ${entry.verified ? '' : 'unverified'}">${entry.verified ? 'Verified' : 'Unverified'}</span></td>
      <td>
        ${this.confirmKey === key
          ? html`<div class="row-actions" role="group" aria-label="Confirm deleting ${entry.normalisedTitle}">
              <button type="button" class="danger" ?disabled=${busy} @click=${() => this.deleteEntry(entry)}>Delete entry</button>
              <button type="button" class="secondary" ?disabled=${busy} @click=${() => (this.confirmKey = '')}>Cancel</button>
            </div>`
          : html`<div class="row-actions">
              <button type="button" class="secondary" ?disabled=${busy} @click=${() => this.setVerified(entry, !entry.verified)}>
                ${entry.verified ? 'Unverify' : 'Verify'}<span class="visually-hidden"> ${entry.normalisedTitle}</span>
              </button>
              <button type="button" class="secondary" ?disabled=${busy} @click=${() => (this.confirmKey = key)}>
                Delete<span class="visually-hidden"> ${entry.normalisedTitle}</span>
              </button>
            </div>`}
      </td>
    </tr>`;
  }

  private renderPager(page: CachePage) {
    return pager({
      offset: page.offset,
      shown: page.entries.length,
      total: page.total,
      pageSize: PAGE_SIZE,
      loading: this.loading,
      labels: ['More used', 'Less used'],
      go: (offset) => void this.show(offset),
    });
  }
}

customElements.define('admin-cache-page', AdminCachePage);

declare global {
  interface HTMLElementTagNameMap {
    'admin-cache-page': AdminCachePage;
  }
}

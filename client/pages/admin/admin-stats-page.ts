// <admin-stats-page>: the administrators' overview — the platform figures from GET /api/admin/stats
// and a short list of the other sections.
import { LitElement, css, html, nothing } from 'lit';
import { fetchPlatformStats, type PlatformStats } from '../../api/admin.ts';
import { ADMIN_SECTIONS, adminPath } from './admin-sections.ts';
import { LoadState } from '../../controllers/load-state.ts';
import { focusStyles, pageStyles } from '../../styles/shared-styles.ts';
import { tileStyles } from '../../components/results/results-styles.ts';
import '../../components/common/error-notice.ts';

const FIGURES: { key: keyof PlatformStats; label: string }[] = [
  { key: 'engagements', label: 'Engagements' },
  { key: 'datasets', label: 'Datasets' },
  { key: 'peopleAnalysed', label: 'People analysed' },
  { key: 'cacheEntries', label: 'Shared cache entries' },
  { key: 'verifiedEntries', label: 'Verified cache entries' },
];

const count = new Intl.NumberFormat('en-GB');

export class AdminStatsPage extends LitElement {
  static override styles = [
    focusStyles,
    pageStyles,
    tileStyles,
    css`
      /* The overview's few figures: narrower tiles, larger numbers than a dataset's. */
      .tiles {
        grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
        margin: 0;
      }
      .tile dd {
        font-size: 1.6rem;
      }
      h2 {
        font-size: 1.2rem;
        margin: 0 0 var(--space-3, 0.75rem);
      }
      .panel + .panel {
        margin-top: var(--space-6, 1.5rem);
      }
      ul {
        margin: 0;
        padding-left: var(--space-6, 1.5rem);
      }
      li + li {
        margin-top: var(--space-2, 0.5rem);
      }
    `,
  ];

  private readonly stats = new LoadState(this, fetchPlatformStats, { onConnect: true });

  override render() {
    const state = this.stats.state;
    return html`<section class="panel" aria-labelledby="stats-heading">
        <h1 id="stats-heading">Administration</h1>
        ${state.kind === 'loading' ? html`<p role="status" class="muted">Loading the platform figures…</p>` : nothing}
        ${state.kind === 'failed' ? html`<error-notice .message=${state.message} retryable @retry=${this.stats.load}></error-notice>` : nothing}
        ${state.kind === 'loaded'
          ? html`<dl class="tiles" aria-label="Platform figures">
              ${FIGURES.map(({ key, label }) => html`<div class="tile"><dt>${label}</dt><dd>${count.format(state.value[key])}</dd></div>`)}
            </dl>`
          : nothing}
      </section>
      <section class="panel" aria-labelledby="sections-heading">
        <h2 id="sections-heading">Sections</h2>
        <ul>
          ${ADMIN_SECTIONS.filter((section) => section.slug).map(
            (section) => html`<li><a href=${adminPath(section)} data-route>${section.label}</a>: ${section.description}</li>`,
          )}
        </ul>
      </section>`;
  }
}

customElements.define('admin-stats-page', AdminStatsPage);

declare global {
  interface HTMLElementTagNameMap {
    'admin-stats-page': AdminStatsPage;
  }
}

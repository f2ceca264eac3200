// <home-page>: where a signed-in person lands — their engagements with status, datasets and last activity,
// most recent first, and, until they have done each once, the next step: add a client, start an engagement,
// import a staff list. Dataset counts come from each engagement's list (the first few only).
import { LitElement, css, html, nothing } from 'lit';
import { listClients } from '../api/clients.ts';
import type { Dataset } from '../api/datasets.ts';
import { listDatasets, listEngagements, type MyEngagement } from '../api/engagements.ts';
import { engagementPermissions } from '../app/permissions.ts';
import type { Session } from '../api/session.ts';
import { LoadState } from '../controllers/load-state.ts';
import { badgeStyles, tableStyles } from '../styles/form-styles.ts';
import { focusStyles, pageStyles, panelStackStyles } from '../styles/shared-styles.ts';
import '../components/common/error-notice.ts';

/** Engagements whose datasets are counted on the home page; the rest are on the engagements page. */
export const HOME_ENGAGEMENTS = 8;

const ENVIRONMENT_LABELS: Record<Session['environment'], string> = {
  development: 'Development',
  production: 'Production',
  test: 'Test',
};

const count = new Intl.NumberFormat('en-GB');
const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

interface Row {
  engagement: MyEngagement;
  /** Null when the list could not be read. */
  datasets: Dataset[] | null;
  lastActivity: string;
}

/** The newest engagements with their datasets, how many there are, and how many clients are open (null: unread). */
interface Home {
  rows: Row[];
  total: number;
  clients: number | null;
}

/** The newest of the engagement's own dates and its datasets' creation and finalisation. */
export function lastActivity(engagement: MyEngagement, datasets: Dataset[] | null): string {
  const times = [engagement.createdAt, engagement.closedAt, engagement.purgedAt, ...(datasets ?? []).flatMap((d) => [d.createdAt, d.finalizedAt ?? null])];
  return times.filter((t): t is string => typeof t === 'string').sort().at(-1) ?? engagement.createdAt;
}

async function readHome(): Promise<Home> {
  const [engagements, clients] = await Promise.all([listEngagements(), listClients().then((c) => c.filter((x) => !x.archived).length, () => null)]);
  const rows = await Promise.all(
    [...engagements]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, HOME_ENGAGEMENTS)
      .map(async (engagement) => {
        const datasets = await listDatasets(engagement.id).catch(() => null);
        return { engagement, datasets, lastActivity: lastActivity(engagement, datasets) };
      }),
  );
  rows.sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
  return { rows, total: engagements.length, clients };
}

export class HomePage extends LitElement {
  static override properties = {
    session: { attribute: false },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    panelStackStyles,
    tableStyles,
    badgeStyles,
    css`
      dl {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
        margin: 0;
      }
      dt {
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0 0 0 var(--space-2, 0.5rem);
        font-weight: 500;
      }
      dl > div {
        display: flex;
      }
      .role {
        text-transform: capitalize;
      }
      ol.steps {
        margin: 0;
        padding-left: 1.5rem;
        display: grid;
        gap: var(--space-2, 0.5rem);
      }
      .done {
        color: var(--color-muted, #4f5b69);
        text-decoration: line-through;
      }
      .more {
        margin: var(--space-3, 0.75rem) 0 0;
      }
      .num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  declare session: Session | null;
  private readonly home = new LoadState(this, readHome, { onConnect: true });

  constructor() {
    super();
    this.session = null;
  }

  override render() {
    const session = this.session;
    if (!session) return html``;
    const state = this.home.state;
    return html`<section class="panel" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading">Welcome, ${session.user.name}</h1>
        <dl>
          <div><dt>Role</dt> <dd class="role">${session.user.role}</dd></div>
          <div><dt>Environment</dt> <dd>${ENVIRONMENT_LABELS[session.environment] ?? session.environment}</dd></div>
          <div><dt>AI features</dt> <dd>${session.aiEnabled ? 'Enabled' : 'Disabled'}</dd></div>
        </dl>
      </section>
      ${state.kind === 'loaded' ? this.renderNextSteps(state.value.rows, state.value.total, state.value.clients) : nothing}
      <section class="panel" aria-labelledby="home-engagements-heading">
        <h2 id="home-engagements-heading">Your engagements</h2>
        <error-notice .message=${state.kind === 'failed' ? state.message : ''} ?retryable=${state.kind === 'failed'} @retry=${this.home.load}></error-notice>
        ${state.kind === 'loading' ? html`<p role="status" class="muted">Loading your engagements…</p>` : nothing}
        ${state.kind === 'loaded' ? this.renderEngagements(state.value.rows, state.value.total) : nothing}
      </section>`;
  }

  /** Shown until each step has been done once: a client, an engagement, a staff list. */
  private renderNextSteps(rows: Row[], total: number, clients: number | null) {
    const hasClient = clients !== null && clients > 0;
    const hasEngagement = total > 0;
    const hasDataset = rows.some((r) => (r.datasets?.length ?? 0) > 0);
    if (hasEngagement && hasDataset) return nothing;
    const importable = rows.find((r) => engagementPermissions(this.session?.user, r.engagement).writeDatasets);
    const step = (done: boolean, content: unknown) => html`<li class=${done ? 'done' : ''}>${content}${done ? html` <span class="visually-hidden">(done)</span>` : nothing}</li>`;
    return html`<section class="panel" aria-labelledby="next-heading">
      <h2 id="next-heading">Next steps</h2>
      <ol class="steps">
        ${step(hasClient, html`<a href="/clients" data-route>Add a client</a>: the organisation the work is for, and the brand of its reports.`)}
        ${step(hasEngagement, html`<a href="/engagements" data-route>Start an engagement</a> for it, choosing its industry pack and region.`)}
        ${step(
          hasDataset,
          importable
            ? html`<a href="/engagements/${importable.engagement.id}/import" data-route>Import a staff list</a> into ${importable.engagement.name}: it is read in your browser, and only the columns you map are sent.`
            : html`Import a staff list into an engagement where you are lead or analyst.`,
        )}
      </ol>
    </section>`;
  }

  private renderEngagements(rows: Row[], total: number) {
    if (rows.length === 0) return html`<p>You are not staffed on any engagement yet.</p>`;
    return html`<div class="table-wrap">
        <table>
          <caption class="muted">Most recent activity first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Your role</th>
              <th scope="col" class="num">Datasets</th>
              <th scope="col">Last activity</th>
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              ({ engagement: e, datasets, lastActivity: last }) => html`<tr>
                <td><a href="/engagements/${e.id}" data-route>${e.name}</a></td>
                <td><span class="badge ${e.status}">${e.status}</span></td>
                <td><span class="role">${e.role}</span>${e.piiAccess ? ', with PII access' : ''}</td>
                <td class="num">${datasets === null ? '—' : datasetsText(datasets)}</td>
                <td>${when.format(new Date(last))}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p class="more"><a href="/engagements" data-route>${total > rows.length ? `All ${count.format(total)} engagements` : 'All engagements'}</a></p>`;
  }
}

function datasetsText(datasets: Dataset[]): string {
  const ready = datasets.filter((d) => d.status === 'ready').length;
  if (datasets.length === 0) return 'None yet';
  return ready === datasets.length ? count.format(ready) : `${count.format(datasets.length)} (${count.format(ready)} ready)`;
}

customElements.define('home-page', HomePage);

declare global {
  interface HTMLElementTagNameMap {
    'home-page': HomePage;
  }
}

// <app-root>: the shell. It asks the server who is signed in, shows the sign-in page when
// nobody is, and otherwise the header plus the page for the current address.
import { UUID_PATTERN } from '../../schema/ids.ts';
import { LitElement, css, html, nothing } from 'lit';
import { ApiError, NETWORK_ERROR_STATUS, errorMessage } from '../api/http.ts';
import { sendPendingExports } from '../api/exports.ts';
import { OFFLINE_COPY_EVENT, forgetOfflineCopies, forgetSession, keepOfflineCopiesFor, rememberSession, rememberedSession, type OfflineCopyUsed } from '../storage/offline-copies.ts';
import { currentPath, interceptRouteClick, navigate, onRouteChange } from './router.ts';
import { devSignOut, fetchSession, type Session } from '../api/session.ts';
import { focusStyles } from '../styles/shared-styles.ts';
import { PRODUCT_NAME } from '../components/shell/app-header.ts';
import '../components/common/error-notice.ts';
import '../components/shell/offline-notice.ts';
import '../pages/admin-page.ts';
import '../pages/dataset-import-page.ts';
import '../pages/dataset-page.ts';
import '../pages/engagement-page.ts';
import '../pages/engagements-page.ts';
import '../pages/home-page.ts';
import '../pages/client-page.ts';
import '../pages/clients-page.ts';
import '../pages/not-found-page.ts';
import '../pages/report-page.ts';
import '../pages/sign-in-page.ts';

export const SIGN_IN_PATH = '/sign-in';

/** The signed-in pages by address; an engagement's id is a UUID, as the server's routes require. */
type Page =
  | { kind: 'home' }
  | { kind: 'engagements' }
  | { kind: 'engagement'; id: string }
  | { kind: 'import'; id: string }
  | { kind: 'dataset'; id: string }
  | { kind: 'report'; id: string }
  | { kind: 'clients' }
  | { kind: 'client'; id: string }
  | { kind: 'admin'; slug: string }
  | { kind: 'not-found' };

function pageAt(path: string): Page {
  if (path === '/') return { kind: 'home' };
  if (path === '/engagements' || path === '/engagements/') return { kind: 'engagements' };
  const id = (pattern: string) => new RegExp(`^${pattern.replace('ID', `(${UUID_PATTERN})`)}/?$`, 'i').exec(path)?.[1]?.toLowerCase();
  const engagement = id('/engagements/ID');
  if (engagement) return { kind: 'engagement', id: engagement };
  const importTo = id('/engagements/ID/import');
  if (importTo) return { kind: 'import', id: importTo };
  const dataset = id('/datasets/ID');
  if (dataset) return { kind: 'dataset', id: dataset };
  const report = id('/datasets/ID/report');
  if (report) return { kind: 'report', id: report };
  if (path === '/clients' || path === '/clients/') return { kind: 'clients' };
  const client = id('/clients/ID');
  if (client) return { kind: 'client', id: client };
  const admin = /^\/admin(?:\/([a-z0-9-]+))?\/?$/.exec(path);
  if (admin) return { kind: 'admin', slug: admin[1] ?? '' };
  return { kind: 'not-found' };
}

const PAGE_TITLES: Record<Page['kind'], string> = {
  home: 'Home',
  engagements: 'Engagements',
  engagement: 'Engagement',
  import: 'Import a staff list',
  dataset: 'Dataset',
  report: 'Client report',
  clients: 'Clients',
  client: 'Client',
  admin: 'Administration',
  'not-found': 'Page not found',
};

type ShellState =
  | { kind: 'loading' }
  | { kind: 'signed-out'; message: string }
  | { kind: 'signed-in'; session: Session }
  | { kind: 'failed'; message: string };

export class AppRoot extends LitElement {
  static override properties = {
    shell: { state: true },
    path: { state: true },
    signingOut: { state: true },
    actionError: { state: true },
    offlineCopyFrom: { state: true },
  };

  static override styles = [
    focusStyles,
    css`
      :host {
        display: block;
        min-height: 100vh;
      }
      /* A dataset's results are a dashboard of wide tables beside a section index: its page, header included,
         takes more of a wide screen than the reading column of the other pages. */
      :host([wide]) {
        --content-width: 96rem;
      }
      main {
        max-width: var(--content-width, 56rem);
        margin: 0 auto;
        padding: var(--space-8, 2rem) var(--space-6, 1.5rem);
      }
      .status {
        color: var(--color-muted, #4f5b69);
        margin: 0;
      }
      .offline-copy {
        margin: 0 0 var(--space-4, 1rem);
        padding: var(--space-2, 0.5rem) var(--space-4, 1rem);
        background: #fff4dc;
        color: #5c3f00;
        border: 1px solid #e8c979;
        border-radius: 4px;
      }
      @media print {
        .offline-copy {
          display: none;
        }
      }
    `,
  ];

  declare shell: ShellState;
  declare path: string;
  declare signingOut: boolean;
  /** A failed action of the shell itself (sign out); page errors are shown by the page. */
  declare actionError: string;
  /** The oldest offline copy the current page is showing (ISO time), or '' when all of it is from the server. */
  declare offlineCopyFrom: string;

  /** Where a signed-out visitor was heading, so signing in takes them there. */
  private returnPath = '/';
  private stopListening: (() => void) | null = null;

  constructor() {
    super();
    this.shell = { kind: 'loading' };
    this.path = currentPath();
    this.signingOut = false;
    this.actionError = '';
    this.offlineCopyFrom = '';
  }

  private readonly onOfflineCopy = (event: Event) => {
    const { savedAt } = (event as CustomEvent<OfflineCopyUsed>).detail;
    if (this.offlineCopyFrom === '' || savedAt < this.offlineCopyFrom) this.offlineCopyFrom = savedAt;
  };

  private readonly onOnline = () => {
    if (this.shell.kind === 'signed-in') void sendPendingExports(this.shell.session.user.id);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopListening = onRouteChange((path) => {
      this.path = path;
      this.actionError = '';
      this.offlineCopyFrom = '';
      this.settleRoute();
    });
    this.addEventListener('click', interceptRouteClick);
    window.addEventListener(OFFLINE_COPY_EVENT, this.onOfflineCopy);
    window.addEventListener('online', this.onOnline);
    void this.loadSession();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening?.();
    this.stopListening = null;
    this.removeEventListener('click', interceptRouteClick);
    window.removeEventListener(OFFLINE_COPY_EVENT, this.onOfflineCopy);
    window.removeEventListener('online', this.onOnline);
  }

  /**
   * Asks the server who is signed in. Without a connection, the person last confirmed on this device carries on
   * with the offline copies of what they viewed; a 401 means the session ended, so their copies go.
   */
  private async loadSession(): Promise<void> {
    this.shell = { kind: 'loading' };
    this.offlineCopyFrom = '';
    try {
      const session = await fetchSession();
      await keepOfflineCopiesFor(session.user.id);
      await rememberSession(session);
      this.shell = { kind: 'signed-in', session };
      void sendPendingExports(session.user.id);
    } catch (error) {
      const remembered = error instanceof ApiError && error.status === NETWORK_ERROR_STATUS ? await rememberedSession() : null;
      if (remembered) {
        await keepOfflineCopiesFor(remembered.user.id);
        // Exports made now are kept for this person (keepOfflineCopiesFor) and recorded when the connection is back.
        this.shell = { kind: 'signed-in', session: remembered };
      } else if (error instanceof ApiError && error.status === 401) {
        await this.forgetDevice();
        this.shell = { kind: 'signed-out', message: error.message };
      } else {
        this.shell = { kind: 'failed', message: errorMessage(error) };
      }
    }
    this.settleRoute();
  }

  /** Nothing of the last person stays on this device once they are signed out. */
  private async forgetDevice(): Promise<void> {
    const remembered = await rememberedSession();
    if (remembered) await forgetOfflineCopies(remembered.user.id).catch(() => undefined);
    await keepOfflineCopiesFor(null);
    await forgetSession();
  }

  /** Keeps the address in step with the session: signed out means /sign-in, signed in never does. */
  private settleRoute(): void {
    const path = currentPath();
    if (this.shell.kind === 'signed-out' && path !== SIGN_IN_PATH) {
      this.returnPath = path;
      navigate(SIGN_IN_PATH, { replace: true });
    } else if (this.shell.kind === 'signed-in' && path === SIGN_IN_PATH) {
      const target = this.returnPath;
      this.returnPath = '/';
      navigate(target, { replace: true });
    }
  }

  private async signOut(): Promise<void> {
    this.signingOut = true;
    this.actionError = '';
    try {
      await devSignOut();
      await this.forgetDevice();
      this.shell = { kind: 'signed-out', message: '' };
      this.settleRoute();
    } catch (error) {
      this.actionError = errorMessage(error);
    } finally {
      this.signingOut = false;
    }
  }

  override willUpdate(): void {
    document.title = `${this.pageTitle()} · ${PRODUCT_NAME}`;
    this.toggleAttribute('wide', this.shell.kind === 'signed-in' && pageAt(this.path).kind === 'dataset');
  }

  private pageTitle(): string {
    switch (this.shell.kind) {
      case 'loading':
        return 'Loading';
      case 'failed':
        return 'Unavailable';
      case 'signed-out':
        return 'Sign in';
      case 'signed-in':
        return PAGE_TITLES[pageAt(this.path).kind];
    }
  }

  override render() {
    const shell = this.shell;
    const session = shell.kind === 'signed-in' ? shell.session : null;
    // The client report is a document to print: it stands alone, without the app's header.
    const page = pageAt(this.path);
    if (session && page.kind === 'report') return html`${this.renderOfflineCopy()}<report-page .datasetId=${page.id}></report-page>`;
    return html`<offline-notice></offline-notice>
      <app-header
        .user=${session?.user ?? null}
        ?can-sign-out=${session?.signInMode === 'development'}
        ?signing-out=${this.signingOut}
        @sign-out=${this.signOut}
      ></app-header>
      <main>
        <error-notice
          .message=${shell.kind === 'failed' ? shell.message : this.actionError}
          ?retryable=${shell.kind === 'failed'}
          @retry=${this.loadSession}
        ></error-notice>
        ${this.renderOfflineCopy()}
        ${this.renderPage(shell)}
      </main>`;
  }

  private renderOfflineCopy() {
    if (this.offlineCopyFrom === '') return nothing;
    const when = new Date(this.offlineCopyFrom).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    return html`<p class="offline-copy" role="status">Offline copy from ${when}. Changes, and anything not opened before, need a connection.</p>`;
  }

  private renderPage(shell: ShellState) {
    switch (shell.kind) {
      case 'loading':
        return html`<p role="status" class="status">Loading…</p>`;
      case 'failed':
        return html``;
      case 'signed-out':
        return html`<sign-in-page .notice=${shell.message} @signed-in=${this.loadSession}></sign-in-page>`;
      case 'signed-in':
        return this.renderSignedIn(shell.session);
    }
  }

  private renderSignedIn(session: Session) {
    const page = pageAt(this.path);
    switch (page.kind) {
      case 'home':
        return html`<home-page .session=${session}></home-page>`;
      case 'engagements':
        return html`<engagements-page></engagements-page>`;
      case 'engagement':
        return html`<engagement-page .engagementId=${page.id} .session=${session}></engagement-page>`;
      case 'import':
        return html`<dataset-import-page .engagementId=${page.id} .session=${session}></dataset-import-page>`;
      case 'dataset':
        return html`<dataset-page .datasetId=${page.id} .session=${session}></dataset-page>`;
      case 'report':
        return html`<report-page .datasetId=${page.id}></report-page>`;
      case 'clients':
        return html`<clients-page .session=${session}></clients-page>`;
      case 'client':
        return html`<client-page .clientId=${page.id} .session=${session}></client-page>`;
      case 'admin':
        return html`<admin-page .session=${session} .slug=${page.slug}></admin-page>`;
      case 'not-found':
        return html`<not-found-page></not-found-page>`;
    }
  }
}

customElements.define('app-root', AppRoot);

declare global {
  interface HTMLElementTagNameMap {
    'app-root': AppRoot;
  }
}

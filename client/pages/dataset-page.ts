// <dataset-page>: one dataset. While it is uploading or classifying the page drives it to ready (resuming a
// queued upload from this browser) and shows progress; once ready it shows the stored summary and the
// titles table, where leads and analysts correct a title's coding (an engagement override) and see the
// rescored figures. A purged dataset keeps its summary. Every failure is shown as the server's message.
// The page is long, so an index of its sections stays in reach: a sticky column beside it on a wide
// screen, a sticky bar above it on a narrow one, marking the section being read.
import { LitElement, css, html, nothing } from 'lit';
import { ApiError, NETWORK_ERROR_STATUS, errorMessage } from '../api/http.ts';
import { fetchDataset, fetchTitles, type Dataset, type DatasetDetail, type DatasetTitle } from '../api/datasets.ts';
import { getEngagement } from '../api/engagements.ts';
import { occupationCatalogue, type OccupationCatalogue } from '../reference/occupations.ts';
import { removeOverride } from '../api/overrides.ts';
import { answeredOffline, keepRowsOffline } from '../storage/offline-copies.ts';
import { engagementPermissions, offlinePermissions, unstaffedAdministration } from '../app/permissions.ts';
import { referenceVersion } from '../reference/reference-data.ts';
import type { Session } from '../api/session.ts';
import { badgeStyles } from '../styles/form-styles.ts';
import { sectionIndexStyles } from '../styles/section-index-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../styles/shared-styles.ts';
import { runDataset, type RunHandle } from '../upload/dataset-runs.ts';
import type { PipelineProgress } from '../upload/pipeline.ts';
import '../components/datasets/dataset-progress.ts';
import '../components/datasets/dataset-reference-move.ts';
import '../components/datasets/dataset-settings.ts';
import '../components/common/error-notice.ts';
import '../components/exports/dataset-exports.ts';
import '../components/benchmarks/benchmark-panel.ts';
import '../components/ai/ai-narrative-panel.ts';
import '../components/ai/dataset-ai-panel.ts';
import '../components/copilot/copilot-plans-panel.ts';
import { RESULT_SECTIONS, type DatasetResults } from '../components/results/dataset-results.ts';
import '../components/results/title-correction.ts';
import type { OverrideSaved, TitleCorrection } from '../components/results/title-correction.ts';
import '../components/results/titles-table.ts';
import '../components/identities/identity-reveal-panel.ts';
import '../components/identities/licence-match-panel.ts';
import type { TitleAction } from '../components/results/titles-table.ts';
import { formatDate } from '../../workers/format/figures.ts';
import { importQualityNotes } from '../../workers/import/qualityNotes.ts';

type DetailState = { kind: 'loading' } | { kind: 'loaded'; detail: DatasetDetail } | { kind: 'failed'; message: string; notFound: boolean };
type TitlesState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; titles: DatasetTitle[] } | { kind: 'failed'; message: string };

const STATUS_TEXT: Record<Dataset['status'], string> = {
  uploading: 'Uploading',
  classifying: 'Classifying',
  ready: 'Ready',
  purged: 'Purged',
};

export class DatasetPage extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    session: { attribute: false },
    state: { state: true },
    titles: { state: true },
    progress: { state: true },
    runError: { state: true },
    majorGroupNames: { state: true },
    catalogue: { state: true },
    canCorrect: { state: true },
    piiAccess: { state: true },
    offline: { state: true },
    correction: { state: true },
    currentSection: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    pageStyles,
    badgeStyles,
    sectionIndexStyles('72rem'),
    css`
      .layout {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: var(--space-6, 1.5rem);
      }
      /* From 72rem the index is a column beside the sections. */
      @media (min-width: 72rem) {
        .with-index {
          display: grid;
          grid-template-columns: 12rem minmax(0, 1fr);
          gap: var(--space-6, 1.5rem);
          align-items: start;
        }
      }
      .meta {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
        align-items: center;
        margin: 0 0 var(--space-4, 1rem);
      }
      .meta p {
        margin: 0;
      }
      h2 {
        font-size: 1.25rem;
        margin: 0 0 var(--space-4, 1rem);
      }
      .back {
        display: inline-block;
        margin-bottom: var(--space-3, 0.75rem);
      }
      .correction-status:empty {
        margin: 0;
      }
    `,
  ];

  declare datasetId: string;
  declare session: Session | null;
  declare state: DetailState;
  declare titles: TitlesState;
  declare progress: PipelineProgress | null;
  declare runError: string;
  /** US SOC major group titles from the summary's reference version; codes alone until (or unless) they load. */
  declare majorGroupNames: Record<string, string>;
  /** Occupation names of the dataset's pinned version, for the titles table and the correction dialog. */
  declare catalogue: OccupationCatalogue | null;
  /** Lead or analyst on an active engagement; viewers (and a failed look-up) get no controls. */
  declare canCorrect: boolean;
  /** PII access on the engagement: reveal and licence-list match are offered (admins are not exempt). */
  declare piiAccess: boolean;
  /** The dataset was read from this device's offline copy. */
  declare offline: boolean;
  /** What a correction is doing now, or how it ended; announced as status. */
  declare correction: { busy: boolean; message: string; error: string };
  /** The index entry of the section being read. */
  declare currentSection: string;

  private run: RunHandle | null = null;
  /** The last run failed for want of a connection: coming back online retries it. */
  private waitingForNetwork = false;

  constructor() {
    super();
    this.datasetId = '';
    this.session = null;
    this.state = { kind: 'loading' };
    this.titles = { kind: 'idle' };
    this.progress = null;
    this.runError = '';
    this.majorGroupNames = {};
    this.catalogue = null;
    this.canCorrect = false;
    this.piiAccess = false;
    this.offline = false;
    this.correction = { busy: false, message: '', error: '' };
    this.currentSection = '';
  }

  private readonly onOnline = () => {
    if (this.waitingForNetwork) void this.load();
  };

  private scrollFrame = 0;
  private readonly onScroll = () => {
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      this.markCurrentSection();
    });
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('online', this.onOnline);
    window.addEventListener('scroll', this.onScroll, { passive: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('scroll', this.onScroll);
    cancelAnimationFrame(this.scrollFrame);
    this.run?.detach();
    this.run = null;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('datasetId') && this.datasetId) void this.load();
  }

  /** Reads the dataset, then either drives it to ready or shows its results. */
  private async load(): Promise<void> {
    const id = this.datasetId;
    this.waitingForNetwork = false;
    this.runError = '';
    if (this.state.kind !== 'loaded' || this.state.detail.dataset.id !== id) this.state = { kind: 'loading' };
    try {
      const detail = await fetchDataset(id);
      if (id !== this.datasetId) return;
      this.state = { kind: 'loaded', detail };
      // Read from this device's copy: reading and exports only, nothing that needs the server.
      this.offline = answeredOffline(`/datasets/${id}`);
      const status = detail.dataset.status;
      if (status === 'uploading' || status === 'classifying') this.drive(detail.dataset);
      else if (status === 'ready') {
        if (!this.offline) keepRowsOffline(id, detail.dataset.uploadedRows);
        void this.loadTitles();
        void this.loadCatalogue(detail.dataset.referenceVersion);
        void this.loadAccess(detail.dataset.engagementId);
      }
      if (detail.dataset.summary) void this.loadMajorGroupNames(detail.dataset.summary.referenceVersion);
    } catch (error) {
      this.state = { kind: 'failed', message: errorMessage(error), notFound: error instanceof ApiError && error.status === 404 };
      this.waitingForNetwork = error instanceof ApiError && error.status === NETWORK_ERROR_STATUS;
    }
  }

  private drive(dataset: Dataset): void {
    this.run?.detach();
    const run = runDataset(dataset.id, dataset.status, (progress) => {
      this.progress = progress;
    });
    this.run = run;
    run.done.then(
      () => {
        if (this.run === run) void this.load();
      },
      (error: unknown) => {
        if (this.run !== run) return;
        this.runError = errorMessage(error);
        this.waitingForNetwork = error instanceof ApiError && error.status === NETWORK_ERROR_STATUS;
      },
    );
  }

  private async loadTitles(): Promise<void> {
    this.titles = { kind: 'loading' };
    try {
      this.titles = { kind: 'loaded', titles: await fetchTitles(this.datasetId) };
    } catch (error) {
      this.titles = { kind: 'failed', message: errorMessage(error) };
    }
  }

  /** Occupation names are a nicety too: without them the table shows codes and the search finds nothing. */
  private async loadCatalogue(version: number): Promise<void> {
    if (this.catalogue?.version === version) return;
    try {
      this.catalogue = await occupationCatalogue(version);
    } catch {
      this.catalogue = null;
    }
  }

  /** The caller's role decides the controls; the server refuses a viewer's override whatever is shown. */
  private async loadAccess(engagementId: string): Promise<void> {
    try {
      const { engagement } = await getEngagement(engagementId);
      const online = engagementPermissions(this.session?.user, engagement);
      const can = this.offline ? offlinePermissions(online) : online;
      this.canCorrect = can.writeDatasets;
      this.piiAccess = can.useIdentities;
    } catch {
      this.canCorrect = false;
      this.piiAccess = false;
    }
  }

  private openCorrection(event: CustomEvent<TitleAction>): void {
    if (this.correction.busy) return;
    this.correction = { busy: false, message: '', error: '' };
    void this.renderRoot.querySelector<TitleCorrection>('title-correction')?.show(event.detail.title, event.detail.opener, event.detail.variant);
  }

  private async onOverrideSaved(event: CustomEvent<OverrideSaved>): Promise<void> {
    await this.refreshAfterOverride(`Correction saved for “${event.detail.title}”.`);
    // Focus went back to the Correct control; in the Needs review view its row may have left with the title.
    const table = this.renderRoot.querySelector('titles-table');
    await table?.updateComplete;
    if (!table?.shadowRoot?.activeElement) this.focusOutcome();
  }

  private focusOutcome(): void {
    this.renderRoot.querySelector<HTMLElement>('.correction-status')?.focus();
  }

  private async onRemoveOverride(event: CustomEvent<TitleAction>): Promise<void> {
    if (this.state.kind !== 'loaded' || this.correction.busy) return;
    const { title } = event.detail.title;
    this.correction = { busy: true, message: 'Removing the override and rescoring…', error: '' };
    try {
      await removeOverride(this.state.detail.dataset.engagementId, title, event.detail.variant?.overrideScope ?? null);
    } catch (error) {
      this.correction = { busy: false, message: '', error: errorMessage(error) };
      return;
    }
    await this.refreshAfterOverride(`Override removed for “${title}”.`);
    // The Remove override control went with the override; the outcome is where focus can go instead.
    await this.updateComplete;
    this.focusOutcome();
  }

  /** The server rescored before answering; reading the dataset and titles again shows the new figures in place. */
  private async refreshAfterOverride(done: string): Promise<void> {
    this.correction = { busy: true, message: 'Rescoring: updating the figures…', error: '' };
    try {
      const [detail, titles] = await Promise.all([fetchDataset(this.datasetId), fetchTitles(this.datasetId)]);
      this.state = { kind: 'loaded', detail };
      this.titles = { kind: 'loaded', titles };
      this.correction = { busy: false, message: `${done} The figures now include it.`, error: '' };
    } catch (error) {
      this.correction = { busy: false, message: '', error: `${done} The new figures could not be read: ${errorMessage(error)}` };
    }
  }

  /** Names are a nicety: a failure leaves the codes, and the figures are unaffected. */
  private async loadMajorGroupNames(version: number): Promise<void> {
    try {
      const { data } = await referenceVersion(version);
      this.majorGroupNames = (data as { occupations?: { usMajorGroups?: Record<string, string> } }).occupations?.usMajorGroups ?? {};
    } catch {
      this.majorGroupNames = {};
    }
  }

  private onDatasetChanged(event: CustomEvent<Dataset>): void {
    // A rename changes nothing else; a saved multiplier rescored the summary, so read it again.
    if (this.state.kind === 'loaded' && event.detail.name !== this.state.detail.dataset.name) {
      this.state = { kind: 'loaded', detail: { ...this.state.detail, dataset: { ...this.state.detail.dataset, name: event.detail.name } } };
    }
    if (event.detail.finalizedAt !== (this.state.kind === 'loaded' ? this.state.detail.dataset.finalizedAt : null)) void this.load();
  }

  /** The sections of a loaded dataset, in page order, as the index lists them. */
  private sections(detail: DatasetDetail): { id: string; label: string }[] {
    const { dataset } = detail;
    if (!dataset.summary) return [];
    const ready = dataset.status === 'ready';
    return [
      ...RESULT_SECTIONS,
      { id: 'benchmarks', label: 'How this client compares' },
      ...(ready ? [{ id: 'ai', label: 'Executive summary' }] : []),
      { id: 'deliverables', label: 'Deliverables' },
      ...(ready ? [{ id: 'copilot', label: 'Copilot licences' }, { id: 'titles', label: 'Titles' }, { id: 'settings', label: 'Dataset settings' }] : []),
      ...(ready && dataset.withIdentities && this.piiAccess ? [{ id: 'names-and-emails', label: 'Names and emails' }] : []),
    ];
  }

  /** A section's element: the result panels live in <dataset-results>' shadow root, the rest in this page's. */
  private sectionElement(id: string): HTMLElement | null {
    if (RESULT_SECTIONS.some((s) => s.id === id)) return this.renderRoot.querySelector<DatasetResults>('dataset-results')?.section(id) ?? null;
    return this.renderRoot.querySelector<HTMLElement>(`#${id}`);
  }

  /** Height the sticky index covers at the top of the window (the bar on a narrow screen; none beside). */
  private indexOverlap(): number {
    const index = this.renderRoot.querySelector<HTMLElement>('.index');
    if (!index) return 0;
    const box = index.getBoundingClientRect();
    return box.width < this.getBoundingClientRect().width * 0.5 ? 0 : box.height;
  }

  /** In-page links cannot reach into shadow roots: move focus, then the view, to the section, clear of the index. */
  private jump(event: Event, id: string): void {
    event.preventDefault();
    const target = this.sectionElement(id);
    if (!target) return;
    target.focus({ preventScroll: true });
    const top = target.getBoundingClientRect().top + window.scrollY - this.indexOverlap() - 16;
    window.scrollTo({ top: Math.max(0, top) });
    this.currentSection = id;
  }

  /** The section whose top has passed the upper part of the window is the one being read. */
  private markCurrentSection(): void {
    if (this.state.kind !== 'loaded') return;
    const line = this.indexOverlap() + window.innerHeight * 0.25;
    let current = '';
    for (const { id } of this.sections(this.state.detail)) {
      const element = this.sectionElement(id);
      if (element && element.getBoundingClientRect().top <= line) current = id;
    }
    this.currentSection = current;
  }

  private renderIndex(detail: DatasetDetail) {
    const sections = this.sections(detail);
    return html`<nav class="index" aria-labelledby="index-heading">
      <h2 id="index-heading">On this page</h2>
      <ol>
        ${sections.map(
          (x) => html`<li>
            <a href="#${x.id}" aria-current=${x.id === this.currentSection ? 'location' : 'false'} @click=${(e: Event) => this.jump(e, x.id)}>${x.label}</a>
          </li>`,
        )}
      </ol>
    </nav>`;
  }

  override render() {
    const state = this.state;
    if (state.kind === 'loading') return html`<p role="status" class="muted">Loading the dataset…</p>`;
    if (state.kind === 'failed') {
      // The server answers 404 alike for a dataset that does not exist and one an administrator is not staffed on.
      if (state.notFound && unstaffedAdministration(this.session?.user).readAudit) {
        return html`<h1>Dataset</h1>
          <p>This dataset does not exist, or it belongs to an engagement you are not staffed on: administrators see an
            engagement's datasets only when one of its leads adds them. Its engagement's audit entries are under
            <a href="/admin/audit" data-route>Administration › Audit</a>, where you can also find the engagement to delete it.</p>`;
      }
      return html`<h1>Dataset</h1>
        <error-notice .message=${state.message} retryable @retry=${this.load}></error-notice>`;
    }
    const { dataset, latestReferenceVersion } = state.detail;
    const aiEnabled = this.session?.aiEnabled ?? false;
    return html`<a class="back" href="/engagements/${dataset.engagementId}" data-route>Back to the engagement</a>
      <h1>${dataset.name}</h1>
      <div class="meta">
        <span class="badge ${dataset.status}">${STATUS_TEXT[dataset.status]}</span>
        <p class="muted">Created ${formatDate(dataset.createdAt)} · reference version ${dataset.referenceVersion}${
          latestReferenceVersion > dataset.referenceVersion ? ` (version ${latestReferenceVersion} is newer)` : ''
        }${aiEnabled && !dataset.useAi ? ' · AI classification off for this dataset' : ''}</p>
      </div>
      ${this.sections(state.detail).length > 0
        ? html`<div class="with-index">${this.renderIndex(state.detail)}<div class="layout">${this.renderBody(state.detail, aiEnabled)}</div></div>`
        : html`<div class="layout">${this.renderBody(state.detail, aiEnabled)}</div>`}`;
  }

  private renderBody(detail: DatasetDetail, aiEnabled: boolean) {
    const { dataset } = detail;
    if (dataset.status === 'uploading' || dataset.status === 'classifying') {
      return html`<section class="panel" aria-labelledby="progress-heading">
        <h2 id="progress-heading">Preparing the analysis</h2>
        <error-notice .message=${this.runError} ?retryable=${this.runError !== ''} @retry=${this.load}></error-notice>
        <dataset-progress .progress=${this.progress} ?ai-enabled=${aiEnabled}></dataset-progress>
        ${this.progress === null && this.runError === '' ? html`<p role="status" class="muted">Starting…</p>` : nothing}
      </section>`;
    }
    const summary = dataset.summary;
    const ready = dataset.status === 'ready';
    return html`${summary
        ? html`<dataset-results .summary=${summary} .majorGroupNames=${this.majorGroupNames} .importNotes=${importQualityNotes(dataset.importStats, dataset.columnMapping)}>
              ${ready
                ? html`<ai-narrative-panel
                    slot="value-chain-ai"
                    kind="lifecycle"
                    .datasetId=${dataset.id}
                    .finalizedAt=${dataset.finalizedAt}
                    ?can-generate=${this.canCorrect}
                    ?ai-enabled=${aiEnabled}
                  ></ai-narrative-panel>`
                : nothing}
            </dataset-results>
            <benchmark-panel id="benchmarks" tabindex="-1" .datasetId=${dataset.id} .finalizedAt=${dataset.finalizedAt} .majorGroupNames=${this.majorGroupNames}></benchmark-panel>
            ${ready
              ? html`<dataset-ai-panel id="ai" tabindex="-1" .datasetId=${dataset.id} .finalizedAt=${dataset.finalizedAt} .bySource=${summary.stats.bySource} ?can-generate=${this.canCorrect} ?ai-enabled=${aiEnabled}></dataset-ai-panel>`
              : nothing}`
        : html`<section class="panel"><p>This dataset has no stored summary.</p></section>`}
      ${summary
        ? html`<section class="panel" id="deliverables" tabindex="-1" aria-labelledby="exports-heading">
            <h2 id="exports-heading">Deliverables</h2>
            <dataset-exports .record=${dataset} .titles=${this.titles.kind === 'loaded' ? this.titles.titles : null}></dataset-exports>
          </section>`
        : nothing}
      ${ready
        ? html`<copilot-plans-panel id="copilot" tabindex="-1" .record=${dataset}></copilot-plans-panel>
            <section class="panel" id="titles" tabindex="-1" aria-labelledby="titles-heading">
              <h2 id="titles-heading">Titles</h2>
              ${this.renderTitles(aiEnabled)}
            </section>
            <section class="panel" id="settings" tabindex="-1" aria-labelledby="settings-heading">
              <h2 id="settings-heading">Dataset settings</h2>
              <dataset-settings
                .record=${dataset}
                .canEdit=${this.canCorrect}
                .readOnlyNote=${this.offline ? 'Read from this device: renaming and changing the settings need a connection.' : "Only the engagement's leads and analysts can rename the dataset or change its settings, while the engagement is active."}
                @dataset-changed=${this.onDatasetChanged}></dataset-settings>
            </section>
            <dataset-reference-move .detail=${detail} .canChange=${this.canCorrect} @dataset-changed=${this.onDatasetChanged}></dataset-reference-move>
            ${dataset.withIdentities && this.piiAccess ? this.renderIdentities(dataset.id) : nothing}`
        : html`<section class="panel"><p>The engagement has been purged: the rows and titles are deleted and only this anonymised summary is kept.</p></section>`}`;
  }

  private renderIdentities(datasetId: string) {
    return html`<section class="panel" id="names-and-emails" tabindex="-1" aria-labelledby="reveal-heading">
        <h2 id="reveal-heading">Names and emails</h2>
        <identity-reveal-panel .datasetId=${datasetId}></identity-reveal-panel>
      </section>
      <section class="panel" aria-labelledby="match-heading">
        <h2 id="match-heading">Match a licence list</h2>
        <licence-match-panel .datasetId=${datasetId}></licence-match-panel>
      </section>`;
  }

  private renderTitles(aiEnabled: boolean) {
    const titles = this.titles;
    switch (titles.kind) {
      case 'idle':
      case 'loading':
        return html`<p role="status" class="muted">Loading titles…</p>`;
      case 'failed':
        return html`<error-notice .message=${titles.message} retryable @retry=${this.loadTitles}></error-notice>`;
      case 'loaded':
        return html`<p role="status" class="muted correction-status" tabindex="-1">${this.correction.message}</p>
          <error-notice .message=${this.correction.error}></error-notice>
          <titles-table
            .titles=${titles.titles}
            .catalogue=${this.catalogue}
            ?ai-enabled=${aiEnabled}
            ?can-correct=${this.canCorrect}
            @correct-title=${this.openCorrection}
            @remove-override=${this.onRemoveOverride}
          ></titles-table>
          ${this.canCorrect && this.state.kind === 'loaded'
            ? html`<title-correction
                .engagementId=${this.state.detail.dataset.engagementId}
                .datasetId=${this.state.detail.dataset.id}
                .catalogue=${this.catalogue}
                @override-saved=${this.onOverrideSaved}
              ></title-correction>`
            : nothing}`;
    }
  }
}

customElements.define('dataset-page', DatasetPage);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-page': DatasetPage;
  }
}

// <new-dataset-page>: upload a staff list to an engagement. The spreadsheet is read and mapped in the browser
// (<spreadsheet-import>, in a worker); only the prepared rows are queued and sent. Starting the upload
// creates the dataset and moves to its page, which sends the queue, classifies and shows the results.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../api.ts';
import { previousReadyMapping } from '../datasets-api.ts';
import { getEngagement, type MyEngagement } from '../engagements-api.ts';
import { navigate } from '../router.ts';
import type { Session } from '../session-api.ts';
import { formStyles } from '../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../styles/shared-styles.ts';
import { datasetPath, startUpload } from '../upload/start-upload.ts';
import type { ImportResult } from '../../workers/import/rows.ts';
import type { ServerColumnMapping } from '../../workers/import/mapping.ts';
import '../components/error-notice.ts';
import '../components/spreadsheet-import.ts';

type PageState =
  | { kind: 'loading' }
  | { kind: 'loaded'; engagement: MyEngagement; previousMapping: ServerColumnMapping | null }
  | { kind: 'failed'; message: string };

const WRITERS = new Set(['lead', 'analyst']);

export class NewDatasetPage extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    session: { attribute: false },
    state: { state: true },
    prepared: { state: true },
    starting: { state: true },
    startError: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    pageStyles,
    formStyles,
    css`
      .panel + .panel {
        margin-top: var(--space-6, 1.5rem);
      }
      h2 {
        font-size: 1.2rem;
        margin: 0 0 var(--space-4, 1rem);
      }
      .back {
        display: inline-block;
        margin-bottom: var(--space-3, 0.75rem);
      }
    `,
  ];

  declare engagementId: string;
  declare session: Session | null;
  declare state: PageState;
  declare prepared: ImportResult | null;
  declare starting: boolean;
  declare startError: string;

  constructor() {
    super();
    this.engagementId = '';
    this.session = null;
    this.state = { kind: 'loading' };
    this.prepared = null;
    this.starting = false;
    this.startError = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) void this.load();
  }

  private async load(): Promise<void> {
    this.state = { kind: 'loading' };
    try {
      const [{ engagement }, previousMapping] = await Promise.all([
        getEngagement(this.engagementId),
        // Reuse is a convenience: without the list the mapping is suggested from the headings instead.
        previousReadyMapping(this.engagementId).catch(() => null),
      ]);
      this.state = { kind: 'loaded', engagement, previousMapping };
    } catch (error) {
      this.state = { kind: 'failed', message: errorMessage(error) };
    }
  }

  private onImportReady(event: CustomEvent<ImportResult>): void {
    this.prepared = event.detail;
    this.startError = '';
  }

  private async start(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const prepared = this.prepared;
    if (!prepared || this.state.kind !== 'loaded') return;
    const form = new FormData(event.target as HTMLFormElement);
    this.starting = true;
    this.startError = '';
    try {
      const dataset = await startUpload({
        engagementId: this.state.engagement.id,
        name: String(form.get('name') ?? '').trim(),
        ...(this.session?.aiEnabled ? { useAi: form.get('useAi') === 'on' } : {}),
        importResult: prepared,
      });
      navigate(datasetPath(dataset.id));
    } catch (error) {
      this.startError = errorMessage(error);
    } finally {
      this.starting = false;
    }
  }

  override render() {
    const state = this.state;
    if (state.kind === 'loading') return html`<p role="status" class="muted">Loading the engagement…</p>`;
    if (state.kind === 'failed') {
      return html`<h1>Upload a staff list</h1>
        <error-notice .message=${state.message} retryable @retry=${this.load}></error-notice>`;
    }
    const { engagement } = state;
    const back = html`<a class="back" href="/engagements/${engagement.id}" data-route>Back to ${engagement.name}</a>`;
    if (!WRITERS.has(engagement.role) || engagement.status !== 'active') {
      return html`${back}
        <h1>Upload a staff list</h1>
        <p>${engagement.status !== 'active'
          ? `This engagement is ${engagement.status}; staff lists can be added only while it is active.`
          : 'Only a lead or analyst of this engagement can upload staff lists.'}</p>`;
    }
    return html`${back}
      <h1>Upload a staff list to ${engagement.name}</h1>
      <p class="muted">The file is read in this browser. Only the columns you map are sent; names and emails stay here.</p>
      <section class="panel" aria-labelledby="file-heading">
        <h2 id="file-heading">1. Read and map the file</h2>
        <spreadsheet-import .previousMapping=${state.previousMapping} @import-ready=${this.onImportReady}></spreadsheet-import>
      </section>
      ${this.prepared ? this.renderStart(this.prepared) : nothing}`;
  }

  private renderStart(prepared: ImportResult) {
    const aiEnabled = this.session?.aiEnabled ?? false;
    return html`<section class="panel" aria-labelledby="start-heading">
      <h2 id="start-heading">2. Upload</h2>
      <error-notice .message=${this.startError}></error-notice>
      <form @submit=${this.start}>
        <div class="field">
          <label for="dataset-name">Dataset name</label>
          <input id="dataset-name" name="name" type="text" required maxlength="200" />
        </div>
        ${aiEnabled
          ? html`<div class="field">
              <label class="check"><input type="checkbox" name="useAi" checked /> Classify titles with AI where the rules are unsure</label>
              <span class="hint">Only distinct job titles are sent, never names, IDs or salaries. Unticking is permanent for this dataset.</span>
            </div>`
          : nothing}
        <button type="submit" ?disabled=${this.starting}>
          ${this.starting ? 'Starting…' : `Upload ${prepared.rows.length.toLocaleString('en-GB')} rows`}
        </button>
      </form>
    </section>`;
  }
}

customElements.define('new-dataset-page', NewDatasetPage);

declare global {
  interface HTMLElementTagNameMap {
    'new-dataset-page': NewDatasetPage;
  }
}

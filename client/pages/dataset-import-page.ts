// <dataset-import-page>: brings a staff list into an engagement. The spreadsheet is read and mapped in
// a worker (<spreadsheet-import>); only the prepared rows are queued and sent. The previous ready
// dataset's column mapping is offered for reuse. Starting the upload creates the dataset, queues its
// rows in IndexedDB and opens the dataset page, which sends, completes and classifies.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../api/http.ts';
import { getEngagement, listDatasets } from '../api/engagements.ts';
import { engagementPermissions } from '../app/permissions.ts';
import { navigate } from '../app/router.ts';
import type { Session } from '../api/session.ts';
import { formPanelStyles } from '../styles/form-styles.ts';
import { datasetPath, startUpload } from '../upload/start-upload.ts';
import type { ImportResult } from '../../workers/import/rows.ts';
import type { ServerColumnMapping } from '../../workers/import/mapping.ts';
import type { DefaultRegion, RegionOption } from '../../workers/import/currency.ts';
import { referenceChoices } from '../reference/reference-data.ts';
import { currencyName } from '../../workers/format/figures.ts';
import '../components/common/error-notice.ts';
import '../components/import/spreadsheet-import.ts';
import '../components/identities/identity-storage-option.ts';

export class DatasetImportPage extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    session: { attribute: false },
    previousMapping: { state: true },
    listRegions: { state: true },
    defaultRegion: { state: true },
    region: { state: true },
    prepared: { state: true },
    name: { state: true },
    useAi: { state: true },
    canStoreIdentities: { state: true },
    access: { state: true },
    storeIdentities: { state: true },
    starting: { state: true },
    message: { state: true },
  };

  static override styles = [
    formPanelStyles,
    css`
      .start {
        margin-top: var(--space-6, 1.5rem);
        display: grid;
        gap: var(--space-3, 0.75rem);
        max-width: 36rem;
      }
      .hint {
        color: var(--muted, #4b5563);
        font-size: 0.9rem;
        margin: 0;
      }
    `,
  ];

  declare engagementId: string;
  declare session: Session | null;
  declare previousMapping: ServerColumnMapping | null;
  /** The live reference's regions, for the list's region and currency. */
  declare listRegions: RegionOption[];
  declare defaultRegion: DefaultRegion | null;
  /** The list's home region as confirmed beside the mapping; its currency follows. */
  declare region: string | null;
  declare prepared: ImportResult | null;
  declare name: string;
  declare useAi: boolean;
  /** PII access on an engagement that holds a data key: the store-names-and-emails option is offered. */
  declare canStoreIdentities: boolean;
  declare storeIdentities: boolean;
  /** Whether the caller may import here (lead or analyst, engagement active): a viewer is told so before any work. */
  declare access: 'checking' | 'allowed' | 'refused';
  declare starting: boolean;
  declare message: string;

  constructor() {
    super();
    this.engagementId = '';
    this.session = null;
    this.previousMapping = null;
    this.listRegions = [];
    this.defaultRegion = null;
    this.region = null;
    this.prepared = null;
    this.name = '';
    this.useAi = true;
    this.canStoreIdentities = false;
    this.storeIdentities = false;
    this.access = 'checking';
    this.starting = false;
    this.message = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) {
      void this.loadPreviousMapping();
      void this.loadEngagement();
    }
  }

  /** The newest ready dataset's mapping, reused when at least two fields including the title match. */
  private async loadPreviousMapping(): Promise<void> {
    try {
      const datasets = await listDatasets(this.engagementId);
      this.previousMapping = (datasets.find((d) => d.status === 'ready' && d.columnMapping)?.columnMapping as ServerColumnMapping | undefined) ?? null;
    } catch (error) {
      this.message = errorMessage(error);
    }
  }

  /**
   * Names and emails are offered only when this member could store them (the server refuses anyone else anyway).
   * The engagement's region, else the reference's baseline, is the list's region when the file says nothing.
   */
  private async loadEngagement(): Promise<void> {
    const [engagement, choices] = await Promise.allSettled([getEngagement(this.engagementId), referenceChoices()]);
    const can = engagement.status === 'fulfilled' ? engagementPermissions(this.session?.user, engagement.value.engagement) : null;
    this.canStoreIdentities = can?.storeIdentities ?? false;
    // Without the engagement the form stays: the server decides, and says why.
    this.access = can && !can.writeDatasets ? 'refused' : 'allowed';
    if (choices.status === 'rejected') {
      this.message = errorMessage(choices.reason);
      return;
    }
    const region = engagement.status === 'fulfilled' ? engagement.value.engagement.region : null;
    this.listRegions = choices.value.listRegions;
    this.defaultRegion = region ? { key: region, source: 'engagement' } : { key: choices.value.baselineRegion, source: 'baseline' };
  }

  private onReady(event: CustomEvent<ImportResult>): void {
    this.prepared = event.detail;
    this.message = '';
  }

  private async start(event: Event): Promise<void> {
    event.preventDefault();
    if (!this.prepared || this.starting) return;
    this.starting = true;
    this.message = '';
    try {
      const dataset = await startUpload({
        engagementId: this.engagementId,
        name: this.name.trim() || 'Staff list',
        useAi: this.useAi,
        importResult: this.prepared,
        storeIdentities: this.storingIdentities(),
        ...(this.region ? { region: this.region } : {}),
      });
      navigate(datasetPath(dataset.id));
    } catch (error) {
      this.message = errorMessage(error);
    } finally {
      this.starting = false;
    }
  }

  private chosenRegion(): RegionOption | undefined {
    return this.listRegions.find((r) => r.key === this.region);
  }

  private storingIdentities(): boolean {
    return this.canStoreIdentities && this.storeIdentities && (this.prepared?.identities.length ?? 0) > 0;
  }

  override render() {
    const aiAvailable = this.session?.aiEnabled ?? false;
    return html`<section class="page">
      <p class="crumbs"><a href=${`/engagements/${this.engagementId}`} data-route>Back to the engagement</a></p>
      <h1>Import a staff list</h1>
      <p class="hint">The file is read in your browser. Only the columns you map, and the groupings you tick, are sent; names and emails never leave this page unless you choose to store them.</p>
      <error-notice .message=${this.message}></error-notice>
      ${this.access === 'allowed' ? this.renderImport(aiAvailable) : nothing}
      ${this.access === 'refused'
        ? html`<p role="status">Only the engagement's leads and analysts can import a staff list, while the engagement is active.</p>`
        : nothing}
      ${this.access === 'checking' ? html`<p role="status" class="hint">Checking your role on this engagement…</p>` : nothing}
    </section>`;
  }

  private renderImport(aiAvailable: boolean) {
    return html`<spreadsheet-import
        .previousMapping=${this.previousMapping}
        .listRegions=${this.listRegions}
        .defaultRegion=${this.defaultRegion}
        @import-ready=${this.onReady}
        @region-change=${(e: CustomEvent<string>) => (this.region = e.detail)}
      ></spreadsheet-import>
      ${this.prepared
        ? html`<form class="start" @submit=${this.start}>
            <label for="dataset-name">Dataset name</label>
            <input id="dataset-name" name="name" required maxlength="200" .value=${this.name} @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} />
            ${this.chosenRegion() ? html`<p class="hint" id="list-currency">Read and shown in ${currencyName(this.chosenRegion()!.currency)}, as a list from ${this.chosenRegion()!.label}.</p>` : nothing}
            ${aiAvailable
              ? html`<label class="check">
                    <input type="checkbox" .checked=${this.useAi} @change=${(e: Event) => (this.useAi = (e.target as HTMLInputElement).checked)} />
                    Let AI suggest codes for titles the rules cannot place
                  </label>
                  <p class="hint">Turning this off is permanent for the dataset: its titles will never be sent to a model.</p>`
              : // With AI off the choice is not offered, and not recorded as a refusal: the dataset keeps the default.
                html`<p class="hint">AI is not enabled on this server; titles are coded by the rules.</p>`}
            ${this.canStoreIdentities
              ? html`<identity-storage-option
                  .people=${this.prepared.identities.length}
                  ?checked=${this.storeIdentities}
                  @identity-storage-change=${(e: CustomEvent<boolean>) => (this.storeIdentities = e.detail)}
                ></identity-storage-option>`
              : nothing}
            <button type="submit" ?disabled=${this.starting}>
              ${this.starting ? 'Starting…' : `Upload ${this.prepared.rows.length.toLocaleString('en-GB')} rows`}
            </button>
          </form>`
        : nothing}`;
  }
}

customElements.define('dataset-import-page', DatasetImportPage);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-import-page': DatasetImportPage;
  }
}

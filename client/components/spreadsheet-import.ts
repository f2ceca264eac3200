// <spreadsheet-import>: choose a staff list (XLSX or CSV), read it in the import worker with progress, pick
// the sheet and heading row, map the columns, and prepare the rows. Fires `import-ready` with the rows,
// counts and recorded mapping; the file's contents (names and emails included) stay in the worker's memory.
import { LitElement, css, html, nothing } from 'lit';
import { proxy } from 'comlink';
import { errorMessage } from '../api.ts';
import { startImportWorker, type ImportWorkerHandle } from '../import-worker.ts';
import type { ImportProgress, OpenedFile, SheetView } from '../../workers/import/importer.ts';
import type { ColumnMapping, GroupingChoice, ServerColumnMapping } from '../../workers/import/mapping.ts';
import type { MappingIssue } from '../../workers/import/mappingGuards.ts';
import type { ImportResult } from '../../workers/import/rows.ts';
import { formStyles } from '../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../styles/shared-styles.ts';
import './column-mapping.ts';
import './error-notice.ts';

const STAGE_LABELS: Record<ImportProgress['stage'], string> = {
  reading: 'Reading the file',
  unpacking: 'Unpacking the workbook',
  parsing: 'Reading rows',
};

const count = (n: number) => n.toLocaleString('en-GB');

interface Loaded {
  file: OpenedFile;
  view: SheetView;
  mapping: ColumnMapping;
  reused: boolean;
  issues: MappingIssue[];
  choices: GroupingChoice[];
  rowsToUpload: number;
}

export class SpreadsheetImportElement extends LitElement {
  static override properties = {
    previousMapping: { attribute: false },
    progress: { state: true },
    loaded: { state: true },
    result: { state: true },
    busy: { state: true },
    error: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    pageStyles,
    formStyles,
    css`
      progress {
        width: 100%;
        max-width: 28rem;
        height: 1rem;
      }
      dl {
        display: grid;
        grid-template-columns: max-content auto;
        gap: var(--space-1, 0.25rem) var(--space-6, 1.5rem);
      }
      dd {
        margin: 0;
      }
      .choosers {
        display: flex;
        flex-wrap: wrap;
        gap: 0 var(--space-6, 1.5rem);
      }
      .choosers .field {
        flex: 1 1 16rem;
      }
    `,
  ];

  /** The column mapping of the engagement's previous ready dataset, reused when it fits the new file. */
  declare previousMapping: ServerColumnMapping | null;
  declare progress: ImportProgress | null;
  declare loaded: Loaded | null;
  declare result: ImportResult | null;
  declare busy: boolean;
  declare error: string;

  private worker: ImportWorkerHandle | null = null;
  /** Answers to older requests are dropped, so a slow check cannot overwrite a newer one. */
  private requestCount = 0;

  constructor() {
    super();
    this.previousMapping = null;
    this.progress = null;
    this.loaded = null;
    this.result = null;
    this.busy = false;
    this.error = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.worker?.stop();
    this.worker = null;
  }

  private get api() {
    this.worker ??= startImportWorker();
    return this.worker.api;
  }

  private async run(task: (request: number) => Promise<void>): Promise<void> {
    const request = ++this.requestCount;
    this.busy = true;
    this.error = '';
    try {
      await task(request);
    } catch (error) {
      if (request === this.requestCount) this.error = errorMessage(error);
    } finally {
      if (request === this.requestCount) {
        this.busy = false;
        this.progress = null;
      }
    }
  }

  private onProgress = proxy((progress: ImportProgress) => {
    this.progress = progress;
  });

  private chooseFile(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    this.loaded = null;
    this.result = null;
    void this.run(async (request) => {
      const { file: opened, view } = await this.api.open(file, file.name, this.onProgress);
      await this.showView(request, opened, view);
    });
  }

  private chooseSheet(index: number): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      const view = await this.api.selectSheet(index, this.onProgress);
      await this.showView(request, { ...loaded.file, sheetIndex: index }, view);
    });
  }

  private chooseHeaderRow(rowNumber: number): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      const view = await this.api.setHeaderRow(rowNumber);
      await this.showView(request, loaded.file, view);
    });
  }

  private changeMapping(event: CustomEvent<ColumnMapping>): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      const mapping = event.detail;
      const [{ issues, rowsToUpload }, choices] = await Promise.all([this.api.check(mapping), this.api.groupingChoices(mapping)]);
      if (request !== this.requestCount) return;
      this.loaded = { ...loaded, mapping, issues, choices, rowsToUpload };
    });
  }

  /** A new sheet or heading row starts from a fresh suggested (or reused) mapping. */
  private async showView(request: number, file: OpenedFile, view: SheetView): Promise<void> {
    const { mapping, reused } = await this.api.initialMapping(this.previousMapping);
    const [{ issues, rowsToUpload }, choices] = await Promise.all([this.api.check(mapping), this.api.groupingChoices(mapping)]);
    if (request !== this.requestCount) return;
    this.loaded = { file, view, mapping, reused, issues, choices, rowsToUpload };
  }

  private prepare(): void {
    const loaded = this.loaded;
    if (!loaded) return;
    void this.run(async (request) => {
      const result = await this.api.build(loaded.mapping);
      if (request !== this.requestCount) return;
      this.result = result;
      this.dispatchEvent(new CustomEvent<ImportResult>('import-ready', { detail: result, bubbles: true, composed: true }));
    });
  }

  override render() {
    return html`<div class="field">
        <label for="staff-file">Staff list
          <span class="hint" id="staff-file-hint">An Excel workbook (.xlsx) or CSV file of up to 20 MB. It is read in this browser.</span>
        </label>
        <input id="staff-file" type="file" accept=".xlsx,.xlsm,.csv,.tsv,.txt" aria-describedby="staff-file-hint" ?disabled=${this.busy} @change=${this.chooseFile} />
      </div>
      <error-notice .message=${this.error}></error-notice>
      ${this.renderProgress()} ${this.loaded ? this.renderLoaded(this.loaded) : nothing}
      ${this.result ? this.renderResult(this.result) : nothing}`;
  }

  private renderProgress() {
    const progress = this.progress;
    if (!progress) return nothing;
    const percent = Math.round(progress.fraction * 100);
    return html`<div class="field" role="status">
      <label for="import-progress">${STAGE_LABELS[progress.stage]}… ${percent}%</label>
      <progress id="import-progress" max="100" .value=${percent}></progress>
    </div>`;
  }

  private renderLoaded(loaded: Loaded) {
    const { file, view } = loaded;
    const blocked = loaded.issues.length > 0;
    return html`<p class="muted">
        ${file.fileName}: ${count(view.rowCount)} rows below the headings${file.kind === 'csv' && file.encoding
          ? html` (read as ${file.encoding.toUpperCase()}, separated by ${file.delimiter === '\t' ? 'tabs' : `“${file.delimiter}”`})`
          : nothing}.
      </p>
      <div class="choosers">
        ${file.sheets.length > 1
          ? html`<div class="field">
              <label for="sheet-choice">Sheet</label>
              <select id="sheet-choice" ?disabled=${this.busy} @change=${(e: Event) => this.chooseSheet(Number((e.target as HTMLSelectElement).value))}>
                ${file.sheets.map(
                  (sheet, i) => html`<option value=${String(i)} ?selected=${i === file.sheetIndex}>${sheet.name}${sheet.hidden ? ' (hidden)' : ''}</option>`,
                )}
              </select>
            </div>`
          : nothing}
        <div class="field">
          <label for="header-row">Headings are in</label>
          <select id="header-row" ?disabled=${this.busy} @change=${(e: Event) => this.chooseHeaderRow(Number((e.target as HTMLSelectElement).value))}>
            ${view.headerCandidates.map(
              (row, i) => html`<option value=${String(i + 1)} ?selected=${i + 1 === view.headerRowNumber}>
                Row ${i + 1}: ${row.filter((c) => c.trim() !== '').slice(0, 3).join(', ') || '(blank)'}
              </option>`,
            )}
          </select>
        </div>
      </div>
      <column-mapping
        .headers=${view.headers}
        .preview=${view.preview}
        .mapping=${loaded.mapping}
        .issues=${loaded.issues}
        .choices=${loaded.choices}
        ?reused=${loaded.reused}
        @mapping-change=${this.changeMapping}
      ></column-mapping>
      <div class="actions">
        <button type="button" ?disabled=${this.busy || blocked} @click=${this.prepare}>Prepare ${count(loaded.rowsToUpload)} rows</button>
      </div>`;
  }

  private renderResult(result: ImportResult) {
    const { stats } = result;
    return html`<section aria-labelledby="prepared-heading">
      <h2 id="prepared-heading">Rows prepared</h2>
      <dl>
        <dt>Rows to upload</dt>
        <dd>${count(result.rows.length)}</dd>
        <dt>Skipped without a job title</dt>
        <dd>${count(stats.skippedNoTitle)}</dd>
        <dt>Employee IDs generated</dt>
        <dd>${count(stats.generatedIds)}</dd>
        <dt>FTE values not understood (left blank)</dt>
        <dd>${count(stats.implausibleFte)}</dd>
        <dt>Managers not found in the list</dt>
        <dd>${count(stats.unmatchedManagers)}</dd>
        <dt>Emails shared by several people (left unlinked)</dt>
        <dd>${count(stats.sharedEmails)}</dd>
      </dl>
    </section>`;
  }
}

customElements.define('spreadsheet-import', SpreadsheetImportElement);

declare global {
  interface HTMLElementTagNameMap {
    'spreadsheet-import': SpreadsheetImportElement;
  }
  interface HTMLElementEventMap {
    'import-ready': CustomEvent<ImportResult>;
  }
}

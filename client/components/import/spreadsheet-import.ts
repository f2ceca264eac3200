// <spreadsheet-import>: choose a staff list (XLSX or CSV), read it in the import worker with progress, pick
// the sheet and heading row, map the columns (suggested from the headings and the data, each with its reason),
// see the checks before upload, optionally add a second file of the same organisation (an organogram's junior
// posts), and prepare the rows. Fires `import-ready` with the rows, counts and recorded mapping; the files'
// contents (names and emails included) stay in the worker's memory.
import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { proxy } from 'comlink';
import { errorMessage } from '../../api/http.ts';
import { startImportWorker, type ImportWorkerHandle } from '../../worker-handles/import-worker.ts';
import type { CheckResult, ImportProgress, OpenedFile, SheetView, StartingMapping } from '../../../workers/import/importer.ts';
import type { Layout } from '../../../workers/import/layouts.ts';
import type { ColumnMapping, GroupingChoice, MappedField, ServerColumnMapping } from '../../../workers/import/mapping.ts';
import type { MappingIssue } from '../../../workers/import/mappingGuards.ts';
import type { CheckFix, PreUploadChecks } from '../../../workers/import/preflight.ts';
import type { ImportResult } from '../../../workers/import/rows.ts';
import type { DefaultRegion, RegionOption, RegionProposal } from '../../../workers/import/currency.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { XLSX_TYPE, fileStem, saveFile } from '../exports/save-file.ts';
import './column-mapping.ts';
import '../common/error-notice.ts';
import './import-checks.ts';
import './list-region-choice.ts';

const STAGE_LABELS: Record<ImportProgress['stage'], string> = {
  reading: 'Reading the file',
  unpacking: 'Unpacking the workbook',
  parsing: 'Reading rows',
};

const count = (n: number) => n.toLocaleString('en-GB');

/** How the file's values were told apart, as the note under the file names it. */
function separation(delimiter: OpenedFile['delimiter']): string {
  if (delimiter === '') return 'one value a line';
  return `separated by ${delimiter === '\t' ? 'tabs' : `“${delimiter}”`}`;
}

/** One file of the import as shown: its sheet, mapping, the reasons and the guard results. */
interface LoadedPart {
  file: OpenedFile;
  view: SheetView;
  mapping: ColumnMapping;
  reused: boolean;
  reasons: Partial<Record<MappedField, string>>;
  groupingReasons: Record<number, string>;
  layout: Layout | null;
  issues: MappingIssue[];
  choices: GroupingChoice[];
}

interface Loaded {
  /** The first file, then any file added to it. */
  parts: LoadedPart[];
  rowsToUpload: number;
  checks: PreUploadChecks;
  combined: string | null;
  /** The list's home region and currency as the file suggests them. */
  region: RegionProposal | null;
}

export class SpreadsheetImportElement extends LitElement {
  static override properties = {
    previousMapping: { attribute: false },
    listRegions: { attribute: false },
    defaultRegion: { attribute: false },
    region: { state: true },
    progress: { state: true },
    loaded: { state: true },
    result: { state: true },
    busy: { state: true },
    error: { state: true },
    refusedNote: { state: true },
  };

  static override styles = [
    formPanelStyles,
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
  /** The reference's regions, for the region and currency proposal; none, and no proposal is made. */
  declare listRegions: RegionOption[];
  /** The region assumed when the file says nothing: the engagement's, else the reference's baseline. */
  declare defaultRegion: DefaultRegion | null;
  /** The region the consultant chose, over the proposal; null while they have not. */
  declare region: string | null;
  declare progress: ImportProgress | null;
  declare loaded: Loaded | null;
  declare result: ImportResult | null;
  declare busy: boolean;
  declare error: string;
  /** What the last download of refused cells found. */
  declare refusedNote: string;

  private worker: ImportWorkerHandle | null = null;
  /** Answers to older requests are dropped, so a slow check cannot overwrite a newer one. */
  private requestCount = 0;

  constructor() {
    super();
    this.previousMapping = null;
    this.listRegions = [];
    this.defaultRegion = null;
    this.region = null;
    this.progress = null;
    this.loaded = null;
    this.result = null;
    this.busy = false;
    this.error = '';
    this.refusedNote = '';
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
    this.region = null;
    void this.run(async (request) => {
      const { file: opened, view } = await this.api.open(file, file.name, this.onProgress);
      const start = await this.api.initialMapping(this.previousMapping);
      await this.refresh(request, [partOf(opened, view, start)]);
    });
  }

  /** Adds a second file of the same organisation (such as the junior organogram beside the senior one). */
  private addFile(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    const loaded = this.loaded;
    if (!file || !loaded) return;
    this.result = null;
    void this.run(async (request) => {
      const { part, file: opened, view } = await this.api.addFile(file, file.name, this.onProgress);
      const start = await this.api.initialMapping(null, part);
      await this.refresh(request, [...loaded.parts.slice(0, part), partOf(opened, view, start)]);
    });
  }

  private removeFile(part: number): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      await this.api.removeFile(part);
      await this.refresh(request, loaded.parts.filter((_, i) => i !== part));
    });
  }

  private chooseSheet(index: number, part: number): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      const view = await this.api.selectSheet(index, this.onProgress, part);
      const start = await this.api.initialMapping(part === 0 ? this.previousMapping : null, part);
      await this.refresh(request, replacePart(loaded.parts, part, partOf({ ...loaded.parts[part]!.file, sheetIndex: index }, view, start)));
    });
  }

  private chooseHeaderRow(rowNumber: number, part: number): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      const view = await this.api.setHeaderRow(rowNumber, part);
      const start = await this.api.initialMapping(part === 0 ? this.previousMapping : null, part);
      await this.refresh(request, replacePart(loaded.parts, part, partOf(loaded.parts[part]!.file, view, start)));
    });
  }

  private changeMapping(part: number, mapping: ColumnMapping): void {
    const loaded = this.loaded;
    if (!loaded) return;
    this.result = null;
    void this.run(async (request) => {
      await this.refresh(request, replacePart(loaded.parts, part, { ...loaded.parts[part]!, mapping }));
    });
  }

  private applyFix(event: CustomEvent<CheckFix>): void {
    const fix = event.detail;
    const current = this.loaded?.parts[fix.part];
    if (!current) return;
    const reasons = { ...current.reasons, [fix.field]: `Chosen from the checks: ${fix.label}.` };
    this.loaded = { ...this.loaded!, parts: replacePart(this.loaded!.parts, fix.part, { ...current, reasons }) };
    this.changeMapping(fix.part, fix.mapping);
  }

  /** Checks every file's mapping and the rows they make together, and shows the result. */
  private async refresh(request: number, parts: LoadedPart[]): Promise<void> {
    const mappings = parts.map((p) => p.mapping);
    const [check, ...choices]: [CheckResult, ...GroupingChoice[][]] = await Promise.all([
      this.api.check(mappings),
      ...parts.map((p, i) => this.api.groupingChoices(p.mapping, i)),
    ]);
    const region = this.defaultRegion && this.listRegions.some((r) => r.home) ? await this.api.proposeRegion(mappings, this.listRegions, this.defaultRegion) : null;
    if (request !== this.requestCount) return;
    this.loaded = {
      parts: parts.map((p, i) => ({ ...p, issues: check.partIssues[i] ?? [], choices: choices[i] ?? [] })),
      rowsToUpload: check.rowsToUpload,
      checks: check.checks,
      combined: check.combined,
      region,
    };
    this.announceRegion();
  }

  /** The region in force (the consultant's choice, else the proposal) goes to the page with `region-change`. */
  private announceRegion(): void {
    const key = this.region ?? this.loaded?.region?.region;
    if (key) this.dispatchEvent(new CustomEvent<string>('region-change', { detail: key, bubbles: true, composed: true }));
  }

  private chooseRegion(event: CustomEvent<string>): void {
    // The choice travels on as this element's own event, once.
    event.stopPropagation();
    this.region = event.detail;
    this.announceRegion();
  }

  /** The cells the import refuses, reason beside each, as a workbook for the client's data owner to fix the source. */
  private downloadRefused(): void {
    const loaded = this.loaded;
    if (!loaded) return;
    void this.run(async () => {
      const made = await this.api.refusedCellsWorkbook(loaded.parts.map((p) => p.mapping));
      if (made) saveFile(made.bytes, `${fileStem(loaded.parts[0]!.file.fileName.replace(/\.[^.]+$/, ''))}-cells-to-fix.xlsx`, XLSX_TYPE);
      this.refusedNote = made ? `${count(made.cells)} ${made.cells === 1 ? 'cell' : 'cells'} to fix, downloaded.` : 'No cell is refused or unread with this mapping.';
    });
  }

  private prepare(): void {
    const loaded = this.loaded;
    if (!loaded) return;
    void this.run(async (request) => {
      const result = await this.api.build(loaded.parts.map((p) => p.mapping));
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
    const blocked = loaded.parts.some((p) => p.issues.length > 0);
    return html`<import-checks .checks=${loaded.checks} .combined=${loaded.combined} ?busy=${this.busy} @apply-fix=${this.applyFix}
        @download-cells-to-fix=${this.downloadRefused}></import-checks>
      ${loaded.parts.map((part, i) => this.renderPart(part, i))}
      ${loaded.region
        ? html`<list-region-choice
            .regions=${this.listRegions}
            .proposal=${loaded.region}
            .value=${this.region ?? loaded.region.region}
            ?disabled=${this.busy}
            @region-change=${this.chooseRegion}
          ></list-region-choice>`
        : nothing}
      ${loaded.parts.length < 2
        ? html`<div class="field">
            <label for="second-file">Add another file of the same organisation (optional)
              <span class="hint" id="second-file-hint">Such as the junior-posts organogram beside the senior one: the two become one set of rows and one tree.</span>
            </label>
            <input id="second-file" type="file" accept=".xlsx,.xlsm,.csv,.tsv,.txt" aria-describedby="second-file-hint" ?disabled=${this.busy} @change=${this.addFile} />
          </div>`
        : nothing}
      <div class="actions">
        <button type="button" ?disabled=${this.busy || blocked} @click=${this.prepare}>Prepare ${count(loaded.rowsToUpload)} rows</button>
        <button type="button" class="secondary" ?disabled=${this.busy} @click=${this.downloadRefused}>Download the cells to fix (XLSX)</button>
        <span role="status" class="muted">${this.refusedNote}</span>
      </div>`;
  }

  private renderPart(part: LoadedPart, index: number) {
    const { file, view } = part;
    const id = (name: string) => (index === 0 ? name : `${name}-${index + 1}`);
    return html`<section aria-label=${index === 0 ? 'First file' : 'Added file'}>
      ${index > 0
        ? html`<h2>Added file: ${file.fileName}</h2>
            <div class="actions"><button type="button" class="secondary" ?disabled=${this.busy} @click=${() => this.removeFile(index)}>Remove ${file.fileName}</button></div>`
        : nothing}
      <p class="muted">
        ${file.fileName}: ${count(view.rowCount)} rows${view.headerRowNumber === 0 ? '' : ' below the headings'}${file.kind === 'csv' && file.encoding
          ? html` (read as ${file.encoding.toUpperCase()}, ${separation(file.delimiter)})`
          : nothing}.
      </p>
      <div class="choosers">
        ${file.sheets.length > 1
          ? html`<div class="field">
              <label for=${id('sheet-choice')}>Sheet</label>
              <select id=${id('sheet-choice')} ?disabled=${this.busy} .value=${live(String(file.sheetIndex))}
                @change=${(e: Event) => this.chooseSheet(Number((e.target as HTMLSelectElement).value), index)}>
                ${file.sheets.map(
                  (sheet, i) => html`<option value=${String(i)} ?selected=${i === file.sheetIndex}>${sheet.name}${sheet.hidden ? ' (hidden)' : ''}</option>`,
                )}
              </select>
            </div>`
          : nothing}
        <div class="field">
          <label for=${id('header-row')}>Headings are in</label>
          <select id=${id('header-row')} ?disabled=${this.busy} @change=${(e: Event) => this.chooseHeaderRow(Number((e.target as HTMLSelectElement).value), index)}>
            <option value="0" ?selected=${view.headerRowNumber === 0}>No heading row: row 1 is a person</option>
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
        .mapping=${part.mapping}
        .issues=${part.issues}
        .choices=${part.choices}
        .reasons=${part.reasons}
        .groupingReasons=${part.groupingReasons}
        .layout=${part.layout}
        ?reused=${part.reused}
        @mapping-change=${(e: CustomEvent<ColumnMapping>) => this.changeMapping(index, e.detail)}
      ></column-mapping>
    </section>`;
  }

  private renderResult(result: ImportResult) {
    const { stats } = result;
    return html`<section aria-labelledby="prepared-heading">
      <h2 id="prepared-heading">Rows prepared</h2>
      <dl>
        <dt>Rows to upload</dt>
        <dd>${count(result.rows.length)}</dd>
        <dt>Rows read from the file</dt>
        <dd>${count(stats.rowsRead)}</dd>
        <dt>Skipped without a job title</dt>
        <dd>${count(stats.skippedNoTitle)}</dd>
        <dt>Cells not read (formulas without a result, errors)</dt>
        <dd>${count(stats.unreadableCells)}</dd>
        <dt>Employee IDs generated</dt>
        <dd>${count(stats.generatedIds)}</dd>
        <dt>FTE values not understood (left blank)</dt>
        <dd>${count(stats.implausibleFte)}</dd>
        <dt>People whose manager is not in the list</dt>
        <dd>${count(stats.unresolvedManagers)}${stats.unmatchedManagers
          ? ` (${count(stats.unmatchedManagers)} ${stats.unmatchedManagers === 1 ? 'manager reference' : 'different manager references'})`
          : ''}</dd>
        <dt>Emails shared by several people (left unlinked)</dt>
        <dd>${count(stats.sharedEmails)}</dd>
        <dt>Manager cells marking the top (such as “XX”)</dt>
        <dd>${count(stats.topMarkers)}</dd>
        <dt>Posts made from posts in FTE</dt>
        <dd>${count(stats.postsFromGroups)}${stats.skippedNoPosts ? ` (${count(stats.skippedNoPosts)} rows of 0 FTE left out)` : ''}</dd>
        <dt>Salaries from a pay band midpoint</dt>
        <dd>${count(stats.salaryFromBand)}</dd>
        <dt>Salaries annualised from hourly or daily pay</dt>
        <dd>${count(stats.salaryAnnualised)}</dd>
        <dt>No salary (priced at the market rate)</dt>
        <dd>${count(stats.salaryMissing)}</dd>
      </dl>
    </section>`;
  }
}

function partOf(file: OpenedFile, view: SheetView, start: StartingMapping): LoadedPart {
  return {
    file,
    view,
    mapping: start.mapping,
    reused: start.reused,
    reasons: start.reasons,
    groupingReasons: start.groupingReasons,
    layout: start.layout,
    issues: [],
    choices: [],
  };
}

function replacePart(parts: readonly LoadedPart[], index: number, part: LoadedPart): LoadedPart[] {
  return parts.map((p, i) => (i === index ? part : p));
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

// <dataset-exports>: the dataset's deliverables. The analysis workbook and the titles and people CSVs are built
// in a Web Worker from the stored summary, the pinned reference version, the titles and the rows (read page by
// page), with a progress bar; the client report opens as a printable page. Client groupings enter a file only
// when ticked for that export. Each export made is recorded with the server (fire-and-forget).
import { proxy } from 'comlink';
import { LitElement, css, html, nothing } from 'lit';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import type { ExportArtefact } from '../../../schema/exports.ts';
import type { ExportInput } from '../../../workers/exports/input.ts';
import { errorMessage } from '../../api/http.ts';
import type { DatasetTitle, DatasetWithSummary } from '../../api/datasets.ts';
import { startExportWorker } from '../../worker-handles/export-worker.ts';
import { fetchAllRows, recordExport } from '../../api/exports.ts';
import { referenceVersion } from '../../reference/reference-data.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import { CSV_TYPE, XLSX_TYPE, fileStem, saveFile } from './save-file.ts';

interface Busy {
  artefact: ExportArtefact;
  stage: string;
  /** 0–1, or null while the size of the work is unknown. */
  fraction: number | null;
}

const FILES: { artefact: 'analysis-workbook' | 'titles' | 'people'; label: string; note: string }[] = [
  { artefact: 'analysis-workbook', label: 'Analysis workbook (XLSX)', note: 'Every figure on this page, the titles and one row per person.' },
  { artefact: 'titles', label: 'Titles (CSV)', note: 'Each title with its headcount, codes, source and review flag.' },
  { artefact: 'people', label: 'People (CSV)', note: 'Employee ID, title, codes, cost, exposure, savings and layer.' },
];

export class DatasetExports extends LitElement {
  static override properties = {
    record: { attribute: false },
    titles: { attribute: false },
    busy: { state: true },
    error: { state: true },
    done: { state: true },
    ticked: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    css`
      :host {
        display: block;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 0 0 var(--space-4, 1rem);
        display: grid;
        gap: var(--space-3, 0.75rem);
      }
      li {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
      }
      li p {
        margin: 0;
        color: var(--color-muted, #4f5b69);
      }
      fieldset {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        margin: 0 0 var(--space-4, 1rem);
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
      }
      legend {
        font-weight: 600;
      }
      fieldset p {
        margin: 0 0 var(--space-2, 0.5rem);
        color: var(--color-muted, #4f5b69);
      }
      label.tick {
        display: inline-flex;
        gap: var(--space-2, 0.5rem);
        margin-right: var(--space-4, 1rem);
      }
      progress {
        width: 100%;
        height: 1.1rem;
        accent-color: var(--color-accent, #1f5fbf);
      }
      .status {
        margin: var(--space-2, 0.5rem) 0 0;
      }
      .error {
        color: var(--color-danger-text, #9b1c1c);
      }
      a.button {
        text-decoration: none;
      }
    `,
  ];

  declare record: DatasetWithSummary | null;
  declare titles: DatasetTitle[] | null;
  declare busy: Busy | null;
  declare error: string;
  declare done: string;
  /** Grouping headings ticked for the next export; none by default (personal-data rule 7). */
  declare ticked: ReadonlySet<string>;

  constructor() {
    super();
    this.record = null;
    this.titles = null;
    this.busy = null;
    this.error = '';
    this.done = '';
    this.ticked = new Set();
  }

  /** Headings mapped as client groupings when the list was imported. */
  private groupingHeadings(): string[] {
    const mapping = this.record?.columnMapping ?? {};
    return Object.keys(mapping).filter((heading) => mapping[heading] === 'grouping');
  }

  private toggle(heading: string, on: boolean): void {
    const next = new Set(this.ticked);
    if (on) next.add(heading);
    else next.delete(heading);
    this.ticked = next;
  }

  private async input(artefact: ExportArtefact, needsRows: boolean): Promise<ExportInput> {
    const dataset = this.record!;
    const summary = dataset.summary!;
    this.busy = { artefact, stage: 'Reading the reference data', fraction: null };
    const { data } = await referenceVersion(summary.referenceVersion);
    const groupings = needsRows ? this.groupingHeadings().filter((h) => this.ticked.has(h)) : [];
    let rows: ExportInput['rows'] = [];
    if (needsRows && dataset.status === 'ready') {
      const expected = dataset.uploadedRows;
      rows = await fetchAllRows(dataset.id, expected, (read) => {
        this.busy = { artefact, stage: `Reading rows: ${formatCount(read)} of ${formatCount(expected)}`, fraction: expected ? (0.3 * read) / expected : null };
      });
      // Grouping values that were not ticked never reach the worker.
      const keep = new Set(groupings);
      rows = rows.map(({ attributes, ...row }) => ({
        ...row,
        attributes: keep.size && attributes ? Object.fromEntries(Object.entries(attributes).filter(([h]) => keep.has(h))) : null,
      }));
    }
    return {
      datasetName: dataset.name,
      generatedAt: new Date().toISOString(),
      summary,
      referenceData: data as ReferenceData,
      titles: this.titles ?? [],
      rows,
      groupings,
    };
  }

  private async make(artefact: 'analysis-workbook' | 'titles' | 'people'): Promise<void> {
    if (this.busy || !this.record?.summary) return;
    this.error = '';
    this.done = '';
    const worker = startExportWorker();
    try {
      const input = await this.input(artefact, artefact !== 'titles');
      const stem = fileStem(this.record.name);
      const offset = artefact === 'titles' ? 0 : 0.3;
      this.busy = { artefact, stage: 'Building the file', fraction: offset };
      let rows: number | undefined;
      if (artefact === 'analysis-workbook') {
        const bytes = await worker.api.analysisWorkbook(
          input,
          proxy((p: { stage: string; fraction: number }) => {
            this.busy = { artefact, stage: p.stage, fraction: offset + (1 - offset) * p.fraction };
          }),
        );
        saveFile(bytes, `${stem}-analysis.xlsx`, XLSX_TYPE);
        rows = input.rows.length;
      } else if (artefact === 'titles') {
        saveFile(await worker.api.titlesCsv(input), `${stem}-titles.csv`, CSV_TYPE);
        rows = input.titles.length;
      } else {
        saveFile(await worker.api.peopleCsv(input), `${stem}-people.csv`, CSV_TYPE);
        rows = input.rows.length;
      }
      recordExport(this.record.id, {
        kind: artefact === 'analysis-workbook' ? 'xlsx' : 'csv',
        artefact,
        named: false,
        groupings: input.groupings.length > 0,
        rows,
      });
      this.done = `${FILES.find((f) => f.artefact === artefact)!.label} downloaded.`;
    } catch (error) {
      this.error = `The file could not be made: ${errorMessage(error)}`;
    } finally {
      worker.stop();
      this.busy = null;
    }
  }

  override render() {
    const dataset = this.record;
    if (!dataset?.summary) return html`<p class="muted">Exports need the dataset's summary.</p>`;
    const purged = dataset.status === 'purged';
    const headings = this.groupingHeadings();
    return html`${headings.length > 0 && !purged
        ? html`<fieldset>
            <legend>Client groupings</legend>
            <p>Left out unless you tick them for the workbook and the people file.</p>
            ${headings.map(
              (h) => html`<label class="tick"
                ><input type="checkbox" .checked=${this.ticked.has(h)} ?disabled=${this.busy !== null} @change=${(e: Event) => this.toggle(h, (e.target as HTMLInputElement).checked)} />${h}</label
              >`,
            )}
          </fieldset>`
        : nothing}
      <ul>
        ${FILES.map(
          (f) => html`<li>
            <button type="button" ?disabled=${this.busy !== null || (purged && f.artefact !== 'analysis-workbook')} @click=${() => this.make(f.artefact)}>${f.label}</button>
            <p>${f.note}</p>
          </li>`,
        )}
        <li>
          <a class="button" href="/datasets/${dataset.id}/report" target="_blank" rel="noopener">Client report (print or save as PDF)</a>
          <p>A branded, printable report of these results, in a new tab.</p>
        </li>
      </ul>
      ${this.busy
        ? html`<label for="export-progress">${this.busy.stage}…</label>
            ${this.busy.fraction === null
              ? html`<progress id="export-progress"></progress>`
              : html`<progress id="export-progress" max="1" .value=${this.busy.fraction}></progress>`}`
        : nothing}
      <p class="status" role="status">${this.done}</p>
      ${this.error ? html`<p class="status error" role="alert">${this.error}</p>` : nothing}`;
  }
}

customElements.define('dataset-exports', DatasetExports);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-exports': DatasetExports;
  }
}

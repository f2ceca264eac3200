// <report-page>: the branded client report of one dataset, on its own page without the app's header so it
// prints as a document ("Save as PDF" from the browser's print dialog). A toolbar, hidden in print, picks A4
// or US Letter and prints. The paper size, margins and page numbers are an @page rule on the document (shadow
// roots cannot hold one), adopted as a constructed stylesheet because the CSP refuses inline <style>. Printing
// records the export with the server. On screen an index of the report's sections stays in reach (in the margin
// beside the page when there is room, as a bar above it otherwise); it is not printed.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../api/http.ts';
import { fetchDataset } from '../api/datasets.ts';
import { listClients } from '../api/clients.ts';
import { recordExport } from '../api/exports.ts';
import { referenceVersion } from '../reference/reference-data.ts';
import { fetchNarrative } from '../api/ai.ts';
import { getEngagement } from '../api/engagements.ts';
import { fetchBrand } from '../api/report.ts';
import { sectionIndexStyles } from '../styles/section-index-styles.ts';
import { buttonStyles, focusStyles } from '../styles/shared-styles.ts';
import '../components/report/report-document.ts';
import type { ReportContent, ReportDocument } from '../components/report/report-document.ts';

export type PaperSize = 'A4' | 'Letter';

/** The document's @page rule while a report is open. */
const pageSheet = new CSSStyleSheet();

/** The document-level print rule: paper, margins, page numbers, white paper. */
export function pageRule(paper: PaperSize): string {
  return `@page { size: ${paper}; margin: 16mm 14mm 18mm;
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 9pt system-ui, sans-serif; color: #4f5b69; } }
@media print { html, body { background: #fff !important; } }`;
}

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; content: ReportContent; datasetId: string; warnings: string[] };

export class ReportPage extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    state: { state: true },
    paper: { state: true },
    sections: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    sectionIndexStyles('80rem'),
    css`
      :host {
        display: block;
        max-width: 210mm;
        margin: 0 auto;
        padding: 1rem;
      }
      /* With room beside the page, the index sits in the left margin. */
      @media screen and (min-width: 80rem) {
        :host {
          max-width: none;
          display: grid;
          grid-template-columns: minmax(0, 1fr) minmax(0, 210mm) minmax(0, 1fr);
          column-gap: 1.5rem;
          align-items: start;
        }
        :host > * {
          grid-column: 2;
        }
        .index {
          grid-column: 1;
          grid-row: 1 / span 10;
          justify-self: end;
          width: 12rem;
        }
      }
      @media print {
        :host {
          padding: 0;
          max-width: none;
        }
        .toolbar,
        .warning {
          display: none;
        }
        report-document {
          box-shadow: none;
        }
      }
    `,
  ];

  declare datasetId: string;
  declare state: State;
  declare paper: PaperSize;
  /** The report's sections, read from the rendered document, for the index. */
  declare sections: { id: string; label: string }[];

  constructor() {
    super();
    this.datasetId = '';
    this.state = { kind: 'loading' };
    this.paper = 'A4';
    this.sections = [];
  }

  private readonly afterPrint = () => {
    if (this.state.kind === 'loaded') recordExport(this.state.datasetId, { kind: 'report', artefact: 'client-report', named: false });
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('afterprint', this.afterPrint);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('afterprint', this.afterPrint);
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== pageSheet);
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('datasetId') && this.datasetId) void this.load();
    if (changed.has('paper')) this.applyPaper();
  }

  private applyPaper(): void {
    pageSheet.replaceSync(pageRule(this.paper));
    if (!document.adoptedStyleSheets.includes(pageSheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
  }

  private async load(): Promise<void> {
    const id = this.datasetId;
    this.state = { kind: 'loading' };
    try {
      const { dataset } = await fetchDataset(id);
      if (!dataset.summary) throw new Error('This dataset has no results to report yet.');
      const warnings: string[] = [];
      const { engagement } = await getEngagement(dataset.engagementId);
      // The brand, the summary text and the sources are each optional: a failure leaves the report without them and says so.
      const [clients, brand, executiveSummary, reference] = await Promise.all([
        listClients().catch(() => []),
        engagement.clientId ? fetchBrand(engagement.clientId).then((r) => r.brand, (e: unknown) => (warnings.push(`The brand could not be read: ${errorMessage(e)}`), null)) : null,
        fetchNarrative(id, 'exec-summary').catch((e: unknown) => (warnings.push(`The executive summary could not be read: ${errorMessage(e)}`), null)),
        referenceVersion(dataset.summary.referenceVersion).catch(() => null),
      ]);
      if (id !== this.datasetId) return;
      const sources = ((reference?.data as { benchmark?: { sources?: string[] } } | undefined)?.benchmark?.sources ?? []).slice();
      this.state = {
        kind: 'loaded',
        datasetId: id,
        warnings,
        content: {
          datasetName: dataset.name,
          engagementName: engagement.name,
          clientName: clients.find((c) => c.id === engagement.clientId)?.name ?? null,
          summary: dataset.summary,
          notes: engagement.reportNotes,
          brand,
          executiveSummary,
          sources,
          generatedAt: new Date().toISOString(),
        },
      };
    } catch (error) {
      this.state = { kind: 'failed', message: errorMessage(error) };
    }
  }

  private print(): void {
    window.print();
  }

  /** The index follows what the document printed: its sections' ids and headings, terms swaps included. */
  override async updated(changed: Map<string, unknown>): Promise<void> {
    if (!changed.has('state')) return;
    const doc = this.renderRoot.querySelector<ReportDocument>('report-document');
    if (!doc) {
      this.sections = [];
      return;
    }
    await doc.updateComplete;
    this.sections = [...(doc.shadowRoot?.querySelectorAll<HTMLElement>('section[id]') ?? [])].map((section) => ({
      id: section.id,
      label: section.querySelector('h2')?.textContent?.trim() ?? section.id,
    }));
  }

  /** In-page links cannot reach into the document's shadow root: focus and bring the section into view. */
  private jump(event: Event, id: string): void {
    event.preventDefault();
    const section = this.renderRoot.querySelector('report-document')?.shadowRoot?.getElementById(id);
    if (!section) return;
    section.focus({ preventScroll: true });
    const index = this.renderRoot.querySelector<HTMLElement>('.index');
    const covered = index && index.getBoundingClientRect().width > this.getBoundingClientRect().width / 2 ? index.offsetHeight : 0;
    window.scrollTo({ top: Math.max(0, section.getBoundingClientRect().top + window.scrollY - covered - 12) });
  }

  private renderIndex() {
    if (this.sections.length === 0) return nothing;
    return html`<nav class="index" aria-labelledby="report-index-heading">
      <h2 id="report-index-heading">In this report</h2>
      <ol>
        ${this.sections.map((s) => html`<li><a href="#${s.id}" @click=${(e: Event) => this.jump(e, s.id)}>${s.label}</a></li>`)}
      </ol>
    </nav>`;
  }

  override render() {
    const state = this.state;
    if (state.kind === 'loading') return html`<p role="status">Preparing the report…</p>`;
    if (state.kind === 'failed') return html`<p role="alert" class="warning">The report could not be prepared: ${state.message}</p>`;
    return html`<div class="toolbar">
        <a href="/datasets/${state.datasetId}" data-route>Back to the dataset</a>
        <label
          >Paper
          <select @change=${(e: Event) => (this.paper = (e.target as HTMLSelectElement).value as PaperSize)}>
            <option value="A4" ?selected=${this.paper === 'A4'}>A4</option>
            <option value="Letter" ?selected=${this.paper === 'Letter'}>US Letter</option>
          </select></label
        >
        <button type="button" @click=${this.print}>Print or save as PDF</button>
      </div>
      ${this.renderIndex()} ${state.warnings.map((w) => html`<p class="warning" role="status">${w}</p>`)}
      <report-document .content=${state.content}></report-document>`;
  }
}

customElements.define('report-page', ReportPage);

declare global {
  interface HTMLElementTagNameMap {
    'report-page': ReportPage;
  }
}

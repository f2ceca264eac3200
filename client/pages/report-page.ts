// <report-page>: the branded client report of one dataset, on its own page without the app's header so it
// prints as a document ("Save as PDF" from the browser's print dialog). A toolbar, hidden in print, picks A4
// or US Letter and prints. The paper size, margins and page numbers are an @page rule on the document (shadow
// roots cannot hold one), adopted as a constructed stylesheet because the CSP refuses inline <style>. Printing
// records the export with the server.
import { LitElement, css, html } from 'lit';
import { errorMessage } from '../api.ts';
import { fetchDataset } from '../datasets-api.ts';
import { listClients } from '../engagements-api.ts';
import { recordExport } from '../exports-api.ts';
import { referenceVersion } from '../reference-data.ts';
import { fetchBrand, fetchEngagementNotes, fetchExecutiveSummary } from '../report-api.ts';
import { buttonStyles, focusStyles } from '../styles/shared-styles.ts';
import '../components/report/report-document.ts';
import type { ReportContent } from '../components/report/report-document.ts';

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
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    css`
      :host {
        display: block;
        max-width: 210mm;
        margin: 0 auto;
        padding: 1rem;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.75rem 1.5rem;
        align-items: center;
        margin-bottom: 1rem;
      }
      .warning {
        color: var(--color-danger-text, #9b1c1c);
      }
      report-document {
        box-shadow: 0 0 0 1px var(--color-border, #d5dae1);
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

  constructor() {
    super();
    this.datasetId = '';
    this.state = { kind: 'loading' };
    this.paper = 'A4';
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
      const engagement = await fetchEngagementNotes(dataset.engagementId);
      // The brand, the summary text and the sources are each optional: a failure leaves the report without them and says so.
      const [clients, brand, executiveSummary, reference] = await Promise.all([
        listClients().catch(() => []),
        engagement.clientId ? fetchBrand(engagement.clientId).then((r) => r.brand, (e: unknown) => (warnings.push(`The brand could not be read: ${errorMessage(e)}`), null)) : null,
        fetchExecutiveSummary(id).catch((e: unknown) => (warnings.push(`The executive summary could not be read: ${errorMessage(e)}`), null)),
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
      ${state.warnings.map((w) => html`<p class="warning" role="status">${w}</p>`)}
      <report-document .content=${state.content}></report-document>`;
  }
}

customElements.define('report-page', ReportPage);

declare global {
  interface HTMLElementTagNameMap {
    'report-page': ReportPage;
  }
}

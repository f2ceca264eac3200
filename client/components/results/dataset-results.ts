// <dataset-results>: the stored summary as a consultant reads it, section by section. The page around it lists
// the sections (RESULT_SECTIONS) in its own index and finds each one through section(id). Whatever is
// slotted as "value-chain-ai" goes into the Value chain section.
import { LitElement, css, html, nothing } from 'lit';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { focusStyles } from '../../styles/shared-styles.ts';
import './exposure-panel.ts';
import './offshore-panel.ts';
import './organisation-panel.ts';
import './results-overview.ts';
import './roles-panel.ts';
import './scenario-comparison.ts';
import './value-chain-panel.ts';

export const RESULT_SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'exposure', label: 'AI exposure' },
  { id: 'scenarios', label: 'Savings scenarios' },
  { id: 'roles', label: 'Roles and categories' },
  { id: 'offshore', label: 'Offshoring' },
  { id: 'organisation', label: 'Spans and layers' },
  { id: 'value-chain', label: 'Value chain' },
] as const;

export class DatasetResults extends LitElement {
  static override properties = {
    summary: { attribute: false },
    majorGroupNames: { attribute: false },
    importNotes: { attribute: false },
  };

  static override styles = [
    focusStyles,
    css`
      :host {
        display: block;
      }
      .sections {
        display: grid;
        /* minmax(0, …): wide tables scroll inside their section instead of widening the page. */
        grid-template-columns: minmax(0, 1fr);
        gap: var(--space-6, 1.5rem);
      }
    `,
  ];

  declare summary: DatasetSummary | null;
  declare majorGroupNames: Record<string, string>;
  /** What the import left out or could not read, said with the overview's data-quality notes. */
  declare importNotes: string[];

  constructor() {
    super();
    this.summary = null;
    this.majorGroupNames = {};
    this.importNotes = [];
  }

  /** The section's panel, for the page's index: in-page links cannot reach into a shadow root. */
  section(id: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`#${id}`);
  }

  override render() {
    const s = this.summary;
    if (!s) return nothing;
    return html`<div class="sections">
        <results-overview id="overview" tabindex="-1" .summary=${s} .importNotes=${this.importNotes}></results-overview>
        <exposure-panel id="exposure" tabindex="-1" .summary=${s} .majorGroupNames=${this.majorGroupNames}></exposure-panel>
        <scenario-comparison id="scenarios" tabindex="-1" .summary=${s}></scenario-comparison>
        <roles-panel id="roles" tabindex="-1" .summary=${s}></roles-panel>
        <offshore-panel id="offshore" tabindex="-1" .summary=${s}></offshore-panel>
        <organisation-panel id="organisation" tabindex="-1" .summary=${s}></organisation-panel>
        <value-chain-panel id="value-chain" tabindex="-1" .summary=${s}><slot name="value-chain-ai" slot="ai"></slot></value-chain-panel>
      </div>`;
  }
}

customElements.define('dataset-results', DatasetResults);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-results': DatasetResults;
  }
}

// <dataset-results>: the stored summary as a consultant reads it, section by section, with a contents list
// so each section is one keyboard step away.
import { LitElement, css, html, nothing } from 'lit';
import type { DatasetSummary } from '../../../workers/scoring/summary.ts';
import { focusStyles } from '../../styles/shared-styles.ts';
import './exposure-panel.ts';
import './offshore-panel.ts';
import './organisation-panel.ts';
import './results-overview.ts';
import './roles-panel.ts';
import './scenario-comparison.ts';
import './value-chain-panel.ts';

const SECTIONS = [
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
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
        list-style: none;
        padding: 0;
        margin: 0 0 var(--space-6, 1.5rem);
      }
      a {
        color: var(--color-accent, #1f5fbf);
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

  /** In-page links inside a shadow root do not scroll by themselves: move focus and view to the section. */
  private jump(event: Event, id: string): void {
    event.preventDefault();
    const target = this.renderRoot.querySelector<HTMLElement>(`#${id}`);
    if (!target) return;
    target.focus();
    target.scrollIntoView({ block: 'start' });
  }

  override render() {
    const s = this.summary;
    if (!s) return nothing;
    return html`<nav aria-label="Result sections">
        <ul>
          ${SECTIONS.map((x) => html`<li><a href="#${x.id}" @click=${(e: Event) => this.jump(e, x.id)}>${x.label}</a></li>`)}
        </ul>
      </nav>
      <div class="sections">
        <results-overview id="overview" tabindex="-1" .summary=${s} .importNotes=${this.importNotes}></results-overview>
        <exposure-panel id="exposure" tabindex="-1" .summary=${s} .majorGroupNames=${this.majorGroupNames}></exposure-panel>
        <scenario-comparison id="scenarios" tabindex="-1" .summary=${s}></scenario-comparison>
        <roles-panel id="roles" tabindex="-1" .summary=${s}></roles-panel>
        <offshore-panel id="offshore" tabindex="-1" .summary=${s}></offshore-panel>
        <organisation-panel id="organisation" tabindex="-1" .summary=${s}></organisation-panel>
        <value-chain-panel id="value-chain" tabindex="-1" .summary=${s}></value-chain-panel>
      </div>`;
  }
}

customElements.define('dataset-results', DatasetResults);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-results': DatasetResults;
  }
}

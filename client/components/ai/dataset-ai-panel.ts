// <dataset-ai-panel>: the dataset page's AI section: how its titles were coded (AI picks counted among the
// sources), the executive summary and (when AI is on) Ask the data. Each works with AI off, showing the
// rule-based text. The value chain placed by AI sits in the Value chain section, beside the figures it redoes.
import { LitElement, css, html, nothing } from 'lit';
import { pageStyles } from '../../styles/shared-styles.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import { SOURCE_LABELS } from '../results/titles-table.ts';
import './ai-ask-box.ts';
import './ai-narrative-panel.ts';

export class DatasetAiPanel extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    finalizedAt: { attribute: false },
    bySource: { attribute: false },
    canGenerate: { type: Boolean, attribute: 'can-generate' },
    aiEnabled: { type: Boolean, attribute: 'ai-enabled' },
  };

  static override styles = [
    pageStyles,
    css`
      :host {
        display: grid;
        gap: var(--space-6, 1.5rem);
      }
      .sources {
        margin: 0;
      }
    `,
  ];

  declare datasetId: string;
  declare finalizedAt: string | null;
  /** Titles per classification source, from the stored summary. */
  declare bySource: Record<string, number>;
  declare canGenerate: boolean;
  declare aiEnabled: boolean;

  constructor() {
    super();
    this.datasetId = '';
    this.finalizedAt = null;
    this.bySource = {};
    this.canGenerate = false;
    this.aiEnabled = false;
  }

  override render() {
    const summary = html`<section class="panel">
      <ai-narrative-panel kind="exec-summary" .datasetId=${this.datasetId} .finalizedAt=${this.finalizedAt} ?can-generate=${this.canGenerate} ?ai-enabled=${this.aiEnabled}></ai-narrative-panel>
    </section>`;
    const sources = (Object.keys(SOURCE_LABELS) as (keyof typeof SOURCE_LABELS)[]).filter((s) => (this.bySource[s] ?? 0) > 0);
    return html`${sources.length
        ? html`<p class="muted sources">Titles coded by: ${sources.map((s, i) => `${i ? ' · ' : ''}${SOURCE_LABELS[s]} ${formatCount(this.bySource[s])}`)}${(this.bySource.ai ?? 0) === 0 && this.aiEnabled ? ' (none by AI)' : ''}.</p>`
        : nothing}
      ${summary}
      ${this.aiEnabled ? html`<section class="panel"><ai-ask-box .datasetId=${this.datasetId}></ai-ask-box></section>` : nothing}`;
  }
}

customElements.define('dataset-ai-panel', DatasetAiPanel);

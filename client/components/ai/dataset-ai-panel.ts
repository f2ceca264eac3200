// <dataset-ai-panel>: the dataset page's AI section: executive summary, value chain and (when AI is on)
// Ask the data. Each works with AI off, showing the rule-based text.
import { LitElement, css, html, nothing } from 'lit';
import { pageStyles } from '../../styles/shared-styles.ts';
import './ai-ask-box.ts';
import './ai-narrative-panel.ts';

export class DatasetAiPanel extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    finalizedAt: { attribute: false },
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
    `,
  ];

  declare datasetId: string;
  declare finalizedAt: string | null;
  declare canGenerate: boolean;
  declare aiEnabled: boolean;

  constructor() {
    super();
    this.datasetId = '';
    this.finalizedAt = null;
    this.canGenerate = false;
    this.aiEnabled = false;
  }

  override render() {
    const panel = (kind: 'exec-summary' | 'lifecycle') =>
      html`<section class="panel"><ai-narrative-panel kind=${kind} .datasetId=${this.datasetId} .finalizedAt=${this.finalizedAt} ?can-generate=${this.canGenerate} ?ai-enabled=${this.aiEnabled}></ai-narrative-panel></section>`;
    return html`${panel('exec-summary')}${panel('lifecycle')}
      ${this.aiEnabled ? html`<section class="panel"><ai-ask-box .datasetId=${this.datasetId}></ai-ask-box></section>` : nothing}`;
  }
}

customElements.define('dataset-ai-panel', DatasetAiPanel);

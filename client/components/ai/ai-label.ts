// <ai-label>: who wrote a piece of text. AI text says so with its confidence, and low confidence is
// marked for review before it is shared; rule-based text says that instead.
import { LitElement, css, html, nothing } from 'lit';
import type { NarrativeResult } from '../../api/ai.ts';
import { formatConfidence } from '../../../workers/format/figures.ts';

export class AiLabel extends LitElement {
  static override properties = {
    generated: { type: String },
    confidence: { type: Number },
    reviewRequired: { type: Boolean, attribute: 'review-required' },
  };

  static override styles = css`
    :host {
      display: inline-flex;
      flex-wrap: wrap;
      gap: var(--space-2, 0.5rem);
      font-size: 0.85rem;
    }
    span {
      padding: 0 var(--space-2, 0.5rem);
      border-radius: 999px;
      background: #e8eef8;
      color: var(--color-brand, #1d3f6e);
    }
    .rules {
      background: #eceff3;
      color: #3d4652;
    }
    .review {
      background: #fff4dc;
      color: #6b4a00;
    }
  `;

  declare generated: 'ai' | 'rules';
  declare confidence: number | null;
  declare reviewRequired: boolean;

  constructor() {
    super();
    this.generated = 'rules';
    this.confidence = null;
    this.reviewRequired = false;
  }

  override render() {
    if (this.generated !== 'ai') return html`<span class="rules">Rule-based, from the dataset's figures</span>`;
    return html`<span>AI-written, confidence ${formatConfidence(this.confidence)}</span>${this.reviewRequired
        ? html`<span class="review">Low confidence: review before sharing</span>`
        : nothing}`;
  }
}

customElements.define('ai-label', AiLabel);

/** The label of a narrative or answer, as the server marked who wrote it. */
export const aiLabelFor = (result: NarrativeResult) =>
  html`<ai-label .generated=${result.generated} .confidence=${result.confidence} ?review-required=${result.reviewRequired === true}></ai-label>`;

// <ai-ask-box>: Ask the data. A question of 3 to 1,000 characters about a dataset's figures; the answer is
// labelled as AI-written with its confidence and cites the dataset. Not cached; capped per person per day.
// When AI cannot answer (budget spent, daily cap, provider down) the server's reason is shown.
import { LitElement, css, html, nothing } from 'lit';
import { ApiError } from '../../api/http.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { askData, type NarrativeResult } from '../../api/ai.ts';
import { ASK_QUESTION } from '../../../schema/ai.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import '../common/error-notice.ts';
import { aiLabelFor } from './ai-label.ts';
import { aiPanelStyles } from './panel-styles.ts';
import './markdown-view.ts';

const { min: MIN, max: MAX } = ASK_QUESTION;

export class AiAskBox extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    question: { state: true },
    answer: { state: true },
  };

  static override styles = [
    ...aiPanelStyles,
    css`
      h3 {
        margin: 0 0 var(--space-2, 0.5rem);
      }
      textarea {
        display: block;
        width: 100%;
        box-sizing: border-box;
        min-height: 4.5rem;
        font: inherit;
        padding: var(--space-2, 0.5rem);
        margin-bottom: var(--space-2, 0.5rem);
      }
      .row {
        display: flex;
        gap: var(--space-3, 0.75rem);
        align-items: center;
      }
      .answer {
        margin-top: var(--space-4, 1rem);
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
        border-left: 4px solid var(--color-brand, #1d3f6e);
        background: #f5f8fc;
      }
    `,
  ];

  declare datasetId: string;
  declare question: string;
  declare answer: NarrativeResult | null;
  private readonly asking = new SaveState(this);

  constructor() {
    super();
    this.datasetId = '';
    this.question = '';
    this.answer = null;
  }

  private async submit(event: Event) {
    event.preventDefault();
    const question = this.question.trim();
    if (question.length < MIN || question.length > MAX) return;
    await this.asking.run(async () => {
      try {
        this.answer = await askData(this.datasetId, question);
      } catch (err) {
        this.answer = null;
        throw err instanceof ApiError && err.code === 'ai_budget_exceeded' ? new Error(`AI is paused for you: ${err.message}`) : err;
      }
      return '';
    });
  }

  override render() {
    const length = this.question.trim().length;
    const valid = length >= MIN && length <= MAX;
    return html`<form @submit=${this.submit}>
        <h3><label for="question">Ask the data</label></h3>
        <textarea
          id="question"
          maxlength=${MAX}
          placeholder="For example: which group costs the most, and how exposed is it to AI?"
          .value=${this.question}
          @input=${(e: Event) => (this.question = (e.target as HTMLTextAreaElement).value)}
        ></textarea>
        <div class="row">
          <button type="submit" ?disabled=${!valid || this.asking.busy}>${this.asking.busy ? 'Asking…' : 'Ask'}</button>
          <span class="muted">Answers use this dataset's aggregate figures only. ${formatCount(length)} / ${formatCount(MAX)} characters.</span>
        </div>
      </form>
      ${this.asking.busy ? html`<p role="status" class="muted">The model is answering…</p>` : nothing}
      <error-notice .message=${this.asking.error}></error-notice>
      ${this.answer
        ? html`<section class="answer" aria-label="Answer">
            ${aiLabelFor(this.answer)}
            <markdown-view .markdown=${this.answer.markdown ?? ''}></markdown-view>
            ${this.answer.citations.length
              ? html`<p class="muted">Cited: ${this.answer.citations.map((c) => (c.detail ? `this dataset (${c.detail})` : 'this dataset')).join('; ')}.</p>`
              : nothing}
          </section>`
        : nothing}`;
  }
}

customElements.define('ai-ask-box', AiAskBox);

// <ai-narrative-panel kind="exec-summary|lifecycle">: the executive summary, or the value chain as the model
// places the role types, of a ready dataset. Shows the cached AI version (labelled with its confidence) or the
// rule-based one; leads and analysts may (re)generate it with AI, and are told plainly when AI is unavailable
// (budget spent, not configured, provider failing) or its reply was refused. The rule-based value chain is the
// stored one the Value chain section already shows, so for it this panel offers only the button, or nothing.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { fetchNarrative, generateNarrative, type NarrativeKind, type NarrativeResult } from '../../api/ai.ts';
import { wholePeopleByPhase } from '../../../workers/scoring/lifecycle.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import '../common/error-notice.ts';
import '../results/bar-chart.ts';
import { aiLabelFor } from './ai-label.ts';
import { aiPanelStyles } from './panel-styles.ts';
import './markdown-view.ts';

const HEADINGS: Record<NarrativeKind, string> = { 'exec-summary': 'Executive summary', lifecycle: 'Value chain placed by AI' };

export class AiNarrativePanel extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    kind: { type: String },
    finalizedAt: { attribute: false },
    canGenerate: { type: Boolean, attribute: 'can-generate' },
    aiEnabled: { type: Boolean, attribute: 'ai-enabled' },
    output: { state: true },
  };

  static override styles = [
    ...aiPanelStyles,
    css`
      header {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
        align-items: center;
        justify-content: space-between;
        margin-bottom: var(--space-3, 0.75rem);
      }
      h3 {
        margin: 0;
      }
      /* Inside the Value chain section, below its figures. */
      :host([kind='lifecycle']) header {
        margin-top: var(--space-6, 1.5rem);
        padding-top: var(--space-4, 1rem);
        border-top: 1px solid var(--color-border, #d5dae1);
      }
      .notice {
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        border-left: 4px solid #c99a2e;
        background: #fff8e6;
        margin: 0 0 var(--space-3, 0.75rem);
      }
    `,
  ];

  declare datasetId: string;
  declare kind: NarrativeKind;
  declare finalizedAt: string | null;
  declare canGenerate: boolean;
  declare aiEnabled: boolean;
  declare output: NarrativeResult | null;
  /** Busy while AI writes; the last refusal, of reading or writing; as `saved`, the notice when the rule-based text was kept. */
  private readonly requests = new SaveState(this);

  constructor() {
    super();
    this.datasetId = '';
    this.kind = 'exec-summary';
    this.finalizedAt = null;
    this.canGenerate = false;
    this.aiEnabled = false;
    this.output = null;
  }

  override updated(changed: Map<string, unknown>) {
    // A rescore (finalizedAt moves) deletes the cached AI text on the server: read it again.
    if ((changed.has('datasetId') || changed.has('finalizedAt') || changed.has('kind')) && this.datasetId) void this.load();
  }

  private async load() {
    this.requests.showError('');
    try {
      this.output = await fetchNarrative(this.datasetId, this.kind);
    } catch (err) {
      this.requests.showError(errorMessage(err));
    }
  }

  private async generate() {
    await this.requests.run(async () => {
      const output = await generateNarrative(this.datasetId, this.kind);
      this.output = output;
      if (output.aiUnavailableReason) return `AI was not used: ${output.aiUnavailableReason} The rule-based version is shown.`;
      if (output.rejectedReason) return `The AI reply was not used: ${output.rejectedReason} The rule-based version is shown.`;
      return '';
    });
  }

  /** The rule-based value chain repeats the Value chain section: shown only as the offer to write it with AI. */
  private get ruleBasedValueChain(): boolean {
    return this.kind === 'lifecycle' && this.output !== null && this.output.generated !== 'ai';
  }

  override render() {
    const heading = HEADINGS[this.kind];
    const output = this.output;
    const isAi = output?.generated === 'ai';
    const offerOnly = this.ruleBasedValueChain;
    // Only an AI-written value chain adds to the section it sits in; without one, only someone who may write it sees this.
    if (this.kind === 'lifecycle' && !isAi && !(this.canGenerate && this.aiEnabled)) return nothing;
    return html`<header>
        <h3>${heading}</h3>
        ${output && !offerOnly ? aiLabelFor(output) : nothing}
        ${this.canGenerate && this.aiEnabled
          ? html`<button class="secondary" ?disabled=${this.requests.busy} @click=${this.generate}>
              ${this.requests.busy ? 'Writing…' : isAi ? 'Regenerate with AI' : 'Write with AI'}
            </button>`
          : nothing}
      </header>
      ${this.requests.busy ? html`<p role="status" class="muted">The model is writing the ${heading.toLowerCase()}; this can take up to half a minute.</p>` : nothing}
      ${this.requests.saved ? html`<p class="notice" role="status">${this.requests.saved}</p>` : nothing}
      <error-notice .message=${this.requests.error}></error-notice>
      ${offerOnly
        ? html`<p class="muted">The phases above place each role type by its category or the industry pack. The model can place the largest role types instead.</p>`
        : output
          ? this.renderOutput(output)
          : this.requests.error
            ? nothing
            : html`<p class="muted" role="status">Loading…</p>`}`;
  }

  private renderOutput(output: NarrativeResult) {
    const cited = output.citations.length
      ? html`<p class="muted">Source: this dataset's figures${output.citations.some((c) => c.detail) ? ` (${output.citations.map((c) => c.detail).filter(Boolean).join('; ')})` : ''}.</p>`
      : nothing;
    if (this.kind === 'exec-summary') return html`<markdown-view .markdown=${output.markdown ?? ''}></markdown-view>${cited}`;
    const lifecycle = output.lifecycle;
    if (!lifecycle) return nothing;
    const spread = lifecycle.mapping?.evenlySpread ?? [];
    const people = wholePeopleByPhase(lifecycle.phases.map((p) => p.headcount));
    return html`<bar-chart
        caption=${`${lifecycle.label}: people by phase`}
        .items=${lifecycle.phases.map((p, i) => ({ label: p.label, value: people[i]! }))}
        .formatValue=${formatCount}
      ></bar-chart>
      ${lifecycle.mapping
        ? html`<p class="muted">
            ${formatCount(lifecycle.mapping.roles)} role types placed by the model${spread.length
              ? html`; ${formatCount(spread.length)} not placed and spread evenly across the phases: ${spread.map((s) => `${s.role} (${formatCount(s.headcount)})`).join(', ')}`
              : nothing}.
          </p>`
        : nothing}
      ${cited}`;
  }
}

customElements.define('ai-narrative-panel', AiNarrativePanel);

// <prompt-lab-panel>: test runs of one prompt version. The classifier is tried on up to 50 titles with a
// sector and region; narrative prompts on a ready dataset's stored summary (Ask with a question). A dry
// run shows the rendered prompt only; a real run is metered and judged by the production parser, and a
// model failure comes back as a rejected outcome.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { listLabDatasets, testPrompt, type LabDataset, type LabResult } from '../../api/ai.ts';
import { LAB_RAW_REPLY_MAX, LAB_TITLES } from '../../../schema/ai.ts';
import type { PromptKey } from '../../../schema/prompts.ts';
import { editorStyles, fieldRowStyles } from '../../styles/form-styles.ts';
import { formatConfidence, formatCount } from '../../../workers/format/figures.ts';
import { SaveState } from '../../controllers/save-state.ts';
import '../common/error-notice.ts';
import './markdown-view.ts';

export class PromptLabPanel extends LitElement {
  static override properties = {
    promptKey: { attribute: false },
    versions: { attribute: false },
    hasDraft: { type: Boolean, attribute: 'has-draft' },
    aiEnabled: { type: Boolean, attribute: 'ai-enabled' },
    datasets: { state: true },
    result: { state: true },
  };

  static override styles = [
    editorStyles,
    fieldRowStyles,
    css`
      textarea {
        box-sizing: border-box;
        width: 100%;
        min-height: 6rem;
        font: inherit;
      }
      pre {
        white-space: pre-wrap;
        max-height: 16rem;
        overflow: auto;
        border: 1px solid var(--color-border, #d5dae1);
        padding: var(--space-2, 0.5rem);
        font-size: 0.85rem;
      }
      .verdict {
        font-weight: 600;
      }
      .accepted {
        color: #14532d;
      }
      .rejected {
        color: #7f1d1d;
      }
      table {
        border-collapse: collapse;
        font-size: 0.9rem;
      }
      td,
      th {
        text-align: left;
        padding: 0.2rem 0.6rem 0.2rem 0;
      }
    `,
  ];

  declare promptKey: PromptKey;
  declare versions: number[];
  declare hasDraft: boolean;
  declare aiEnabled: boolean;
  declare datasets: LabDataset[] | null;
  declare result: LabResult | null;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.promptKey = 'classifier';
    this.versions = [];
    this.hasDraft = false;
    this.aiEnabled = false;
    this.datasets = null;
    this.result = null;
  }

  override updated(changed: Map<string, unknown>) {
    if (changed.has('promptKey')) {
      this.result = null;
      if (this.promptKey !== 'classifier' && this.datasets === null) void this.loadDatasets();
    }
  }

  private async loadDatasets() {
    try {
      this.datasets = await listLabDatasets();
    } catch (err) {
      this.form.showError(errorMessage(err));
    }
  }

  private field<T extends HTMLElement>(id: string): T {
    return this.shadowRoot!.querySelector(`#${id}`) as T;
  }

  private async run(event: Event) {
    event.preventDefault();
    const chosen = this.field<HTMLSelectElement>('lab-version').value;
    const request = {
      version: chosen === 'draft' ? ('draft' as const) : Number(chosen),
      dryRun: this.field<HTMLInputElement>('lab-dry').checked,
      ...(this.promptKey === 'classifier'
        ? {
            titles: this.field<HTMLTextAreaElement>('lab-titles').value.split('\n').map((t) => t.trim()).filter(Boolean).slice(0, LAB_TITLES),
            industry: this.field<HTMLInputElement>('lab-industry').value.trim() || undefined,
            region: this.field<HTMLInputElement>('lab-region').value.trim() || undefined,
          }
        : {
            datasetId: this.field<HTMLSelectElement>('lab-dataset').value || undefined,
            ...(this.promptKey === 'ask' && { question: this.field<HTMLInputElement>('lab-question').value.trim() || undefined }),
          }),
    };
    const ran = await this.form.run(async () => {
      this.result = await testPrompt(this.promptKey, request);
      return '';
    });
    if (!ran) this.result = null;
  }

  override render() {
    return html`<form @submit=${this.run}>
        <div class="row">
          <div class="field">
            <label for="lab-version">Version</label>
            <select id="lab-version">
              ${this.hasDraft ? html`<option value="draft">Draft</option>` : nothing}
              ${this.versions.map((v) => html`<option value=${v}>Version ${v}</option>`)}
            </select>
          </div>
          ${this.promptKey === 'classifier' ? this.renderClassifierInputs() : this.renderNarrativeInputs()}
        </div>
        ${this.promptKey === 'classifier'
          ? html`<div class="field">
              <label for="lab-titles">Titles, one a line (up to ${LAB_TITLES})</label>
              <textarea id="lab-titles">Payroll Clerk\nStore Manager\nHead of Digital Transformation</textarea>
            </div>`
          : nothing}
        <div class="row">
          <label><input id="lab-dry" type="checkbox" ?checked=${!this.aiEnabled} ?disabled=${!this.aiEnabled} /> Dry run: show the rendered prompt without calling the model</label>
          <button type="submit" ?disabled=${this.form.busy}>${this.form.busy ? 'Running…' : 'Run test'}</button>
        </div>
      </form>
      ${this.form.busy ? html`<p role="status">Running the test…</p>` : nothing}
      <error-notice .message=${this.form.error}></error-notice>
      ${this.result ? this.renderResult(this.result) : nothing}`;
  }

  private renderClassifierInputs() {
    return html`<div class="field"><label for="lab-industry">Sector</label><input id="lab-industry" type="text" value="Retail" /></div>
      <div class="field"><label for="lab-region">Region</label><input id="lab-region" type="text" value="london" /></div>`;
  }

  private renderNarrativeInputs() {
    const datasets = this.datasets ?? [];
    return html`<div class="field">
        <label for="lab-dataset">Ready dataset</label>
        <select id="lab-dataset">
          ${datasets.length === 0 ? html`<option value="">No ready dataset yet</option>` : nothing}
          ${datasets.map((d) => html`<option value=${d.id}>${d.engagementName}: ${d.name}${d.headcount === null ? '' : ` (${formatCount(d.headcount)} people)`}</option>`)}
        </select>
      </div>
      ${this.promptKey === 'ask'
        ? html`<div class="field"><label for="lab-question">Question</label><input id="lab-question" type="text" value="Which group costs the most?" /></div>`
        : nothing}`;
  }

  private renderResult(r: LabResult) {
    const outcome = r.outcome;
    return html`<section aria-label="Test result">
      ${r.aiUnavailableReason ? html`<p role="status">AI is unavailable (${r.aiUnavailableReason}); only the rendered prompt is shown.</p>` : nothing}
      ${outcome
        ? html`<p class="verdict ${outcome.accepted ? 'accepted' : 'rejected'}" role="status">
              ${outcome.accepted ? 'Accepted' : 'Rejected'}: ${outcome.summary}
            </p>
            ${r.usage ? html`<p>${r.model}: ${formatCount(r.usage.inputTokens)} input and ${formatCount(r.usage.outputTokens)} output tokens (metered as prompt lab).</p>` : nothing}
            ${outcome.classifications?.length
              ? html`<table>
                  <thead><tr><th scope="col">Title</th><th scope="col">US SOC</th><th scope="col">UK SOC</th><th scope="col">Confidence</th></tr></thead>
                  <tbody>${outcome.classifications.map((c) => html`<tr><td>${c.title}</td><td>${c.usSoc2018}</td><td>${c.ukSoc2020}</td><td>${formatConfidence(c.confidence)}</td></tr>`)}</tbody>
                </table>`
              : nothing}
            ${outcome.lifecycle
              ? html`<p>Phases: ${outcome.lifecycle.phases.map((p) => p.label).join(', ')}. ${formatCount(outcome.lifecycle.roles)} roles placed, ${formatCount(outcome.lifecycle.evenlySpread)} spread evenly.</p>`
              : nothing}
            ${outcome.markdown ? html`<markdown-view .markdown=${outcome.markdown}></markdown-view>` : nothing}`
        : html`<p role="status">Dry run: the prompt as production would send it.</p>`}
      <details ?open=${r.dryRun}>
        <summary>Rendered prompt (${r.rendered.model}, temperature ${r.rendered.temperature}, up to ${formatCount(r.rendered.maxOutputTokens)} tokens)</summary>
        <pre>${r.rendered.system}\n\n${r.rendered.user}</pre>
      </details>
      ${r.raw != null
        ? html`<details><summary>Raw reply${r.rawTruncated ? ` (cut at ${formatCount(LAB_RAW_REPLY_MAX)} characters)` : ''}</summary><pre>${r.raw}</pre></details>`
        : nothing}
    </section>`;
  }
}

customElements.define('prompt-lab-panel', PromptLabPanel);

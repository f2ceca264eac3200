// <admin-prompts-page>: the four AI prompts as numbered versions. Pick a prompt to see its variables and
// fixed response contract, its version history and the live version; start a draft, edit it with the
// publishable rules checked as you type (and saved as you go), compare it with the live version, test it
// in the prompt lab, then publish it with notes or discard it.
import { LitElement, css, html, nothing } from 'lit';
import { PROMPT_KEYS, PROMPT_LIMITS, type PromptIssue, type PromptKey, type PromptTemplate } from '../../../schema/prompts.ts';
import { promptIssues } from '../../../workers/prompts/prompt.ts';
import {
  createPromptDraft,
  discardPromptDraft,
  fetchPrompt,
  listPrompts,
  publishPromptDraft,
  savePromptDraft,
  type PromptDetail,
  type PromptSummary,
  type PromptVersion,
} from '../../api/ai.ts';
import { errorMessage } from '../../api/http.ts';
import { fetchSession } from '../../api/session.ts';
import { formatCount, formatDate } from '../../../workers/format/figures.ts';
import { fieldRowStyles, formPanelStyles } from '../../styles/form-styles.ts';
import '../../components/ai/prompt-diff.ts';
import '../../components/ai/prompt-lab-panel.ts';
import '../../components/common/error-notice.ts';

const SAVE_DELAY_MS = 600;

export class AdminPromptsPage extends LitElement {
  static override properties = {
    prompts: { state: true },
    selected: { state: true },
    detail: { state: true },
    editing: { state: true },
    saveStatus: { state: true },
    publishNotes: { state: true },
    aiEnabled: { state: true },
    error: { state: true },
    message: { state: true },
  };

  static override styles = [
    formPanelStyles,
    fieldRowStyles,
    css`
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem);
        list-style: none;
        padding: 0;
        margin: 0 0 var(--space-4, 1rem);
      }
      nav button[aria-current='true'] {
        outline: 2px solid var(--color-brand, #1d3f6e);
      }
      h2 {
        font-size: 1.2rem;
        margin: 0 0 var(--space-2, 0.5rem);
      }
      h3 {
        font-size: 1.05rem;
        margin: var(--space-4, 1rem) 0 var(--space-2, 0.5rem);
      }
      textarea {
        box-sizing: border-box;
        width: 100%;
        font: inherit;
        font-size: 0.9rem;
      }
      #system {
        min-height: 10rem;
      }
      #template {
        min-height: 6rem;
      }
      .issues {
        border-left: 4px solid #b3261e;
        background: #fdf1f1;
        padding: var(--space-2, 0.5rem) var(--space-4, 1rem);
      }
      .clean {
        border-left: 4px solid #2e7d32;
        background: #eef7ef;
        padding: var(--space-2, 0.5rem) var(--space-4, 1rem);
      }
      code {
        font-size: 0.9em;
      }
      pre {
        white-space: pre-wrap;
        font-size: 0.85rem;
        max-height: 14rem;
        overflow: auto;
      }
      .panel + .panel {
        margin-top: var(--space-6, 1.5rem);
      }
    `,
  ];

  declare prompts: PromptSummary[] | null;
  declare selected: PromptKey;
  declare detail: PromptDetail | null;
  declare editing: PromptTemplate | null;
  declare saveStatus: string;
  declare publishNotes: string;
  declare aiEnabled: boolean;
  declare error: string;
  declare message: string;

  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private pending: Partial<PromptTemplate> = {};

  constructor() {
    super();
    this.prompts = null;
    this.selected = 'classifier';
    this.detail = null;
    this.editing = null;
    this.saveStatus = '';
    this.publishNotes = '';
    this.aiEnabled = false;
    this.error = '';
    this.message = '';
  }

  override connectedCallback() {
    super.connectedCallback();
    void this.load();
    fetchSession().then((s) => (this.aiEnabled = s?.aiEnabled ?? false), () => undefined);
  }

  private async load() {
    this.error = '';
    try {
      this.prompts = await listPrompts();
      await this.select(this.selected);
    } catch (err) {
      this.error = errorMessage(err);
    }
  }

  private async select(key: PromptKey) {
    await this.flush();
    this.selected = key;
    this.message = '';
    this.detail = await fetchPrompt(key);
    this.editing = this.detail.draft ? editableOf(this.detail.draft) : null;
    this.saveStatus = '';
  }

  private get live(): PromptVersion | null {
    return this.detail?.versions[0] ?? null;
  }

  /** The publishable rules, checked in the browser as the text changes (the server checks them again). */
  private get issues(): PromptIssue[] {
    if (!this.editing || !this.detail) return [];
    return promptIssues(this.selected, this.editing, this.detail.allowedModels);
  }

  private edit(patch: Partial<PromptTemplate>) {
    if (!this.editing) return;
    this.editing = { ...this.editing, ...patch };
    this.pending = { ...this.pending, ...patch };
    this.saveStatus = 'Unsaved changes…';
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }

  private async flush() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const patch = this.pending;
    if (Object.keys(patch).length === 0) return;
    this.pending = {};
    try {
      await savePromptDraft(this.selected, patch);
      this.saveStatus = 'Draft saved.';
    } catch (err) {
      this.saveStatus = '';
      this.error = errorMessage(err);
    }
  }

  private async act(action: () => Promise<unknown>, done: string) {
    this.error = '';
    this.message = '';
    try {
      await this.flush();
      await action();
      this.prompts = await listPrompts();
      await this.select(this.selected);
      this.message = done;
    } catch (err) {
      this.error = errorMessage(err);
    }
  }

  override render() {
    return html`<section class="panel" aria-labelledby="prompts-heading">
        <h2 id="prompts-heading">AI prompts</h2>
        <p class="muted">Each prompt is published as a numbered version; the newest is live. The response contracts are fixed, so an edit cannot widen what is accepted.</p>
        <nav aria-label="Prompts">
          <ul>
            ${(this.prompts ?? PROMPT_KEYS.map((key) => ({ key, label: key }) as PromptSummary)).map(
              (p) => html`<li>
                <button class="secondary" aria-current=${p.key === this.selected ? 'true' : 'false'} @click=${() => this.select(p.key).catch((err) => (this.error = errorMessage(err)))}>
                  ${p.label}${p.live ? ` · v${p.live.version}` : ''}${p.draft ? ' · draft' : ''}
                </button>
              </li>`,
            )}
          </ul>
        </nav>
        <error-notice .message=${this.error}></error-notice>
        ${this.message ? html`<p role="status">${this.message}</p>` : nothing}
        ${this.detail ? this.renderDetail(this.detail) : html`<p role="status">Loading prompts…</p>`}
      </section>
      ${this.detail
        ? html`<section class="panel" aria-labelledby="lab-heading">
            <h2 id="lab-heading">Prompt lab</h2>
            <prompt-lab-panel
              .promptKey=${this.selected}
              .versions=${this.detail.versions.map((v) => v.version!)}
              ?has-draft=${this.editing !== null}
              ?ai-enabled=${this.aiEnabled}
            ></prompt-lab-panel>
          </section>`
        : nothing}`;
  }

  private renderDetail(detail: PromptDetail) {
    const { definition } = detail;
    return html`<h3>${definition.label}</h3>
      <p>${definition.purpose}</p>
      <p><strong>Variables:</strong> ${definition.variables.map((v, i) => html`${i ? ', ' : ''}<code>{{${v.name}}}</code>${v.required ? ' (required)' : ''}`)}</p>
      <p><strong>Response contract:</strong> ${definition.output}</p>
      ${this.editing ? this.renderEditor(this.editing) : this.renderStart(detail)}
      <h3>Version history</h3>
      ${detail.versions.map(
        (v, i) => html`<details>
          <summary>Version ${v.version}${i === 0 ? ' (live)' : ''}, published ${formatDate(v.publishedAt!)}: ${v.notes ?? ''}</summary>
          <p>Model ${v.model ?? `platform default (${detail.defaultModel})`}, temperature ${v.temperature}, up to ${v.maxOutputTokens} output tokens.</p>
          <pre>${v.system}\n\n${v.template}</pre>
        </details>`,
      )}`;
  }

  private renderStart(detail: PromptDetail) {
    return html`<div class="row">
      <div class="field">
        <label for="from">Start a draft from</label>
        <select id="from">${detail.versions.map((v) => html`<option value=${v.version!}>Version ${v.version}</option>`)}</select>
      </div>
      <button
        @click=${() => {
          const from = Number((this.shadowRoot!.querySelector('#from') as HTMLSelectElement).value);
          void this.act(() => createPromptDraft(this.selected, from), 'Draft created.');
        }}
      >
        Create draft
      </button>
    </div>`;
  }

  private renderEditor(e: PromptTemplate) {
    const issues = this.issues;
    const live = this.live;
    const models = this.detail!.allowedModels;
    return html`<h3>Draft</h3>
      <p role="status" class="muted">${this.saveStatus}</p>
      <div class="field">
        <label for="system">System text</label>
        <textarea id="system" .value=${e.system} @input=${(ev: Event) => this.edit({ system: (ev.target as HTMLTextAreaElement).value })}></textarea>
      </div>
      <div class="field">
        <label for="template">Template</label>
        <textarea id="template" .value=${e.template} @input=${(ev: Event) => this.edit({ template: (ev.target as HTMLTextAreaElement).value })}></textarea>
      </div>
      <div class="row">
        <div class="field">
          <label for="model">Model</label>
          <select id="model" @change=${(ev: Event) => this.edit({ model: (ev.target as HTMLSelectElement).value || null })}>
            <option value="" ?selected=${e.model === null}>Platform default (${this.detail!.defaultModel})</option>
            ${models.map((m) => html`<option value=${m} ?selected=${e.model === m}>${m}</option>`)}
            ${e.model !== null && !models.includes(e.model) ? html`<option value=${e.model} selected>${e.model} (not allowed)</option>` : nothing}
          </select>
        </div>
        <div class="field">
          <label for="temperature">Temperature (${PROMPT_LIMITS.temperatureMin} to ${PROMPT_LIMITS.temperatureMax})</label>
          <input id="temperature" type="number" min=${PROMPT_LIMITS.temperatureMin} max=${PROMPT_LIMITS.temperatureMax} step="0.1" .value=${String(e.temperature)} @change=${(ev: Event) => this.edit({ temperature: Number((ev.target as HTMLInputElement).value) })} />
        </div>
        <div class="field">
          <label for="tokens">Output tokens (${PROMPT_LIMITS.maxOutputTokensMin} to ${formatCount(PROMPT_LIMITS.maxOutputTokensMax)})</label>
          <input id="tokens" type="number" min=${PROMPT_LIMITS.maxOutputTokensMin} max=${PROMPT_LIMITS.maxOutputTokensMax} step="1" .value=${String(e.maxOutputTokens)} @change=${(ev: Event) => this.edit({ maxOutputTokens: Number((ev.target as HTMLInputElement).value) })} />
        </div>
      </div>
      ${issues.length
        ? html`<div class="issues" role="status" aria-live="polite"><strong>${issues.length} issue${issues.length === 1 ? '' : 's'} to fix before publishing:</strong>
            <ul>${issues.map((i) => html`<li>${i.message}</li>`)}</ul></div>`
        : html`<p class="clean" role="status" aria-live="polite">No issues: the draft can be published.</p>`}
      ${live
        ? html`<h3>Changes from the live version (${live.version})</h3>
            <prompt-diff label="System text" .live=${live.system} .draft=${e.system}></prompt-diff>
            <prompt-diff label="Template" .live=${live.template} .draft=${e.template}></prompt-diff>`
        : nothing}
      <div class="row">
        <div class="field">
          <label for="notes">Publish notes (3 to 2,000 characters)</label>
          <input id="notes" type="text" .value=${this.publishNotes} @input=${(ev: Event) => (this.publishNotes = (ev.target as HTMLInputElement).value)} />
        </div>
        <button ?disabled=${issues.length > 0 || this.publishNotes.trim().length < 3} @click=${() => this.act(() => publishPromptDraft(this.selected, this.publishNotes.trim()), 'Published: the new version is live.').then(() => (this.publishNotes = ''))}>
          Publish
        </button>
        <button class="secondary" @click=${() => this.act(() => discardPromptDraft(this.selected), 'Draft discarded.')}>Discard draft</button>
      </div>`;
  }
}

const editableOf = (v: PromptVersion): PromptTemplate => ({ system: v.system, template: v.template, model: v.model, temperature: v.temperature, maxOutputTokens: v.maxOutputTokens });

customElements.define('admin-prompts-page', AdminPromptsPage);

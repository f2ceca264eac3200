// <reference-title-test>: "test a title" against a reference document as edited (not yet saved or
// published), alone or in the context a staff list gives (unit, organisation, grade, professional group,
// pay): the codes, the role and confidence, what decides it (a pack's overlay rule, a curated taxonomy rule,
// the coder's evidence, the context, or nothing) and the coder's other readings. The document is compiled in
// a worker; a taxonomy rule can be shown in the table (event `show-rule` with its index).
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { startReferenceWorker, type ReferenceWorkerHandle } from '../../worker-handles/reference-worker.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import type { TitleTestResult } from '../../../workers/reference/titleTest.ts';
import { CONTEXT_LABELS } from '../../../workers/classify/context.ts';
import { parseSalary } from '../../../workers/import/values.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';

type Occupations = { us?: Record<string, { title: string }>; uk?: Record<string, { title: string }>; ukUnpriced?: Record<string, string> };


const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });
/** A chance as a whole percentage; a small non-zero one is not rounded away to 0%. */
const chance = (value: number) => (value > 0 && value < 0.005 ? 'under 1%' : percent.format(value));

export class ReferenceTitleTest extends LitElement {
  static override properties = {
    document: { attribute: false },
    result: { state: true },
    running: { state: true },
    error: { state: true },
  };

  static override styles = [
    formPanelStyles,
    css`
      fieldset {
        margin: 0;
        /* A fieldset is as wide as its widest content by default; a long pattern must wrap instead. */
        min-width: 0;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-4, 1rem);
        align-items: flex-end;
      }
      .row .field {
        margin: 0;
        flex: 1 1 12rem;
      }
      .outcome {
        margin-top: var(--space-4, 1rem);
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: var(--space-1, 0.25rem) var(--space-4, 1rem);
        margin: 0 0 var(--space-3, 0.75rem);
      }
      dt {
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      code {
        font-size: 0.85rem;
        overflow-wrap: anywhere;
      }
      ul {
        margin: 0;
        padding-left: var(--space-6, 1.5rem);
      }
    `,
  ];

  declare document: Record<string, unknown> | null;
  declare result: TitleTestResult | null;
  declare running: boolean;
  declare error: string;
  private worker: ReferenceWorkerHandle | null = null;
  private loaded: Record<string, unknown> | null = null;

  constructor() {
    super();
    this.document = null;
    this.result = null;
    this.running = false;
    this.error = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.worker?.stop();
    this.worker = null;
    this.loaded = null;
  }

  private async run(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const document = this.document;
    if (!document) return;
    const data = new FormData(event.target as HTMLFormElement);
    const title = String(data.get('title') ?? '').trim();
    if (!title) return;
    this.running = true;
    this.error = '';
    try {
      this.worker ??= startReferenceWorker();
      // Compiled once per version of the document: an edit makes a new document object.
      if (this.loaded !== document) {
        await this.worker.api.load(document as unknown as ReferenceData);
        this.loaded = document;
      }
      const text = (name: string) => String(data.get(name) ?? '').trim() || null;
      // Read as the import reads a salary cell: "£45,000", "45k", "$81,060.00".
      const salary = parseSalary(text('salary') ?? '');
      this.result = await this.worker.api.test(title, {
        packId: text('pack'),
        division: text('division'),
        organisation: text('organisation'),
        grade: text('grade'),
        group: text('group'),
        salary: salary !== null && salary > 0 ? salary : null,
        currency: text('currency') === 'USD' ? 'USD' : 'GBP',
      });
    } catch (error) {
      this.result = null;
      this.error = `The title could not be tested: ${errorMessage(error)}`;
    } finally {
      this.running = false;
    }
  }

  private name(country: 'us' | 'uk', code: string | null): string {
    if (!code) return 'none';
    const occupations = (this.document?.occupations ?? {}) as Occupations;
    // Unit groups without ASHE pay (armed forces officers, senior police and fire officers) are named apart.
    const title = occupations[country]?.[code]?.title ?? (country === 'uk' ? occupations.ukUnpriced?.[code] : undefined);
    return title ? `${code} ${title}` : code;
  }

  override render() {
    const packs = ((this.document?.packs ?? []) as { id: string; label: string }[]).filter((p) => p.id !== 'general');
    return html`<form @submit=${this.run}>
      <fieldset>
        <legend>Test a title</legend>
        <p class="hint">Codes a title with this draft as edited here, before saving, without AI or the shared cache.</p>
        <div class="row">
          <div class="field">
            <label for="test-title">Job title</label>
            <input id="test-title" name="title" type="text" maxlength="300" autocomplete="off" required />
          </div>
          <div class="field">
            <label for="test-pack">Industry pack</label>
            <select id="test-pack" name="pack">
              <option value="">General</option>
              ${packs.map((p) => html`<option value=${p.id}>${p.label}</option>`)}
            </select>
          </div>
          <button type="submit" ?disabled=${this.running || !this.document}>${this.running ? 'Testing…' : 'Test'}</button>
        </div>
        <p class="label">In context (optional), as a staff list's row gives it</p>
        <div class="row">
          <div class="field">
            <label for="test-division">Division or unit</label>
            <input id="test-division" name="division" type="text" maxlength="120" autocomplete="off" />
          </div>
          <div class="field">
            <label for="test-organisation">Organisation</label>
            <input id="test-organisation" name="organisation" type="text" maxlength="120" autocomplete="off" />
          </div>
          <div class="field">
            <label for="test-grade">Grade or rank</label>
            <input id="test-grade" name="grade" type="text" maxlength="60" autocomplete="off" placeholder="SCS1, Grade 7, HEO, OF-3" />
          </div>
          <div class="field">
            <label for="test-group">Professional group</label>
            <input id="test-group" name="group" type="text" maxlength="120" autocomplete="off" />
          </div>
          <div class="field">
            <label for="test-salary">Annual pay</label>
            <input id="test-salary" name="salary" type="text" inputmode="numeric" maxlength="12" autocomplete="off" />
          </div>
          <div class="field">
            <label for="test-currency">Pay in</label>
            <select id="test-currency" name="currency">
              <option value="GBP">Pounds (UK pay tables)</option>
              <option value="USD">US dollars (US pay tables)</option>
            </select>
          </div>
        </div>
        <p class="hint">Pay is read against the pay tables at their own level; a dataset first measures its whole list's pay level.</p>
        <p role="status" class="hint">${this.running ? 'Compiling the draft and coding the title…' : ''}</p>
        ${this.error ? html`<p class="problem" role="alert">${this.error}</p>` : nothing}
        ${this.result ? this.renderResult(this.result) : nothing}
      </fieldset>
    </form>`;
  }

  private renderResult({ classification: c, decidedBy, matchedText, alone }: TitleTestResult) {
    return html`<div class="outcome" aria-live="polite">
      <dl>
        <dt>Decided by</dt>
        <dd>${this.renderDecider(decidedBy, c.reason ?? null)}</dd>
        ${alone
          ? html`<dt>The title alone</dt>
              <dd>${this.name('us', alone.usSoc2018)} · ${this.name('uk', alone.ukSoc2020)} (${percent.format(alone.confidence)})</dd>`
          : nothing}
        <dt>US SOC 2018</dt>
        <dd>${this.name('us', c.usSoc2018)}</dd>
        <dt>UK SOC 2020</dt>
        <dd>${this.name('uk', c.ukSoc2020)}</dd>
        <dt>Role</dt>
        <dd>${c.category} / ${c.subcategory}</dd>
        <dt>Confidence</dt>
        <dd>${percent.format(c.confidence)}</dd>
        <dt>Matched as</dt>
        <dd><code>${matchedText}</code></dd>
      </dl>
      ${c.alternatives && c.alternatives.length > 0
        ? html`<p class="label">Other readings</p>
            <ul>
              ${c.alternatives.map(
                (a) => html`<li>${this.name('us', a.usSoc2018)} · ${this.name('uk', a.ukSoc2020)} (${chance(a.score)}): ${a.reason}</li>`,
              )}
            </ul>`
        : nothing}
    </div>`;
  }

  private renderDecider(decidedBy: TitleTestResult['decidedBy'], reason: string | null) {
    switch (decidedBy.kind) {
      case 'pack':
        return html`Overlay rule ${decidedBy.overlayIndex + 1} of the pack ${decidedBy.packId}: <code>${decidedBy.pattern}</code>`;
      case 'rule':
        return html`Taxonomy rule ${decidedBy.ruleIndex + 1}${decidedBy.division ? ` (division ${decidedBy.division})` : ''}: <code>${decidedBy.pattern}</code>
          <button
            type="button"
            class="link"
            @click=${() => this.dispatchEvent(new CustomEvent<number>('show-rule', { detail: decidedBy.ruleIndex, bubbles: true, composed: true }))}
          >
            Show rule ${decidedBy.ruleIndex + 1}
          </button>`;
      case 'coder':
        return html`The coder’s evidence: ${reason}`;
      case 'context':
        return html`The row’s context (${decidedBy.used.map((k) => CONTEXT_LABELS[k]).join(', ')}) over the title’s own reading: ${reason}`;
      case 'none':
        return 'Nothing: no rule matches and the coder has no evidence, so the title is Other / Uncategorised.';
    }
  }
}

customElements.define('reference-title-test', ReferenceTitleTest);

declare global {
  interface HTMLElementTagNameMap {
    'reference-title-test': ReferenceTitleTest;
  }
  interface HTMLElementEventMap {
    'show-rule': CustomEvent<number>;
  }
}

// <copilot-plans-panel>: Copilot licence plans of one dataset. Plans (a name and a config) are kept on the
// server; the allocation is computed here, in a worker, from the dataset's people scored as the summary was,
// so a plan always reflects the latest rescore. The allocation workbook is built in the worker too: by
// employee ID, or with names and emails only after a reveal by a member with PII access, and each download
// is recorded (a named one as such).
import { LitElement, css, html, nothing } from 'lit';
import type { CopilotPlanConfig } from '../../../schema/copilotPlan.ts';
import { COPILOT_HORIZONS } from '../../../schema/copilotPlanChoices.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import type { AllocationView } from '../../../workers/copilot.worker.ts';
import type { AllocationBreakdown } from '../../../workers/copilot/allocation.ts';
import { hasReportingLines } from '../../../workers/scoring/org.ts';
import { errorMessage } from '../../api/http.ts';
import { createCopilotPlan, deleteCopilotPlan, listCopilotPlans, updateCopilotPlan, type CopilotPlan } from '../../api/copilot.ts';
import { startCopilotWorker, type CopilotWorkerHandle } from '../../worker-handles/copilot-worker.ts';
import { fetchTitles, type DatasetWithSummary } from '../../api/datasets.ts';
import { getEngagement } from '../../api/engagements.ts';
import { engagementPermissions } from '../../app/permissions.ts';
import { fetchAllRows, recordExport } from '../../api/exports.ts';
import { purposeAccepted, revealIdentities, PURPOSE_MAX } from '../../api/identities.ts';
import { referenceVersion } from '../../reference/reference-data.ts';
import { formStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';
import '../common/error-notice.ts';
import { fileStem, saveFile, XLSX_TYPE } from '../exports/save-file.ts';
import { resultStyles } from '../results/results-styles.ts';
import { formatCount, formatMoney, formatPercentile } from '../../../workers/format/figures.ts';
import { summaryCurrency } from '../../../schema/datasetSummary.ts';
import './copilot-plan-form.ts';

type Phase = { kind: 'idle' } | { kind: 'loading'; step: string } | { kind: 'ready' } | { kind: 'failed'; message: string };

const NEW_PLAN = '';

/** Defaults of a new plan: price, currency, count and tiers from the reference; the rest stated assumptions. */
function defaultConfig(data: ReferenceData): CopilotPlanConfig {
  const d = data.copilot.defaults;
  return {
    licenceCount: d.licenceCount,
    pricePerLicencePerMonth: d.licencePricePerMonth,
    currency: d.currency,
    licensedTiers: [...d.licensedTiers],
    horizons: [...COPILOT_HORIZONS],
    pilotGroups: [],
    termMonths: 12,
    weeklyHours: 37.5,
    adoptionPercent: 80,
  };
}


export class CopilotPlansPanel extends LitElement {
  static override properties = {
    record: { attribute: false },
    workerUrl: { attribute: false },
    phase: { state: true },
    plans: { state: true },
    selected: { state: true },
    name: { state: true },
    config: { state: true },
    view: { state: true },
    access: { state: true },
    busy: { state: true },
    message: { state: true },
    error: { state: true },
    purpose: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    formStyles,
    resultStyles,
    css`
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        align-items: end;
        margin: 0 0 var(--space-4, 1rem);
      }
      .breakdowns {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr));
        gap: var(--space-4, 1rem);
      }
      progress {
        width: 100%;
      }
      details {
        margin: var(--space-4, 1rem) 0;
      }
      .download {
        border-top: 1px solid var(--color-border, #d5dae1);
        padding-top: var(--space-4, 1rem);
        margin-top: var(--space-4, 1rem);
      }
    `,
  ];

  /** The dataset, with its summary. */
  declare record: DatasetWithSummary | null;
  /** Where the built worker is served from (tests point it at the build output). */
  declare workerUrl: string;
  declare phase: Phase;
  declare plans: CopilotPlan[];
  declare selected: string;
  declare name: string;
  declare config: CopilotPlanConfig | null;
  declare view: AllocationView | null;
  declare access: { canEdit: boolean; piiAccess: boolean };
  declare busy: boolean;
  declare message: string;
  declare error: string;
  declare purpose: string;

  private worker: CopilotWorkerHandle | null = null;
  private referenceData: ReferenceData | null = null;
  private categories: string[] = [];
  private locations: string[] = [];
  /** Allocations are asked for in order; only the newest answer is shown. */
  private allocation = 0;

  constructor() {
    super();
    this.record = null;
    this.workerUrl = '/workers/copilot.worker.js';
    this.phase = { kind: 'idle' };
    this.plans = [];
    this.selected = NEW_PLAN;
    this.name = 'Copilot plan';
    this.config = null;
    this.view = null;
    this.access = { canEdit: false, piiAccess: false };
    this.busy = false;
    this.message = '';
    this.error = '';
    this.purpose = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.worker?.stop();
    this.worker = null;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    const previous = changed.get('record') as DatasetWithSummary | null | undefined;
    // A rescore changes every person's figures: score again if the plan was open.
    if (changed.has('record') && previous && this.record && previous.finalizedAt !== this.record.finalizedAt && this.phase.kind === 'ready') void this.open();
  }

  /** Reads the rows, titles and pinned reference, scores the people in the worker, and the plans. */
  private async open(): Promise<void> {
    const dataset = this.record;
    if (!dataset?.summary) return;
    this.error = '';
    try {
      this.phase = { kind: 'loading', step: 'Reading the reference data and plans…' };
      const [reference, plans, engagement, titles] = await Promise.all([
        referenceVersion(dataset.summary.referenceVersion),
        listCopilotPlans(dataset.id),
        getEngagement(dataset.engagementId),
        fetchTitles(dataset.id),
      ]);
      this.referenceData = reference.data as ReferenceData;
      this.plans = plans;
      const e = engagement.engagement;
      const can = engagementPermissions(null, e);
      this.access = { canEdit: can.writeDatasets && dataset.status === 'ready', piiAccess: can.useIdentities };
      const rows = await fetchAllRows(dataset.id, dataset.expectedRows, (read) => {
        this.phase = { kind: 'loading', step: `Reading people: ${formatCount(read)} of ${formatCount(dataset.expectedRows)}…` };
      });
      this.phase = { kind: 'loading', step: `Scoring ${formatCount(rows.length)} people…` };
      this.locations = [...new Set(rows.map((r) => r.location?.trim()).filter((l): l is string => !!l))].sort().slice(0, 500);
      this.categories = [...new Set(this.referenceData.taxonomy.roles.map((r) => r.category))].sort();
      this.worker?.stop();
      this.worker = startCopilotWorker(this.workerUrl);
      await this.worker.api.prepare({ rows, titles, referenceData: this.referenceData, summary: dataset.summary });
      if (this.config === null) this.select(plans[0]?.id ?? NEW_PLAN);
      this.phase = { kind: 'ready' };
      await this.allocate();
    } catch (error) {
      this.phase = { kind: 'failed', message: errorMessage(error) };
    }
  }

  private select(id: string): void {
    const plan = this.plans.find((p) => p.id === id);
    this.selected = plan ? plan.id : NEW_PLAN;
    this.name = plan ? plan.name : 'Copilot plan';
    this.config = plan ? structuredClone(plan.config) : defaultConfig(this.referenceData!);
    this.message = '';
    void this.allocate();
  }

  private async allocate(): Promise<void> {
    if (!this.worker || !this.config || this.phase.kind !== 'ready') return;
    const ticket = ++this.allocation;
    try {
      const view = await this.worker.api.allocate(this.config);
      if (ticket === this.allocation) this.view = view;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  private onConfig(event: CustomEvent<CopilotPlanConfig>): void {
    this.config = event.detail;
    void this.allocate();
  }

  private async save(asNew: boolean): Promise<void> {
    if (!this.record || !this.config) return;
    this.busy = true;
    this.error = '';
    try {
      const body = { name: this.name.trim() || 'Copilot plan', config: this.config };
      const plan = !asNew && this.selected !== NEW_PLAN ? await updateCopilotPlan(this.selected, body) : await createCopilotPlan(this.record.id, body);
      this.plans = [...this.plans.filter((p) => p.id !== plan.id), plan];
      this.selected = plan.id;
      this.message = `Plan “${plan.name}” saved.`;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  private async deletePlan(): Promise<void> {
    const plan = this.plans.find((p) => p.id === this.selected);
    if (!plan || !confirm(`Delete the plan “${plan.name}”?`)) return;
    this.busy = true;
    this.error = '';
    try {
      await deleteCopilotPlan(plan.id);
      this.plans = this.plans.filter((p) => p.id !== plan.id);
      this.select(this.plans[0]?.id ?? NEW_PLAN);
      this.message = `Plan “${plan.name}” deleted.`;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  /** Builds the workbook in the worker; names and emails only after a reveal of the licensed people. */
  private async download(named: boolean): Promise<void> {
    const dataset = this.record;
    if (!dataset?.summary || !this.worker || !this.config || !this.view) return;
    this.busy = true;
    this.error = '';
    try {
      let identities: Map<string, { name: string | null; email: string | null }> | undefined;
      if (named) {
        this.message = 'Revealing the names and emails of the licensed people…';
        const ids = await this.worker.api.licensedEmployeeIds(this.config);
        const revealed = await revealIdentities(dataset.id, this.purpose.trim(), ids);
        identities = new Map(revealed.people.map((p) => [p.employeeId, { name: p.name, email: p.email }]));
      }
      this.message = 'Building the workbook…';
      const bytes = await this.worker.api.workbook(this.config, {
        planName: this.name,
        datasetName: dataset.name,
        generatedAt: new Date().toISOString(),
        referenceVersion: dataset.summary.referenceVersion,
        currency: summaryCurrency(dataset.summary),
        identities,
      });
      saveFile(bytes, `${fileStem(dataset.name)}-copilot-allocation${named ? '-named' : ''}.xlsx`, XLSX_TYPE);
      recordExport(dataset.id, { kind: 'xlsx', artefact: 'copilot-allocation', named, rows: this.view.licensed });
      this.message = named ? 'The named allocation workbook is downloaded; the download is recorded as a named export.' : 'The allocation workbook is downloaded.';
    } catch (error) {
      this.message = '';
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<section aria-labelledby="copilot-heading">
      <h2 id="copilot-heading">Copilot licence plans</h2>
      ${this.renderPhase()}
    </section>`;
  }

  private renderPhase() {
    const phase = this.phase;
    switch (phase.kind) {
      case 'idle':
        return html`<p>Plan who receives Microsoft Copilot licences: ranked by Copilot tier, then by AI exposure, with the cost and the hours expected back.</p>
          <button type="button" @click=${this.open}>Plan Copilot licences</button>`;
      case 'loading':
        return html`<p role="status">${phase.step}</p>
          <progress aria-label="Preparing the Copilot plan"></progress>`;
      case 'failed':
        return html`<error-notice .message=${phase.message} retryable @retry=${this.open}></error-notice>`;
      case 'ready':
        return this.renderPlan();
    }
  }

  private renderPlan() {
    const data = this.referenceData!;
    const editable = this.access.canEdit && !this.busy;
    return html`<div class="row">
        <label>
          Plan
          <select .value=${this.selected} @change=${(e: Event) => this.select((e.target as HTMLSelectElement).value)}>
            ${this.plans.map((p) => html`<option value=${p.id} ?selected=${p.id === this.selected}>${p.name}</option>`)}
            <option value=${NEW_PLAN} ?selected=${this.selected === NEW_PLAN}>New plan (not saved)</option>
          </select>
        </label>
        <label>
          Name
          <input .value=${this.name} maxlength="200" ?disabled=${!editable} @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} />
        </label>
        ${this.access.canEdit
          ? html`<button type="button" ?disabled=${!editable} @click=${() => this.save(false)}>${this.selected === NEW_PLAN ? 'Save plan' : 'Save changes'}</button>
              ${this.selected !== NEW_PLAN
                ? html`<button type="button" class="secondary" ?disabled=${!editable} @click=${() => this.save(true)}>Save as a new plan</button>
                    <button type="button" class="secondary" ?disabled=${!editable} @click=${this.deletePlan}>Delete plan</button>`
                : nothing}`
          : nothing}
      </div>
      <p role="status" class="muted">${this.message}</p>
      <error-notice .message=${this.error}></error-notice>
      <copilot-plan-form
        .config=${this.config}
        .tiers=${data.copilot.tiers}
        .categories=${this.categories}
        .locations=${this.locations}
        ?disabled=${this.busy}
        @config-change=${this.onConfig}
      ></copilot-plan-form>
      ${this.view ? this.renderAllocation(this.view) : html`<p role="status" class="muted">Allocating…</p>`}`;
  }

  private renderAllocation(v: AllocationView) {
    const currency = v.cost.currency;
    const tiles: [string, string, string?][] = [
      ['People licensed', formatCount(v.licensed), `of ${formatCount(v.eligible)} eligible (${formatCount(v.people)} people)`],
      ['Licences bought', formatCount(v.licencesBought), v.unusedLicences > 0 ? `${formatCount(v.unusedLicences)} unused` : undefined],
      ['Cost a month', formatMoney(v.cost.perMonth, currency), `${formatMoney(v.cost.perYear, currency)} a year`],
      [`Cost over ${v.cost.termMonths} months`, formatMoney(v.cost.overTerm, currency)],
      ['Hours released a month', formatCount(v.hours.perMonth), `${formatCount(v.hours.perYear)} a year`],
      ['Value of those hours a year', formatMoney(v.valueOfHoursPerYear, this.record?.summary ? summaryCurrency(this.record.summary) : 'GBP'), 'at employer cost, in the list’s currency'],
    ];
    const canName = this.access.piiAccess && (this.record?.withIdentities ?? false);
    const purposeOk = purposeAccepted(this.purpose);
    return html`<h3>Allocation</h3>
      <dl class="tiles">
        ${tiles.map(([label, value, note]) => html`<div class="tile"><dt>${label}</dt><dd>${value}${note ? html`<span class="note">${note}</span>` : nothing}</dd></div>`)}
      </dl>
      <div class="breakdowns">
        ${this.renderBreakdown('By Copilot tier', v.byTier)} ${this.renderBreakdown('By category', v.byCategory)}
        ${this.reportingLines() ? this.renderBreakdown('By layer', v.byLayer) : nothing} ${this.renderBreakdown('By location', v.byLocation)}
      </div>
      ${v.firstLicensed.length > 0
        ? html`<div class="table-wrap" role="region" tabindex="0" aria-label="First people in the allocation">
            <table>
              <caption>First ${formatCount(v.firstLicensed.length)} in the allocation, by employee ID</caption>
              <thead><tr><th scope="col" class="num">Rank</th><th scope="col">Employee ID</th><th scope="col">Tier</th><th scope="col">Role type</th><th scope="col" class="num">Exposure</th><th scope="col" class="num">Hours a month</th></tr></thead>
              <tbody>
                ${v.firstLicensed.map(
                  (l) => html`<tr><td class="num">${l.rank}</td><td>${l.person.employeeId}</td><td>${v.byTier.find((t) => t.key === l.person.tier)?.label ?? l.person.tier}</td><td>${l.person.subcategory}</td><td class="num">${formatPercentile(l.person.percentile)}</td><td class="num">${l.hoursPerMonth.toFixed(1)}</td></tr>`,
                )}
              </tbody>
            </table>
          </div>`
        : html`<p class="muted">Nobody is eligible under these settings.</p>`}
      <details>
        <summary>Assumptions</summary>
        <ul>${v.assumptions.map((a) => html`<li>${a}</li>`)}</ul>
      </details>
      <div class="download">
        <div class="row">
          <button type="button" ?disabled=${this.busy || v.licensed === 0} @click=${() => this.download(false)}>Download the allocation (employee IDs)</button>
        </div>
        ${canName
          ? html`<div class="row">
              <label>
                Purpose of revealing names and emails
                <input .value=${this.purpose} maxlength=${PURPOSE_MAX} @input=${(e: Event) => (this.purpose = (e.target as HTMLInputElement).value)} />
              </label>
              <button type="button" class="secondary" ?disabled=${this.busy || !purposeOk || v.licensed === 0} @click=${() => this.download(true)}>Download with names and emails</button>
            </div>
            <p class="muted">Revealing is recorded with its purpose, and the download as a named export.</p>`
          : html`<p class="muted">Names and emails can be added only by a member with PII access, on a dataset uploaded with them.</p>`}
      </div>`;
  }

  /** Without reporting lines nobody has a layer: a breakdown by layer would be one row of everybody. */
  private reportingLines(): boolean {
    const summary = this.record?.summary;
    return summary ? hasReportingLines(summary.organisation) : false;
  }

  private renderBreakdown(caption: string, rows: AllocationBreakdown[]) {
    const shown = rows.slice(0, 12);
    return html`<div class="table-wrap" role="region" tabindex="0" aria-label=${caption}>
      <table>
        <caption>${caption}${rows.length > shown.length ? ` (top ${shown.length} of ${rows.length})` : ''}</caption>
        <thead><tr><th scope="col">Group</th><th scope="col" class="num">Eligible</th><th scope="col" class="num">Licensed</th></tr></thead>
        <tbody>${shown.map((r) => html`<tr><th scope="row">${r.label}</th><td class="num">${formatCount(r.eligible)}</td><td class="num">${formatCount(r.licensed)}</td></tr>`)}</tbody>
      </table>
    </div>`;
  }
}

customElements.define('copilot-plans-panel', CopilotPlansPanel);

declare global {
  interface HTMLElementTagNameMap {
    'copilot-plans-panel': CopilotPlansPanel;
  }
}

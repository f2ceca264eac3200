// <engagement-settings>: the engagement's name, industry pack, region, sharing flags and retention. A lead
// (canEdit, from the permission helper) edits them with PATCH /api/engagements/:id, sending only what
// changed; before saving, the form says what each change will do (a new pack rescores every ready dataset,
// so it counts them and shows progress while the server rescores). Others read the same facts.
// Fires `engagement-changed` with the updated engagement.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { listDatasets, updateEngagement, type Engagement, type EngagementChanges, type MyEngagement } from '../../api/engagements.ts';
import { referenceChoices, type ReferenceChoices } from '../../reference/reference-data.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import '../common/error-notice.ts';

/** The server accepts 1 to 3,650 days. */
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
const DAY_MS = 86_400_000;

const count = new Intl.NumberFormat('en-GB');
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const datasets = (n: number) => `${count.format(n)} ready dataset${n === 1 ? '' : 's'}`;

interface Draft {
  name: string;
  pack: string;
  region: string;
  shareClassificationCache: boolean;
  benchmarkParticipation: boolean;
  retentionDays: string;
}

function draftOf(e: Engagement): Draft {
  return {
    name: e.name,
    pack: e.pack,
    region: e.region ?? '',
    shareClassificationCache: e.shareClassificationCache,
    benchmarkParticipation: e.benchmarkParticipation,
    retentionDays: String(e.retentionDays),
  };
}

/** Only the fields that differ from the engagement, as PATCH wants them. */
export function engagementChanges(e: Engagement, draft: Draft): EngagementChanges {
  const changes: EngagementChanges = {};
  const name = draft.name.trim();
  if (name !== '' && name !== e.name) changes.name = name;
  if (draft.pack !== e.pack) changes.pack = draft.pack;
  const region = draft.region === '' ? null : draft.region;
  if (region !== e.region) changes.region = region;
  if (draft.shareClassificationCache !== e.shareClassificationCache) changes.shareClassificationCache = draft.shareClassificationCache;
  if (draft.benchmarkParticipation !== e.benchmarkParticipation) changes.benchmarkParticipation = draft.benchmarkParticipation;
  const days = Number(draft.retentionDays);
  if (Number.isInteger(days) && days >= MIN_RETENTION_DAYS && days <= MAX_RETENTION_DAYS && days !== e.retentionDays) changes.retentionDays = days;
  return changes;
}

export class EngagementSettings extends LitElement {
  static override properties = {
    engagement: { attribute: false },
    canEdit: { attribute: false },
    choices: { state: true },
    choicesError: { state: true },
    readyDatasets: { state: true },
    draft: { state: true },
  };

  static override styles = [
    formPanelStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
        margin: 0 0 var(--space-4, 1rem);
      }
      dt {
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0;
      }
      .effects {
        margin: var(--space-4, 1rem) 0;
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
        border-left: 4px solid var(--color-accent, #1f5fbf);
        background: var(--color-surface-alt, #f3f6fa);
      }
      .effects h3 {
        font-size: 1rem;
        margin: 0 0 var(--space-2, 0.5rem);
      }
      .effects ul {
        margin: 0;
        padding-left: 1.25rem;
      }
      .effects .warning {
        font-weight: 600;
      }
      fieldset.plain {
        border: 0;
        padding: 0;
        margin: 0;
        min-width: 0;
      }
      progress {
        width: 100%;
        max-width: 28rem;
      }
    `,
  ];

  declare engagement: MyEngagement | null;
  /** Whether the caller may change the settings (a lead of an active or closed engagement). */
  declare canEdit: boolean;
  declare choices: ReferenceChoices | null;
  declare choicesError: string;
  /** Ready datasets a pack change would rescore; null until counted. */
  declare readyDatasets: number | null;
  declare draft: Draft | null;
  private readonly form = new SaveState(this);
  /** Ready datasets the save in progress rescores (a pack change); 0 otherwise. */
  private rescoring = 0;

  constructor() {
    super();
    this.engagement = null;
    this.canEdit = false;
    this.choices = null;
    this.choicesError = '';
    this.readyDatasets = null;
    this.draft = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadChoices();
  }

  override willUpdate(changed: Map<string, unknown>): void {
    const previous = changed.get('engagement') as Engagement | null | undefined;
    if (changed.has('engagement') && this.engagement) this.draft = draftOf(this.engagement);
    const newEngagement = changed.has('engagement') && previous?.id !== this.engagement?.id;
    if (this.canEdit && this.engagement && (newEngagement || (changed.has('canEdit') && this.readyDatasets === null))) void this.countReadyDatasets();
  }

  private async loadChoices(): Promise<void> {
    this.choicesError = '';
    try {
      this.choices = await referenceChoices();
    } catch (error) {
      this.choicesError = errorMessage(error);
    }
  }

  /** A count for the pack-change warning; without it the warning says "every ready dataset". */
  private async countReadyDatasets(): Promise<void> {
    const id = this.engagement?.id;
    if (!id) return;
    try {
      const listed = await listDatasets(id);
      if (id === this.engagement?.id) this.readyDatasets = listed.filter((d) => d.status === 'ready').length;
    } catch {
      this.readyDatasets = null;
    }
  }

  private get editable(): boolean {
    return this.canEdit && this.choices !== null && this.draft !== null;
  }

  private edit(field: keyof Draft, value: string | boolean): void {
    if (!this.draft) return;
    this.draft = { ...this.draft, [field]: value };
    this.form.edited();
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const engagement = this.engagement;
    if (!engagement || !this.draft || this.form.busy) return;
    const changes = engagementChanges(engagement, this.draft);
    if (Object.keys(changes).length === 0) return;
    const rescoring = changes.pack !== undefined ? (this.readyDatasets ?? 0) : 0;
    this.rescoring = rescoring;
    await this.form.run(async () => {
      const updated = await updateEngagement(engagement.id, changes);
      this.dispatchEvent(new CustomEvent<Engagement>('engagement-changed', { detail: updated, bubbles: true, composed: true }));
      return rescoring > 0 ? `Saved; ${datasets(rescoring)} rescored with the new pack.` : 'Saved.';
    });
  }

  private packLabel(id: string): string {
    return this.choices?.packs.find((p) => p.id === id)?.label ?? id;
  }

  private regionLabel(key: string | null): string {
    if (key === null || key === '') return 'Not set';
    return this.choices?.regions.find((r) => r.key === key)?.label ?? key;
  }

  override render() {
    const engagement = this.engagement;
    if (!engagement) return nothing;
    return html`<error-notice .message=${this.form.error}></error-notice>
      <error-notice .message=${this.choicesError} ?retryable=${this.choicesError !== ''} @retry=${this.loadChoices}></error-notice>
      ${this.editable ? this.renderForm(engagement, this.draft!) : this.renderFacts(engagement)}
      <dl>
        <dt>Names and emails</dt>
        <dd>${engagement.identityStorage ? 'Can be stored, encrypted, by members with PII access' : 'Cannot be stored on this service'}</dd>
      </dl>`;
  }

  private renderFacts(engagement: MyEngagement) {
    return html`<dl>
        <dt>Industry pack</dt>
        <dd>${this.packLabel(engagement.pack)}</dd>
        <dt>Region</dt>
        <dd>${this.regionLabel(engagement.region)}</dd>
        <dt>Kept after closing</dt>
        <dd>${count.format(engagement.retentionDays)} days</dd>
        <dt>Shared title cache</dt>
        <dd>${engagement.shareClassificationCache ? 'Used and contributed to' : 'Not used'}</dd>
        <dt>Benchmarks</dt>
        <dd>${engagement.benchmarkParticipation ? 'Contributes anonymised figures' : 'Does not contribute'}</dd>
      </dl>
      ${this.canEdit ? nothing : html`<p class="muted">Only the engagement's leads can change these settings.</p>`}`;
  }

  private renderForm(engagement: MyEngagement, draft: Draft) {
    const choices = this.choices!;
    const packKnown = choices.packs.some((p) => p.id === engagement.pack);
    const regionKnown = engagement.region === null || choices.regions.some((r) => r.key === engagement.region);
    const changes = engagementChanges(engagement, draft);
    const changed = Object.keys(changes).length > 0;
    const busy = this.form.busy;
    return html`<form @submit=${this.save}>
      <fieldset class="plain" ?disabled=${busy} aria-label="Engagement settings">
        <div class="field">
          <label for="settings-name">Name</label>
          <input id="settings-name" name="name" type="text" required maxlength="200" autocomplete="off" .value=${draft.name} @input=${(e: Event) => this.edit('name', (e.target as HTMLInputElement).value)} />
        </div>
        <div class="field">
          <label for="settings-pack">Industry pack</label>
          <select id="settings-pack" name="pack" @change=${(e: Event) => this.edit('pack', (e.target as HTMLSelectElement).value)}>
            ${packKnown ? nothing : html`<option value=${engagement.pack} ?selected=${draft.pack === engagement.pack}>${engagement.pack}</option>`}
            ${choices.packs.map((p) => html`<option value=${p.id} ?selected=${p.id === draft.pack}>${p.label}</option>`)}
          </select>
        </div>
        <div class="field">
          <label for="settings-region">Region</label>
          <select id="settings-region" name="region" @change=${(e: Event) => this.edit('region', (e.target as HTMLSelectElement).value)}>
            <option value="" ?selected=${draft.region === ''}>Not set</option>
            ${regionKnown ? nothing : html`<option value=${engagement.region!} ?selected=${draft.region === engagement.region}>${engagement.region}</option>`}
            ${choices.regions.map((r) => html`<option value=${r.key} ?selected=${r.key === draft.region}>${r.label}</option>`)}
          </select>
        </div>
        <div class="field">
          <label for="settings-retention">Days kept after closing
            <span class="hint">From ${count.format(MIN_RETENTION_DAYS)} to ${count.format(MAX_RETENTION_DAYS)}; then the staff rows, names and emails are purged.</span>
          </label>
          <input id="settings-retention" name="retentionDays" type="number" required min=${MIN_RETENTION_DAYS} max=${MAX_RETENTION_DAYS} step="1" .value=${draft.retentionDays} @input=${(e: Event) => this.edit('retentionDays', (e.target as HTMLInputElement).value)} />
        </div>
        <label class="check">
          <input type="checkbox" name="shareClassificationCache" .checked=${draft.shareClassificationCache} @change=${(e: Event) => this.edit('shareClassificationCache', (e.target as HTMLInputElement).checked)} />
          Use and contribute to the shared title cache (titles and codes only)
        </label>
        <label class="check">
          <input type="checkbox" name="benchmarkParticipation" .checked=${draft.benchmarkParticipation} @change=${(e: Event) => this.edit('benchmarkParticipation', (e.target as HTMLInputElement).checked)} />
          Contribute anonymised figures to cross-engagement benchmarks
        </label>
      </fieldset>
      ${changed ? this.renderEffects(engagement, changes) : nothing}
      ${this.renderProgress()}
      <div class="actions">
        <button type="submit" ?disabled=${busy || !changed}>${busy ? 'Saving…' : 'Save settings'}</button>
      </div>
    </form>`;
  }

  /** What saving will do, change by change, before anything is sent. */
  private renderEffects(engagement: MyEngagement, changes: EngagementChanges) {
    const effects: { text: string; warning?: boolean }[] = [];
    if (changes.name !== undefined) effects.push({ text: `The engagement will be called “${changes.name}”; that is the name to type to purge or delete it.` });
    if (changes.pack !== undefined) {
      const which = this.readyDatasets === null ? 'every ready dataset' : datasets(this.readyDatasets);
      effects.push({
        text: `${this.packLabel(changes.pack)} replaces ${this.packLabel(engagement.pack)}: ${which} of this engagement will be rescored on its own reference version with the new pack’s rules, value chain and Copilot fit, and their AI-written texts dropped. Saving waits until the rescoring is done.`,
        warning: true,
      });
    }
    if (changes.region !== undefined) effects.push({ text: `The region becomes ${this.regionLabel(changes.region)}: lists imported from now on default to it and AI title coding is told it. Datasets already imported keep their own region and figures.` });
    if (changes.retentionDays !== undefined) effects.push(this.retentionEffect(engagement, changes.retentionDays));
    if (changes.shareClassificationCache !== undefined) {
      effects.push({
        text: changes.shareClassificationCache
          ? 'Titles classified from now on will be looked up in, and added to, the shared cache (titles and codes only).'
          : 'Titles classified from now on will neither be looked up in nor added to the shared cache. Codes already given stay.',
      });
    }
    if (changes.benchmarkParticipation !== undefined) {
      effects.push({
        text: changes.benchmarkParticipation
          ? 'This engagement’s newest finished dataset will count, anonymised and rounded, in other engagements’ benchmarks.'
          : 'This engagement’s figures will stop counting in other engagements’ benchmarks.',
      });
    }
    return html`<div class="effects" aria-labelledby="effects-heading">
      <h3 id="effects-heading">When you save</h3>
      <ul>
        ${effects.map((e) => html`<li class=${e.warning ? 'warning' : ''}>${e.text}</li>`)}
      </ul>
    </div>`;
  }

  private retentionEffect(engagement: MyEngagement, days: number): { text: string; warning?: boolean } {
    if (engagement.status !== 'closed' || !engagement.closedAt) {
      return { text: `Once closed, its staff rows, names and emails will be kept ${count.format(days)} days, then purged.` };
    }
    const due = new Date(Date.parse(engagement.closedAt) + days * DAY_MS);
    if (due.getTime() <= Date.now()) {
      return { text: `It was closed on ${day.format(new Date(engagement.closedAt))}, more than ${count.format(days)} days ago: the next retention run will purge it unless it is reopened.`, warning: true };
    }
    return { text: `It will be purged on ${day.format(due)} unless it is reopened first.` };
  }

  private renderProgress() {
    if (this.form.busy) {
      return this.rescoring > 0
        ? html`<p role="status">Rescoring ${datasets(this.rescoring)} with the new pack…</p>
            <progress aria-label="Rescoring with the new pack"></progress>`
        : html`<p role="status" class="muted">Saving…</p>`;
    }
    if (this.form.saved) return html`<p role="status">${this.form.saved}</p>`;
    return html`<p role="status" class="muted"></p>`;
  }
}

customElements.define('engagement-settings', EngagementSettings);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-settings': EngagementSettings;
  }
}

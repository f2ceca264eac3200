// <engagement-settings>: the engagement's industry pack and region (choices from the live reference
// version), which a lead may change, and the settings it was created with. Fires `engagement-changed`.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { updateEngagement, type EngagementChanges, type MyEngagement, type Engagement } from '../../api/engagements.ts';
import { referenceChoices, type ReferenceChoices } from '../../reference/reference-data.ts';
import { formStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../../styles/shared-styles.ts';
import { SaveState } from '../../controllers/save-state.ts';
import '../common/error-notice.ts';

export class EngagementSettings extends LitElement {
  static override properties = {
    engagement: { attribute: false },
    choices: { state: true },
    choicesError: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    pageStyles,
    formStyles,
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
    `,
  ];

  declare engagement: MyEngagement | null;
  declare choices: ReferenceChoices | null;
  declare choicesError: string;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.engagement = null;
    this.choices = null;
    this.choicesError = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadChoices();
  }

  private async loadChoices(): Promise<void> {
    this.choicesError = '';
    try {
      this.choices = await referenceChoices();
    } catch (error) {
      this.choicesError = errorMessage(error);
    }
  }

  private get editable(): boolean {
    return this.engagement?.role === 'lead' && this.engagement.status !== 'purged' && this.choices !== null;
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const engagement = this.engagement;
    if (!engagement) return;
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const pack = String(data.get('pack') ?? engagement.pack);
    const regionValue = String(data.get('region') ?? '');
    const region = regionValue === '' ? null : regionValue;
    const changes: EngagementChanges = {};
    if (pack !== engagement.pack) changes.pack = pack;
    if (region !== engagement.region) changes.region = region;
    this.form.edited();
    if (Object.keys(changes).length === 0) return;
    await this.form.run(async () => {
      const updated = await updateEngagement(engagement.id, changes);
      this.dispatchEvent(new CustomEvent<Engagement>('engagement-changed', { detail: updated, bubbles: true, composed: true }));
      return 'Saved.';
    });
  }

  private packLabel(id: string): string {
    return this.choices?.packs.find((p) => p.id === id)?.label ?? id;
  }

  private regionLabel(key: string | null): string {
    if (key === null) return 'Not set';
    return this.choices?.regions.find((r) => r.key === key)?.label ?? key;
  }

  override render() {
    const engagement = this.engagement;
    if (!engagement) return nothing;
    return html`<error-notice .message=${this.form.error}></error-notice>
      <error-notice .message=${this.choicesError} ?retryable=${this.choicesError !== ''} @retry=${this.loadChoices}></error-notice>
      ${this.editable ? this.renderForm(engagement) : this.renderFacts(engagement)}
      <dl>
        <dt>Kept after closing</dt>
        <dd>${engagement.retentionDays} days</dd>
        <dt>Shared title cache</dt>
        <dd>${engagement.shareClassificationCache ? 'Used and contributed to' : 'Not used'}</dd>
        <dt>Benchmarks</dt>
        <dd>${engagement.benchmarkParticipation ? 'Contributes anonymised figures' : 'Does not contribute'}</dd>
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
    </dl>`;
  }

  private renderForm(engagement: MyEngagement) {
    const choices = this.choices!;
    const packKnown = choices.packs.some((p) => p.id === engagement.pack);
    const regionKnown = engagement.region === null || choices.regions.some((r) => r.key === engagement.region);
    return html`<form @submit=${this.save} @input=${() => this.form.edited()}>
      <div class="field">
        <label for="settings-pack">Industry pack
          <span class="hint">Changing the pack rescores every finished dataset of this engagement.</span>
        </label>
        <select id="settings-pack" name="pack">
          ${packKnown ? nothing : html`<option value=${engagement.pack} selected>${engagement.pack}</option>`}
          ${choices.packs.map((p) => html`<option value=${p.id} ?selected=${p.id === engagement.pack}>${p.label}</option>`)}
        </select>
      </div>
      <div class="field">
        <label for="settings-region">Region</label>
        <select id="settings-region" name="region">
          <option value="" ?selected=${engagement.region === null}>Not set</option>
          ${regionKnown ? nothing : html`<option value=${engagement.region!} selected>${engagement.region}</option>`}
          ${choices.regions.map((r) => html`<option value=${r.key} ?selected=${r.key === engagement.region}>${r.label}</option>`)}
        </select>
      </div>
      <div class="actions">
        <button type="submit" ?disabled=${this.form.busy}>${this.form.busy ? 'Saving…' : 'Save pack and region'}</button>
        ${this.form.saved ? html`<p role="status" class="muted">${this.form.saved}</p>` : nothing}
      </div>
    </form>`;
  }
}

customElements.define('engagement-settings', EngagementSettings);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-settings': EngagementSettings;
  }
}

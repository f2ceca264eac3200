// <engagement-lifecycle>: a lead closes an active engagement, reopens a closed one, or purges a closed one
// at once after typing its name exactly. Fires `engagement-changed` with the engagement the server returns.
import { LitElement, html, nothing } from 'lit';
import { closeEngagement, purgeEngagement, reopenEngagement, type Engagement } from '../../api/engagements.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { typedNameField } from '../common/typed-name-field.ts';
import '../common/error-notice.ts';

export class EngagementLifecycle extends LitElement {
  static override properties = {
    engagement: { attribute: false },
    typedName: { state: true },
  };

  static override styles = formPanelStyles;

  declare engagement: Engagement | null;
  declare typedName: string;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.engagement = null;
    this.typedName = '';
  }

  private async run(action: (id: string) => Promise<Engagement>): Promise<void> {
    const id = this.engagement?.id;
    if (!id) return;
    await this.form.run(async () => {
      const engagement = await action(id);
      this.typedName = '';
      this.dispatchEvent(new CustomEvent<Engagement>('engagement-changed', { detail: engagement, bubbles: true, composed: true }));
      return '';
    });
  }

  private purge(event: SubmitEvent): void {
    event.preventDefault();
    const confirm = this.typedName;
    void this.run((id) => purgeEngagement(id, confirm));
  }

  override render() {
    const engagement = this.engagement;
    if (!engagement) return nothing;
    return html`<error-notice .message=${this.form.error}></error-notice>${this.renderFor(engagement)}`;
  }

  private renderFor(engagement: Engagement) {
    switch (engagement.status) {
      case 'active':
        return html`<p>Closing stops work on the engagement. Its data is kept for ${engagement.retentionDays} days and then purged, unless it is reopened first.</p>
          <button type="button" class="secondary" ?disabled=${this.form.busy} @click=${() => this.run(closeEngagement)}>
            Close engagement
          </button>`;
      case 'closed':
        return html`<p>This engagement is closed. Reopen it to continue work, or purge its data now.</p>
          <div class="actions">
            <button type="button" class="secondary" ?disabled=${this.form.busy} @click=${() => this.run(reopenEngagement)}>
              Reopen engagement
            </button>
          </div>
          <form @submit=${this.purge}>
            <fieldset>
              <legend>Purge now</legend>
              <p id="purge-explainer">
                Purging deletes the staff rows, names and emails, title lists and report wording for good. Anonymised
                dataset summaries are kept. This cannot be undone.
              </p>
              ${typedNameField({ id: 'purge-confirm', describedBy: 'purge-explainer', name: engagement.name, value: this.typedName, onInput: (value) => (this.typedName = value) })}
              <button type="submit" ?disabled=${this.form.busy || this.typedName !== engagement.name}>Purge engagement</button>
            </fieldset>
          </form>`;
      case 'purged':
        return html`<p>This engagement was purged${engagement.purgedAt ? ` on ${new Date(engagement.purgedAt).toLocaleDateString('en-GB')}` : ''}. Only anonymised summaries remain.</p>`;
    }
  }
}

customElements.define('engagement-lifecycle', EngagementLifecycle);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-lifecycle': EngagementLifecycle;
  }
}

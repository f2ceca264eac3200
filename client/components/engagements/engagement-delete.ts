// <engagement-delete>: an administrator deletes the engagement outright after typing its name exactly
// (DELETE /api/engagements/:id). It fires `engagement-deleted` with the id, then goes to `returnPath`
// (the engagements list unless told otherwise; empty stays). Its audit entries stay.
import { LitElement, html } from 'lit';
import { deleteEngagement } from '../../api/engagements.ts';
import { navigate } from '../../app/router.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { typedNameField } from '../common/typed-name-field.ts';
import '../common/error-notice.ts';

export class EngagementDelete extends LitElement {
  static override properties = {
    engagement: { attribute: false },
    returnPath: { attribute: false },
    typedName: { state: true },
  };

  static override styles = formPanelStyles;

  /** Only the id and the name are needed, so the administrators' trail can offer it too. */
  declare engagement: { id: string; name: string } | null;
  declare returnPath: string;
  declare typedName: string;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.engagement = null;
    this.returnPath = '/engagements';
    this.typedName = '';
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const engagement = this.engagement;
    if (!engagement || this.typedName !== engagement.name) return;
    await this.form.run(async () => {
      await deleteEngagement(engagement.id);
      this.typedName = '';
      this.dispatchEvent(new CustomEvent<string>('engagement-deleted', { detail: engagement.id, bubbles: true, composed: true }));
      if (this.returnPath) navigate(this.returnPath);
      return '';
    });
  }

  override render() {
    const engagement = this.engagement;
    if (!engagement) return html``;
    return html`<error-notice .message=${this.form.error}></error-notice>
      <form @submit=${this.submit}>
        <p id="delete-explainer">
          Deleting removes the engagement, its members, datasets, summaries and overrides for good. Its audit entries
          are kept. Only administrators can do this, and it cannot be undone.
        </p>
        ${typedNameField({ id: 'delete-confirm', describedBy: 'delete-explainer', name: engagement.name, value: this.typedName, onInput: (value) => (this.typedName = value) })}
        <button type="submit" ?disabled=${this.form.busy || this.typedName !== engagement.name}>
          ${this.form.busy ? 'Deleting…' : 'Delete engagement'}
        </button>
      </form>`;
  }
}

customElements.define('engagement-delete', EngagementDelete);

declare global {
  interface HTMLElementTagNameMap {
    'engagement-delete': EngagementDelete;
  }
  interface HTMLElementEventMap {
    'engagement-deleted': CustomEvent<string>;
  }
}

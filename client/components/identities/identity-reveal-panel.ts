// <identity-reveal-panel>: a member with PII access reveals the dataset's names and emails after stating a
// purpose (kept in the audit trail). The result is shown here and held only by this element: never written
// to IndexedDB, and gone when the page is left or Hide is pressed.
import { css, html, nothing } from 'lit';
import { PURPOSE_MAX, PURPOSE_MIN, revealIdentities, type RevealReply } from '../../api/identities.ts';
import '../common/error-notice.ts';
import { IdentityPanel } from './identity-panel.ts';
import { identityPanelStyles } from './panel-styles.ts';

/** Employee IDs typed one per line or separated by commas. */
export function parseEmployeeIds(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((id) => id.trim()).filter((id) => id !== ''))];
}

export class IdentityRevealPanel extends IdentityPanel<RevealReply> {
  static override styles = [
    ...identityPanelStyles,
    css`
      textarea {
        box-sizing: border-box;
        width: 100%;
        font: inherit;
        padding: var(--space-2, 0.5rem);
        border: 1px solid var(--color-border, #9aa5b1);
        border-radius: 4px;
      }
      .table-wrap {
        max-height: 28rem;
        overflow: auto;
        margin-top: var(--space-3, 0.75rem);
      }
    `,
  ];

  private async reveal(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const ids = parseEmployeeIds(String(form.get('employee-ids') ?? ''));
    await this.request('Revealing…', () => revealIdentities(this.datasetId, String(form.get('purpose') ?? '').trim(), ids.length > 0 ? ids : undefined));
  }

  override render() {
    const result = this.result;
    return html`<form @submit=${this.reveal}>
        <div class="field">
          <label for="reveal-purpose">Purpose
            <span class="hint">Why you need the names and emails; kept in the audit trail (${PURPOSE_MIN} to ${PURPOSE_MAX} characters, no email addresses).</span>
          </label>
          <textarea id="reveal-purpose" name="purpose" required minlength=${PURPOSE_MIN} maxlength=${PURPOSE_MAX} rows="2"></textarea>
        </div>
        <div class="field">
          <label for="reveal-ids">Employee IDs <span class="hint">Optional: one per line or separated by commas. Leave empty for everyone.</span></label>
          <textarea id="reveal-ids" name="employee-ids" rows="2"></textarea>
        </div>
        <div>
          <button type="submit" ?disabled=${this.busy !== ''}>${this.busy || 'Reveal names and emails'}</button>
          ${result ? html`<button type="button" class="secondary" @click=${() => (this.result = null)}>Hide</button>` : nothing}
        </div>
      </form>
      <error-notice .message=${this.error}></error-notice>
      ${result ? this.renderResult(result) : nothing}`;
  }

  private renderResult(result: RevealReply) {
    const count = result.people.length;
    return html`<p role="status">
        ${count === 0 ? 'No names or emails are stored for these people.' : `${count.toLocaleString('en-GB')} ${count === 1 ? 'person' : 'people'} revealed.`}
        ${result.unreadable > 0 ? ` ${result.unreadable.toLocaleString('en-GB')} stored values could not be read and are left blank.` : ''}
      </p>
      ${count > 0
        ? html`<div class="table-wrap">
            <table>
              <thead><tr><th scope="col">Employee ID</th><th scope="col">Name</th><th scope="col">Email</th></tr></thead>
              <tbody>
                ${result.people.map((p) => html`<tr><td>${p.employeeId}</td><td>${p.name ?? '—'}</td><td>${p.email ?? '—'}</td></tr>`)}
              </tbody>
            </table>
          </div>`
        : nothing}`;
  }
}

customElements.define('identity-reveal-panel', IdentityRevealPanel);

declare global {
  interface HTMLElementTagNameMap {
    'identity-reveal-panel': IdentityRevealPanel;
  }
}

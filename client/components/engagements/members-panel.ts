import { ENGAGEMENT_ROLES, type EngagementRole } from '../../../schema/roles.ts';
// <members-panel>: who is staffed on the engagement, with their role and PII access. A lead may add people,
// change roles and PII access, and remove people; nobody may switch on their own PII access, so that box is
// disabled for yourself while it is off. Every refusal is shown as the server's message.
import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { errorMessage } from '../../api/http.ts';
import { listMembers, listUsers, putMember, removeMember, type Member, type User } from '../../api/engagements.ts';
import { formPanelStyles, tableStyles } from '../../styles/form-styles.ts';
import '../common/error-notice.ts';

const ROLE_LABELS: Record<EngagementRole, string> = { lead: 'Lead', analyst: 'Analyst', viewer: 'Viewer' };

export class MembersPanel extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    members: { attribute: false },
    currentUserId: { attribute: false },
    canManage: { type: Boolean, attribute: 'can-manage' },
    users: { state: true },
    busy: { state: true },
    error: { state: true },
  };

  static override styles = [
    formPanelStyles,
    tableStyles,
    css`
      td select {
        width: auto;
      }
      .you {
        color: var(--color-muted, #4f5b69);
        font-size: 0.9rem;
      }
      form.add {
        margin-top: var(--space-6, 1.5rem);
      }
    `,
  ];

  declare engagementId: string;
  declare members: Member[];
  declare currentUserId: string;
  declare canManage: boolean;
  declare users: User[];
  declare busy: boolean;
  declare error: string;

  constructor() {
    super();
    this.engagementId = '';
    this.members = [];
    this.currentUserId = '';
    this.canManage = false;
    this.users = [];
    this.busy = false;
    this.error = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.canManage) {
      // Suggestions for the email box only; without them a lead can still type an address.
      void listUsers().then((users) => (this.users = users.filter((u) => u.active)), () => undefined);
    }
  }

  /** Runs one change, then reloads the list so the table shows what the server holds. */
  private async change(action: () => Promise<unknown>): Promise<boolean> {
    this.busy = true;
    this.error = '';
    let ok = false;
    try {
      await action();
      ok = true;
    } catch (error) {
      this.error = errorMessage(error);
    }
    try {
      this.members = await listMembers(this.engagementId);
      this.dispatchEvent(new CustomEvent<Member[]>('members-changed', { detail: this.members, bubbles: true, composed: true }));
    } catch (error) {
      this.error ||= errorMessage(error);
    } finally {
      this.busy = false;
    }
    return ok;
  }

  private setRole(member: Member, role: EngagementRole): void {
    void this.change(() => putMember(this.engagementId, { email: member.email, role, piiAccess: member.piiAccess }));
  }

  private setPii(member: Member, piiAccess: boolean): void {
    void this.change(() => putMember(this.engagementId, { email: member.email, role: member.role, piiAccess }));
  }

  private removeFromEngagement(member: Member): void {
    void this.change(() => removeMember(this.engagementId, member.userId));
  }

  private async add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const member = {
      email: String(data.get('email') ?? '').trim(),
      role: String(data.get('role') ?? 'analyst') as EngagementRole,
      piiAccess: data.get('piiAccess') === 'on',
    };
    if (await this.change(() => putMember(this.engagementId, member))) form.reset();
  }

  override render() {
    return html`<error-notice .message=${this.error}></error-notice>
      <div class="table-wrap">
        <table>
          <caption class="muted">People staffed on this engagement</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">PII access</th>
              ${this.canManage ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : nothing}
            </tr>
          </thead>
          <tbody>
            ${this.members.map((m) => this.renderMember(m))}
          </tbody>
        </table>
      </div>
      ${this.canManage ? this.renderAddForm() : nothing}`;
  }

  private renderMember(member: Member) {
    const isYou = member.userId === this.currentUserId;
    const name = html`${member.name}${isYou ? html` <span class="you">(you)</span>` : nothing}${member.active
      ? nothing
      : html` <span class="you">(deactivated)</span>`}`;
    if (!this.canManage) {
      return html`<tr>
        <td>${name}</td>
        <td>${member.email}</td>
        <td>${ROLE_LABELS[member.role] ?? member.role}</td>
        <td>${member.piiAccess ? 'Yes' : 'No'}</td>
      </tr>`;
    }
    // Switching on one's own PII access is refused by the server for everyone; switching it off is allowed.
    const ownPiiLocked = isYou && !member.piiAccess;
    return html`<tr>
      <td>${name}</td>
      <td>${member.email}</td>
      <td>
        <select
          aria-label=${`Role of ${member.name}`}
          ?disabled=${this.busy}
          .value=${live(member.role)}
          @change=${(e: Event) => this.setRole(member, (e.target as HTMLSelectElement).value as EngagementRole)}
        >
          ${ENGAGEMENT_ROLES.map((r) => html`<option value=${r} ?selected=${r === member.role}>${ROLE_LABELS[r]}</option>`)}
        </select>
      </td>
      <td>
        <label class="check">
          <input
            type="checkbox"
            aria-label=${`PII access for ${member.name}`}
            aria-describedby=${ownPiiLocked ? 'own-pii-hint' : nothing}
            ?disabled=${this.busy || ownPiiLocked}
            .checked=${live(member.piiAccess)}
            @change=${(e: Event) => this.setPii(member, (e.target as HTMLInputElement).checked)}
          />
          ${member.piiAccess ? 'Yes' : 'No'}
        </label>
        ${ownPiiLocked ? html`<span id="own-pii-hint" class="hint">Another lead must grant you PII access.</span>` : nothing}
      </td>
      <td>
        <button type="button" class="secondary" ?disabled=${this.busy} aria-label=${`Remove ${member.name}`} @click=${() => this.removeFromEngagement(member)}>
          Remove
        </button>
      </td>
    </tr>`;
  }

  private renderAddForm() {
    return html`<form class="add" @submit=${this.add}>
      <fieldset>
        <legend>Add a person</legend>
        <div class="add-row">
          <div class="field">
            <label for="member-email">Email</label>
            <input id="member-email" name="email" type="email" required list="member-suggestions" autocomplete="off" />
            <datalist id="member-suggestions">
              ${this.users
                .filter((u) => !this.members.some((m) => m.userId === u.id))
                .map((u) => html`<option value=${u.email}>${u.name}</option>`)}
            </datalist>
          </div>
          <div class="field narrow">
            <label for="member-role">Role</label>
            <select id="member-role" name="role">
              ${ENGAGEMENT_ROLES.map((r) => html`<option value=${r} ?selected=${r === 'analyst'}>${ROLE_LABELS[r]}</option>`)}
            </select>
          </div>
          <div class="field narrow">
            <label class="check"><input type="checkbox" name="piiAccess" /> PII access</label>
          </div>
          <button type="submit" ?disabled=${this.busy}>Add person</button>
        </div>
      </fieldset>
    </form>`;
  }
}

customElements.define('members-panel', MembersPanel);

declare global {
  interface HTMLElementTagNameMap {
    'members-panel': MembersPanel;
  }
}

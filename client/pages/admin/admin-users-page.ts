import type { PlatformRole } from '../../../schema/roles.ts';
// <admin-users-page>: every user, deactivated ones included. An administrator adds people, renames them,
// changes a platform role, and deactivates or reactivates an account. The server keeps at least one active
// administrator; its refusal is shown as it words it.
import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { createUser, listAllUsers, updateUser, type AdminUser } from '../../api/admin.ts';
import { errorMessage } from '../../api/http.ts';
import { badgeStyles, formPanelStyles, tableStyles } from '../../styles/form-styles.ts';
import { panelStackStyles } from '../../styles/shared-styles.ts';
import '../../components/common/error-notice.ts';

const ROLE_LABELS: Record<PlatformRole, string> = { admin: 'Administrator', user: 'Consultant' };

export class AdminUsersPage extends LitElement {
  static override properties = {
    users: { state: true },
    loading: { state: true },
    busy: { state: true },
    error: { state: true },
    notice: { state: true },
    renaming: { state: true },
  };

  static override styles = [
    formPanelStyles,
    panelStackStyles,
    tableStyles,
    badgeStyles,
    css`
      td select {
        width: auto;
      }
      tr.inactive td:not(:last-child) {
        color: var(--color-muted, #4f5b69);
      }
      .badge.inactive {
        background: #eceff3;
        color: #3d4652;
      }
      td.row-actions {
        white-space: nowrap;
      }
      td.row-actions button + button {
        margin-left: var(--space-2, 0.5rem);
      }
      form.rename {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem);
      }
      form.rename input {
        max-width: 14rem;
      }
    `,
  ];

  declare users: AdminUser[];
  declare loading: boolean;
  /** The id of the user being changed, 'new' while adding, or '' when idle. */
  declare busy: string;
  declare error: string;
  declare notice: string;
  /** The id of the user whose name is being edited, or ''. */
  declare renaming: string;

  constructor() {
    super();
    this.users = [];
    this.loading = true;
    this.busy = '';
    this.error = '';
    this.notice = '';
    this.renaming = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    this.loading = true;
    this.error = '';
    try {
      this.users = await listAllUsers();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }

  private async change(user: AdminUser, patch: { name?: string; role?: PlatformRole; active?: boolean }, done: string): Promise<void> {
    this.busy = user.id;
    this.error = '';
    this.notice = '';
    try {
      const updated = await updateUser(user.id, patch);
      this.users = this.users.map((u) => (u.id === updated.id ? updated : u));
      this.notice = done;
      this.renaming = '';
    } catch (error) {
      this.error = errorMessage(error);
      // A refused role change: live() puts the select back to what the server still holds.
      this.users = [...this.users];
    } finally {
      this.busy = '';
    }
  }

  private async add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    this.busy = 'new';
    this.error = '';
    this.notice = '';
    try {
      const user = await createUser({
        email: String(data.get('email') ?? ''),
        name: String(data.get('name') ?? ''),
        role: data.get('role') === 'admin' ? 'admin' : 'user',
      });
      this.users = [...this.users, user];
      this.notice = `${user.name} was added.`;
      form.reset();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = '';
    }
  }

  override render() {
    const active = this.users.filter((u) => u.active).length;
    return html`<section class="panel" aria-labelledby="users-heading">
        <h1 id="users-heading">Users</h1>
        <error-notice .message=${this.error} ?retryable=${this.users.length === 0 && !this.loading} @retry=${this.load}></error-notice>
        <p role="status" class="muted">${this.loading ? 'Loading the users…' : this.notice || `${active} active of ${this.users.length} users.`}</p>
        ${this.users.length > 0 ? this.renderTable() : nothing}
      </section>
      <section class="panel" aria-labelledby="add-user-heading">
        <h2 id="add-user-heading">Add a user</h2>
        <form @submit=${this.add}>
          <div class="add-row">
            <div class="field">
              <label for="new-name">Name</label>
              <input id="new-name" name="name" type="text" required maxlength="200" autocomplete="off" />
            </div>
            <div class="field">
              <label for="new-email">Email</label>
              <input id="new-email" name="email" type="email" required maxlength="320" autocomplete="off" />
            </div>
            <div class="field narrow">
              <label for="new-role">Role</label>
              <select id="new-role" name="role">
                <option value="user">${ROLE_LABELS.user}</option>
                <option value="admin">${ROLE_LABELS.admin}</option>
              </select>
            </div>
            <button type="submit" ?disabled=${this.busy !== ''}>${this.busy === 'new' ? 'Adding…' : 'Add user'}</button>
          </div>
        </form>
      </section>`;
  }

  private async startRename(user: AdminUser): Promise<void> {
    this.renaming = user.id;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('#rename-input')?.focus();
  }

  private renderRename(user: AdminUser) {
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const name = String(new FormData(event.target as HTMLFormElement).get('name') ?? '').trim();
      if (name && name !== user.name) void this.change(user, { name }, `${user.name} is now called ${name}.`);
      else this.renaming = '';
    };
    return html`<form class="rename" @submit=${submit}>
      <label class="visually-hidden" for="rename-input">New name for ${user.name}</label>
      <input id="rename-input" name="name" type="text" required maxlength="200" autocomplete="off" .value=${user.name} />
      <button type="submit" ?disabled=${this.busy !== ''}>Save</button>
      <button type="button" class="secondary" @click=${() => (this.renaming = '')}>Cancel</button>
    </form>`;
  }

  private renderTable() {
    const users = [...this.users].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, 'en-GB'));
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">Users</caption>
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          ${users.map(
            (user) => html`<tr class=${user.active ? '' : 'inactive'}>
              <th scope="row">${this.renaming === user.id ? this.renderRename(user) : user.name}</th>
              <td>${user.email}</td>
              <td>
                <select
                  aria-label="Role of ${user.name}"
                  .value=${live(user.role)}
                  ?disabled=${this.busy !== ''}
                  @change=${(e: Event) => {
                    const role = (e.target as HTMLSelectElement).value as PlatformRole;
                    void this.change(user, { role }, `${user.name} is now ${ROLE_LABELS[role].toLowerCase()}.`);
                  }}
                >
                  ${(['user', 'admin'] as const).map((role) => html`<option value=${role} ?selected=${user.role === role}>${ROLE_LABELS[role]}</option>`)}
                </select>
              </td>
              <td><span class="badge ${user.active ? '' : 'inactive'}">${user.active ? 'Active' : 'Deactivated'}</span></td>
              <td class="row-actions">
                <button type="button" class="secondary" ?disabled=${this.busy !== '' || this.renaming === user.id} @click=${() => this.startRename(user)}>
                  Rename<span class="visually-hidden"> ${user.name}</span>
                </button>
                <button
                  type="button"
                  class="secondary"
                  ?disabled=${this.busy !== ''}
                  @click=${() =>
                    this.change(user, { active: !user.active }, `${user.name} was ${user.active ? 'deactivated' : 'reactivated'}.`)}
                >
                  ${user.active ? 'Deactivate' : 'Reactivate'}<span class="visually-hidden"> ${user.name}</span>
                </button>
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

customElements.define('admin-users-page', AdminUsersPage);

declare global {
  interface HTMLElementTagNameMap {
    'admin-users-page': AdminUsersPage;
  }
}

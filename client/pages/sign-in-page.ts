// <sign-in-page>: development sign-in lists the provisioned users and signs in as the one chosen;
// in the deployed runtime (where /api/dev/users answers 404) it explains that the organisation's
// identity provider handles sign-in and shows the server's reason for refusing the request.
import { LitElement, css, html, nothing } from 'lit';
import { ApiError, errorMessage } from '../api/http.ts';
import { devSignIn, listDevUsers, type DevUser, type SessionUser } from '../api/session.ts';
import { visuallyHiddenStyles } from '../styles/form-styles.ts';
import { buttonStyles, focusStyles, pageStyles } from '../styles/shared-styles.ts';
import '../components/common/error-notice.ts';

type UsersState =
  | { kind: 'loading' }
  | { kind: 'listed'; users: DevUser[] }
  | { kind: 'identity-provider' }
  | { kind: 'failed' };

/** Fired (bubbling, composed) after a successful sign-in; `detail` is the signed-in user. */
export type SignedInEvent = CustomEvent<SessionUser>;

export class SignInPage extends LitElement {
  static override properties = {
    notice: { type: String },
    usersState: { state: true },
    error: { state: true },
    pendingEmail: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    pageStyles,
    // Read by screen readers only: the button's name then contains its visible text (WCAG 2.5.3).
    visuallyHiddenStyles,
    css`
      .panel {
        max-width: 34rem;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: var(--space-2, 0.5rem);
      }
      button.user {
        width: 100%;
        display: grid;
        grid-template-columns: minmax(0, 1fr) auto;
        align-items: center;
        gap: var(--space-1, 0.25rem) var(--space-4, 1rem);
        text-align: left;
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
      }
      .name {
        font-weight: 600;
      }
      .email {
        grid-column: 1;
        overflow-wrap: anywhere;
        font-size: 0.9rem;
        color: var(--color-muted, #4f5b69);
      }
      .role {
        grid-column: 2;
        grid-row: 1 / span 2;
        font-size: 0.85rem;
        padding: var(--space-1, 0.25rem) var(--space-2, 0.5rem);
        border-radius: 999px;
        background: #e8eef8;
        color: var(--color-brand, #1d3f6e);
        text-transform: capitalize;
      }
      button.user:hover:not(:disabled) .email {
        color: var(--color-text, #1c2530);
      }
    `,
  ];

  /** The server's message from the 401 that brought the user here; shown under token sign-in. */
  declare notice: string;
  declare usersState: UsersState;
  declare error: string;
  declare pendingEmail: string | null;

  constructor() {
    super();
    this.notice = '';
    this.usersState = { kind: 'loading' };
    this.error = '';
    this.pendingEmail = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadUsers();
  }

  private async loadUsers(): Promise<void> {
    this.usersState = { kind: 'loading' };
    this.error = '';
    try {
      this.usersState = { kind: 'listed', users: await listDevUsers() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.usersState = { kind: 'identity-provider' };
        return;
      }
      this.usersState = { kind: 'failed' };
      this.error = errorMessage(error);
    }
  }

  private async signInAs(email: string): Promise<void> {
    this.pendingEmail = email;
    this.error = '';
    try {
      const user = await devSignIn(email);
      this.dispatchEvent(
        new CustomEvent<SessionUser>('signed-in', { detail: user, bubbles: true, composed: true }),
      );
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.pendingEmail = null;
    }
  }

  override render() {
    const state = this.usersState;
    return html`<section class="panel" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">Sign in</h1>
      <error-notice
        .message=${this.error}
        ?retryable=${state.kind === 'failed'}
        @retry=${this.loadUsers}
      ></error-notice>
      ${this.renderBody(state)}
    </section>`;
  }

  private renderBody(state: UsersState) {
    switch (state.kind) {
      case 'loading':
        return html`<p role="status" class="muted">Loading the users you can sign in as…</p>`;
      case 'failed':
        return nothing;
      case 'identity-provider':
        return html`<p>Sign-in is handled by your organisation's identity provider.</p>
          ${this.notice ? html`<p class="muted">${this.notice}</p>` : nothing}`;
      case 'listed':
        return this.renderUsers(state.users);
    }
  }

  private renderUsers(users: DevUser[]) {
    if (users.length === 0) {
      return html`<p>No active users are provisioned, so nobody can sign in yet.</p>`;
    }
    const busy = this.pendingEmail !== null;
    return html`<p class="muted" id="choose-hint">
        Development sign-in: choose the user to act as.
      </p>
      <ul aria-describedby="choose-hint">
        ${users.map(
          (user) => html`<li>
            <button
              type="button"
              class="secondary user"
              ?disabled=${busy}
              @click=${() => this.signInAs(user.email)}
            >
              <span class="visually-hidden">Sign in as </span>
              <span class="name">${user.name}</span>
              <span class="email">${user.email}</span>
              <span class="role">${user.role}</span>
            </button>
          </li>`,
        )}
      </ul>
      ${busy ? html`<p role="status" class="muted">Signing in as ${this.pendingEmail}…</p>` : nothing}`;
  }
}

customElements.define('sign-in-page', SignInPage);

declare global {
  interface HTMLElementTagNameMap {
    'sign-in-page': SignInPage;
  }
  interface HTMLElementEventMap {
    'signed-in': SignedInEvent;
  }
}

// <app-header>: the product name and, when someone is signed in, who it is and a Sign out button.
import { LitElement, css, html, nothing } from 'lit';
import type { SessionUser } from '../../api/session.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';

export const PRODUCT_NAME = 'Staff-list analysis';

export class AppHeader extends LitElement {
  static override properties = {
    user: { attribute: false },
    canSignOut: { type: Boolean, attribute: 'can-sign-out' },
    signingOut: { type: Boolean, attribute: 'signing-out' },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    css`
      :host {
        display: block;
        background: var(--color-surface, #ffffff);
        border-bottom: 1px solid var(--color-border, #d5dae1);
      }
      header {
        max-width: var(--content-width, 56rem);
        margin: 0 auto;
        padding: var(--space-3, 0.75rem) var(--space-6, 1.5rem);
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--space-3, 0.75rem);
        /* Room for the Sign out button, so the page does not shift when someone signs in. */
        min-height: 2.5rem;
      }
      .product {
        font-size: 1.15rem;
        font-weight: 600;
        color: var(--color-brand, #1d3f6e);
        text-decoration: none;
      }
      .account {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--space-3, 0.75rem);
      }
      .sections {
        display: flex;
        gap: var(--space-3, 0.75rem);
      }
      .sections a {
        color: var(--color-accent, #1f5fbf);
      }
      .admin-link {
        color: var(--color-accent, #1f5fbf);
        font-weight: 600;
      }
      .who {
        margin: 0;
        color: var(--color-muted, #4f5b69);
      }
      .who strong {
        color: var(--color-text, #1c2530);
        font-weight: 600;
      }
    `,
  ];

  /** The signed-in user, or null on the sign-in page. */
  declare user: SessionUser | null;
  /** Sign out is a development sign-in action; under token sign-in the identity provider owns it. */
  declare canSignOut: boolean;
  declare signingOut: boolean;

  constructor() {
    super();
    this.user = null;
    this.canSignOut = false;
    this.signingOut = false;
  }

  private requestSignOut(): void {
    this.dispatchEvent(new Event('sign-out', { bubbles: true, composed: true }));
  }

  override render() {
    const user = this.user;
    return html`<header>
      <a class="product" href="/" data-route>${PRODUCT_NAME}</a>
      ${user
        ? html`<div class="account">
            <nav class="sections" aria-label="Sections">
              <a href="/engagements" data-route>Engagements</a>
              <a href="/clients" data-route>Clients</a>
            </nav>
            ${user.role === 'admin' ? html`<a class="admin-link" href="/admin" data-route>Administration</a>` : nothing}
            <p class="who">Signed in as <strong>${user.name}</strong>${user.email ? ` (${user.email})` : ''}</p>
            ${this.canSignOut
              ? html`<button
                  type="button"
                  class="secondary"
                  ?disabled=${this.signingOut}
                  @click=${this.requestSignOut}
                >
                  ${this.signingOut ? 'Signing out…' : 'Sign out'}
                </button>`
              : nothing}
          </div>`
        : nothing}
    </header>`;
  }
}

customElements.define('app-header', AppHeader);

declare global {
  interface HTMLElementTagNameMap {
    'app-header': AppHeader;
  }
}

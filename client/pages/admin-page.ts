// <admin-page>: the administrators' area. It draws the section navigation from ADMIN_SECTIONS and the
// section the address names; anyone who is not an administrator is told they have no access and
// nothing is fetched for them (the server refuses them too).
import { LitElement, css, html } from 'lit';
import { ADMIN_SECTIONS, adminPath, adminSectionAt } from './admin/admin-sections.ts';
import type { Session } from '../api/session.ts';
import { focusStyles, pageStyles } from '../styles/shared-styles.ts';
import './not-found-page.ts';
// The elements ADMIN_SECTIONS renders.
import './admin/admin-stats-page.ts';
import './admin/admin-users-page.ts';
import './admin/admin-audit-page.ts';
import './admin/admin-cache-page.ts';
import './admin/admin-prompts-page.ts';
import './admin/admin-ai-usage-page.ts';
import './admin/admin-reference-page.ts';

export class AdminPage extends LitElement {
  static override properties = {
    session: { attribute: false },
    slug: { attribute: false },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    css`
      nav ul {
        list-style: none;
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-1, 0.25rem) var(--space-2, 0.5rem);
        margin: 0 0 var(--space-6, 1.5rem);
        padding: 0;
        border-bottom: 1px solid var(--color-border, #d5dae1);
      }
      nav a {
        display: inline-block;
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        text-decoration: none;
        border-bottom: 3px solid transparent;
      }
      nav a[aria-current='page'] {
        color: var(--color-text, #1c2530);
        font-weight: 600;
        border-bottom-color: var(--color-accent, #1f5fbf);
      }
    `,
  ];

  declare session: Session | null;
  /** The address segment after /admin/ ('' for the overview). */
  declare slug: string;

  constructor() {
    super();
    this.session = null;
    this.slug = '';
  }

  override render() {
    if (this.session?.user.role !== 'admin') {
      return html`<section class="panel" aria-labelledby="no-access-heading">
        <h1 id="no-access-heading">No access</h1>
        <p>The administration pages are for platform administrators. Your account does not have that role.</p>
        <p><a href="/" data-route>Go to the start page</a></p>
      </section>`;
    }
    const section = adminSectionAt(this.slug);
    return html`<nav aria-label="Administration">
        <ul>
          ${ADMIN_SECTIONS.map(
            (entry) =>
              html`<li>
                <a href=${adminPath(entry)} data-route aria-current=${entry === section ? 'page' : 'false'}>${entry.label}</a>
              </li>`,
          )}
        </ul>
      </nav>
      ${section ? section.render() : html`<not-found-page></not-found-page>`}`;
  }
}

customElements.define('admin-page', AdminPage);

declare global {
  interface HTMLElementTagNameMap {
    'admin-page': AdminPage;
  }
}

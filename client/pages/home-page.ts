// <home-page>: the welcome a signed-in user lands on — who they are and how this service is set up.
import { LitElement, css, html } from 'lit';
import type { Session } from '../api/session.ts';
import { focusStyles, pageStyles } from '../styles/shared-styles.ts';

const ENVIRONMENT_LABELS: Record<Session['environment'], string> = {
  development: 'Development',
  production: 'Production',
  test: 'Test',
};

export class HomePage extends LitElement {
  static override properties = {
    session: { attribute: false },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
        margin: 0;
      }
      dt {
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0;
        font-weight: 500;
      }
      .role {
        text-transform: capitalize;
      }
      .next {
        margin-top: var(--space-6, 1.5rem);
        font-weight: 600;
      }
    `,
  ];

  declare session: Session | null;

  constructor() {
    super();
    this.session = null;
  }

  override render() {
    const session = this.session;
    if (!session) return html``;
    return html`<section class="panel" aria-labelledby="welcome-heading">
      <h1 id="welcome-heading">Welcome, ${session.user.name}</h1>
      <dl>
        <dt>Role</dt>
        <dd class="role">${session.user.role}</dd>
        <dt>Environment</dt>
        <dd>${ENVIRONMENT_LABELS[session.environment] ?? session.environment}</dd>
        <dt>AI features</dt>
        <dd>${session.aiEnabled ? 'Enabled' : 'Disabled'}</dd>
      </dl>
    </section>
    <nav class="panel next" aria-label="Where to go">
      <a href="/engagements" data-route>Your engagements</a>
    </nav>`;
  }
}

customElements.define('home-page', HomePage);

declare global {
  interface HTMLElementTagNameMap {
    'home-page': HomePage;
  }
}

// <not-found-page>: what a signed-in user sees at an address the app does not know.
import { LitElement, html } from 'lit';
import { focusStyles, pageStyles } from '../styles/shared-styles.ts';

export class NotFoundPage extends LitElement {
  static override styles = [focusStyles, pageStyles];

  override render() {
    return html`<section class="panel" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>There is nothing at this address.</p>
      <p><a href="/" data-route>Go to the start page</a></p>
    </section>`;
  }
}

customElements.define('not-found-page', NotFoundPage);

declare global {
  interface HTMLElementTagNameMap {
    'not-found-page': NotFoundPage;
  }
}

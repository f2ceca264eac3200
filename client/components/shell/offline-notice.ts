// <offline-notice>: says so when the browser is offline. The service worker still opens the app shell from
// this device's copy, but signing in, uploads and figures need the server.
import { LitElement, css, html, nothing } from 'lit';

export const OFFLINE_MESSAGE =
  'You are offline. Pages you opened before are shown from the copy kept on this device; signing in, uploading and changes need a connection.';

export class OfflineNotice extends LitElement {
  static override properties = {
    offline: { state: true },
  };

  static override styles = css`
    :host {
      display: block;
    }
    p {
      margin: 0;
      padding: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
      background: #fff4dc;
      color: #5c3f00;
      border-bottom: 1px solid #e8c979;
      text-align: center;
    }
  `;

  declare offline: boolean;

  private readonly syncOnline = () => {
    this.offline = !navigator.onLine;
  };

  constructor() {
    super();
    this.offline = !navigator.onLine;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('online', this.syncOnline);
    window.addEventListener('offline', this.syncOnline);
    this.syncOnline();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('online', this.syncOnline);
    window.removeEventListener('offline', this.syncOnline);
  }

  override render() {
    return html`<div role="status">${this.offline ? html`<p>${OFFLINE_MESSAGE}</p>` : nothing}</div>`;
  }
}

customElements.define('offline-notice', OfflineNotice);

declare global {
  interface HTMLElementTagNameMap {
    'offline-notice': OfflineNotice;
  }
}

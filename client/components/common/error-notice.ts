// <error-notice>: the alert region where a failure's message is shown, with an optional Retry.
// The role="alert" container is always rendered so assistive technology announces a message
// the moment it is filled in, not only when the element first appears.
import { LitElement, css, html, nothing } from 'lit';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';

export class ErrorNotice extends LitElement {
  static override properties = {
    message: { type: String },
    retryable: { type: Boolean },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    css`
      :host {
        display: block;
      }
      .alert.filled {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--space-3, 0.75rem);
        margin: 0 0 var(--space-4, 1rem);
        padding: var(--space-3, 0.75rem) var(--space-4, 1rem);
        border: 1px solid var(--color-danger-border, #f0b4b4);
        border-left-width: 4px;
        border-radius: var(--radius, 6px);
        background: var(--color-danger-bg, #fdf1f1);
        color: var(--color-danger-text, #9b1c1c);
      }
      p {
        margin: 0;
        flex: 1 1 16rem;
      }
    `,
  ];

  /** The text to show; empty means nothing has gone wrong. */
  declare message: string;
  /** Offers a Retry button that fires a `retry` event. */
  declare retryable: boolean;

  constructor() {
    super();
    this.message = '';
    this.retryable = false;
  }

  private requestRetry(): void {
    this.dispatchEvent(new Event('retry'));
  }

  override render() {
    const filled = this.message !== '';
    return html`<div role="alert" class=${filled ? 'alert filled' : 'alert'}>
      ${filled
        ? html`<p>${this.message}</p>
            ${this.retryable
              ? html`<button type="button" class="secondary" @click=${this.requestRetry}>Retry</button>`
              : nothing}`
        : nothing}
    </div>`;
  }
}

customElements.define('error-notice', ErrorNotice);

declare global {
  interface HTMLElementTagNameMap {
    'error-notice': ErrorNotice;
  }
}

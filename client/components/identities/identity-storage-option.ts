// <identity-storage-option>: the import page's store-names-and-emails choice. The page shows it only to a
// member with PII access on an engagement that can store identities. Unticked (the default), mapped names
// and emails never leave the browser. Fires `identity-storage-change` with the new choice.
import { LitElement, css, html } from 'lit';
import { formStyles } from '../../styles/form-styles.ts';
import { focusStyles } from '../../styles/shared-styles.ts';

export class IdentityStorageOption extends LitElement {
  static override properties = {
    people: { type: Number },
    checked: { type: Boolean },
  };

  static override styles = [
    focusStyles,
    formStyles,
    css`
      :host {
        display: block;
      }
      .hint {
        margin: var(--space-1, 0.25rem) 0 0;
      }
    `,
  ];

  /** People of the import with a mapped name or email. */
  declare people: number;
  declare checked: boolean;

  constructor() {
    super();
    this.people = 0;
    this.checked = false;
  }

  private onChange(event: Event): void {
    const checked = (event.target as HTMLInputElement).checked;
    this.dispatchEvent(new CustomEvent<boolean>('identity-storage-change', { detail: checked, bubbles: true, composed: true }));
  }

  override render() {
    const none = this.people === 0;
    return html`<label class="check">
        <input type="checkbox" name="store-identities" .checked=${this.checked && !none} ?disabled=${none} @change=${this.onChange} />
        Store names and emails
      </label>
      <p class="hint">
        ${none
          ? 'Map “Person’s name” or “Person’s own email” above to store them. Until then they stay in this browser.'
          : `${this.people.toLocaleString('en-GB')} ${this.people === 1 ? 'person has' : 'people have'} a name or email. Stored encrypted under this engagement’s key, never in the rows; only members with PII access can reveal them, for a stated purpose, and each reveal is audited. Unticked, they never leave this browser.`}
      </p>`;
  }
}

customElements.define('identity-storage-option', IdentityStorageOption);

declare global {
  interface HTMLElementTagNameMap {
    'identity-storage-option': IdentityStorageOption;
  }
}

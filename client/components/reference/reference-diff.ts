// <reference-diff>: what the draft changes against the live version, section by section, as dot paths
// with the value before and after (the first 50 changes of each section).
import { LitElement, css, html, nothing } from 'lit';
import { diffReference, type ReferenceChange } from '../../../workers/reference/diff.ts';
import { focusStyles, pageStyles } from '../../styles/shared-styles.ts';

const count = new Intl.NumberFormat('en-GB');

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export class ReferenceDiff extends LitElement {
  static override properties = {
    base: { attribute: false },
    draft: { attribute: false },
    beforeLabel: { attribute: false },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    css`
      details + details {
        margin-top: var(--space-2, 0.5rem);
      }
      summary {
        cursor: pointer;
      }
      ul {
        margin: var(--space-2, 0.5rem) 0 0;
        padding-left: var(--space-6, 1.5rem);
        font-size: 0.9rem;
      }
      li {
        overflow-wrap: anywhere;
      }
      code {
        font-size: 0.85rem;
      }
      del {
        color: var(--color-danger-text, #9b1c1c);
      }
      ins {
        color: #1d5e2a;
        text-decoration: none;
      }
    `,
  ];

  /** The version compared against. */
  declare base: Record<string, unknown> | null;
  declare draft: Record<string, unknown> | null;
  declare beforeLabel: string;

  constructor() {
    super();
    this.base = null;
    this.draft = null;
    this.beforeLabel = 'the live version';
  }

  private renderChange(change: ReferenceChange) {
    return html`<li>
      <code>${change.path}</code>:
      ${'before' in change ? html`<del>${shown(change.before)}</del>` : html`(added)`} →
      ${'after' in change ? html`<ins>${shown(change.after)}</ins>` : html`(removed)`}
    </li>`;
  }

  override render() {
    if (!this.base || !this.draft) return html`<p class="muted" role="status">Loading ${this.beforeLabel} to compare…</p>`;
    const diffs = diffReference(this.base, this.draft);
    if (diffs.length === 0) return html`<p>The draft is the same as ${this.beforeLabel}.</p>`;
    return html`<p>${count.format(diffs.length)} ${diffs.length === 1 ? 'section differs' : 'sections differ'} from ${this.beforeLabel}.</p>
      ${diffs.map(
        (diff) => html`<details>
          <summary><strong>${diff.section}</strong>: ${count.format(diff.count)} change${diff.count === 1 ? '' : 's'}</summary>
          <ul>
            ${diff.changes.map((change) => this.renderChange(change))}
          </ul>
          ${diff.count > diff.changes.length ? html`<p class="muted">And ${count.format(diff.count - diff.changes.length)} more.</p>` : nothing}
        </details>`,
      )}`;
  }
}

customElements.define('reference-diff', ReferenceDiff);

declare global {
  interface HTMLElementTagNameMap {
    'reference-diff': ReferenceDiff;
  }
}

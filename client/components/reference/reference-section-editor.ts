// <reference-section-editor>: one section of the draft, as a structured form where one exists (regions and
// cost factors, scenarios and thresholds, packs, taxonomy rules) and always as JSON, with the section's
// validation issues listed by dot path above it (and beside the fields in the forms).
import { LitElement, css, html, nothing } from 'lit';
import type { ReferenceIssue } from '../../api/reference-admin.ts';
import { buttonStyles, focusStyles, pageStyles } from '../../styles/shared-styles.ts';
import { issueStyles } from './issues.ts';
import { NUMBER_SECTIONS } from './section-fields.ts';
import './reference-fields-form.ts';
import './reference-json-editor.ts';
import './reference-packs-form.ts';
import './reference-regions-form.ts';
import './reference-taxonomy-form.ts';

const FORM_SECTIONS = new Set([...Object.keys(NUMBER_SECTIONS), 'locations', 'packs', 'taxonomy']);

export class ReferenceSectionEditor extends LitElement {
  static override properties = {
    section: { attribute: false },
    document: { attribute: false },
    issues: { attribute: false },
    busy: { type: Boolean },
    view: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    pageStyles,
    issueStyles,
    css`
      .views {
        display: flex;
        gap: var(--space-2, 0.5rem);
        margin-bottom: var(--space-4, 1rem);
      }
      .views button[aria-pressed='true'] {
        background: var(--color-accent, #1f5fbf);
        color: #ffffff;
      }
      details {
        margin-bottom: var(--space-4, 1rem);
      }
      summary {
        cursor: pointer;
        font-weight: 600;
      }
      code {
        font-size: 0.85rem;
      }
    `,
  ];

  declare section: string;
  declare document: Record<string, unknown> | null;
  /** The draft's issues within this section. */
  declare issues: ReferenceIssue[];
  declare busy: boolean;
  declare view: 'form' | 'json';

  constructor() {
    super();
    this.section = '';
    this.document = null;
    this.issues = [];
    this.busy = false;
    this.view = 'form';
  }

  override render() {
    const hasForm = FORM_SECTIONS.has(this.section);
    const view = hasForm ? this.view : 'json';
    const value = this.document?.[this.section] ?? null;
    return html`${hasForm
        ? html`<div class="views" role="group" aria-label="Edit as">
            <button type="button" class="secondary" aria-pressed=${view === 'form'} @click=${() => (this.view = 'form')}>Form</button>
            <button type="button" class="secondary" aria-pressed=${view === 'json'} @click=${() => (this.view = 'json')}>JSON</button>
          </div>`
        : nothing}
      ${this.renderIssueList()} ${view === 'json' ? this.renderJson(value) : this.renderForm(value)}`;
  }

  private renderIssueList() {
    const issues = this.issues;
    if (issues.length === 0) return html`<p class="muted">No validation issues in this section.</p>`;
    const errors = issues.filter((i) => i.severity === 'error').length;
    return html`<details ?open=${errors > 0}>
      <summary>${errors} error${errors === 1 ? '' : 's'} and ${issues.length - errors} warning${issues.length - errors === 1 ? '' : 's'} in this section</summary>
      <ul class="issues">
        ${issues.map((i) => html`<li class=${i.severity}><code>${i.path}</code>: ${i.message}</li>`)}
      </ul>
    </details>`;
  }

  private renderJson(value: unknown) {
    return html`<reference-json-editor .section=${this.section} .value=${value} .issues=${this.issues} ?busy=${this.busy}></reference-json-editor>`;
  }

  private renderForm(value: unknown) {
    switch (this.section) {
      case 'locations':
        return html`<reference-regions-form .section=${this.section} .value=${value} .issues=${this.issues} ?busy=${this.busy}></reference-regions-form>`;
      case 'packs':
        return html`<reference-packs-form .section=${this.section} .value=${value} .issues=${this.issues} ?busy=${this.busy}></reference-packs-form>`;
      case 'taxonomy':
        return html`<reference-taxonomy-form
          .section=${this.section}
          .value=${value}
          .document=${this.document}
          .issues=${this.issues}
          ?busy=${this.busy}
        ></reference-taxonomy-form>`;
      default:
        return html`<reference-fields-form .section=${this.section} .value=${value} .issues=${this.issues} ?busy=${this.busy}></reference-fields-form>`;
    }
  }
}

customElements.define('reference-section-editor', ReferenceSectionEditor);

declare global {
  interface HTMLElementTagNameMap {
    'reference-section-editor': ReferenceSectionEditor;
  }
}

// <reference-json-editor>: a reference section as JSON text. Text that does not parse is refused here;
// otherwise Save fires `section-save` and the server judges the shape. A large section (the coder's
// tables run to megabytes) is shown compact: indented, it would be several times larger and slow to draw.
import { css, html, nothing } from 'lit';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { SectionForm } from './section-form.ts';

/** Above this many characters compact, a section is not indented. */
const INDENT_LIMIT = 200_000;

function jsonText(value: unknown): string {
  const compact = JSON.stringify(value);
  return compact.length > INDENT_LIMIT ? compact : JSON.stringify(value, null, 2);
}

export class ReferenceJsonEditor extends SectionForm<unknown> {
  static override properties = { ...SectionForm.properties, text: { state: true }, parseError: { state: true } };

  static override styles = [
    formPanelStyles,
    css`
      textarea {
        box-sizing: border-box;
        width: 100%;
        min-height: 24rem;
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 0.85rem;
        padding: var(--space-2, 0.5rem);
        border: 1px solid #8a94a3;
        border-radius: var(--radius, 6px);
      }
    `,
  ];

  declare text: string;
  declare parseError: string;
  private original = '';

  constructor() {
    super();
    this.text = '';
    this.parseError = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('value')) this.original = jsonText(this.value);
    // Puts the new text in place through undo(), so the section (megabytes for the coder's tables) is not also cloned.
    super.willUpdate(changed);
  }

  protected override get dirty(): boolean {
    return this.text !== this.original;
  }

  protected override save(event?: Event): void {
    event?.preventDefault();
    try {
      this.working = JSON.parse(this.text) as unknown;
    } catch (error) {
      this.parseError = `Not saved: the text is not valid JSON (${error instanceof Error ? error.message : 'unreadable'}).`;
      return;
    }
    this.parseError = '';
    super.save();
  }

  protected override undo(): void {
    this.text = this.original;
    this.parseError = '';
  }

  override render() {
    const id = `json-${this.section}`;
    return html`<form @submit=${this.save} aria-label="${this.section} as JSON">
      <div class="field">
        <label for=${id}>The ${this.section} section as JSON</label>
        <textarea
          id=${id}
          spellcheck="false"
          aria-describedby=${this.parseError ? `${id}-error` : ''}
          .value=${this.text}
          @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}
        ></textarea>
        ${this.parseError ? html`<p class="problem" id="${id}-error" role="alert">${this.parseError}</p>` : nothing}
      </div>
      ${this.renderActions()}
    </form>`;
  }
}

customElements.define('reference-json-editor', ReferenceJsonEditor);

declare global {
  interface HTMLElementTagNameMap {
    'reference-json-editor': ReferenceJsonEditor;
  }
}

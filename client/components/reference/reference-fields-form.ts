// <reference-fields-form>: a reference section's single figures (scenarios, thresholds, costs, spans) as
// labelled number inputs, each with its validation issues beneath it.
import { css, html } from 'lit';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { describedBy, issueStyles, renderIssuesAt } from './issues.ts';
import { SectionForm, numberFrom } from './section-form.ts';
import { NUMBER_SECTIONS } from './section-fields.ts';

type Tree = Record<string, unknown>;

const read = (tree: Tree, path: string[]): unknown => path.reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

function write(tree: Tree, path: string[], value: unknown): void {
  const parent = path.slice(0, -1).reduce<Tree>((node, key) => node[key] as Tree, tree);
  parent[path.at(-1)!] = value;
}

export class ReferenceFieldsForm extends SectionForm<Tree> {
  static override styles = [
    formPanelStyles,
    issueStyles,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
        gap: 0 var(--space-6, 1.5rem);
      }
    `,
  ];

  override render() {
    const spec = NUMBER_SECTIONS[this.section];
    const working = this.working;
    if (!spec || !working) return html``;
    return html`<form @submit=${this.save} aria-label=${spec.title}>
      <div class="grid">
        ${spec.fields.map((field) => {
          const path = [this.section, ...field.path].join('.');
          const id = `field-${path.replace(/\./g, '-')}`;
          const value = read(working, field.path);
          return html`<div class="field">
            <label for=${id}>${field.label}${field.hint ? html`<span class="hint">${field.hint}</span>` : ''}</label>
            <input
              id=${id}
              type="number"
              step=${field.step}
              .value=${value === null || value === undefined ? '' : String(value)}
              aria-describedby=${describedBy(this.issues, path) ?? ''}
              aria-invalid=${this.issues.some((i) => i.path === path && i.severity === 'error') ? 'true' : 'false'}
              @input=${(e: Event) => this.edit((w) => write(w, field.path, numberFrom(e.target as HTMLInputElement)))}
            />
            ${renderIssuesAt(this.issues, path)}
          </div>`;
        })}
      </div>
      ${this.renderActions()}
    </form>`;
  }
}

customElements.define('reference-fields-form', ReferenceFieldsForm);

declare global {
  interface HTMLElementTagNameMap {
    'reference-fields-form': ReferenceFieldsForm;
  }
}

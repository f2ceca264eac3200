// <reference-taxonomy-form>: the taxonomy's ordered title rules as a table, beside a "test a title" box
// that codes a title with the draft as edited so far and shows which rule or evidence decides it. The
// roles and default rubric are edited as JSON (the section's JSON view).
import { css, html } from 'lit';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { SectionForm } from './section-form.ts';
import type { ReferenceRuleTable, RuleColumn } from './reference-rule-table.ts';
import './reference-rule-table.ts';
import './reference-title-test.ts';

const COLUMNS: RuleColumn[] = [
  { key: 'pattern', label: 'Pattern' },
  { key: 'category', label: 'Category' },
  { key: 'subcategory', label: 'Subcategory' },
  { key: 'division', label: 'Division', optional: true },
];

type Taxonomy = { rules: Record<string, unknown>[] } & Record<string, unknown>;

export class ReferenceTaxonomyForm extends SectionForm<Taxonomy> {
  static override properties = { ...SectionForm.properties, document: { attribute: false } };

  static override styles = [
    formPanelStyles,
    css`
      reference-title-test {
        margin-bottom: var(--space-6, 1.5rem);
      }
    `,
  ];

  /** The whole draft, for testing titles with the edited rules in place. */
  declare document: Record<string, unknown> | null;

  constructor() {
    super();
    this.document = null;
  }

  private showRule(event: CustomEvent<number>): void {
    void this.renderRoot.querySelector<ReferenceRuleTable>('reference-rule-table')?.reveal(event.detail);
  }

  override render() {
    const working = this.working;
    if (!working) return html``;
    const document = this.document ? { ...this.document, taxonomy: working } : null;
    return html`<reference-title-test .document=${document} @show-rule=${this.showRule}></reference-title-test>
      <form @submit=${this.save} aria-label="Taxonomy rules">
        <reference-rule-table
          label="Taxonomy rules"
          .basePath=${"taxonomy.rules"}
          .rules=${working.rules}
          .columns=${COLUMNS}
          .issues=${this.issues}
          @rules-change=${(e: CustomEvent<Record<string, unknown>[]>) => this.edit((w) => (w.rules = e.detail))}
        ></reference-rule-table>
        ${this.renderActions()}
      </form>`;
  }
}

customElements.define('reference-taxonomy-form', ReferenceTaxonomyForm);

declare global {
  interface HTMLElementTagNameMap {
    'reference-taxonomy-form': ReferenceTaxonomyForm;
  }
}

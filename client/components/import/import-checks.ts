// <import-checks>: the pre-upload checks of an import, from the import worker: rows left out and cells not
// read, how many manager references resolve, the tops of the tree, loops, duplicate IDs, salaries missing or
// implausible, FTE not understood. Warnings are listed first; a warning whose likely fix the data shows offers it
// as one button, which fires `apply-fix` with the changed mapping; one whose cells the data owner must correct
// offers the cells-to-fix workbook (`download-cells-to-fix`).
import { LitElement, css, html, nothing } from 'lit';
import type { CheckFix, CheckWarning, PreUploadChecks } from '../../../workers/import/preflight.ts';
import { formPanelStyles } from '../../styles/form-styles.ts';

const count = (n: number) => n.toLocaleString('en-GB');
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

/** The tree's figures, shown only when a manager column is chosen: a list without one has no tree to measure. */
function reportingFigures(c: PreUploadChecks): [string, string][] {
  return [
    ['Manager references that resolve', `${share(c.resolvedReferences, c.managerReferences)} (${count(c.resolvedReferences)} of ${count(c.managerReferences)})`],
    ['People whose manager is not in the list', count(c.unresolvedManagers)],
    ['Top of the tree (no manager)', count(c.roots)],
    ['Layers of management', count(c.layers)],
    ['Average span', c.averageSpan.toLocaleString('en-GB', { maximumFractionDigits: 2 })],
    ['In reporting loops', count(c.inLoops)],
    ['Duplicate employee IDs', count(c.duplicateIds)],
  ];
}

export class ImportChecksElement extends LitElement {
  static override properties = {
    checks: { attribute: false },
    combined: { attribute: false },
    busy: { type: Boolean },
  };

  static override styles = [
    formPanelStyles,
    css`
      section {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        padding: var(--space-4, 1rem);
        margin: 0 0 var(--space-4, 1rem);
      }
      h2 {
        font-size: 1.1rem;
        margin: 0 0 var(--space-2, 0.5rem);
      }
      dl {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
        gap: var(--space-2, 0.5rem) var(--space-4, 1rem);
        margin: 0;
      }
      dt {
        font-size: 0.85rem;
        color: var(--color-muted, #4f5b69);
      }
      dd {
        margin: 0;
        font-weight: 600;
      }
      ul {
        margin: 0 0 var(--space-3, 0.75rem);
        padding-left: var(--space-6, 1.5rem);
      }
      li {
        margin-bottom: var(--space-2, 0.5rem);
      }
      .warning {
        color: var(--color-danger-text, #9b1c1c);
      }
      li button {
        margin-top: var(--space-1, 0.25rem);
      }
    `,
  ];

  declare checks: PreUploadChecks | null;
  /** Said when the files are one organisation's senior and junior organograms. */
  declare combined: string | null;
  declare busy: boolean;

  constructor() {
    super();
    this.checks = null;
    this.combined = null;
    this.busy = false;
  }

  private apply(fix: CheckFix): void {
    this.dispatchEvent(new CustomEvent<CheckFix>('apply-fix', { detail: fix, bubbles: true, composed: true }));
  }

  private downloadCellsToFix(): void {
    this.dispatchEvent(new CustomEvent('download-cells-to-fix', { bubbles: true, composed: true }));
  }

  private renderAction(w: CheckWarning) {
    if (w.fix) return html`<br /><button type="button" class="secondary" ?disabled=${this.busy} @click=${() => this.apply(w.fix!)}>${w.fix.label}</button>`;
    if (w.listedInCellsToFix) {
      return html`<br /><button type="button" class="secondary" ?disabled=${this.busy} @click=${this.downloadCellsToFix}>List them in the cells to fix (XLSX)</button>`;
    }
    return nothing;
  }

  override render() {
    const c = this.checks;
    if (!c) return nothing;
    const figures: [string, string][] = [
      ['People to upload', count(c.people)],
      ['Rows without a job title (left out)', `${count(c.skippedNoTitle)} of ${count(c.rowsRead)}`],
      ...(c.linked ? reportingFigures(c) : [['Reporting lines', 'None: no manager column'] as [string, string]]),
      ['Salaries from a pay band midpoint', count(c.salaryFromBand)],
      ['Salaries annualised from hourly pay', count(c.salaryAnnualised)],
      ['No salary (priced at market)', count(c.salaryMissing)],
      ['Salaries implausible', count(c.salaryImplausible)],
      ['FTE not understood', count(c.fteNotUnderstood)],
    ];
    if (c.postsFromGroups > 0) figures.splice(1, 0, ['Posts made from posts in FTE', count(c.postsFromGroups)]);
    if (c.unreadableCells > 0) figures.push(['Cells not read (formulas without a result, errors)', count(c.unreadableCells)]);
    return html`<section aria-labelledby="checks-heading">
      <h2 id="checks-heading">Checks before upload</h2>
      ${this.combined ? html`<p>${this.combined}</p>` : nothing}
      ${c.warnings.length
        ? html`<ul aria-label="Warnings">
            ${c.warnings.map(
              (w) => html`<li class="warning">
                ${w.message} ${this.renderAction(w)}
              </li>`,
            )}
          </ul>`
        : html`<p class="muted">Reporting lines, salaries and FTE look consistent.</p>`}
      <dl>
        ${figures.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}
      </dl>
    </section>`;
  }
}

customElements.define('import-checks', ImportChecksElement);

declare global {
  interface HTMLElementTagNameMap {
    'import-checks': ImportChecksElement;
  }
  interface HTMLElementEventMap {
    'apply-fix': CustomEvent<CheckFix>;
    'download-cells-to-fix': CustomEvent<undefined>;
  }
}

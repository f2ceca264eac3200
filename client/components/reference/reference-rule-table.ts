// <reference-rule-table>: an ordered list of title rules (taxonomy rules, a pack's overlay) as a table of
// text inputs, first match wins. Rows can be added, removed and moved; a filter finds rows in long lists.
// It edits nothing itself: every change fires `rules-change` with the whole new list.
import { LitElement, css, html } from 'lit';
import type { ReferenceIssue } from '../../api/reference-admin.ts';
import { formStyles, tableStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';
import { describedBy, issueStyles, issuesUnder, renderIssuesAt } from './issues.ts';

export interface RuleColumn {
  key: string;
  label: string;
  /** Optional columns drop their key when emptied, as the document's shape expects. */
  optional?: boolean;
}

type Rule = Record<string, unknown>;

const SHOWN = 100;

export class ReferenceRuleTable extends LitElement {
  static override properties = {
    rules: { attribute: false },
    columns: { attribute: false },
    basePath: { attribute: false },
    issues: { attribute: false },
    label: { type: String },
    filter: { state: true },
    onlyIssues: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    formStyles,
    tableStyles,
    issueStyles,
    css`
      :host {
        display: block;
      }
      .tools {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-4, 1rem);
        align-items: flex-end;
        margin-bottom: var(--space-3, 0.75rem);
      }
      .tools .field {
        margin: 0;
        flex: 1 1 16rem;
      }
      td {
        vertical-align: top;
      }
      td input[type='text'] {
        min-width: 8rem;
      }
      td.pattern input[type='text'] {
        min-width: 18rem;
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 0.85rem;
      }
      .row-tools {
        display: flex;
        gap: var(--space-1, 0.25rem);
      }
      .row-tools button {
        padding: var(--space-1, 0.25rem) var(--space-2, 0.5rem);
      }
      tr.highlight {
        background: #fff8e5;
      }
      .index {
        color: var(--color-muted, #4f5b69);
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  declare rules: Rule[];
  declare columns: RuleColumn[];
  /** Dot path of the list in the document, e.g. `taxonomy.rules`. */
  declare basePath: string;
  declare issues: ReferenceIssue[];
  declare label: string;
  declare filter: string;
  declare onlyIssues: boolean;
  /** A row to show and mark, e.g. the rule that decided a tested title. */
  private highlighted = -1;

  constructor() {
    super();
    this.rules = [];
    this.columns = [];
    this.basePath = '';
    this.issues = [];
    this.label = 'Rules';
    this.filter = '';
    this.onlyIssues = false;
  }

  /** Brings a row into view (clearing filters that would hide it) and marks it. */
  async reveal(index: number): Promise<void> {
    this.highlighted = index;
    this.filter = '';
    this.onlyIssues = false;
    this.requestUpdate();
    await this.updateComplete;
    const row = this.renderRoot.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    row?.scrollIntoView({ block: 'center' });
    row?.querySelector('input')?.focus();
  }

  private change(next: Rule[]): void {
    this.dispatchEvent(new CustomEvent<Rule[]>('rules-change', { detail: next, bubbles: true, composed: true }));
  }

  private setCell(index: number, column: RuleColumn, value: string): void {
    const next = [...this.rules];
    const rule = { ...next[index] };
    if (column.optional && value.trim() === '') delete rule[column.key];
    else rule[column.key] = value;
    next[index] = rule;
    this.change(next);
  }

  private move(index: number, by: number): void {
    const target = index + by;
    if (target < 0 || target >= this.rules.length) return;
    const next = [...this.rules];
    [next[index], next[target]] = [next[target]!, next[index]!];
    this.change(next);
  }

  private removeRule(index: number): void {
    this.change(this.rules.filter((_, i) => i !== index));
  }

  private add(): void {
    const blank = Object.fromEntries(this.columns.filter((c) => !c.optional).map((c) => [c.key, '']));
    this.change([...this.rules, blank]);
    void this.reveal(this.rules.length);
  }

  private visible(): number[] {
    const text = this.filter.trim().toLocaleLowerCase('en-GB');
    const indexes: number[] = [];
    this.rules.forEach((rule, i) => {
      if (this.onlyIssues && issuesUnder(this.issues, `${this.basePath}.${i}`).length === 0) return;
      if (text && !this.columns.some((c) => String(rule[c.key] ?? '').toLocaleLowerCase('en-GB').includes(text))) return;
      indexes.push(i);
    });
    return indexes;
  }

  override render() {
    const indexes = this.visible();
    // A window of SHOWN rows, moved to keep a revealed row in it.
    const at = indexes.indexOf(this.highlighted);
    const start = at >= SHOWN ? Math.min(at - SHOWN / 2, indexes.length - SHOWN) : 0;
    const shown = indexes.slice(start, start + SHOWN);
    const withIssues = this.rules.filter((_, i) => issuesUnder(this.issues, `${this.basePath}.${i}`).length > 0).length;
    return html`<div class="tools">
        <div class="field">
          <label for="rule-filter">Find rules containing</label>
          <input id="rule-filter" type="text" autocomplete="off" .value=${this.filter} @input=${(e: Event) => (this.filter = (e.target as HTMLInputElement).value)} />
        </div>
        <label class="check"
          ><input type="checkbox" .checked=${this.onlyIssues} @change=${(e: Event) => (this.onlyIssues = (e.target as HTMLInputElement).checked)} />
          Only rules with issues (${withIssues})</label
        >
      </div>
      <p class="hint" role="status">
        ${indexes.length > SHOWN
          ? `Showing ${shown.length} of ${indexes.length} matching rules (numbers ${shown[0]! + 1} to ${shown.at(-1)! + 1}); narrow the filter to see others.`
          : `${indexes.length} of ${this.rules.length} rules shown.`}
        The first rule that matches a title wins.
      </p>
      ${renderIssuesAt(this.issues, this.basePath)}
      <div class="table-wrap">
        <table aria-label=${this.label}>
          <thead>
            <tr>
              <th scope="col">#</th>
              ${this.columns.map((c) => html`<th scope="col">${c.label}${c.optional ? ' (optional)' : ''}</th>`)}
              <th scope="col"><span class="visually-hidden">Order and removal</span></th>
            </tr>
          </thead>
          <tbody>
            ${shown.map((i) => this.renderRow(i))}
          </tbody>
        </table>
      </div>
      <p><button type="button" class="secondary" @click=${this.add}>Add a rule at the end</button></p>`;
  }

  private renderRow(i: number) {
    const rule = this.rules[i]!;
    const rowPath = `${this.basePath}.${i}`;
    return html`<tr data-index=${i} class=${i === this.highlighted ? 'highlight' : ''}>
      <td class="index">${i + 1}${renderIssuesAt(this.issues, rowPath)}</td>
      ${this.columns.map((column) => {
        const path = `${rowPath}.${column.key}`;
        return html`<td class=${column.key === 'pattern' ? 'pattern' : ''}>
          <input
            type="text"
            aria-label="${column.label} of rule ${i + 1}"
            .value=${String(rule[column.key] ?? '')}
            aria-describedby=${describedBy(this.issues, path) ?? ''}
            @change=${(e: Event) => this.setCell(i, column, (e.target as HTMLInputElement).value)}
          />
          ${renderIssuesAt(this.issues, path)}
        </td>`;
      })}
      <td>
        <div class="row-tools">
          <button type="button" class="secondary" ?disabled=${i === 0} @click=${() => this.move(i, -1)}>
            Up<span class="visually-hidden"> rule ${i + 1}</span>
          </button>
          <button type="button" class="secondary" ?disabled=${i === this.rules.length - 1} @click=${() => this.move(i, 1)}>
            Down<span class="visually-hidden"> rule ${i + 1}</span>
          </button>
          <button type="button" class="secondary" @click=${() => this.removeRule(i)}>
            Remove<span class="visually-hidden"> rule ${i + 1}</span>
          </button>
        </div>
      </td>
    </tr>`;
  }
}

customElements.define('reference-rule-table', ReferenceRuleTable);

declare global {
  interface HTMLElementTagNameMap {
    'reference-rule-table': ReferenceRuleTable;
  }
  interface HTMLElementEventMap {
    'rules-change': CustomEvent<Record<string, unknown>[]>;
  }
}

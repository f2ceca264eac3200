// <column-mapping>: which column feeds each field and which columns are ticked as client groupings. The
// mapping and the guard results come from the import worker; this element shows them and reports changes
// as a `mapping-change` event. Each problem sits beside its control and says how to fix it.
import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { FIELD_LABELS, MAPPED_FIELDS, MAX_GROUPINGS, type ColumnMapping, type GroupingChoice, type GroupingUnavailable, type MappedField } from '../../workers/import/mapping.ts';
import type { MappingIssue } from '../../workers/import/mappingGuards.ts';
import { columnLabel } from '../../workers/import/table.ts';
import { formStyles, tableStyles } from '../styles/form-styles.ts';
import { focusStyles, pageStyles } from '../styles/shared-styles.ts';

const FIELD_HINTS: Record<MappedField, string> = {
  title: 'Required. Rows without a job title are skipped.',
  employeeId: 'Staff numbers, never names or emails. Leave it out to number people by their row (row-<n>).',
  managerEmployeeId: 'Each person’s manager’s staff number.',
  managerEmail: 'Matched to people’s own emails in this browser; the emails are never uploaded.',
  email: 'Used only to link managers by email; never uploaded.',
  salary: 'Amounts such as £45,000 or 45k.',
  fte: '0.6, 0,6, 60% or 1. Hours are not accepted.',
  division: 'Helps read ambiguous titles.',
  location: 'Where the person works; sets their region’s costs.',
};

const UNAVAILABLE_REASONS: Record<Exclude<GroupingUnavailable, 'mapped'>, string> = {
  'blank-heading': 'No heading in the file.',
  'duplicate-heading': 'Same heading as an earlier column.',
  'personal-heading': 'Looks like personal data; never uploaded.',
};

export class ColumnMappingElement extends LitElement {
  static override properties = {
    headers: { attribute: false },
    preview: { attribute: false },
    mapping: { attribute: false },
    issues: { attribute: false },
    choices: { attribute: false },
    reused: { type: Boolean },
  };

  static override styles = [
    focusStyles,
    pageStyles,
    formStyles,
    tableStyles,
    css`
      .fields {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
        gap: 0 var(--space-6, 1.5rem);
      }
      .groupings {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: var(--space-2, 0.5rem);
      }
      .general {
        margin: 0 0 var(--space-4, 1rem);
        padding-left: var(--space-6, 1.5rem);
      }
      td {
        font-size: 0.9rem;
        white-space: nowrap;
        max-width: 14rem;
        overflow: hidden;
        text-overflow: ellipsis;
      }
    `,
  ];

  declare headers: string[];
  declare preview: string[][];
  declare mapping: ColumnMapping;
  declare issues: MappingIssue[];
  declare choices: GroupingChoice[];
  declare reused: boolean;

  constructor() {
    super();
    this.headers = [];
    this.preview = [];
    this.mapping = { fields: {}, groupings: [] };
    this.issues = [];
    this.choices = [];
    this.reused = false;
  }

  private emit(mapping: ColumnMapping): void {
    this.dispatchEvent(new CustomEvent<ColumnMapping>('mapping-change', { detail: mapping, bubbles: true, composed: true }));
  }

  private chooseColumn(field: MappedField, value: string): void {
    const fields = { ...this.mapping.fields };
    if (value === '') delete fields[field];
    else fields[field] = Number(value);
    // A column now feeding a field is no longer offered as a grouping.
    const groupings = this.mapping.groupings.filter((c) => !Object.values(fields).includes(c));
    this.emit({ fields, groupings });
  }

  private toggleGrouping(column: number, ticked: boolean): void {
    const rest = this.mapping.groupings.filter((c) => c !== column);
    this.emit({ fields: { ...this.mapping.fields }, groupings: ticked ? [...rest, column] : rest });
  }

  override render() {
    const general = this.issues.filter((i) => i.field === undefined && i.grouping === undefined);
    return html`${this.reused
        ? html`<p class="muted">Columns are matched as in this engagement’s previous dataset. Check them before you continue.</p>`
        : nothing}
      <p role="status" class=${this.issues.length ? 'problem' : 'muted'}>
        ${this.issues.length === 0
          ? 'The mapping is ready.'
          : `${this.issues.length} ${this.issues.length === 1 ? 'problem' : 'problems'} to fix before upload.`}
      </p>
      ${general.length ? html`<ul class="general problem">${general.map((i) => html`<li>${i.message}</li>`)}</ul>` : nothing}
      <fieldset>
        <legend>Columns to use</legend>
        <div class="fields">${MAPPED_FIELDS.map((field) => this.renderField(field))}</div>
      </fieldset>
      ${this.renderGroupings()} ${this.renderPreview()}`;
  }

  private renderField(field: MappedField) {
    const id = `field-${field}`;
    const problems = this.issues.filter((i) => i.field === field);
    const selected = this.mapping.fields[field];
    return html`<div class="field">
      <label for=${id}>${FIELD_LABELS[field]}<span class="hint" id=${`${id}-hint`}>${FIELD_HINTS[field]}</span></label>
      <select
        id=${id}
        aria-describedby=${problems.length ? `${id}-hint ${id}-problem` : `${id}-hint`}
        aria-invalid=${problems.length ? 'true' : 'false'}
        .value=${live(selected === undefined ? '' : String(selected))}
        @change=${(e: Event) => this.chooseColumn(field, (e.target as HTMLSelectElement).value)}
      >
        <option value="">Not in this file</option>
        ${this.headers.map(
          (_, column) => html`<option value=${String(column)} ?selected=${selected === column}>${columnLabel(this.headers, column)}</option>`,
        )}
      </select>
      ${problems.length
        ? html`<div id=${`${id}-problem`}>${problems.map((p) => html`<p class="problem">${p.message}</p>`)}</div>`
        : nothing}
    </div>`;
  }

  private renderGroupings() {
    const offered = this.choices.filter((c) => c.unavailable !== 'mapped');
    const full = this.mapping.groupings.length >= MAX_GROUPINGS;
    return html`<fieldset>
      <legend>Client groupings (up to ${MAX_GROUPINGS})</legend>
      <p class="hint" id="groupings-hint">
        Extra columns to break the results down by, such as a business unit or grade. Only ticked columns are uploaded.
      </p>
      ${offered.length === 0
        ? html`<p class="muted">Every column is already used above.</p>`
        : html`<ul class="groupings" aria-describedby="groupings-hint">
            ${offered.map((choice) => {
              const ticked = this.mapping.groupings.includes(choice.column);
              const problems = this.issues.filter((i) => i.grouping === choice.column);
              const reason = choice.unavailable && choice.unavailable !== 'mapped' ? UNAVAILABLE_REASONS[choice.unavailable] : '';
              const describedBy = [reason && `grouping-${choice.column}-reason`, problems.length && `grouping-${choice.column}-problem`]
                .filter(Boolean)
                .join(' ');
              return html`<li>
                <label class="check">
                  <input
                    type="checkbox"
                    .checked=${live(ticked)}
                    ?disabled=${!ticked && (choice.unavailable !== null || full)}
                    aria-describedby=${describedBy || nothing}
                    @change=${(e: Event) => this.toggleGrouping(choice.column, (e.target as HTMLInputElement).checked)}
                  />
                  ${choice.label}
                </label>
                ${reason ? html`<span class="hint" id=${`grouping-${choice.column}-reason`}>${reason}</span>` : nothing}
                ${problems.length
                  ? html`<div id=${`grouping-${choice.column}-problem`}>${problems.map((p) => html`<p class="problem">${p.message}</p>`)}</div>`
                  : nothing}
              </li>`;
            })}
          </ul>`}
    </fieldset>`;
  }

  private renderPreview() {
    if (this.preview.length === 0) return nothing;
    return html`<div class="table-wrap">
      <table>
        <caption class="muted">First rows of the sheet (shown here only, in this browser)</caption>
        <thead>
          <tr>${this.headers.map((_, c) => html`<th scope="col">${columnLabel(this.headers, c)}</th>`)}</tr>
        </thead>
        <tbody>
          ${this.preview.map((row) => html`<tr>${this.headers.map((_, c) => html`<td>${row[c] ?? ''}</td>`)}</tr>`)}
        </tbody>
      </table>
    </div>`;
  }
}

customElements.define('column-mapping', ColumnMappingElement);

declare global {
  interface HTMLElementTagNameMap {
    'column-mapping': ColumnMappingElement;
  }
  interface HTMLElementEventMap {
    'mapping-change': CustomEvent<ColumnMapping>;
  }
}

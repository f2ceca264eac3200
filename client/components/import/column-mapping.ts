// <column-mapping>: which column feeds each field and which columns are ticked as client groupings. The
// mapping, the reason for each suggestion and the guard results come from the import worker; this element
// shows them and reports changes as a `mapping-change` event. Each problem sits beside its control and says
// how to fix it; how pay and FTE are read (a band's midpoint, hourly rates, the full-time week) is said here.
import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Layout } from '../../../workers/import/layouts.ts';
import {
  FIELD_LABELS, MAPPED_FIELDS, MAX_FULL_TIME_HOURS, MAX_GROUPINGS, MIN_FULL_TIME_HOURS, readingOf,
  type ColumnMapping, type FteReading, type GroupingChoice, type GroupingUnavailable, type MappedField,
} from '../../../workers/import/mapping.ts';
import type { MappingIssue } from '../../../workers/import/mappingGuards.ts';
import { columnLabel } from '../../../workers/import/table.ts';
import { formStyles, tableStyles } from '../../styles/form-styles.ts';
import { focusStyles, pageStyles } from '../../styles/shared-styles.ts';

const FIELD_HINTS: Record<MappedField, string> = {
  title: 'Required. Rows without a job title are skipped.',
  employeeId: 'Staff numbers, never names or emails. Leave it out to number people by their row (row-<n>).',
  managerEmployeeId: 'Each person’s manager’s staff number.',
  managerEmail: 'Matched to people’s own emails in this browser; the emails are never uploaded.',
  email: 'Links managers by email; uploaded (encrypted) only if you store names and emails.',
  name: 'Uploaded (encrypted) only if you store names and emails; otherwise it stays here.',
  salary: 'Yearly amounts such as £45,000 or 45k; with a band ceiling, the band’s floor.',
  salaryCeiling: 'With a pay band, the salary is the midpoint of floor and ceiling.',
  hourlyRate: 'Annualised as rate × weekly hours × 52 where there is no yearly salary.',
  payBasis: 'Per year, per hour or per day: how each row’s salary amount is paid.',
  hours: 'Weekly hours: FTE is hours ÷ the full-time week, and they annualise hourly pay.',
  fte: '0.6, 0,6, 60% or 1; or full/part-time words; or posts in FTE.',
  division: 'The unit or department: helps read ambiguous titles.',
  organisation: 'The employing body, where a list holds several: helps read ambiguous titles.',
  grade: 'A grade or rank (SCS1, Grade 7, HEO, OF-3): tells manager from practitioner where the title leaves it open.',
  group: 'The professional or occupational group (Finance, Policy, Science and Engineering): helps read ambiguous titles.',
  location: 'Where the person works; sets their region’s costs.',
};

const FTE_READINGS: Record<FteReading, string> = {
  fraction: 'A fraction or percentage (0.6, 60%)',
  words: 'Full-time or part-time words',
  posts: 'Number of posts in FTE (each row becomes that many posts)',
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
    reasons: { attribute: false },
    groupingReasons: { attribute: false },
    layout: { attribute: false },
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
      .reason {
        font-size: 0.85rem;
        margin: var(--space-1, 0.25rem) 0 0;
        color: var(--color-muted, #4f5b69);
      }
      .layout {
        border-left: 4px solid var(--color-accent, #1f5fbf);
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        margin: 0 0 var(--space-4, 1rem);
        background: var(--color-surface, #ffffff);
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
  /** Why each field got its column, and why each suggested grouping was ticked. */
  declare reasons: Partial<Record<MappedField, string>>;
  declare groupingReasons: Record<number, string>;
  /** The known layout the file was recognised as, or null. */
  declare layout: Layout | null;
  declare reused: boolean;

  constructor() {
    super();
    this.headers = [];
    this.preview = [];
    this.mapping = { fields: {}, groupings: [] };
    this.issues = [];
    this.choices = [];
    this.reasons = {};
    this.groupingReasons = {};
    this.layout = null;
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
    this.emit({ ...this.mapping, fields, groupings });
  }

  private toggleGrouping(column: number, ticked: boolean): void {
    const rest = this.mapping.groupings.filter((c) => c !== column);
    this.emit({ ...this.mapping, fields: { ...this.mapping.fields }, groupings: ticked ? [...rest, column] : rest });
  }

  private changeReading(change: Partial<ReturnType<typeof readingOf>>): void {
    this.emit({ ...this.mapping, reading: { ...readingOf(this.mapping), ...change } });
  }

  override render() {
    const general = this.issues.filter((i) => i.field === undefined && i.grouping === undefined);
    return html`${this.layout
        ? html`<p class="layout"><strong>Recognised layout: ${this.layout.name}.</strong> ${this.layout.note}</p>`
        : nothing}
      ${this.reused
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
        ${this.renderReading()}
      </fieldset>
      ${this.renderGroupings()} ${this.renderPreview()}`;
  }

  private renderField(field: MappedField) {
    const id = `field-${field}`;
    const problems = this.issues.filter((i) => i.field === field);
    const selected = this.mapping.fields[field];
    const reason = selected === undefined ? undefined : this.reasons[field];
    const describedBy = [`${id}-hint`, reason && `${id}-reason`, problems.length && `${id}-problem`].filter(Boolean).join(' ');
    return html`<div class="field">
      <label for=${id}>${FIELD_LABELS[field]}<span class="hint" id=${`${id}-hint`}>${FIELD_HINTS[field]}</span></label>
      <select
        id=${id}
        aria-describedby=${describedBy}
        aria-invalid=${problems.length ? 'true' : 'false'}
        .value=${live(selected === undefined ? '' : String(selected))}
        @change=${(e: Event) => this.chooseColumn(field, (e.target as HTMLSelectElement).value)}
      >
        <option value="">Not in this file</option>
        ${this.headers.map(
          (_, column) => html`<option value=${String(column)} ?selected=${selected === column}>${columnLabel(this.headers, column)}</option>`,
        )}
      </select>
      ${reason ? html`<p class="reason" id=${`${id}-reason`}>Why: ${reason}</p>` : nothing}
      ${problems.length
        ? html`<div id=${`${id}-problem`}>${problems.map((p) => html`<p class="problem">${p.message}</p>`)}</div>`
        : nothing}
    </div>`;
  }

  /** How FTE and pay are read: shown once a column they apply to is chosen. */
  private renderReading() {
    const { fields } = this.mapping;
    const reading = readingOf(this.mapping);
    const usesWeek = fields.hours !== undefined || fields.hourlyRate !== undefined || fields.payBasis !== undefined || (fields.fte !== undefined && reading.fte === 'words');
    if (fields.fte === undefined && !usesWeek) return nothing;
    return html`<div class="fields">
      ${fields.fte !== undefined
        ? html`<div class="field">
            <label for="fte-reading">FTE values are</label>
            <select id="fte-reading" .value=${live(reading.fte)} @change=${(e: Event) => this.changeReading({ fte: (e.target as HTMLSelectElement).value as FteReading })}>
              ${(Object.keys(FTE_READINGS) as FteReading[]).map((key) => html`<option value=${key} ?selected=${reading.fte === key}>${FTE_READINGS[key]}</option>`)}
            </select>
          </div>`
        : nothing}
      ${usesWeek
        ? html`<div class="field">
            <label for="full-time-hours">Full-time week (hours)
              <span class="hint" id="full-time-hours-hint">Weekly hours ÷ this is the FTE; hourly pay × weekly hours (this when none are given) × 52 is the salary.</span>
            </label>
            <input id="full-time-hours" type="number" min=${MIN_FULL_TIME_HOURS} max=${MAX_FULL_TIME_HOURS} step="0.5" aria-describedby="full-time-hours-hint"
              .value=${live(String(reading.fullTimeHours))}
              @change=${(e: Event) => {
                const hours = Number((e.target as HTMLInputElement).value);
                if (hours >= MIN_FULL_TIME_HOURS && hours <= MAX_FULL_TIME_HOURS) this.changeReading({ fullTimeHours: hours });
              }} />
          </div>`
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
              const reason = choice.unavailable && choice.unavailable !== 'mapped' ? UNAVAILABLE_REASONS[choice.unavailable] : (this.groupingReasons[choice.column] ?? '');
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

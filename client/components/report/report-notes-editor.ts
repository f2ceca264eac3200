// <report-notes-editor>: the engagement's report notes — the consultant's sections, where the value is
// concentrated, and terms swaps — as the client report prints them. Leads of an active engagement edit them;
// everyone else reads them. The server's rules are checked as you type (a term to replace needs a letter and no
// digits or £ $ € %), and the server's refusal is shown as it answers.
import { LitElement, css, html, nothing } from 'lit';
import { REPORT_NOTES_LIMITS, REPORT_SECTIONS, termHasFigures, termHasLetter, type ReportNotes, type TermSwap } from '../../../schema/reportNotes.ts';
import { errorMessage } from '../../api/http.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { getEngagement } from '../../api/engagements.ts';
import { saveReportNotes } from '../../api/report.ts';
import { editorStyles } from '../../styles/form-styles.ts';
import '../common/error-notice.ts';

/** Why a term to replace would be refused, or '' when it is fine: the server's rules (schema/reportNotes.ts), in the editor's words. */
export function termProblem(from: string): string {
  const text = from.trim();
  if (text === '') return 'Write the term to replace.';
  if (!termHasLetter(text)) return 'A term to replace needs at least one letter.';
  if (termHasFigures(text)) return 'A term to replace may not contain digits or the characters £ $ € %: swaps change wording, never figures.';
  return '';
}

const noNotes = (): ReportNotes => ({ sections: {}, terms: [] });

export class ReportNotesEditor extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    canEdit: { attribute: false },
    notes: { state: true },
    loaded: { state: true },
  };

  // editorStyles gives .field, .hint, .problem and .actions; only what differs from it is here.
  static override styles = [
    editorStyles,
    css`
      textarea {
        width: 100%;
        min-height: 4.5rem;
        font: inherit;
      }
      .hint {
        margin: 0;
      }
      .swap {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-2, 0.5rem);
        align-items: end;
        margin-bottom: var(--space-2, 0.5rem);
      }
      .problem {
        margin: 0 0 var(--space-2, 0.5rem);
      }
    `,
  ];

  declare engagementId: string;
  declare canEdit: boolean;
  declare notes: ReportNotes;
  declare loaded: boolean;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.engagementId = '';
    this.canEdit = false;
    this.notes = noNotes();
    this.loaded = false;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) void this.load();
  }

  private async load(): Promise<void> {
    try {
      const { engagement } = await getEngagement(this.engagementId);
      this.notes = engagement.reportNotes ?? noNotes();
      this.loaded = true;
    } catch (error) {
      this.form.showError(errorMessage(error));
    }
  }

  /** Every edit goes through here: the notes are no longer as saved. */
  private change(notes: Partial<ReportNotes>): void {
    this.notes = { ...this.notes, ...notes };
    this.form.edited();
  }

  private setSection(key: string, text: string): void {
    this.change({ sections: { ...this.notes.sections, [key]: text } });
  }

  private setTerm(index: number, change: Partial<TermSwap>): void {
    this.change({ terms: this.notes.terms.map((t, i) => (i === index ? { ...t, ...change } : t)) });
  }

  private addTerm(): void {
    this.change({ terms: [...this.notes.terms, { from: '', to: '' }] });
  }

  private removeTerm(index: number): void {
    this.change({ terms: this.notes.terms.filter((_, i) => i !== index) });
  }

  private async save(event: Event): Promise<void> {
    event.preventDefault();
    if (this.notes.terms.some((t) => termProblem(t.from))) return;
    await this.form.run(async () => {
      const sections = Object.fromEntries(Object.entries(this.notes.sections).filter(([, text]) => text.trim() !== ''));
      const valueConcentration = this.notes.valueConcentration?.trim();
      const body: ReportNotes = { sections, terms: this.notes.terms, ...(valueConcentration ? { valueConcentration } : {}) };
      const { engagement } = await saveReportNotes(this.engagementId, body);
      this.notes = engagement.reportNotes ?? noNotes();
      return engagement.reportNotes ? 'Report notes saved.' : 'Report notes cleared: nothing was written.';
    });
  }

  override render() {
    if (!this.loaded) return this.form.error ? html`<error-notice .message=${this.form.error}></error-notice>` : html`<p role="status" class="hint">Loading the report notes…</p>`;
    const readOnly = !this.canEdit || this.form.busy;
    const problems = this.notes.terms.map((t) => termProblem(t.from));
    return html`<form @submit=${this.save}>
      ${this.canEdit ? nothing : html`<p class="hint">Only the engagement's leads can change the report notes while it is active.</p>`}
      ${REPORT_SECTIONS.map(
        (s) => html`<div class="field">
          <label for="section-${s.key}">${s.label}</label>
          <p class="hint" id="hint-${s.key}">${s.hint}</p>
          <textarea
            id="section-${s.key}"
            aria-describedby="hint-${s.key}"
            maxlength=${REPORT_NOTES_LIMITS.sectionLength}
            ?readonly=${readOnly}
            .value=${this.notes.sections[s.key] ?? ''}
            @input=${(e: Event) => this.setSection(s.key, (e.target as HTMLTextAreaElement).value)}
          ></textarea>
        </div>`,
      )}
      <div class="field">
        <label for="value-concentration">Where the value is concentrated</label>
        <p class="hint" id="hint-value">Printed above the roles with the largest savings.</p>
        <textarea
          id="value-concentration"
          aria-describedby="hint-value"
          maxlength=${REPORT_NOTES_LIMITS.valueConcentrationLength}
          ?readonly=${readOnly}
          .value=${this.notes.valueConcentration ?? ''}
          @input=${(e: Event) => this.change({ valueConcentration: (e.target as HTMLTextAreaElement).value })}
        ></textarea>
      </div>
      <fieldset class="field">
        <legend>Terms swaps</legend>
        <p class="hint">The client's own words in the report's wording, for example "colleagues" for "employees". Figures are never changed.</p>
        ${this.notes.terms.map(
          (t, i) => html`<div class="swap">
              <label>Replace <input .value=${t.from} maxlength=${REPORT_NOTES_LIMITS.termLength} ?readonly=${readOnly} aria-invalid=${problems[i] ? 'true' : 'false'} @input=${(e: Event) => this.setTerm(i, { from: (e.target as HTMLInputElement).value })} /></label>
              <label>with <input .value=${t.to} maxlength=${REPORT_NOTES_LIMITS.termLength} ?readonly=${readOnly} @input=${(e: Event) => this.setTerm(i, { to: (e.target as HTMLInputElement).value })} /></label>
              ${this.canEdit ? html`<button type="button" class="secondary" ?disabled=${this.form.busy} @click=${() => this.removeTerm(i)}>Remove</button>` : nothing}
            </div>
            ${problems[i] ? html`<p class="problem" role="alert">${problems[i]}</p>` : nothing}`,
        )}
        ${this.canEdit && this.notes.terms.length < REPORT_NOTES_LIMITS.terms
          ? html`<button type="button" class="secondary" ?disabled=${this.form.busy} @click=${this.addTerm}>Add a swap</button>`
          : nothing}
      </fieldset>
      <error-notice .message=${this.form.error}></error-notice>
      ${this.canEdit
        ? html`<div class="actions">
            <button type="submit" ?disabled=${this.form.busy || problems.some(Boolean)}>${this.form.busy ? 'Saving…' : 'Save report notes'}</button>
            <p role="status" class="hint">${this.form.saved}</p>
          </div>`
        : nothing}
    </form>`;
  }
}

customElements.define('report-notes-editor', ReportNotesEditor);

declare global {
  interface HTMLElementTagNameMap {
    'report-notes-editor': ReportNotesEditor;
  }
}

// <admin-reference-page>: reference data versions and the one draft. An administrator creates a draft from
// a published version, edits it section by section (forms where they help, JSON elsewhere) with the live
// validation issues at their dot paths, sees what changed against the live version, then publishes it with
// notes (refused while errors remain) or discards it. Datasets move to a new version from their own page.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import {
  createDraft,
  discardDraft,
  fetchDraft,
  publishDraft,
  referenceOverview,
  refusalIssues,
  saveDraftSection,
  type ReferenceDraft,
  type ReferenceIssue,
  type ReferenceOverview,
} from '../../api/reference-admin.ts';
import { referenceVersion } from '../../reference/reference-data.ts';
import { badgeStyles, formPanelStyles, tableStyles } from '../../styles/form-styles.ts';
import { panelStackStyles } from '../../styles/shared-styles.ts';
import { issuesUnder } from '../../components/reference/issues.ts';
import type { SectionSave } from '../../components/reference/section-form.ts';
import '../../components/common/error-notice.ts';
import '../../components/reference/reference-diff.ts';
import '../../components/reference/reference-section-editor.ts';

const SECTION_LABELS: Record<string, string> = {
  occupations: 'Occupations',
  taxonomy: 'Taxonomy rules and roles',
  exposure: 'Exposure thresholds',
  classification: 'Review threshold and coder',
  costs: 'Costs',
  locations: 'Regions and cost factors',
  scenarios: 'Scenarios',
  programme: 'Programme',
  gcc: 'Offshoring',
  org: 'Spans',
  lifecycles: 'Lifecycles',
  benchmark: 'Benchmark',
  copilot: 'Copilot',
  packs: 'Industry packs',
  sources: 'Sources',
};

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-GB');
const plural = (n: number, word: string) => `${count.format(n)} ${word}${n === 1 ? '' : 's'}`;

export class AdminReferencePage extends LitElement {
  static override properties = {
    overview: { state: true },
    draft: { state: true },
    live: { state: true },
    section: { state: true },
    refused: { state: true },
    busy: { state: true },
    error: { state: true },
    notice: { state: true },
    confirmDiscard: { state: true },
  };

  static override styles = [
    formPanelStyles,
    panelStackStyles,
    tableStyles,
    badgeStyles,
    css`
      .editor {
        display: grid;
        grid-template-columns: minmax(12rem, 15rem) minmax(0, 1fr);
        gap: var(--space-6, 1.5rem);
        align-items: start;
      }
      @media (max-width: 48rem) {
        .editor {
          grid-template-columns: 1fr;
        }
      }
      .sections {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      .sections button {
        width: 100%;
        text-align: left;
        display: flex;
        flex-direction: column;
        margin-bottom: var(--space-1, 0.25rem);
      }
      .sections button[aria-current='true'] {
        background: var(--color-accent, #1f5fbf);
        color: #ffffff;
      }
      .count {
        font-size: 0.8rem;
        white-space: nowrap;
      }
      textarea {
        box-sizing: border-box;
        width: 100%;
        max-width: 40rem;
        font: inherit;
        padding: var(--space-2, 0.5rem);
        border: 1px solid #8a94a3;
        border-radius: var(--radius, 6px);
      }
      .badge.live {
        background: #e3f4e6;
        color: #1d5e2a;
      }
      .create {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem);
        align-items: flex-end;
      }
      .create .field {
        margin: 0;
        flex: 0 1 16rem;
      }
    `,
  ];

  declare overview: ReferenceOverview | null;
  declare draft: ReferenceDraft | null;
  /** The live version's data, for the comparison. */
  declare live: Record<string, unknown> | null;
  declare section: string;
  /** Issues of a refused save or publish, shown instead of the draft's until the next change. */
  declare refused: ReferenceIssue[] | null;
  declare busy: string;
  declare error: string;
  declare notice: string;
  declare confirmDiscard: boolean;

  constructor() {
    super();
    this.overview = null;
    this.draft = null;
    this.live = null;
    this.section = 'taxonomy';
    this.refused = null;
    this.busy = '';
    this.error = '';
    this.notice = '';
    this.confirmDiscard = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    this.busy = 'load';
    this.error = '';
    try {
      const [overview, draft] = await Promise.all([referenceOverview(), fetchDraft()]);
      this.overview = overview;
      this.draft = draft;
      this.refused = null;
      if (overview.current && draft) void this.loadLive(overview.current.version);
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = '';
    }
  }

  private async loadLive(version: number): Promise<void> {
    try {
      this.live = (await referenceVersion(version)).data as Record<string, unknown>;
    } catch (error) {
      this.error = `The live version could not be loaded for the comparison: ${errorMessage(error)}`;
    }
  }

  private async run(label: string, action: () => Promise<void>): Promise<void> {
    this.busy = label;
    this.error = '';
    this.notice = '';
    try {
      await action();
    } catch (error) {
      this.error = errorMessage(error);
      const issues = refusalIssues(error);
      this.refused = issues.length > 0 ? issues : null;
    } finally {
      this.busy = '';
    }
  }

  private create(event: SubmitEvent): void {
    event.preventDefault();
    const basedOn = Number(new FormData(event.target as HTMLFormElement).get('basedOn'));
    void this.run('create', async () => {
      this.draft = await createDraft(basedOn);
      this.refused = null;
      this.overview = await referenceOverview();
      if (this.overview.current) void this.loadLive(this.overview.current.version);
      this.notice = `A draft was created from version ${basedOn}.`;
    });
  }

  private saveSection(event: CustomEvent<SectionSave>): void {
    const { section, value } = event.detail;
    void this.run('save', async () => {
      this.draft = await saveDraftSection(section, value);
      this.refused = null;
      const errors = issuesUnder(this.draft.issues, section).filter((i) => i.severity === 'error').length;
      this.notice = `${SECTION_LABELS[section] ?? section} saved.${errors > 0 ? ` It has ${plural(errors, 'error')} to fix before publishing.` : ''}`;
    });
  }

  private publish(event: SubmitEvent): void {
    event.preventDefault();
    const notes = String(new FormData(event.target as HTMLFormElement).get('notes') ?? '').trim();
    void this.run('publish', async () => {
      const { version, warnings } = await publishDraft(notes);
      this.draft = null;
      this.refused = null;
      this.overview = await referenceOverview();
      this.notice = `Version ${version} is published and live${warnings ? `, with ${plural(warnings, 'warning')}` : ''}. New datasets use it; existing datasets move to it from their dataset page.`;
    });
  }

  private discard(): void {
    void this.run('discard', async () => {
      await discardDraft();
      this.draft = null;
      this.refused = null;
      this.confirmDiscard = false;
      this.overview = await referenceOverview();
      this.notice = 'The draft was discarded.';
    });
  }

  override render() {
    return html`<section class="panel" aria-labelledby="reference-heading">
        <h1 id="reference-heading">Reference data</h1>
        <error-notice .message=${this.error} ?retryable=${!this.overview} @retry=${this.load}></error-notice>
        <p role="status" class="muted">${this.busy === 'load' ? 'Loading reference data…' : this.notice}</p>
        ${this.overview ? this.renderVersions(this.overview) : nothing}
      </section>
      ${this.draft ? this.renderDraft(this.draft) : nothing}`;
  }

  private renderVersions(overview: ReferenceOverview) {
    return html`<div class="table-wrap">
        <table>
          <caption class="visually-hidden">Published versions</caption>
          <thead>
            <tr><th scope="col">Version</th><th scope="col">Published (UTC)</th><th scope="col">Notes</th></tr>
          </thead>
          <tbody>
            ${overview.versions.map(
              (v) => html`<tr>
                <th scope="row">${v.version} ${v.version === overview.current?.version ? html`<span class="badge live">Live</span>` : nothing}</th>
                <td>${day.format(new Date(v.publishedAt))}</td>
                <td>${v.notes ?? '—'}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${overview.draft
        ? nothing
        : html`<form class="create" @submit=${this.create}>
            <div class="field">
              <label for="based-on">Start a draft from version</label>
              <select id="based-on" name="basedOn">
                ${overview.versions.map((v) => html`<option value=${v.version}>${v.version}${v.version === overview.current?.version ? ' (live)' : ''}</option>`)}
              </select>
            </div>
            <button type="submit" ?disabled=${this.busy !== '' || overview.versions.length === 0}>
              ${this.busy === 'create' ? 'Creating…' : 'Create draft'}
            </button>
          </form>`}`;
  }

  private renderDraft(draft: ReferenceDraft) {
    const issues = this.refused ?? draft.issues;
    const errors = draft.issues.filter((i) => i.severity === 'error').length;
    const warnings = draft.issues.length - errors;
    const sections = Object.keys(draft.data).filter((key) => key !== 'schemaVersion');
    const section = sections.includes(this.section) ? this.section : sections[0]!;
    const live = this.overview?.current?.version;
    return html`<section class="panel" aria-labelledby="draft-heading">
        <h2 id="draft-heading">Draft based on version ${draft.basedOn ?? '—'}</h2>
        <p class="muted">
          Last saved ${day.format(new Date(draft.updatedAt))} UTC · ${plural(errors, 'error')} and ${plural(warnings, 'warning')}. Saving a section needs
          only a valid shape; publishing needs no errors.
        </p>
        <div class="editor">
          <nav aria-label="Sections">
            <ul class="sections">
              ${sections.map((key) => {
                const here = issuesUnder(issues, key);
                const sectionErrors = here.filter((i) => i.severity === 'error').length;
                return html`<li>
                  <button type="button" class="secondary" aria-current=${key === section ? 'true' : 'false'} @click=${() => (this.section = key)}>
                    <span>${SECTION_LABELS[key] ?? key}</span>
                    ${here.length
                      ? html`<span class="count">${[sectionErrors ? plural(sectionErrors, 'error') : '', here.length - sectionErrors ? plural(here.length - sectionErrors, 'warning') : '']
                          .filter(Boolean)
                          .join(', ')}</span>`
                      : nothing}
                  </button>
                </li>`;
              })}
            </ul>
          </nav>
          <div>
            <h3>${SECTION_LABELS[section] ?? section}</h3>
            <reference-section-editor
              .section=${section}
              .document=${draft.data}
              .issues=${issuesUnder(issues, section)}
              ?busy=${this.busy === 'save'}
              @section-save=${this.saveSection}
            ></reference-section-editor>
          </div>
        </div>
      </section>
      <section class="panel" aria-labelledby="changes-heading">
        <h2 id="changes-heading">Changes against the live version${live ? ` (${live})` : ''}</h2>
        <reference-diff .base=${this.live} .draft=${draft.data} .beforeLabel=${live ? `version ${live}` : 'the live version'}></reference-diff>
      </section>
      <section class="panel" aria-labelledby="publish-heading">
        <h2 id="publish-heading">Publish or discard</h2>
        <form @submit=${this.publish}>
          <div class="field">
            <label for="publish-notes">Notes for this version<span class="hint">3 to 2,000 characters: what changed and why. Recorded in the audit trail.</span></label>
            <textarea id="publish-notes" name="notes" rows="3" minlength="3" maxlength="2000" required .value=${draft.notes ?? ''}></textarea>
          </div>
          ${errors > 0 ? html`<p class="problem" id="publish-blocked">Publishing is refused while the draft has ${plural(errors, 'error')}.</p>` : nothing}
          <div class="actions">
            <button type="submit" ?disabled=${this.busy !== '' || errors > 0} aria-describedby=${errors > 0 ? 'publish-blocked' : ''}>
              ${this.busy === 'publish' ? 'Publishing…' : 'Publish version'}
            </button>
            ${this.confirmDiscard
              ? html`<button type="button" class="danger" ?disabled=${this.busy !== ''} @click=${this.discard}>Discard the draft for good</button>
                  <button type="button" class="secondary" @click=${() => (this.confirmDiscard = false)}>Keep the draft</button>`
              : html`<button type="button" class="secondary" ?disabled=${this.busy !== ''} @click=${() => (this.confirmDiscard = true)}>Discard draft</button>`}
          </div>
        </form>
      </section>`;
  }
}

customElements.define('admin-reference-page', AdminReferencePage);

declare global {
  interface HTMLElementTagNameMap {
    'admin-reference-page': AdminReferencePage;
  }
}

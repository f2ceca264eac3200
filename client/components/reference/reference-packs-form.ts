// <reference-packs-form>: the industry packs — label, description and value-chain lifecycle of each, and
// its overlay rules (titles the pack codes before the taxonomy does). Copilot fit lists stay in JSON.
import { css, html } from 'lit';
import { formPanelStyles } from '../../styles/form-styles.ts';
import { describedBy, issueStyles, issuesUnder, renderIssuesAt } from './issues.ts';
import { SectionForm } from './section-form.ts';
import type { RuleColumn } from './reference-rule-table.ts';
import './reference-rule-table.ts';

const OVERLAY_COLUMNS: RuleColumn[] = [
  { key: 'pattern', label: 'Pattern' },
  { key: 'usSoc2018', label: 'US SOC 2018' },
  { key: 'ukSoc2020', label: 'UK SOC 2020' },
  { key: 'category', label: 'Category', optional: true },
  { key: 'subcategory', label: 'Subcategory', optional: true },
];

interface Pack {
  id: string;
  label: string;
  description: string;
  overlay: Record<string, unknown>[];
  lifecycleId?: string;
  [key: string]: unknown;
}

export class ReferencePacksForm extends SectionForm<Pack[]> {
  static override properties = { ...SectionForm.properties, chosen: { state: true } };

  static override styles = [
    formPanelStyles,
    issueStyles,
    css`
      .choose {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem);
        align-items: flex-end;
        margin-bottom: var(--space-4, 1rem);
      }
      .choose .field {
        margin: 0;
        flex: 0 1 20rem;
      }
      textarea {
        box-sizing: border-box;
        width: 100%;
        font: inherit;
        padding: var(--space-2, 0.5rem);
        border: 1px solid #8a94a3;
        border-radius: var(--radius, 6px);
      }
      h3 {
        font-size: 1.05rem;
        margin: var(--space-4, 1rem) 0 var(--space-2, 0.5rem);
      }
    `,
  ];

  /** Index of the pack being edited. */
  declare chosen: number;

  constructor() {
    super();
    this.chosen = 0;
  }

  private textField(index: number, key: 'id' | 'label' | 'lifecycleId', label: string, hint?: string) {
    const pack = this.working![index]!;
    const path = `packs.${index}.${key}`;
    const id = `pack-${key}`;
    return html`<div class="field">
      <label for=${id}>${label}${hint ? html`<span class="hint">${hint}</span>` : ''}</label>
      <input
        id=${id}
        type="text"
        .value=${String(pack[key] ?? '')}
        aria-describedby=${describedBy(this.issues, path) ?? ''}
        @input=${(e: Event) =>
          this.edit((w) => {
            const value = (e.target as HTMLInputElement).value;
            if (key === 'lifecycleId' && value.trim() === '') delete w[index]!.lifecycleId;
            else w[index]![key] = value;
          })}
      />
      ${renderIssuesAt(this.issues, path)}
    </div>`;
  }

  private addPack(): void {
    this.edit((w) => w.push({ id: `pack-${w.length + 1}`, label: 'New pack', description: '', overlay: [] }));
    this.chosen = this.working!.length - 1;
  }

  override render() {
    const packs = this.working;
    if (!packs) return html``;
    const index = Math.min(this.chosen, packs.length - 1);
    const pack = packs[index]!;
    return html`<form @submit=${this.save} aria-label="Industry packs">
      ${renderIssuesAt(this.issues, 'packs')}
      <div class="choose">
        <div class="field">
          <label for="pack-choice">Pack</label>
          <select id="pack-choice" @change=${(e: Event) => (this.chosen = Number((e.target as HTMLSelectElement).value))}>
            ${packs.map(
              (p, i) =>
                html`<option value=${i} ?selected=${i === index}>
                  ${p.label || p.id}${issuesUnder(this.issues, `packs.${i}`).length ? ` (${issuesUnder(this.issues, `packs.${i}`).length} issues)` : ''}
                </option>`,
            )}
          </select>
        </div>
        <button type="button" class="secondary" @click=${this.addPack}>Add a pack</button>
        <button
          type="button"
          class="secondary"
          ?disabled=${pack.id === 'general'}
          @click=${() => {
            this.edit((w) => w.splice(index, 1));
            this.chosen = 0;
          }}
        >
          Remove this pack
        </button>
      </div>
      ${renderIssuesAt(this.issues, `packs.${index}`)}
      ${this.textField(index, 'id', 'Identifier', 'Lower-case words joined by hyphens; engagements refer to it.')}
      ${this.textField(index, 'label', 'Label')}
      <div class="field">
        <label for="pack-description">Description</label>
        <textarea
          id="pack-description"
          rows="2"
          .value=${pack.description}
          aria-describedby=${describedBy(this.issues, `packs.${index}.description`) ?? ''}
          @input=${(e: Event) => this.edit((w) => (w[index]!.description = (e.target as HTMLTextAreaElement).value))}
        ></textarea>
        ${renderIssuesAt(this.issues, `packs.${index}.description`)}
      </div>
      ${this.textField(index, 'lifecycleId', 'Value-chain lifecycle (optional)', 'The id of a defined lifecycle; empty uses the generic one.')}
      <h3>Overlay rules</h3>
      <p class="hint">Titles matching an overlay rule take its codes before the taxonomy rules are tried, in engagements using this pack.</p>
      <reference-rule-table
        label="Overlay rules of ${pack.label || pack.id}"
        .basePath=${`packs.${index}.overlay`}
        .rules=${pack.overlay}
        .columns=${OVERLAY_COLUMNS}
        .issues=${this.issues}
        @rules-change=${(e: CustomEvent<Record<string, unknown>[]>) => this.edit((w) => (w[index]!.overlay = e.detail))}
      ></reference-rule-table>
      ${this.renderActions()}
    </form>`;
  }
}

customElements.define('reference-packs-form', ReferencePacksForm);

declare global {
  interface HTMLElementTagNameMap {
    'reference-packs-form': ReferencePacksForm;
  }
}

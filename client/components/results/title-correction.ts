// <title-correction>: the dialog where a lead or analyst corrects one title's coding. It offers the
// coder's alternatives (one click each) and a type-ahead search of the US and UK catalogues; saving
// sets an engagement override (PUT /engagements/:id/overrides), which the server applies and rescores
// before it answers. A title coded differently in different contexts may be corrected everywhere or for
// one variant only (the rows of its context); any title held in several units (grades, professional groups,
// organisations) may be corrected in the ones ticked (<scope-values>). A modal <dialog>: focus stays inside,
// Escape closes, focus returns to the opener.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { fetchTitleContexts, type DatasetTitle, type TitleAlternative, type TitleVariant } from '../../api/datasets.ts';
import type { Occupation, OccupationCatalogue } from '../../reference/occupations.ts';
import { setOverride, type OverrideChoice, type OverrideScope } from '../../api/overrides.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';
import '../common/error-notice.ts';
import { formatConfidence, formatCount } from '../../../workers/format/figures.ts';
import './occupation-search.ts';
import { kindPlural, offeredKinds, type ScopeChoices } from './scope-values.ts';
import './scope-values.ts';
import { SOURCE_LABELS } from './titles-table.ts';

export interface OverrideSaved {
  title: string;
}

export class TitleCorrection extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    datasetId: { attribute: false },
    catalogue: { attribute: false },
    subject: { state: true },
    variant: { state: true },
    choices: { state: true },
    choicesError: { state: true },
    some: { state: true },
    someScope: { state: true },
    us: { state: true },
    uk: { state: true },
    saving: { state: true },
    error: { state: true },
  };

  static override styles = [
    focusStyles,
    buttonStyles,
    css`
      dialog {
        width: min(44rem, calc(100vw - 2rem));
        max-height: calc(100vh - 2rem);
        box-sizing: border-box;
        padding: var(--space-6, 1.5rem);
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        color: var(--color-text, #1c2530);
      }
      dialog::backdrop {
        background: rgb(16 24 40 / 45%);
      }
      h2 {
        font-size: 1.25rem;
        margin: 0 0 var(--space-2, 0.5rem);
      }
      h3 {
        font-size: 1rem;
        margin: var(--space-5, 1.25rem) 0 var(--space-2, 0.5rem);
      }
      p {
        margin: 0 0 var(--space-2, 0.5rem);
      }
      .muted {
        color: var(--color-muted, #4f5b69);
      }
      dl.current {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: var(--space-1, 0.25rem) var(--space-4, 1rem);
        margin: var(--space-3, 0.75rem) 0 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
      }
      ol.alternatives {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: var(--space-2, 0.5rem);
      }
      ol.alternatives li {
        display: flex;
        gap: var(--space-3, 0.75rem);
        align-items: center;
        justify-content: space-between;
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
      }
      .codes {
        margin: 0;
      }
      ol.alternatives button {
        flex-shrink: 0;
        white-space: nowrap;
      }
      .why {
        margin: var(--space-1, 0.25rem) 0 0;
        font-size: 0.9rem;
      }
      .pickers {
        display: grid;
        gap: var(--space-4, 1rem);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-3, 0.75rem);
        justify-content: flex-end;
        align-items: center;
        margin-top: var(--space-6, 1.5rem);
      }
      .actions [role='status'] {
        margin: 0 auto 0 0;
      }
      fieldset.scope {
        border: 1px solid var(--color-border, #d5dae1);
        border-radius: var(--radius, 6px);
        margin: var(--space-4, 1rem) 0 0;
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
      }
      fieldset.scope label {
        display: block;
        margin: var(--space-1, 0.25rem) 0;
      }
    `,
  ];

  declare engagementId: string;
  /** The dataset whose rows tell the title's units; without one only the title everywhere and its variants are offered. */
  declare datasetId: string;
  declare catalogue: OccupationCatalogue | null;
  declare subject: DatasetTitle | null;
  /** The variant the correction is for; null for the title everywhere (or for the units ticked, when `some`). */
  declare variant: TitleVariant | null;
  /** The units, grades, groups and organisations of the title's rows, once read. */
  declare choices: ScopeChoices | null;
  declare choicesError: string;
  /** The correction is for the rows of the values ticked in <scope-values> (`someScope`, null until one is). */
  declare some: boolean;
  declare someScope: OverrideScope | null;
  declare us: Occupation | null;
  declare uk: Occupation | null;
  declare saving: boolean;
  declare error: string;

  /** Where focus goes back to when the dialog closes. */
  private opener: HTMLElement | null = null;

  constructor() {
    super();
    this.engagementId = '';
    this.datasetId = '';
    this.catalogue = null;
    this.subject = null;
    this.choices = null;
    this.choicesError = '';
    this.some = false;
    this.someScope = null;
    this.variant = null;
    this.us = null;
    this.uk = null;
    this.saving = false;
    this.error = '';
  }

  private occupation(country: 'us' | 'uk', code: string | null): Occupation | null {
    return code === null ? null : { code, title: this.catalogue?.name(country, code) ?? '' };
  }

  /** Opens the dialog on a title, or on one of its variants (when it can be corrected alone); `opener` gets focus back when it closes. */
  async show(subject: DatasetTitle, opener: HTMLElement | null, variant?: TitleVariant): Promise<void> {
    this.subject = subject;
    this.opener = opener;
    this.choose(variant?.scope ? variant : null);
    this.error = '';
    void this.readChoices(subject);
    await this.updateComplete;
    this.renderRoot.querySelector('dialog')!.showModal();
    // The first alternative is the likeliest fix; without one, the US search.
    const first = this.renderRoot.querySelector<HTMLElement>('ol.alternatives button') ?? this.renderRoot.querySelector<HTMLElement>('occupation-search');
    first?.focus();
  }

  /** Reads the units (grades, groups, organisations) of the title's rows; the dialog works without them meanwhile. */
  private async readChoices(subject: DatasetTitle): Promise<void> {
    this.choices = null;
    this.choicesError = '';
    if (!this.datasetId) return;
    try {
      const reply = await fetchTitleContexts(this.datasetId, subject.title);
      if (this.subject === subject) this.choices = reply.choices;
    } catch (error) {
      if (this.subject === subject) this.choicesError = errorMessage(error);
    }
  }

  /** Corrects the title everywhere (null) or one variant: the current codes and alternatives shown are its own. */
  private choose(variant: TitleVariant | null): void {
    const current = variant ?? this.subject!;
    this.some = false;
    this.someScope = null;
    this.variant = variant;
    this.us = this.occupation('us', current.usSoc2018);
    this.uk = this.occupation('uk', current.ukSoc2020);
  }

  /** Corrects the title in the values ticked: the codes shown are the title's own. */
  private chooseSome(): void {
    this.choose(null);
    this.some = true;
  }

  /** The scope the correction will have: the ticked values, the variant's, or none (everywhere). */
  private get scope(): OverrideScope | null {
    return this.some ? this.someScope : (this.variant?.scope ?? null);
  }

  /** Nothing to save while "some" is chosen and nothing is ticked. */
  private get unscoped(): boolean {
    return this.some && this.someScope === null;
  }

  close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  private onClose(): void {
    this.subject = null;
    this.variant = null;
    this.some = false;
    this.someScope = null;
    this.choices = null;
    if (this.opener?.isConnected) this.opener.focus();
    this.opener = null;
  }

  private onCancel(event: Event): void {
    // The request is already on its way; closing now would hide whether it worked.
    if (this.saving) event.preventDefault();
  }

  private async save(codes: Omit<OverrideChoice, 'scope'>): Promise<void> {
    const scope = this.scope;
    const choice: OverrideChoice = scope ? { ...codes, scope } : codes;
    this.saving = true;
    this.error = '';
    try {
      await setOverride(this.engagementId, choice);
      this.dispatchEvent(new CustomEvent<OverrideSaved>('override-saved', { detail: { title: choice.title }, bubbles: true, composed: true }));
      this.saving = false;
      this.close();
    } catch (error) {
      this.saving = false;
      this.error = errorMessage(error);
    }
  }

  private saveChosen(event: Event): void {
    event.preventDefault();
    if (this.subject && this.us && this.uk) void this.save({ title: this.subject.title, usSoc2018: this.us.code, ukSoc2020: this.uk.code });
  }

  /** An alternative may leave a code open (a role without a UK unit group); the title's (or variant's) own code fills it. */
  private alternativeChoice(alternative: TitleAlternative): OverrideChoice | null {
    const current = this.variant ?? this.subject!;
    const usSoc2018 = alternative.usSoc2018 ?? current.usSoc2018;
    const ukSoc2020 = alternative.ukSoc2020 ?? current.ukSoc2020;
    return usSoc2018 && ukSoc2020 ? { title: this.subject!.title, usSoc2018, ukSoc2020 } : null;
  }

  private codeAndName(country: 'us' | 'uk', code: string | null): string {
    if (code === null) return 'none';
    const name = this.catalogue?.name(country, code);
    return name ? `${code} ${name}` : code;
  }

  override render() {
    const subject = this.subject;
    return html`<dialog aria-labelledby="correction-heading" @close=${this.onClose} @cancel=${this.onCancel}>
      ${subject ? this.renderBody(subject) : nothing}
    </dialog>`;
  }

  /**
   * "This title everywhere", "Only <variant>" for a title with variants, and "Only some of its units" for a title
   * whose rows hold two units or more (or grades, groups, organisations). A variant no one kind of context tells
   * from the others (a split by pay alone, or by several kinds together) is corrected everywhere.
   */
  private renderScope(subject: DatasetTitle) {
    const variants = subject.variants ?? [];
    const kinds = offeredKinds(this.choices);
    if (variants.length === 0 && kinds.length === 0) {
      return this.choicesError ? html`<p class="muted why">The title's units could not be read (${this.choicesError}), so it is corrected everywhere.</p>` : nothing;
    }
    const everywhereOnly = variants.filter((v) => !v.scope);
    return html`<fieldset class="scope">
      <legend>Correct</legend>
      <label>
        <input type="radio" name="scope" .checked=${this.variant === null} ?disabled=${this.saving} @change=${() => this.choose(null)} />
        This title everywhere (${formatCount(subject.headcount)} ${subject.headcount === 1 ? 'person' : 'people'})
      </label>
      ${variants
        .filter((v) => v.scope)
        .map(
          (v) => html`<label>
            <input type="radio" name="scope" .checked=${this.variant === v} ?disabled=${this.saving} @change=${() => this.choose(v)} />
            Only ${v.label} (${formatCount(v.headcount)} ${v.headcount === 1 ? 'person' : 'people'})
          </label>`,
        )}
      ${kinds.length > 0
        ? html`<label>
              <input type="radio" name="scope" .checked=${this.some} ?disabled=${this.saving} @change=${this.chooseSome} />
              Only some of its ${kinds.map(kindPlural).join(' or ')}
            </label>
            ${this.some
              ? html`<scope-values .choices=${this.choices} ?disabled=${this.saving} @scope-change=${(e: CustomEvent<OverrideScope | null>) => (this.someScope = e.detail)}></scope-values>`
              : nothing}`
        : nothing}
      ${everywhereOnly.length > 0
        ? html`<p class="muted why">
            ${everywhereOnly.map((v) => v.label).join('; ')}: split by ${everywhereOnly.some((v) => v.splitBy.every((k) => k === 'pay')) ? 'pay' : 'several parts of the context together'}, so only
            correctable with the title everywhere.
          </p>`
        : nothing}
    </fieldset>`;
  }

  private renderBody(subject: DatasetTitle) {
    const current = this.variant ?? subject;
    const alternatives = (current.alternatives ?? []).map((a) => ({ a, choice: this.alternativeChoice(a) })).filter((x) => x.choice !== null);
    return html`<h2 id="correction-heading">Correct “${subject.title}”</h2>
      <p class="muted">
        ${this.some
          ? html`The correction applies to the rows of the ${this.someScope ? kindPlural(this.someScope.kind) : 'units'} ticked, in every dataset of the engagement, ahead of a
              correction of the title everywhere.`
          : this.variant
          ? html`${formatCount(this.variant.headcount)} ${this.variant.headcount === 1 ? 'person' : 'people'} in this dataset (${this.variant.label}). The correction applies to the
              rows of this context in every dataset of the engagement, ahead of a correction of the title everywhere.`
          : html`${formatCount(subject.headcount)} ${subject.headcount === 1 ? 'person holds' : 'people hold'} this title in this dataset. The correction applies to every dataset of the
              engagement.`}
      </p>
      ${this.renderScope(subject)}
      <dl class="current">
        <dt>US SOC 2018</dt>
        <dd>${this.codeAndName('us', current.usSoc2018)}</dd>
        <dt>UK SOC 2020</dt>
        <dd>${this.codeAndName('uk', current.ukSoc2020)}</dd>
        <dt>Confidence</dt>
        <dd>${formatConfidence(current.confidence)} (${SOURCE_LABELS[current.source]})</dd>
        ${current.reason
          ? html`<dt>Reason</dt>
              <dd>${current.reason}</dd>`
          : nothing}
      </dl>
      ${alternatives.length > 0
        ? html`<h3 id="alternatives-heading">Suggested alternatives</h3>
            <ol class="alternatives" aria-labelledby="alternatives-heading">
              ${alternatives.map(
                ({ a, choice }, i) => html`<li>
                  <div>
                    <p class="codes" id=${`alternative-${i}`}>
                      US ${this.codeAndName('us', choice!.usSoc2018)}; UK ${this.codeAndName('uk', choice!.ukSoc2020)}
                      <span class="muted">(${formatConfidence(a.score)} likely)</span>
                    </p>
                    ${a.reason ? html`<p class="why muted">${a.reason}</p>` : nothing}
                  </div>
                  <button type="button" class="secondary" ?disabled=${this.saving || this.unscoped} aria-describedby=${`alternative-${i}`} @click=${() => this.save(choice!)}>
                    Use this
                  </button>
                </li>`,
              )}
            </ol>`
        : nothing}
      <form @submit=${this.saveChosen}>
        <h3>${alternatives.length > 0 ? 'Or choose the occupations' : 'Choose the occupations'}</h3>
        <div class="pickers">
          <occupation-search
            label="US occupation (SOC 2018)"
            .catalogue=${this.catalogue?.us ?? []}
            .value=${this.us}
            @occupation-change=${(e: CustomEvent<Occupation | null>) => (this.us = e.detail)}
          ></occupation-search>
          <occupation-search
            label="UK occupation (SOC 2020)"
            .catalogue=${this.catalogue?.uk ?? []}
            .value=${this.uk}
            @occupation-change=${(e: CustomEvent<Occupation | null>) => (this.uk = e.detail)}
          ></occupation-search>
        </div>
        <error-notice .message=${this.error}></error-notice>
        <div class="actions">
          <p role="status" class="muted">${this.saving ? 'Saving the correction and rescoring…' : ''}</p>
          <button type="button" class="secondary" ?disabled=${this.saving} @click=${this.close}>Cancel</button>
          <button type="submit" ?disabled=${this.saving || this.unscoped || !this.us || !this.uk}>Save correction</button>
        </div>
      </form>`;
  }
}

customElements.define('title-correction', TitleCorrection);

declare global {
  interface HTMLElementTagNameMap {
    'title-correction': TitleCorrection;
  }
  interface HTMLElementEventMap {
    'override-saved': CustomEvent<OverrideSaved>;
  }
}

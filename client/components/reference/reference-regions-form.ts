// <reference-regions-form>: the locations section — regions with their cost factors, the names and
// keywords that place a location in them, whether salaries there are native, their currency and employer
// cost multiplier — and the baseline region.
import { css, html } from 'lit';
import { formPanelStyles, tableStyles } from '../../styles/form-styles.ts';
import { describedBy, issueStyles, renderIssuesAt } from './issues.ts';
import { SectionForm, listFrom, numberFrom } from './section-form.ts';

interface Region {
  key: string;
  label: string;
  defaultFactor: number | null;
  countryAliases: string[];
  keywords: string[];
  nativeSalary: boolean;
  /** ISO 4217; absent in documents made before currencies (pounds). */
  currency?: string;
  /** Absent: the costs section's multiplier. */
  employerCostMultiplier?: number;
}

interface Locations {
  regions: Region[];
  baselineRegion: string;
}

export class ReferenceRegionsForm extends SectionForm<Locations> {
  static override styles = [
    formPanelStyles,
    tableStyles,
    issueStyles,
    css`
      td input[type='text'],
      td input[type='number'] {
        min-width: 6rem;
      }
      td.wide input {
        min-width: 12rem;
      }
      .baseline {
        max-width: 24rem;
        margin-top: var(--space-4, 1rem);
      }
    `,
  ];

  private text(index: number, field: keyof Region, label: string, value: string, onInput: (raw: string) => void) {
    const path = `locations.regions.${index}.${field}`;
    return html`<input
        type="text"
        aria-label="${label} of region ${index + 1}"
        .value=${value}
        aria-describedby=${describedBy(this.issues, path) ?? ''}
        @input=${(e: Event) => onInput((e.target as HTMLInputElement).value)}
      />${renderIssuesAt(this.issues, path)}`;
  }

  override render() {
    const working = this.working;
    if (!working) return html``;
    const regions = working.regions;
    return html`<form @submit=${this.save} aria-label="Regions and cost factors">
      ${renderIssuesAt(this.issues, 'locations.regions')}
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Regions in the order locations are matched</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Label</th>
              <th scope="col">Cost factor</th>
              <th scope="col">Native salaries</th>
              <th scope="col">Currency</th>
              <th scope="col">Employer cost multiplier (blank: the costs section’s)</th>
              <th scope="col">Country names (comma-separated)</th>
              <th scope="col">Keywords (comma-separated)</th>
              <th scope="col"><span class="visually-hidden">Remove</span></th>
            </tr>
          </thead>
          <tbody>
            ${regions.map(
              (region, i) => html`<tr>
                <td>${renderIssuesAt(this.issues, `locations.regions.${i}`)}${this.text(i, 'key', 'Key', region.key, (v) => this.edit((w) => (w.regions[i]!.key = v.trim())))}</td>
                <td>${this.text(i, 'label', 'Label', region.label, (v) => this.edit((w) => (w.regions[i]!.label = v)))}</td>
                <td>
                  <input
                    type="number"
                    step="0.01"
                    aria-label="Cost factor of region ${i + 1}"
                    .value=${region.defaultFactor === null ? '' : String(region.defaultFactor)}
                    aria-describedby=${describedBy(this.issues, `locations.regions.${i}.defaultFactor`) ?? ''}
                    @input=${(e: Event) => this.edit((w) => (w.regions[i]!.defaultFactor = numberFrom(e.target as HTMLInputElement)))}
                  />${renderIssuesAt(this.issues, `locations.regions.${i}.defaultFactor`)}
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label="Salaries native in region ${i + 1}"
                    .checked=${region.nativeSalary}
                    @change=${(e: Event) => this.edit((w) => (w.regions[i]!.nativeSalary = (e.target as HTMLInputElement).checked))}
                  />
                </td>
                <td>
                  ${this.text(i, 'currency', 'Currency', region.currency ?? '', (v) =>
                    this.edit((w) => {
                      const code = v.trim().toUpperCase();
                      if (code) w.regions[i]!.currency = code;
                      else delete w.regions[i]!.currency;
                    }),
                  )}
                </td>
                <td>
                  <input
                    type="number"
                    step="0.01"
                    aria-label="Employer cost multiplier of region ${i + 1}"
                    .value=${region.employerCostMultiplier === undefined ? '' : String(region.employerCostMultiplier)}
                    aria-describedby=${describedBy(this.issues, `locations.regions.${i}.employerCostMultiplier`) ?? ''}
                    @input=${(e: Event) =>
                      this.edit((w) => {
                        const value = numberFrom(e.target as HTMLInputElement);
                        if (value === null) delete w.regions[i]!.employerCostMultiplier;
                        else w.regions[i]!.employerCostMultiplier = value;
                      })}
                  />${renderIssuesAt(this.issues, `locations.regions.${i}.employerCostMultiplier`)}
                </td>
                <td class="wide">
                  ${this.text(i, 'countryAliases', 'Country names', region.countryAliases.join(', '), (v) => this.edit((w) => (w.regions[i]!.countryAliases = listFrom(v))))}
                </td>
                <td class="wide">
                  ${this.text(i, 'keywords', 'Keywords', region.keywords.join(', '), (v) => this.edit((w) => (w.regions[i]!.keywords = listFrom(v))))}
                </td>
                <td>
                  <button type="button" class="secondary" @click=${() => this.edit((w) => w.regions.splice(i, 1))}>
                    Remove<span class="visually-hidden"> region ${i + 1}</span>
                  </button>
                </td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p>
        <button
          type="button"
          class="secondary"
          @click=${() => this.edit((w) => w.regions.push({ key: '', label: '', defaultFactor: 1, countryAliases: [], keywords: [], nativeSalary: false }))}
        >
          Add a region
        </button>
      </p>
      <div class="field baseline">
        <label for="baseline-region">Baseline region<span class="hint">Its cost factor must be 1; others are priced relative to it.</span></label>
        <select
          id="baseline-region"
          .value=${working.baselineRegion}
          aria-describedby=${describedBy(this.issues, 'locations.baselineRegion') ?? ''}
          @change=${(e: Event) => this.edit((w) => (w.baselineRegion = (e.target as HTMLSelectElement).value))}
        >
          ${regions.map((r) => html`<option value=${r.key} ?selected=${r.key === working.baselineRegion}>${r.label || r.key}</option>`)}
        </select>
        ${renderIssuesAt(this.issues, 'locations.baselineRegion')}
      </div>
      ${this.renderActions()}
    </form>`;
  }
}

customElements.define('reference-regions-form', ReferenceRegionsForm);

declare global {
  interface HTMLElementTagNameMap {
    'reference-regions-form': ReferenceRegionsForm;
  }
}

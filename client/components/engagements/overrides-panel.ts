// <overrides-panel>: the engagement's title overrides (GET /engagements/:id/overrides) with the occupation
// names of the live reference version; leads and analysts on an active engagement may remove one, which
// re-codes the title without AI and rescores every dataset holding it.
import { LitElement, css, html, nothing } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { liveOccupationCatalogue, type OccupationCatalogue } from '../../reference/occupations.ts';
import { describeScope, listOverrides, removeOverride, type Override } from '../../api/overrides.ts';
import { tablePanelStyles } from '../../styles/form-styles.ts';
import { formatDate, plural } from '../../../workers/format/figures.ts';
import '../common/error-notice.ts';

type ListState = { kind: 'loading' } | { kind: 'listed'; overrides: Override[] } | { kind: 'failed'; message: string };

export class OverridesPanel extends LitElement {
  static override properties = {
    engagementId: { attribute: false },
    canEdit: { attribute: false },
    state: { state: true },
    catalogue: { state: true },
    removing: { state: true },
    outcome: { state: true },
    error: { state: true },
  };

  static override styles = [
    tablePanelStyles,
    css`
      .name {
        display: block;
        font-size: 0.85rem;
        color: var(--color-muted, #4f5b69);
      }
      td button {
        font-size: 0.85rem;
        padding: var(--space-1, 0.25rem) var(--space-3, 0.75rem);
      }
      [role='status']:empty {
        margin: 0;
      }
    `,
  ];

  declare engagementId: string;
  /** Lead or analyst on an active engagement. */
  declare canEdit: boolean;
  declare state: ListState;
  declare catalogue: OccupationCatalogue | null;
  /** The override being removed (overrideKey). */
  declare removing: string | null;
  declare outcome: string;
  declare error: string;

  constructor() {
    super();
    this.engagementId = '';
    this.canEdit = false;
    this.state = { kind: 'loading' };
    this.catalogue = null;
    this.removing = null;
    this.outcome = '';
    this.error = '';
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('engagementId') && this.engagementId) {
      void this.load();
      liveOccupationCatalogue().then(
        (catalogue) => (this.catalogue = catalogue),
        () => (this.catalogue = null), // names are a nicety: the codes remain
      );
    }
  }

  private async load(): Promise<void> {
    try {
      this.state = { kind: 'listed', overrides: await listOverrides(this.engagementId) };
    } catch (error) {
      this.state = { kind: 'failed', message: errorMessage(error) };
    }
  }

  private async removeOne(override: Override): Promise<void> {
    this.removing = overrideKey(override);
    this.outcome = '';
    this.error = '';
    try {
      const { datasets } = await removeOverride(this.engagementId, override.title, override.scope);
      await this.load();
      this.outcome = `Override removed for “${override.title}”; ${plural(datasets, 'dataset')} rescored.`;
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[role=status]')?.focus();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.removing = null;
    }
  }

  override render() {
    const state = this.state;
    return html`<p class="muted">
        An override fixes the occupations of a title in every dataset of this engagement, everywhere or only for the people of one context (a
        unit, organisation, grade or professional group), which then comes first. Set one from a dataset's titles table.
      </p>
      <error-notice .message=${state.kind === 'failed' ? state.message : this.error} ?retryable=${state.kind === 'failed'} @retry=${this.load}></error-notice>
      <p role="status" tabindex="-1">${state.kind === 'loading' ? 'Loading overrides…' : this.outcome}</p>
      ${state.kind === 'listed' ? this.renderList(state.overrides) : nothing}`;
  }

  private occupation(country: 'us' | 'uk', code: string) {
    const name = this.catalogue?.name(country, code);
    return html`${code} ${name ? html`<span class="name">${name}</span>` : nothing}`;
  }

  private renderList(overrides: Override[]) {
    if (overrides.length === 0) return html`<p>No overrides yet.</p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">Title overrides of this engagement</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Applies to</th>
            <th scope="col">US SOC 2018</th>
            <th scope="col">UK SOC 2020</th>
            <th scope="col">Role type</th>
            <th scope="col">Set</th>
            ${this.canEdit ? html`<th scope="col"><span class="visually-hidden">Remove</span></th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${overrides.map(
            (o) => html`<tr>
              <th scope="row">${o.title}</th>
              <td>${describeScope(o.scope)}</td>
              <td>${this.occupation('us', o.usSoc2018)}</td>
              <td>${this.occupation('uk', o.ukSoc2020)}</td>
              <td>${o.subcategory} (${o.category})</td>
              <td>${formatDate(o.updatedAt)}</td>
              ${this.canEdit
                ? html`<td>
                    <button
                      type="button"
                      class="secondary"
                      aria-label=${o.scope ? `Remove the override of ${o.title} for ${describeScope(o.scope)}` : `Remove the override of ${o.title}`}
                      ?disabled=${this.removing !== null}
                      @click=${() => this.removeOne(o)}
                    >
                      ${this.removing === overrideKey(o) ? 'Removing…' : 'Remove'}
                    </button>
                  </td>`
                : nothing}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

/** An override's identity in the list: its title and its scope. */
const overrideKey = (o: Override) => `${o.normalisedTitle}\u0000${describeScope(o.scope)}`;

customElements.define('overrides-panel', OverridesPanel);

declare global {
  interface HTMLElementTagNameMap {
    'overrides-panel': OverridesPanel;
  }
}

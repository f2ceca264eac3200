// <brand-editor>: a client's deliverable brand — logo, colours and font — as PUT /clients/:id/brand takes it.
// The logo is screened in the browser with the same checks the server applies (workers/brand: type signature,
// size, an inert SVG), the primary colour's contrast with white is shown live against the 4.5:1 it needs, and a
// preview shows the report's cover band. Those who may not change the brand see it read-only.
import { LitElement, css, html, nothing } from 'lit';
import { BRAND_FONTS, HEX_COLOUR, LOGO_MAX_BYTES, brandProblems, type Brand, type BrandFont } from '../../../workers/brand/brand.ts';
import { MIN_TEXT_CONTRAST, contrastRatio } from '../../../workers/brand/contrast.ts';
import { errorMessage } from '../../api/http.ts';
import { SaveState } from '../../controllers/save-state.ts';
import { fetchBrand, removeBrand, saveBrand } from '../../api/report.ts';
import { editorStyles } from '../../styles/form-styles.ts';
import { HOUSE_BRAND, fontStack } from '../report/brand-style.ts';
import '../common/error-notice.ts';

type Colour = keyof Brand['colours'];

const COLOURS: { key: Colour; label: string; hint: string }[] = [
  { key: 'primary', label: 'Primary colour', hint: 'The cover band and table headings carry white text on it.' },
  { key: 'secondary', label: 'Secondary colour', hint: 'Rules under headings. Optional.' },
  { key: 'accent', label: 'Accent colour', hint: 'Labels and chart accents. Optional.' },
];

const ratioText = (ratio: number) => `${ratio.toFixed(2)}:1`;

export class BrandEditor extends LitElement {
  static override properties = {
    clientId: { attribute: false },
    clientName: { attribute: false },
    brand: { state: true },
    stored: { state: true },
    canEdit: { state: true },
    loaded: { state: true },
  };

  // editorStyles gives .field, .hint, .problem and .actions; only what differs from it is here.
  static override styles = [
    editorStyles,
    css`
      .colour {
        display: flex;
        gap: var(--space-2, 0.5rem);
        align-items: center;
      }
      .colour input[type='color'] {
        width: 3rem;
        height: 2.2rem;
        padding: 0;
      }
      .hint {
        margin: 0;
      }
      .contrast.fails {
        color: var(--color-danger-text, #9b1c1c);
      }
      .contrast.passes {
        color: #1e6b34;
      }
      .preview {
        border-radius: var(--radius, 6px);
        padding: var(--space-4, 1rem) var(--space-6, 1.5rem);
        color: #fff;
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: var(--space-4, 1rem);
        margin-bottom: var(--space-4, 1rem);
        border-bottom: 5px solid transparent;
      }
      .preview strong {
        font-size: 1.3rem;
      }
      .preview img {
        max-height: 3rem;
        max-width: 10rem;
        background: #fff;
        padding: 4px;
        border-radius: 4px;
      }
    `,
  ];

  declare clientId: string;
  declare clientName: string;
  declare brand: Brand;
  /** Whether the client has a brand on the server (so it can be removed). */
  declare stored: boolean;
  declare canEdit: boolean;
  declare loaded: boolean;
  private readonly form = new SaveState(this);

  constructor() {
    super();
    this.clientId = '';
    this.clientName = '';
    this.brand = structuredClone(HOUSE_BRAND);
    this.stored = false;
    this.canEdit = false;
    this.loaded = false;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('clientId') && this.clientId) void this.load();
  }

  override updated(): void {
    const preview = this.renderRoot.querySelector<HTMLElement>('.preview');
    if (!preview) return;
    // Through the CSSOM: the CSP refuses style attributes written in markup.
    preview.style.background = this.brand.colours.primary;
    preview.style.borderBottomColor = this.brand.colours.secondary ?? this.brand.colours.primary;
    preview.style.fontFamily = fontStack(this.brand.font);
  }

  private async load(): Promise<void> {
    try {
      const reply = await fetchBrand(this.clientId);
      this.brand = reply.brand ?? structuredClone(HOUSE_BRAND);
      this.stored = reply.brand !== null;
      this.canEdit = reply.canEdit;
      this.loaded = true;
    } catch (error) {
      this.form.showError(errorMessage(error));
    }
  }

  private change(brand: Brand): void {
    this.brand = brand;
    this.form.edited();
  }

  private setColour(key: Colour, value: string): void {
    const colour = value.trim().toLowerCase();
    this.change({ ...this.brand, colours: { ...this.brand.colours, [key]: colour === '' && key !== 'primary' ? null : colour } });
  }

  private async chooseLogo(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    input.value = '';
    this.form.showError('');
    // A file past the limit is refused before it is read: reading and re-screening a huge one on every redraw could hang the tab.
    if (file.size > LOGO_MAX_BYTES) {
      this.form.showError(`${file.name} is larger than ${LOGO_MAX_BYTES / 1024} KB; choose a smaller logo.`);
      return;
    }
    try {
      const logo = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      });
      this.change({ ...this.brand, logo });
    } catch {
      // A file moved or changed since it was chosen cannot be read; say so rather than fail silently.
      this.form.showError(`${file.name} could not be read; choose the logo again.`);
    }
  }

  private save(event: Event): void {
    event.preventDefault();
    if (brandProblems(this.brand).length > 0) return;
    void this.form.run(async () => {
      this.brand = await saveBrand(this.clientId, this.brand);
      this.stored = true;
      return 'Brand saved: reports for this client now use it.';
    });
  }

  private removeStored(): void {
    void this.form.run(async () => {
      await removeBrand(this.clientId);
      this.brand = structuredClone(HOUSE_BRAND);
      this.stored = false;
      return 'Brand removed: reports use the house style.';
    });
  }

  override render() {
    if (!this.loaded) return this.form.error ? html`<error-notice .message=${this.form.error}></error-notice>` : html`<p role="status" class="hint">Loading the brand…</p>`;
    const problems = brandProblems(this.brand);
    const problemAt = (path: string) => problems.find((p) => p.path === path)?.message ?? '';
    const ratio = HEX_COLOUR.test(this.brand.colours.primary) ? contrastRatio(this.brand.colours.primary, '#ffffff') : 0;
    const passes = ratio >= MIN_TEXT_CONTRAST;
    const readOnly = !this.canEdit || this.form.busy;
    return html`<div class="preview" aria-label="Preview of the report's cover">
        <div><strong>${this.clientName || 'Client'} report</strong><br />White text on the primary colour</div>
        ${this.brand.logo && !problemAt('logo') ? html`<img src=${this.brand.logo} alt="Logo preview" />` : nothing}
      </div>
      ${this.canEdit ? nothing : html`<p class="hint">Administrators, the client's creator and leads of its engagements can change the brand.</p>`}
      <form @submit=${this.save}>
        <div class="field">
          <label for="logo">Logo</label>
          <p class="hint" id="logo-hint">PNG, JPEG or SVG, at most ${LOGO_MAX_BYTES / 1024} KB. An SVG with scripts, links or embedded content is refused.</p>
          <input id="logo" type="file" accept="image/png,image/jpeg,image/svg+xml" aria-describedby="logo-hint" ?disabled=${readOnly} @change=${this.chooseLogo} />
          ${this.brand.logo && this.canEdit ? html`<button type="button" class="secondary" ?disabled=${this.form.busy} @click=${() => this.change({ ...this.brand, logo: null })}>No logo</button>` : nothing}
          ${problemAt('logo') ? html`<p class="problem" role="alert">${problemAt('logo')}</p>` : nothing}
        </div>
        ${COLOURS.map(
          (c) => html`<div class="field">
            <label for="colour-${c.key}">${c.label}</label>
            <p class="hint">${c.hint}</p>
            <div class="colour">
              <input type="color" aria-label="${c.label} picker" .value=${this.brand.colours[c.key] ?? '#ffffff'} ?disabled=${readOnly} @input=${(e: Event) => this.setColour(c.key, (e.target as HTMLInputElement).value)} />
              <input id="colour-${c.key}" size="8" placeholder=${c.key === 'primary' ? '#1d3f6e' : 'none'} .value=${this.brand.colours[c.key] ?? ''} ?readonly=${readOnly} @change=${(e: Event) => this.setColour(c.key, (e.target as HTMLInputElement).value)} />
            </div>
            ${c.key === 'primary'
              ? html`<p class="contrast ${passes ? 'passes' : 'fails'}" role="status">
                  White text on it: ${ratioText(ratio)} — ${passes ? `passes (at least ${MIN_TEXT_CONTRAST}:1 needed)` : `too pale; at least ${MIN_TEXT_CONTRAST}:1 is needed`}
                </p>`
              : nothing}
          </div>`,
        )}
        <div class="field">
          <label for="font">Font</label>
          <select id="font" ?disabled=${readOnly} @change=${(e: Event) => this.change({ ...this.brand, font: (e.target as HTMLSelectElement).value as BrandFont })}>
            ${BRAND_FONTS.map((f) => html`<option value=${f} ?selected=${this.brand.font === f}>${f}</option>`)}
          </select>
        </div>
        <error-notice .message=${this.form.error}></error-notice>
        ${this.canEdit
          ? html`<div class="actions">
              <button type="submit" ?disabled=${this.form.busy || problems.length > 0}>${this.form.busy ? 'Saving…' : 'Save brand'}</button>
              ${this.stored ? html`<button type="button" class="secondary" ?disabled=${this.form.busy} @click=${this.removeStored}>Remove brand</button>` : nothing}
              <p role="status" class="hint">${this.form.saved}</p>
            </div>`
          : nothing}
      </form>`;
  }
}

customElements.define('brand-editor', BrandEditor);

declare global {
  interface HTMLElementTagNameMap {
    'brand-editor': BrandEditor;
  }
}

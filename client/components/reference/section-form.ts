// What every structured form of a reference section shares: a working copy of the section that inputs
// change, Save (fires `section-save` with the whole section) and Undo changes. Not an element itself.
import { LitElement, html } from 'lit';
import type { ReferenceIssue } from '../../api/reference-admin.ts';

export interface SectionSave {
  section: string;
  value: unknown;
}

export abstract class SectionForm<T> extends LitElement {
  static override properties = {
    section: { attribute: false },
    value: { attribute: false },
    issues: { attribute: false },
    busy: { type: Boolean },
    working: { state: true },
  };

  declare section: string;
  /** The section as the draft holds it. */
  declare value: T | null;
  /** The draft's issues within this section. */
  declare issues: ReferenceIssue[];
  declare busy: boolean;
  declare working: T | null;

  constructor() {
    super();
    this.section = '';
    this.value = null;
    this.issues = [];
    this.busy = false;
    this.working = null;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    // A saved (or freshly loaded) draft replaces the working copy.
    if (changed.has('value')) this.undo();
  }

  /** Changes the working copy through `change`, then redraws. */
  protected edit(change: (working: T) => void): void {
    if (!this.working) return;
    change(this.working);
    this.requestUpdate('working');
  }

  protected get dirty(): boolean {
    return JSON.stringify(this.working) !== JSON.stringify(this.value);
  }

  protected save(event?: Event): void {
    event?.preventDefault();
    this.dispatchEvent(new CustomEvent<SectionSave>('section-save', { detail: { section: this.section, value: this.working }, bubbles: true, composed: true }));
  }

  /** Puts back the section as the draft holds it. */
  protected undo(): void {
    this.working = this.value === null ? null : structuredClone(this.value);
  }

  protected renderActions() {
    return html`<div class="actions">
      <button type="submit" ?disabled=${this.busy || !this.dirty}>${this.busy ? 'Saving…' : 'Save section'}</button>
      <button type="button" class="secondary" ?disabled=${this.busy || !this.dirty} @click=${() => this.undo()}>Undo changes</button>
    </div>`;
  }
}

/** A number input's value: null when empty, so the server's shape check names the missing figure. */
export const numberFrom = (input: HTMLInputElement): number | null => (input.value.trim() === '' ? null : Number(input.value));

/** A comma-separated list as typed, trimmed and without empties. */
export const listFrom = (text: string): string[] => text.split(',').map((part) => part.trim()).filter(Boolean);

declare global {
  interface HTMLElementEventMap {
    'section-save': CustomEvent<SectionSave>;
  }
}

// The "type the engagement name to confirm" field that guards purging and deleting an engagement. A template
// helper, not an element: the input stays in the owner's form (its submit and its formStyles).
import { html } from 'lit';

export interface TypedNameField {
  /** The input's id; its label points at it. */
  id: string;
  /** The id of the paragraph that says what the action does. */
  describedBy: string;
  name: string;
  value: string;
  onInput: (value: string) => void;
}

export function typedNameField({ id, describedBy, name, value, onInput }: TypedNameField) {
  return html`<div class="field">
    <label for=${id}>Type the engagement name, ${name}, to confirm</label>
    <input
      id=${id}
      type="text"
      autocomplete="off"
      aria-describedby=${describedBy}
      .value=${value}
      @input=${(e: InputEvent) => onInput((e.target as HTMLInputElement).value)}
    />
  </div>`;
}

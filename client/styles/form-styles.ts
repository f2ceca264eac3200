// Styles for forms, tables and status badges shared by the engagement and import pages.
// Colours and spacing come from the custom properties in client/app.css.
import { css } from 'lit';
import { buttonStyles, focusStyles, pageStyles } from './shared-styles.ts';

export const formStyles = css`
  label,
  .label {
    display: block;
    font-weight: 600;
    margin-bottom: var(--space-1, 0.25rem);
  }
  .field {
    margin-bottom: var(--space-4, 1rem);
  }
  /* A form's fields side by side with its button, wrapping on a narrow screen (adding a member or a user). */
  .add-row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-4, 1rem);
    align-items: flex-end;
  }
  .add-row .field {
    margin: 0;
    flex: 1 1 14rem;
    min-width: 0;
  }
  .add-row .field.narrow {
    flex: 0 1 10rem;
  }
  .hint {
    display: block;
    font-weight: 400;
    font-size: 0.9rem;
    color: var(--color-muted, #4f5b69);
    margin-top: var(--space-1, 0.25rem);
  }
  input[type='text'],
  input[type='email'],
  input[type='number'],
  input[type='date'],
  select {
    /* The page's box-sizing rule does not reach into shadow roots. */
    box-sizing: border-box;
    font: inherit;
    font-size: 0.95rem;
    width: 100%;
    max-width: 28rem;
    padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
    border: 1px solid #8a94a3;
    border-radius: var(--radius, 6px);
    background: var(--color-surface, #ffffff);
    color: var(--color-text, #1c2530);
  }
  input:disabled,
  select:disabled {
    background: #eef0f3;
    cursor: not-allowed;
  }
  input[type='checkbox'] {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    accent-color: var(--color-accent, #1f5fbf);
  }
  .check {
    display: flex;
    align-items: center;
    gap: var(--space-2, 0.5rem);
    font-weight: 400;
    margin: 0;
  }
  fieldset {
    border: 1px solid var(--color-border, #d5dae1);
    border-radius: var(--radius, 6px);
    padding: var(--space-4, 1rem);
    margin: 0 0 var(--space-4, 1rem);
  }
  legend {
    font-weight: 600;
    padding: 0 var(--space-1, 0.25rem);
  }
  form + form,
  .actions + form,
  form + dl {
    margin-top: var(--space-4, 1rem);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-3, 0.75rem);
    align-items: center;
  }
  .problem {
    color: var(--color-danger-text, #9b1c1c);
    font-size: 0.9rem;
    margin: var(--space-1, 0.25rem) 0 0;
  }
`;

/** Text for screen readers only, such as the name a row's button acts on. */
export const visuallyHiddenStyles = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

export const tableStyles = css`
  .table-wrap {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: var(--space-2, 0.5rem);
  }
  th,
  td {
    text-align: left;
    padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
    border-bottom: 1px solid var(--color-border, #d5dae1);
    vertical-align: middle;
  }
  th {
    font-weight: 600;
    color: var(--color-muted, #4f5b69);
    font-size: 0.9rem;
  }
  /* Newer/older buttons and the page number under a paged table. */
  .pager {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-3, 0.75rem);
    align-items: center;
    margin-top: var(--space-4, 1rem);
  }
  .pager p {
    margin: 0;
  }
  ${visuallyHiddenStyles}
`;

export const badgeStyles = css`
  .badge {
    display: inline-block;
    font-size: 0.85rem;
    padding: 0 var(--space-2, 0.5rem);
    border-radius: 999px;
    background: #e8eef8;
    color: var(--color-brand, #1d3f6e);
    text-transform: capitalize;
  }
  .badge.closed {
    background: #fff4dc;
    color: #6b4a00;
  }
  .badge.purged {
    background: #eceff3;
    color: #3d4652;
  }
`;

/** An editor's styles before its own: focus rings, buttons, the form's fields, and the element as a block. */
export const editorStyles = [
  focusStyles,
  buttonStyles,
  formStyles,
  css`
    :host {
      display: block;
    }
  `,
];

/** A page or panel holding a form, before its own styles: focus rings, buttons, the page's text and panel, the form's fields. */
export const formPanelStyles = [focusStyles, buttonStyles, pageStyles, formStyles];

/** A panel holding a table, before its own styles: focus rings, buttons, the page's text and panel, the table. */
export const tablePanelStyles = [focusStyles, buttonStyles, pageStyles, tableStyles];

/** `.row`: short fields side by side with their buttons at the foot, wrapping on a narrow screen (the prompt editor and its test runs). */
export const fieldRowStyles = css`
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-3, 0.75rem);
    align-items: end;
  }
  .row .field {
    flex: 1 1 10rem;
  }
`;

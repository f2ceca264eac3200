// Styles every component adopts: visible focus, buttons, and the content column.
// Colours and spacing come from the custom properties in client/app.css.
import { css } from 'lit';

export const focusStyles = css`
  :focus-visible {
    outline: 3px solid var(--color-focus, #2f6fdb);
    outline-offset: 2px;
  }
`;

export const buttonStyles = css`
  button,
  a.button {
    font: inherit;
    font-size: 0.95rem;
    line-height: 1.4;
    border-radius: var(--radius, 6px);
    padding: var(--space-2, 0.5rem) var(--space-4, 1rem);
    cursor: pointer;
    border: 1px solid var(--color-accent, #1f5fbf);
    background: var(--color-accent, #1f5fbf);
    color: #ffffff;
  }
  a.button {
    display: inline-block;
    text-decoration: none;
  }
  button:hover:not(:disabled),
  a.button:hover {
    background: var(--color-accent-hover, #184c99);
    border-color: var(--color-accent-hover, #184c99);
  }
  button.secondary {
    background: var(--color-surface, #ffffff);
    color: var(--color-accent, #1f5fbf);
  }
  button.secondary:hover:not(:disabled) {
    background: #eef3fb;
    color: var(--color-accent-hover, #184c99);
  }
  button.danger {
    background: var(--color-danger-text, #9b1c1c);
    border-color: var(--color-danger-text, #9b1c1c);
  }
  button.danger:hover:not(:disabled) {
    background: #7a1515;
    border-color: #7a1515;
  }
  /* A button that reads as a link inside running text or a table cell. */
  button.link {
    background: none;
    border: none;
    padding: 0;
    color: var(--color-accent, #1f5fbf);
    text-decoration: underline;
    text-align: left;
  }
  button.link:hover:not(:disabled) {
    background: none;
    color: var(--color-accent-hover, #184c99);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const pageStyles = css`
  :host {
    display: block;
  }
  h1 {
    font-size: 1.6rem;
    line-height: 1.25;
    margin: 0 0 var(--space-4, 1rem);
  }
  p {
    margin: 0 0 var(--space-4, 1rem);
  }
  .panel {
    background: var(--color-surface, #ffffff);
    border: 1px solid var(--color-border, #d5dae1);
    border-radius: var(--radius, 6px);
    padding: var(--space-6, 1.5rem);
  }
  .muted {
    color: var(--color-muted, #4f5b69);
  }
  a {
    color: var(--color-accent, #1f5fbf);
  }
`;

/** A page of several panels, one under another, each headed by an h2. */
export const panelStackStyles = css`
  .panel + .panel {
    margin-top: var(--space-6, 1.5rem);
  }
  h2 {
    font-size: 1.2rem;
    margin: 0 0 var(--space-4, 1rem);
  }
`;

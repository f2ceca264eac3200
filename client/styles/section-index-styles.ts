// The index of a long page's sections (<nav class="index"> holding an <h2> and an <ol> of links), shared by the
// dataset page and the client report. Below `besideFrom` it is a sticky bar above the sections, scrolling
// sideways if it must, its heading for screen readers only; from there on the page puts it in a column of its
// own beside the sections, where it stays in view however far one scrolls. The page places it in its grid.
import { css, unsafeCSS, type CSSResult } from 'lit';

export function sectionIndexStyles(besideFrom: string): CSSResult {
  return css`
    .index {
      position: sticky;
      top: 0;
      z-index: 2;
      background: var(--color-bg, #f5f6f8);
      border-bottom: 1px solid var(--color-border, #d5dae1);
      margin: 0 0 var(--space-4, 1rem);
      padding: var(--space-2, 0.5rem) 0;
      overflow-x: auto;
    }
    .index h2 {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
      margin: 0;
    }
    .index ol {
      display: flex;
      gap: var(--space-1, 0.25rem) var(--space-4, 1rem);
      list-style: none;
      margin: 0;
      padding: 0;
      white-space: nowrap;
    }
    .index a {
      display: block;
      padding: var(--space-1, 0.25rem) var(--space-2, 0.5rem);
      border-radius: var(--radius, 6px);
      color: var(--color-accent, #1f5fbf);
      text-decoration: none;
    }
    .index a:hover {
      text-decoration: underline;
    }
    .index a[aria-current='location'] {
      background: var(--color-surface, #ffffff);
      color: var(--color-text, #1c2530);
      font-weight: 600;
      box-shadow: inset 3px 0 0 var(--color-accent, #1f5fbf);
    }
    @media screen and (min-width: ${unsafeCSS(besideFrom)}) {
      .index {
        top: var(--space-4, 1rem);
        max-height: calc(100vh - 2rem);
        overflow-y: auto;
        background: none;
        border-bottom: none;
        margin: 0;
        padding: 0;
      }
      .index h2 {
        position: static;
        width: auto;
        height: auto;
        clip-path: none;
        font-size: 0.8rem;
        text-transform: uppercase;
        letter-spacing: 0.04em;
        color: var(--color-muted, #4f5b69);
        margin: 0 0 var(--space-2, 0.5rem);
        padding-left: var(--space-2, 0.5rem);
      }
      .index ol {
        flex-direction: column;
        white-space: normal;
      }
    }
    @media print {
      .index {
        display: none;
      }
    }
  `;
}

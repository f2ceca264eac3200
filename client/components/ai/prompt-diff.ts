// <prompt-diff .live .draft>: a line-by-line comparison of a draft text with the live version's, so an administrator
// sees exactly what publishing would change. Removed lines are marked −, added lines +.
import { LitElement, css, html } from 'lit';

type Line = { kind: 'same' | 'added' | 'removed'; text: string };

/** A longest-common-subsequence diff of lines; prompts are short enough for the quadratic table. */
export function diffLines(before: string, after: string): Line[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const lines: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] });
      i += 1;
      j += 1;
    } else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      lines.push({ kind: 'removed', text: a[i] });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: b[j] });
      j += 1;
    }
  }
  return lines;
}

const MARK = { same: ' ', added: '+', removed: '−' };
const SPOKEN = { same: '', added: 'Added: ', removed: 'Removed: ' };

export class PromptDiff extends LitElement {
  static override properties = { live: { type: String }, draft: { type: String }, label: { type: String } };

  static override styles = css`
    :host {
      display: block;
    }
    pre {
      margin: 0;
      padding: var(--space-2, 0.5rem);
      border: 1px solid var(--color-border, #d5dae1);
      border-radius: var(--radius, 6px);
      max-height: 20rem;
      overflow: auto;
      font-size: 0.85rem;
      white-space: pre-wrap;
    }
    .added {
      background: #e6f4ea;
      color: #14532d;
    }
    .removed {
      background: #fdecea;
      color: #7f1d1d;
    }
    .none {
      color: var(--color-muted, #4f5b69);
    }
    .sr {
      position: absolute;
      left: -10000px;
    }
  `;

  declare live: string;
  declare draft: string;
  declare label: string;

  constructor() {
    super();
    this.live = '';
    this.draft = '';
    this.label = 'Text';
  }

  override render() {
    if (this.live === this.draft) return html`<p class="none">${this.label}: no change from the live version.</p>`;
    const lines = diffLines(this.live, this.draft);
    return html`<pre aria-label=${`${this.label}: changes from the live version`}>${lines.map(
      (l) => html`<div class=${l.kind}><span class="sr">${SPOKEN[l.kind]}</span><span aria-hidden="true">${MARK[l.kind]} </span>${l.text}</div>`,
    )}</pre>`;
  }
}

customElements.define('prompt-diff', PromptDiff);

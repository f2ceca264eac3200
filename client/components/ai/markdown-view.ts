// <markdown-view>: model-written markdown shown without raw HTML. The text is parsed into a few
// block and inline forms (paragraphs, headings, bullet and numbered lists, bold, italics) and drawn
// with Lit templates, which escape every character: a tag in the text shows as text, never as markup.
import { LitElement, css, html, type TemplateResult } from 'lit';

type Block = { kind: 'p' | 'h'; text: string } | { kind: 'ul' | 'ol'; items: string[] };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'h', text: heading[1] });
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      const last = blocks.at(-1);
      const item = (bullet ?? numbered)![1];
      if (last && last.kind === kind) last.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** **bold** and *italic* (or _italic_); everything else is plain text. */
function inline(text: string): (TemplateResult | string)[] {
  const parts: (TemplateResult | string)[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|_(.+?)_/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index! > at) parts.push(text.slice(at, m.index));
    parts.push(m[1] !== undefined ? html`<strong>${m[1]}</strong>` : html`<em>${m[2] ?? m[3]}</em>`);
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

export class MarkdownView extends LitElement {
  static override properties = { markdown: { type: String } };

  static override styles = css`
    :host {
      display: block;
    }
    p,
    ul,
    ol {
      margin: 0 0 var(--space-3, 0.75rem);
      line-height: 1.55;
    }
    h3 {
      font-size: 1rem;
      margin: var(--space-3, 0.75rem) 0 var(--space-2, 0.5rem);
    }
  `;

  declare markdown: string;

  constructor() {
    super();
    this.markdown = '';
  }

  override render() {
    return blocksOf(this.markdown).map((b) => {
      if (b.kind === 'h') return html`<h3>${inline(b.text)}</h3>`;
      if (b.kind === 'p') return html`<p>${inline(b.text)}</p>`;
      if (b.kind !== 'ul' && b.kind !== 'ol') return '';
      const items = b.items.map((item) => html`<li>${inline(item)}</li>`);
      return b.kind === 'ul' ? html`<ul>${items}</ul>` : html`<ol>${items}</ol>`;
    });
  }
}

customElements.define('markdown-view', MarkdownView);

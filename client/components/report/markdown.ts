// A small, safe reading of the markdown narratives use: paragraphs, "- " lists, **bold** and *italic*. Text is
// always bound as text, never as HTML, so model output cannot inject markup (spec: rendered without raw HTML).
import { html, type TemplateResult } from 'lit';

function inline(text: string): (string | TemplateResult)[] {
  const parts: (string | TemplateResult)[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(m[1] !== undefined ? html`<strong>${m[1]}</strong>` : html`<em>${m[2]}</em>`);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function renderMarkdown(markdown: string, words: (text: string) => string = (t) => t): TemplateResult[] {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => /^[-*] /.test(l))) return html`<ul>${lines.map((l) => html`<li>${inline(words(l.slice(2)))}</li>`)}</ul>`;
      return html`<p>${inline(words(lines.join(' ').replace(/^#+\s*/, '')))}</p>`;
    });
}

/**
 * Title normalisation (scoring.md §1). The normalised form is the key of the shared classifier cache and
 * of overrides, so it must stay exactly as specified: NFKC, lower case, every character other than a
 * letter, a digit, `&`, `+` or `#` turned into a space, whitespace collapsed and trimmed, then a fixed
 * list of whole-word abbreviations expanded. "it" is deliberately not expanded: it is also a word.
 */

export const TITLE_ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  snr: 'senior',
  sr: 'senior',
  jnr: 'junior',
  jr: 'junior',
  mgr: 'manager',
  asst: 'assistant',
  dir: 'director',
  exec: 'executive',
  admin: 'administrator',
  coord: 'coordinator',
  eng: 'engineer',
  dev: 'developer',
  ops: 'operations',
  hr: 'human resources',
});

// Letters (with their combining marks) and decimal digits survive; so do &, + and #.
const NOT_KEPT = /[^\p{L}\p{M}\p{Nd}&+#]+/gu;

export function normaliseTitle(title: string): string {
  const words = title.normalize('NFKC').toLowerCase().replace(NOT_KEPT, ' ').trim().split(' ');
  if (words.length === 1 && words[0] === '') return '';
  return words.map((w) => TITLE_ABBREVIATIONS[w] ?? w).join(' ');
}

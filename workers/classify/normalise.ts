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
// The same for ASCII text once lower-cased (most titles): NFKC leaves ASCII as it is, and an ASCII
// letter or digit is a-z or 0-9, so the Unicode normalisation and property classes can be skipped.
const ASCII_NOT_KEPT = /[^a-z0-9&+#]+/g;
const ASCII = /^[\x00-\x7f]*$/;

/** Whether the text is all ASCII, which every Unicode normalisation form leaves unchanged. */
export const isAscii = (text: string) => ASCII.test(text);

export function normaliseTitle(title: string): string {
  const kept = isAscii(title) ? title.toLowerCase().replace(ASCII_NOT_KEPT, ' ') : title.normalize('NFKC').toLowerCase().replace(NOT_KEPT, ' ');
  const words = kept.trim().split(' ');
  if (words.length === 1 && words[0] === '') return '';
  // Own entries only: a title word such as "constructor" must not find Object.prototype's.
  return words.map((w) => (Object.hasOwn(TITLE_ABBREVIATIONS, w) ? TITLE_ABBREVIATIONS[w] : w)).join(' ');
}

/**
 * The one text normaliser behind every guard and every text the server stores (issue 26). A value is read as
 * people see it: Unicode NFKC (full-width and other compatibility forms folded), then format and other invisible
 * characters removed (zero-width spaces and joiners, direction marks, the byte-order mark, soft hyphens, Hangul
 * fillers, control characters), then whitespace collapsed and trimmed. Length, emptiness, email and name rules are
 * checked on that form, so an invisible character can neither hide an email nor make an empty value look filled.
 *
 * The browser's import guards and the server's schemas import this module, so both sides judge a value alike.
 */

// Cf (format) and the default-ignorable code points (which add fillers and variation selectors to Cf), and
// control characters other than the whitespace ones, which the collapsing below turns into spaces.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]|(?![\t\n\v\f\r\u0085])\p{Cc}/gu;
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;
const SPACES = /\s+/g;
// Words of printable ASCII parted by single spaces are already in normal form: most values are.
const PLAIN_ASCII = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

export interface NormaliseOptions {
  /** Keep line breaks (notes, report wording): each line is collapsed and trimmed, and blank lines fold to one. */
  multiline?: boolean;
}

export function normaliseText(value: string, options: NormaliseOptions = {}): string {
  if (PLAIN_ASCII.test(value)) return value;
  let text = value.normalize('NFKC');
  const visible = text.replace(INVISIBLE, '');
  // Removing a character between a letter and its accent leaves them to compose: NFKC again keeps the result stable.
  if (visible.length !== text.length) text = visible.normalize('NFKC');
  if (!options.multiline) return text.replace(SPACES, ' ').trim();
  return text
    .split(LINE_BREAK)
    .map((line) => line.replace(SPACES, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const HIDDEN = /[\s\p{M}]/u;

/** Whether a normalised text shows at least `min` characters: spaces and combining marks on their own do not count. */
export function showsAtLeast(text: string, min: number): boolean {
  if (text.length < min) return false;
  let count = 0;
  for (const char of text) {
    if (!HIDDEN.test(char)) count += 1;
    if (count >= min) return true;
  }
  return count >= min;
}

// Look-alikes of the at sign and the dot that NFKC leaves alone (U+FF20 and U+FE6B already fold to @, U+FF0E and
// U+FE52 to a dot): the ideographic full stop and the middle dots, which read as a dot in an address.
const DOT_LIKE = /[\u00b7\u0701\u0702\u06d4\u2024\u2027\u2219\u22c5\u3002\u30fb\ua4f8]/g;
const AT_LIKE = /[\uff20\ufe6b]/g;
// An address with the at sign (and dots) written as words in brackets: "ann (at) example [dot] com".
const WORDED_EMAIL = /[\p{L}\p{N}._%+-]\s*[([{<]\s*at\s*[)\]}>]\s*[\p{L}\p{N}-]+(?:\s*(?:\.|[([{<]\s*dot\s*[)\]}>])\s*[\p{L}\p{N}-]+)+/iu;

/** The normalised text with the at sign's and the dot's look-alikes folded to them, for reading an address. */
export function foldConfusables(text: string): string {
  return normaliseText(text).replace(AT_LIKE, '@').replace(DOT_LIKE, '.');
}

/**
 * True when a value holds an email address or part of one: any at sign once normalised and folded (full-width
 * ＠, small ﹫, or with zero-width characters around it), or an address with "(at)" and "(dot)" written as words.
 * IDs, grouping and context values, notes and purposes are never emails (spec, minimisation rules; Events).
 */
export function holdsEmail(value: string): boolean {
  if (value.includes('@')) return true;
  if (PLAIN_ASCII.test(value) && !/[([{<]/.test(value)) return false;
  const folded = foldConfusables(value);
  return folded.includes('@') || WORDED_EMAIL.test(folded);
}

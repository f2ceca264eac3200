/**
 * Word features of a cleaned, normalised title and the regex each one becomes. A feature is a pattern that
 * generalises beyond the title it came from:
 * - `p` phrase: one to three adjacent words ("payroll clerk") → `\bpayroll clerk\b`
 * - `h` head: the last word or two, where English titles put the job noun ("clerk") → `\bclerk$`
 * - `g` pair: two content words in order with anything between ("payroll … officer") → `\bpayroll\b.*\bofficer\b`
 * The token test in `titleFeatures` and the regex agree on titles whose words are plain letters and digits,
 * which is every word a feature is made of.
 */

export type FeatureKind = 'p' | 'h' | 'g';

/** Words that carry no meaning alone; they may sit inside a phrase but never start or end one. */
export const STOP_WORDS = new Set(['and', 'of', 'the', 'for', 'in', 'to', 'a', 'an', 'or', 'with', 'on', 'at', 'by', 'as', 'from']);

const PLAIN_WORD = /^[a-z0-9]*[a-z][a-z0-9]*$/;

/** A word a feature may use: letters and digits with at least one letter, two characters or more. */
export const usableWord = (w: string) => w.length >= 2 && PLAIN_WORD.test(w);
const contentWord = (w: string) => usableWord(w) && !STOP_WORDS.has(w);

const MAX_PHRASE = 3;

/** Every feature key of a title given as words; keys look like `p:payroll clerk`, `h:clerk`, `g:payroll clerk`. */
export function titleFeatures(words: readonly string[]): string[] {
  const out = new Set<string>();
  const n = words.length;
  for (let i = 0; i < n; i++) {
    if (!contentWord(words[i])) continue;
    for (let len = 1; len <= MAX_PHRASE && i + len <= n; len++) {
      const last = words[i + len - 1];
      if (!usableWord(last)) break;
      if (contentWord(last)) out.add(`p:${words.slice(i, i + len).join(' ')}`);
    }
  }
  if (n >= 1 && contentWord(words[n - 1])) out.add(`h:${words[n - 1]}`);
  if (n >= 2 && contentWord(words[n - 2]) && contentWord(words[n - 1])) out.add(`h:${words[n - 2]} ${words[n - 1]}`);
  const content = words.filter(contentWord);
  for (let i = 0; i < content.length; i++) {
    for (let j = i + 1; j < content.length; j++) out.add(`g:${content[i]} ${content[j]}`);
  }
  return [...out];
}

export function featureKind(key: string): FeatureKind {
  return key[0] as FeatureKind;
}

export function featureWords(key: string): string[] {
  return key.slice(2).split(' ');
}

/** The regex source of a feature, tested with the `i` flag against the cleaned, normalised title. */
export function featurePattern(key: string): string {
  const words = featureWords(key);
  switch (featureKind(key)) {
    case 'p':
      return `\\b${words.join(' ')}\\b`;
    case 'h':
      return `\\b${words.join(' ')}$`;
    case 'g':
      return `\\b${words[0]}\\b.*\\b${words[1]}\\b`;
  }
}

/** More words first: the more a feature says, the earlier it is tried among equally reliable ones. */
export function featureSpecificity(key: string): number {
  const words = featureWords(key).length;
  return featureKind(key) === 'h' ? words + 0.5 : words;
}

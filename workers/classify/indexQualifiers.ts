import { contextValue, expandContext, type ListContext, type RowContext } from './context.ts';

/**
 * The ONS coding index codes many titles by the industry or field they are worked in, not by the title alone:
 * "Team leader" is 7220 in customer service, 2237 in nursing, 3560 in local government; "Technical officer" is
 * 2483 in environmental health and 3119 in government. The reference keeps such titles' entries with their
 * qualifiers (coder.indexQualifiers); this module matches them against what a row's list says: its unit,
 * organisation, professional group and the engagement's sector. Pure: the browser and the server read alike.
 */

/** One index entry of a title: its SOC 2020 code and its qualifiers ('' for the entry that has none). */
export type QualifiedEntry = readonly [ukSoc2020: string, qualifier: string];

/** Qualifier words that name no field of their own ("police service", "textile mfr", "retail trade"). */
const GENERIC = new Set(['service', 'trade', 'mfr', 'industry', 'establishment', 'supplier', 'company', 'and', 'of', 'the', 'for', 'etc']);

/**
 * The industries public bodies belong to, read from an organisation's or sector's name as the index words them:
 * a council, city or county is local government; a ministry, department of state or agency is (central) government.
 * Common civil-service and municipal usage, not one list's.
 */
const PUBLIC_BODIES: readonly [RegExp, string][] = [
  [/\b(?:council|city|county|borough|municipal\w*|local authority|local government|parish|town)\b/i, 'local government'],
  [/\b(?:government|civil service|ministry|department (?:for|of)|agency|cabinet office|home office|treasury|hm)\b/i, 'government'],
];

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));

/** The words a row's context offers the index's qualifiers: every word of its unit, organisation, group and sector, and the industries they imply. */
export function qualifierWords(row: RowContext, list: ListContext): ReadonlySet<string> {
  const words = new Set<string>();
  for (const text of [row.division, row.group, row.organisation, list.sector]) {
    const value = contextValue(text);
    if (value) for (const w of wordsOf(expandContext(value))) words.add(w);
  }
  for (const text of [row.organisation, list.sector]) {
    const value = contextValue(text);
    if (!value) continue;
    for (const [body, industry] of PUBLIC_BODIES) if (body.test(value)) for (const w of wordsOf(industry)) words.add(w);
  }
  return words;
}

/** A qualifier as the words each of its parts' alternatives needs ("local government: social services"). */
type ParsedQualifier = readonly (readonly (readonly string[])[])[];

/** Parts are separated by ';' or ':' and must all match; their alternatives by '/' or ',' ("computing/IT"). */
function parseQualifier(qualifier: string): ParsedQualifier {
  return qualifier.split(/[;:]/).map((part) =>
    part
      .split(/[/,]/)
      .map((alternative) => wordsOf(expandContext(alternative)).filter((w) => !GENERIC.has(w)))
      .filter((needed) => needed.length > 0),
  );
}

/** How many words of a qualifier the context matches, or 0 when a part has no alternative whose every word it has. */
function qualifierMatch(qualifier: ParsedQualifier, words: ReadonlySet<string>): number {
  let matched = 0;
  for (const part of qualifier) {
    let best = 0;
    for (const needed of part) if (needed.every((w) => words.has(w))) best = Math.max(best, needed.length);
    if (best === 0) return 0;
    matched += best;
  }
  return matched;
}

/** A title's entries are parsed once per reference, as a list repeats its titles. */
const parsedEntries = new WeakMap<readonly QualifiedEntry[], (ParsedQualifier | null)[]>();

/** The entry whose qualifier the context matches most fully (the first of equals), or null when none does. */
export function qualifiedEntry(entries: readonly QualifiedEntry[], words: ReadonlySet<string>): QualifiedEntry | null {
  let parsed = parsedEntries.get(entries);
  if (!parsed) parsedEntries.set(entries, (parsed = entries.map(([, q]) => (q ? parseQualifier(q) : null))));
  let best: QualifiedEntry | null = null;
  let most = 0;
  entries.forEach((entry, i) => {
    const qualifier = parsed[i];
    const matched = qualifier ? qualifierMatch(qualifier, words) : 0;
    if (matched > most) [best, most] = [entry, matched];
  });
  return best;
}

/** Words a payroll adds to a title that the index's titles never carry: a class number or a pay basis ("Laborer Hourly", "Aide II"). */
const NOT_IN_INDEX_TITLES = new Set(['hourly', 'weekly', 'wkly', 'seasonal', 'temporary', 'temp', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x']);

/** US spellings of the index's British titles ("laborer"); the coder's own spellings (CODER_SPELLINGS) fold "labor" alone. */
const BRITISH_SPELLINGS: Readonly<Record<string, string>> = { laborer: 'labourer', laborers: 'labourers' };

/** A title's words as the index would list the title: without class numbers or pay basis, in British spelling. */
export function indexTitleOf(words: readonly string[]): string {
  return words
    .filter((w) => !NOT_IN_INDEX_TITLES.has(w))
    .map((w) => BRITISH_SPELLINGS[w] ?? w)
    .join(' ');
}

/**
 * How many of the entries of a title the index codes only by qualifier (no entry without one) are in a group of
 * codes, out of how many; null when the title has an entry without qualifiers, which the index then reads as
 * the title's own code.
 */
export function qualifiedShare(entries: readonly QualifiedEntry[], inGroup: (ukSoc2020: string) => boolean): { inGroup: number; of: number } | null {
  return hasDefault(entries) ? null : entriesShare(entries, inGroup);
}

/** How many of a title's index entries, its default among them, are in a group of codes, out of how many. */
export function entriesShare(entries: readonly QualifiedEntry[], inGroup: (ukSoc2020: string) => boolean): { inGroup: number; of: number } {
  return { inGroup: entries.filter(([code]) => inGroup(code)).length, of: entries.length };
}

/** Whether the index codes a title by default too: an entry without qualifiers. */
export const hasDefault = (entries: readonly QualifiedEntry[]) => entries.some(([, q]) => !q);

/**
 * The chance the index gives a UK code of a title it codes only by qualifier: the share of its entries in that
 * code's major group ("team leader": 6 of 24 entries are associate professionals). Null when the title has an
 * entry without qualifiers.
 */
export function unqualifiedChance(entries: readonly QualifiedEntry[], ukSoc2020: string | null): number | null {
  const major = ukSoc2020?.[0];
  const share = qualifiedShare(entries, (code) => code[0] === major);
  return share && share.inGroup / share.of;
}

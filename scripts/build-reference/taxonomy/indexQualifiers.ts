import type { CoderKnowledge } from '../../../schema/reference/coder.ts';
import { normaliseTitle } from '../../../workers/classify/normalise.ts';
import { coderWords } from '../../../workers/classify/titleFeatures.ts';
import { readCsv } from '../policy/csv.ts';
import { isHeldOut } from './holdout.ts';

const ONS_INDEX = 'uk-soc-2020-coding-index/soc2020_coding_index_v12.csv';

/** The reference schema's limits (coder.indexQualifiers): a title's key, a qualifier, a title's entries. */
const MAX_KEY = 200;
const MAX_QUALIFIER = 160;
const MAX_ENTRIES = 60;

/**
 * The index titles the ONS coding index codes by industry or by a qualifier, not by the title alone: for each
 * title (the coder's cleaned words) with entries under two unit groups or more, every entry as [SOC 2020 code,
 * its qualifiers] ("team leader" in "customer service" is 7220, in "local government" 3560; the entry with no
 * qualifier, '' here, is the title's code when nothing narrows it). A coder reading a row in context matches the
 * qualifiers against the row's unit, organisation, professional group and sector (workers/classify/indexQualifiers.ts).
 * Held-out index titles are left out, as everywhere the coder learns from the index.
 */
export function indexQualifiers(dataDir: string, priced: (uk: string) => boolean): NonNullable<CoderKnowledge['indexQualifiers']> {
  const byTitle = new Map<string, [string, string][]>();
  for (const row of readCsv(dataDir, ONS_INDEX)) {
    const code = row.SOC_2020;
    if (!/^\d{4}$/.test(code) || !priced(code)) continue;
    const title = row['INDEXOCC_-_natural_word_order'];
    if (isHeldOut(normaliseTitle(title))) continue;
    const key = coderWords(title).join(' ');
    if (!key || key.length > MAX_KEY) continue;
    const qualifier = [row.ADD.trim(), row.IND.trim()].filter((q) => q && q.toLowerCase() !== 'nos').join('; ').slice(0, MAX_QUALIFIER);
    const entries = byTitle.get(key) ?? byTitle.set(key, []).get(key)!;
    if (!entries.some(([c, q]) => c === code && q === qualifier)) entries.push([code, qualifier]);
  }
  const out: NonNullable<CoderKnowledge['indexQualifiers']> = {};
  for (const [key, entries] of [...byTitle].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (new Set(entries.map(([c]) => c)).size < 2 || !entries.some(([, q]) => q)) continue;
    out[key] = entries.slice(0, MAX_ENTRIES);
  }
  return out;
}

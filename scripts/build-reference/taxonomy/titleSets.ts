import { normaliseTitle } from '../../../workers/classify/normalise.ts';
import { readCsv } from '../policy/csv.ts';
import { isHeldOut } from './holdout.ts';

/**
 * The coded job titles in shared/data, split into the training side (rules and roles may be learned from
 * it) and the held-out side (only the bench reads it). Every source passes through the same split on the
 * normalised title, so a title held out of one set never teaches a rule through another.
 *
 * US side: O*NET 27.0 alternate titles and short titles (one title may be listed under several codes),
 * the BLS direct-match titles, and the official SOC 2018 and O*NET occupation titles.
 * UK side: the ONS SOC 2020 coding index (natural word order), the related job titles of the SOC 2020
 * descriptions and the official unit-group titles.
 */

const FILES = {
  onetAlternates: 'onet-27.0-titles/onet_alternate_titles.csv',
  onetOccupations: 'onet-27.0-titles/onet_occupation_data.csv',
  blsDirect: 'us-soc-2018-direct-match-titles/soc_2018_direct_match_titles.csv',
  usDetailed: 'us-soc-2018-structure/soc2018_detailed.csv',
  onsIndex: 'uk-soc-2020-coding-index/soc2020_coding_index_v12.csv',
  ukDescriptions: 'uk-soc-2020-structure/soc2020_descriptions.csv',
} as const;

/** One title with the codes a source gives it. */
export interface CodedTitle {
  title: string;
  normalised: string;
  codes: string[];
}

/** A held-out ONS title: the code a title-only coder should give, and every code the index lists for it. */
export interface OnsTitle extends CodedTitle {
  /** The index's default for the bare title: a default-flagged entry, else an entry without qualifiers, else the most common code. */
  gold: string;
}

/** A held-out O*NET title and the O*NET source codes that reported it (e.g. "10" employer job listings). */
export interface OnetTitle extends CodedTitle {
  sources: string[];
}

export interface TitleSets {
  train: { us: CodedTitle[]; uk: CodedTitle[] };
  heldOut: { onet: OnetTitle[]; ons: OnsTitle[] };
}

const byTitle = (a: CodedTitle, b: CodedTitle) => (a.normalised < b.normalised ? -1 : a.normalised > b.normalised ? 1 : 0);

/** Groups raw (title, code) pairs by normalised title, keeping the first spelling and distinct codes in order. */
function group<T extends { title: string; code: string }>(pairs: Iterable<T>): Map<string, { title: string; items: T[] }> {
  const out = new Map<string, { title: string; items: T[] }>();
  for (const pair of pairs) {
    const normalised = normaliseTitle(pair.title);
    if (!normalised) continue;
    const entry = out.get(normalised);
    if (entry) entry.items.push(pair);
    else out.set(normalised, { title: pair.title, items: [pair] });
  }
  return out;
}

/** Words ending in s that are not plurals of a job noun. */
const UNCOUNTABLE = new Set([
  'sales', 'services', 'operations', 'systems', 'goods', 'arts', 'news', 'logistics', 'physics', 'economics',
  'statistics', 'athletics', 'electronics', 'mechanics', 'mathematics', 'graphics', 'optics', 'acoustics',
  'textiles', 'works', 'series', 'premises', 'glass', 'gas', 'bus', 'chassis', 'lens', 'press',
]);

const distinct = (codes: string[]) => [...new Set(codes)].sort();

/**
 * Official titles are plural lists ("Payroll and Timekeeping Clerks", "Managers, All Other"). We drop the
 * residual clauses and turn the head nouns singular, the form staff lists use.
 */
export function officialTitleAsJobTitle(title: string): string {
  const trimmed = title
    .replace(/,\s*(?:all other|except\b.*|n\.?e\.?c\.?)\s*$/i, '')
    .replace(/\bn\.e\.c\.?/gi, '')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/--/g, ' – ')
    .trim();
  const singular = (w: string) =>
    UNCOUNTABLE.has(w.toLowerCase())
      ? w
      : /ies$/i.test(w) ? w.slice(0, -3) + 'y' : /(?:sses|ches|shes|xes)$/i.test(w) ? w.slice(0, -2) : /[^su]s$/i.test(w) && w.length > 3 ? w.slice(0, -1) : w;
  const ofAt = trimmed.search(/\s(?:of|in|for)\s/i);
  if (ofAt > 0) {
    const head = trimmed.slice(0, ofAt).replace(/(\S+)$/, (w) => singular(w));
    return head + trimmed.slice(ofAt);
  }
  return trimmed.replace(/([^\s,]+)(?=\s+and\s|,|$)/gi, (w) => singular(w));
}

function loadOnet(dataDir: string): Map<string, { title: string; items: { title: string; code: string; sources: string[] }[] }> {
  const pairs: { title: string; code: string; sources: string[] }[] = [];
  for (const row of readCsv(dataDir, FILES.onetAlternates)) {
    const code = row['O*NET-SOC Code'].slice(0, 7);
    const sources = row['Source(s)'].split(',').map((s) => s.trim());
    pairs.push({ title: row['Alternate Title'], code, sources });
    if (row['Short Title'] && row['Short Title'] !== 'n/a') pairs.push({ title: row['Short Title'], code, sources });
  }
  return group(pairs);
}

/** The code a title-only coder should give an ONS index title (see OnsTitle.gold). */
function onsGold(entries: { code: string; flag: string; qualified: boolean }[]): string {
  const mostCommon = (codes: string[]) => {
    const counts = new Map<string, number>();
    for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  };
  const flagged = entries.filter((e) => e.flag).map((e) => e.code);
  if (flagged.length) return mostCommon(flagged);
  const bare = entries.filter((e) => !e.qualified).map((e) => e.code);
  return mostCommon(bare.length ? bare : entries.map((e) => e.code));
}

function loadOns(dataDir: string) {
  const pairs: { title: string; code: string; flag: string; qualified: boolean }[] = [];
  for (const row of readCsv(dataDir, FILES.onsIndex)) {
    if (!/^\d{4}$/.test(row.SOC_2020)) continue; // "}}}}" means "see another indexing word"
    pairs.push({
      title: row['INDEXOCC_-_natural_word_order'],
      code: row.SOC_2020,
      flag: row.D.trim(),
      qualified: Boolean(row.ADD.trim() || row.IND.trim()),
    });
  }
  return group(pairs);
}

/**
 * The US catalogue's own titles, which name one occupation each: the BLS direct-match titles (a title BLS says maps
 * only to its code) and the SOC 2018 occupation titles as job titles. Held-out titles are left out.
 */
export function loadCatalogueTitles(dataDir: string): string[] {
  const titles = [
    ...readCsv(dataDir, FILES.blsDirect).map((row) => row.direct_match_title),
    ...readCsv(dataDir, FILES.usDetailed).map((row) => officialTitleAsJobTitle(row.soc2018_title)),
  ];
  return titles.filter((t) => {
    const normalised = normaliseTitle(t);
    return normalised !== '' && !isHeldOut(normalised);
  });
}

export function loadTitleSets(dataDir: string): TitleSets {
  const trainUs = new Map<string, CodedTitle>();
  const trainUk = new Map<string, CodedTitle>();
  const addTrain = (target: Map<string, CodedTitle>, title: string, code: string) => {
    const normalised = normaliseTitle(title);
    if (!normalised || isHeldOut(normalised)) return;
    const entry = target.get(normalised);
    if (entry) {
      if (!entry.codes.includes(code)) entry.codes.push(code);
    } else target.set(normalised, { title, normalised, codes: [code] });
  };

  const onet: OnetTitle[] = [];
  for (const [normalised, { title, items }] of loadOnet(dataDir)) {
    if (isHeldOut(normalised)) {
      onet.push({ title, normalised, codes: distinct(items.map((i) => i.code)), sources: distinct(items.flatMap((i) => i.sources)) });
    } else for (const item of items) addTrain(trainUs, item.title, item.code);
  }
  for (const row of readCsv(dataDir, FILES.blsDirect)) addTrain(trainUs, row.direct_match_title, row.soc2018_code);
  for (const row of readCsv(dataDir, FILES.usDetailed)) addTrain(trainUs, officialTitleAsJobTitle(row.soc2018_title), row.soc2018_code);
  for (const row of readCsv(dataDir, FILES.onetOccupations)) {
    addTrain(trainUs, officialTitleAsJobTitle(row.Title), row['O*NET-SOC Code'].slice(0, 7));
  }

  const ons: OnsTitle[] = [];
  for (const [normalised, { title, items }] of loadOns(dataDir)) {
    const gold = onsGold(items);
    if (isHeldOut(normalised)) ons.push({ title, normalised, codes: distinct(items.map((i) => i.code)), gold });
    else addTrain(trainUk, title, gold);
  }
  for (const row of readCsv(dataDir, FILES.ukDescriptions)) {
    if (row.level !== 'unit') continue;
    addTrain(trainUk, officialTitleAsJobTitle(row.title), row.code);
    for (const related of row.related_job_titles.split(' | ').filter(Boolean)) addTrain(trainUk, related, row.code);
  }

  return {
    train: { us: [...trainUs.values()].sort(byTitle), uk: [...trainUk.values()].sort(byTitle) },
    heldOut: { onet: onet.sort(byTitle), ons: ons.sort(byTitle) },
  };
}

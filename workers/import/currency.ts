/**
 * The list's home region and currency, proposed from the file before upload: currency signs in the pay cells,
 * currencies named in headings ("Salary ($)", "Payscale Minimum (£)"), a recognised layout (a US public payroll
 * table, a UK government organogram), the places in the location column, how dates are written (month first
 * is American) and how titles are spelt (Labor or Labour). Each piece of evidence votes for a currency with a weight; the heaviest currency the reference
 * can price wins, and the reason says what was seen. The consultant confirms or changes it on the import page.
 * Pure: the import worker runs it on the table it holds.
 */
import type { LayoutId } from './layouts.ts';
import type { ColumnMapping } from './mapping.ts';
import type { SheetTable } from './table.ts';
import { parseSalary } from './values.ts';
import { currencyWords } from '../exports/labels.ts';

/** A region of the reference version as the proposal needs it. */
export interface RegionOption {
  key: string;
  label: string;
  /** ISO 4217 code of the currency people there are paid in. */
  currency: string;
  countryAliases: readonly string[];
  keywords: readonly string[];
  /** The reference can price a list whose home is this region (its salaries are native, its currency has pay). */
  home: boolean;
  /** Typical yearly pay in the region's currency (its pay table's all-occupations median), for homes. */
  typicalPay?: number;
}

/** One file of the import: its table, its mapping and the layout recognised. */
export interface ProposalPart {
  table: SheetTable;
  mapping: ColumnMapping;
  layout: LayoutId | null;
}

/** The region assumed without evidence: the engagement's, else the reference's baseline. */
export interface DefaultRegion {
  key: string;
  source: 'engagement' | 'baseline';
}

export interface RegionProposal {
  /** A home region's key. */
  region: string;
  currency: string;
  /** Why, in a sentence or two for the consultant. */
  reason: string;
  /** False when nothing in the file pointed to a currency and the default was kept. */
  fromData: boolean;
}

/** Rows looked at per file: signs and places show in the first rows of any real list. */
const SAMPLE_ROWS = 5_000;

const SIGNS: readonly { pattern: RegExp; currency: string; sign: string }[] = [
  { pattern: /£|\bGBP\b/u, currency: 'GBP', sign: '£' },
  { pattern: /€|\bEUR\b/u, currency: 'EUR', sign: '€' },
  { pattern: /₹|\bINR\b|\bRs\.?(?=\s*\d)/u, currency: 'INR', sign: '₹' },
  { pattern: /\bCA\$|\bC\$|\bCAD\b/u, currency: 'CAD', sign: 'CA$' },
  { pattern: /\$|\bUSD\b/u, currency: 'USD', sign: '$' },
];


const US_STATES = new Set(
  [
    'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii', 'idaho',
    'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland', 'massachusetts', 'michigan', 'minnesota',
    'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina',
    'north dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas',
    'utah', 'vermont', 'virginia', 'washington', 'west virginia', 'wisconsin', 'wyoming', 'district of columbia',
  ],
);

/** The currency a sign or code in this text names, if any (the first that matches, pound before dollar). */
export function currencyInText(text: string): { currency: string; sign: string } | null {
  const normalised = text.normalize('NFKC');
  for (const s of SIGNS) if (s.pattern.test(normalised)) return { currency: s.currency, sign: s.sign };
  return null;
}

const quoted = (text: string) => `“${text.trim()}”`;
const pct = (share: number) => `${Math.round(share * 100)}%`;

interface Vote {
  currency: string;
  weight: number;
  reason: string;
}

function payColumns(mapping: ColumnMapping): number[] {
  const { salary, salaryCeiling, hourlyRate } = mapping.fields;
  return [salary, salaryCeiling, hourlyRate].filter((c): c is number => c !== undefined);
}

/** Signs in the mapped pay cells: the strongest evidence, as the amounts themselves say what they are. */
function signVotes(part: ProposalPart): Vote[] {
  const votes: Vote[] = [];
  for (const column of payColumns(part.mapping)) {
    const counts = new Map<string, { n: number; sign: string }>();
    let amounts = 0;
    for (const row of part.table.rows.slice(0, SAMPLE_ROWS)) {
      const cell = row.cells[column] ?? '';
      if (cell.trim() === '') continue;
      amounts += 1;
      const found = currencyInText(cell);
      if (!found) continue;
      const entry = counts.get(found.currency) ?? { n: 0, sign: found.sign };
      entry.n += 1;
      counts.set(found.currency, entry);
    }
    for (const [currency, { n, sign }] of counts) {
      if (n / amounts < 0.5) continue;
      votes.push({ currency, weight: 4, reason: `${pct(n / amounts)} of the ${quoted(part.table.headers[column] ?? '')} amounts carry “${sign}”.` });
    }
  }
  return votes;
}

/** A currency named in a heading: "Salary ($)", "Payscale Minimum (£)", "Annual pay GBP". */
function headingVotes(part: ProposalPart): Vote[] {
  const pay = new Set(payColumns(part.mapping));
  const votes: Vote[] = [];
  part.table.headers.forEach((heading, column) => {
    const found = currencyInText(heading);
    if (!found) return;
    // A pay column's heading speaks for the salaries; another money heading (a cost of reports) less so.
    votes.push({ currency: found.currency, weight: pay.has(column) ? 3 : 2, reason: `The heading ${quoted(heading)} is in ${currencyWords(found.currency)}.` });
  });
  // One vote per currency is enough: an organogram repeats (£) in six headings. The heaviest is kept.
  const kept = new Map<string, Vote>();
  for (const vote of votes.sort((a, b) => b.weight - a.weight)) if (!kept.has(vote.currency)) kept.set(vote.currency, vote);
  return [...kept.values()];
}

function layoutVotes(part: ProposalPart): Vote[] {
  if (part.layout === 'us-payroll') return [{ currency: 'USD', weight: 3, reason: 'The headings are those of a US public payroll table.' }];
  if (part.layout === 'uk-organogram-senior' || part.layout === 'uk-organogram-junior') {
    return [{ currency: 'GBP', weight: 3, reason: 'The headings are those of a UK government organogram.' }];
  }
  return [];
}

/** Places in the location column, matched as the reference matches them, plus US state names. */
function placeVotes(part: ProposalPart, regions: readonly RegionOption[]): Vote[] {
  const column = part.mapping.fields.location;
  if (column === undefined) return [];
  const aliases = new Map<string, RegionOption>();
  for (const region of regions) for (const alias of region.countryAliases) if (!aliases.has(alias.trim().toLowerCase())) aliases.set(alias.trim().toLowerCase(), region);
  const keywords = regions.flatMap((region) => region.keywords.map((k) => ({ keyword: k.toLowerCase(), region })));
  const dollars = regions.find((r) => r.currency === 'USD');
  const counts = new Map<string, { n: number; example: string }>();
  let values = 0;
  for (const row of part.table.rows.slice(0, SAMPLE_ROWS)) {
    const text = (row.cells[column] ?? '').normalize('NFKC').trim().toLowerCase();
    if (text === '') continue;
    values += 1;
    const region =
      aliases.get(text) ??
      keywords.find((k) => text.includes(k.keyword))?.region ??
      (dollars && [text, ...text.split(',').map((p) => p.trim())].some((p) => US_STATES.has(p)) ? dollars : undefined);
    if (!region) continue;
    const entry = counts.get(region.currency) ?? { n: 0, example: (row.cells[column] ?? '').trim() };
    entry.n += 1;
    counts.set(region.currency, entry);
  }
  const votes: Vote[] = [];
  for (const [currency, { n, example }] of counts) {
    if (n / values < 0.5) continue;
    votes.push({ currency, weight: 2, reason: `${pct(n / values)} of the places in ${quoted(part.table.headers[column] ?? '')} are paid in ${currencyWords(currency)} (such as ${example}).` });
  }
  return votes;
}

const DATE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/;

/** Dates written month first (12/31/2018) are American; day first (31/12/2018) British or European. */
function dateVotes(part: ProposalPart): Vote[] {
  const columns = part.table.headers.length;
  for (let column = 0; column < columns; column++) {
    let monthFirst = 0;
    let dayFirst = 0;
    let example = '';
    for (const row of part.table.rows.slice(0, SAMPLE_ROWS)) {
      const m = DATE.exec(row.cells[column] ?? '');
      if (!m) continue;
      const [first, second] = [Number(m[1]), Number(m[2])];
      if (second > 12 && first <= 12) {
        monthFirst += 1;
        example ||= (row.cells[column] ?? '').trim().split(/\s+/)[0]!;
      } else if (first > 12 && second <= 12) dayFirst += 1;
    }
    // Unambiguous dates of one kind only, and enough of them to rule out chance.
    if (monthFirst >= 5 && dayFirst === 0) {
      return [{ currency: 'USD', weight: 1, reason: `Dates in ${quoted(part.table.headers[column] ?? '')} are written month first, as in the United States (${example}).` }];
    }
  }
  return [];
}

/**
 * Words spelt one way in American English and another in British (Labor / Labour, Center / Centre, Program /
 * Programme), as they appear in job titles and unit names. A list's spelling is the weakest evidence: it decides
 * only where nothing else points to a currency, as in a list of titles one a line.
 */
const SPELLINGS: readonly { currency: string; words: RegExp; language: string }[] = [
  {
    currency: 'USD',
    language: 'American',
    words: /\b(labor|center|centers|program|programs|organization|organizational|defense|behavior|behavioral|color|catalog|enrollment|theater|harbor|neighborhood|counselor|counselors|fulfillment|honor)\b/iu,
  },
  {
    currency: 'GBP',
    language: 'British',
    words: /\b(labour|centre|centres|programme|programmes|organisation|organisational|defence|behaviour|behavioural|colour|catalogue|enrolment|theatre|harbour|neighbourhood|counsellor|counsellors|fulfilment|honour)\b/iu,
  },
];
/** Titles in one spelling, with none in the other, before the spelling counts. */
const MIN_SPELT_TITLES = 3;

/**
 * Job titles and unit names spelt the American or the British way, when only one way is seen, over all the
 * files of a list together: the files of one body are one piece of evidence, stated once.
 */
function spellingVotes(parts: readonly ProposalPart[]): Vote[] {
  const seen = SPELLINGS.map(() => ({ values: 0, examples: new Set<string>() }));
  const read = new Set<string>();
  for (const part of parts) {
    const columns = [part.mapping.fields.title, part.mapping.fields.division].filter((c): c is number => c !== undefined);
    for (const row of part.table.rows.slice(0, SAMPLE_ROWS)) {
      for (const column of columns) {
        const text = (row.cells[column] ?? '').normalize('NFKC').trim();
        // Distinct values: a payroll repeats one title for hundreds of people.
        if (read.has(text)) continue;
        read.add(text);
        SPELLINGS.forEach((spelling, i) => {
          const word = spelling.words.exec(text)?.[1];
          if (!word) return;
          seen[i]!.values += 1;
          if (seen[i]!.examples.size < 3) seen[i]!.examples.add(word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
        });
      }
    }
  }
  const spelt = seen.findIndex((s, i) => s.values >= MIN_SPELT_TITLES && seen.every((other, j) => j === i || other.values === 0));
  if (spelt === -1) return [];
  const { currency, language } = SPELLINGS[spelt]!;
  const { values, examples } = seen[spelt]!;
  const words = [...examples].map(quoted).join(', ');
  return [{ currency, weight: 1, reason: `${values} titles or units are spelt the ${language} way (${words}), and none the other way.` }];
}

/**
 * The proposal: the currency with the most evidence, with its home region (the default region when it is paid
 * in that currency, else the first such region in reference order). Without evidence, or when the evidence
 * names a currency the reference cannot price, the default region is kept and the reason says so. A median
 * salary far from the typical pay of the proposed currency is pointed out: it may be in another currency.
 */
export function proposeRegion(parts: readonly ProposalPart[], regions: readonly RegionOption[], defaultRegion: DefaultRegion): RegionProposal {
  const homes = regions.filter((r) => r.home);
  const named = homes.find((r) => r.key === defaultRegion.key);
  const fallback = named ?? homes[0];
  if (!fallback) throw new Error('the reference has no region a list can be priced in');

  const votes = [...parts.flatMap((part) => [...signVotes(part), ...headingVotes(part), ...layoutVotes(part), ...placeVotes(part, regions), ...dateVotes(part)]), ...spellingVotes(parts)];
  const totals = new Map<string, number>();
  for (const v of votes) totals.set(v.currency, (totals.get(v.currency) ?? 0) + v.weight);
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
  // Two files of one layout say the same thing twice; each reason is given once.
  const reasonsFor = (currency: string) => [...new Set(votes.filter((v) => v.currency === currency).sort((a, b) => b.weight - a.weight).map((v) => v.reason))];
  const top = ranked[0];
  const region = top === undefined ? undefined : (homes.find((r) => r.currency === top && r === fallback) ?? homes.find((r) => r.currency === top));
  const chosen = region ?? fallback;

  let reason: string;
  if (top === undefined) {
    reason = `No currency sign, currency heading, known layout, place, date or spelling in the file points to a currency, so ${describe(fallback, named ? defaultRegion.source : 'baseline')} is assumed.`;
  } else if (!region) {
    const priced = [...new Set(homes.map((r) => r.currency))].join(' and ');
    reason = `${reasonsFor(top).join(' ')} This reference version prices lists only in ${priced}: convert the salaries first, or choose the region whose pay fits; until then ${describe(fallback, named ? defaultRegion.source : 'baseline')} is assumed.`;
  } else {
    const other = ranked.find((c) => c !== top);
    reason = `${reasonsFor(top).join(' ')}${other ? ` Also seen: ${reasonsFor(other)[0]}` : ''}`;
  }
  const typical = chosen.typicalPay;
  const median = medianPay(parts);
  if (typical && median !== null && (median > typical * 4 || median < typical / 4)) {
    reason += ` The median salary, ${median.toLocaleString('en-GB')}, is far from typical pay in ${currencyWords(chosen.currency)} (${typical.toLocaleString('en-GB')}): check the currency.`;
  }
  return { region: chosen.key, currency: chosen.currency, reason, fromData: region !== undefined };
}

const describe = (region: RegionOption, source: DefaultRegion['source']) =>
  `${source === 'engagement' ? 'the engagement’s region' : 'the reference’s baseline'}, ${region.label} (${region.currency}),`;

/** The median of the mapped yearly salaries, or null without any. */
export function medianPay(parts: readonly ProposalPart[]): number | null {
  const amounts: number[] = [];
  for (const part of parts) {
    const column = part.mapping.fields.salary;
    if (column === undefined) continue;
    for (const row of part.table.rows.slice(0, SAMPLE_ROWS)) {
      const value = parseSalary(row.cells[column] ?? '');
      if (value !== null && value > 0) amounts.push(value);
    }
  }
  if (amounts.length === 0) return null;
  amounts.sort((a, b) => a - b);
  return amounts[Math.floor(amounts.length / 2)]!;
}

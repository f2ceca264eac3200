import type { ReferenceData } from '../../schema/reference/index.ts';
import { numberOrNull, readCsv } from './policy/csv.ts';

/**
 * The occupations section from the public data (see README.md for the rules):
 * - US SOC 2018: 23 major groups and 867 detailed codes (BLS structure).
 * - AIOE (Felten, Raj and Seamans) is published on SOC 2010 codes. A SOC 2018 code takes the plain mean of
 *   the AIOE of every SOC 2010 code the BLS crosswalk links to it: a 2010 code split into several 2018
 *   codes gives each of them its score, 2018 codes merged from several 2010 codes average them. Codes
 *   linked to no scored 2010 code get no entry. Percentile: 100 · (mid-rank − 1) / (n − 1) over the codes
 *   that have a score, ties sharing their mid-rank, rounded to 2 decimals.
 * - UK SOC 2020: ASHE 2024 provisional full-time gross annual pay per unit group; suppressed cells null; a
 *   unit group whose median is suppressed is left out and priced through `ukProxyMedians` (its minor group's
 *   full-time median, else sub-major, else major group's); such a unit group stays choosable (`ukUnpriced`,
 *   by title), priced by that proxy.
 * - US pay (`usPay`, dollars, for lists whose home is the United States): BLS OEWS national May 2024 annual
 *   median per detailed code. Where only an hourly median is published (performers), the hourly median ×
 *   2,080 hours, the BLS's own full-year convention; where the median is top-coded ("#", physicians and
 *   dentists), the published annual mean, which is above the top code as the median is. A catalogue code with
 *   no OEWS row of its own (OEWS publishes some only inside an aggregate) takes the median of its broad group
 *   (the aggregates are broad groups), else its minor, else its major group, as `proxyMedians`. Rows without
 *   a US code take the all-occupations median.
 */

export type Occupations = ReferenceData['occupations'];

const FILES = {
  usAll: 'us-soc-2018-structure/soc2018_all.csv',
  aioe: 'aioe-felten/aioe_by_soc2010.csv',
  crosswalk: 'crosswalks/us_soc2010_to_soc2018.csv',
  ukUnits: 'uk-soc-2020-structure/soc2020_unit_groups.csv',
  asheUnits: 'uk-ashe-2024-provisional-table14/ashe_2024p_fulltime_annual_by_soc2020_unit.csv',
  asheLong: 'uk-ashe-2024-provisional-table14/ashe_2024p_table14_7a_annual_gross.csv',
  oews: 'us-oews-national-2024/oews_national_may2024.csv',
} as const;

/** The region whose national market OEWS describes (policy/locations.ts). */
export const US_PAY_REGION = 'united-states';
/** Hours in the BLS's full-year, full-time convention for turning an hourly wage into an annual one. */
export const OEWS_HOURS_PER_YEAR = 2_080;

/**
 * Unit group given to titles the rules cannot place: "Other administrative occupations n.e.c.". Unknown
 * titles on a corporate staff list are most often office roles; its pay (ASHE 2024 full-time median
 * £27,550) is below the all-employee median, so an unplaced title never inflates costs or savings.
 */
export const UK_DEFAULT_CODE = '4159';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Mid-rank percentiles (0 to 100) of a score table, ties sharing their average rank. */
export function percentilesByRank(scores: ReadonlyMap<string, number>): Map<string, number> {
  const entries = [...scores].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const out = new Map<string, number>();
  const n = entries.length;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && entries[j + 1][1] === entries[i][1]) j++;
    const midRank = (i + j) / 2; // zero-based
    for (let k = i; k <= j; k++) out.set(entries[k][0], n > 1 ? round2((100 * midRank) / (n - 1)) : 50);
    i = j + 1;
  }
  return out;
}

/** AIOE carried from SOC 2010 to SOC 2018 (mean over linked 2010 codes), rounded to 4 decimals. */
export function aioeBySoc2018(dataDir: string): Map<string, number> {
  const aioe2010 = new Map(readCsv(dataDir, FILES.aioe).map((r) => [r['SOC Code'], Number(r.AIOE)]));
  const linked = new Map<string, number[]>();
  for (const row of readCsv(dataDir, FILES.crosswalk)) {
    const score = aioe2010.get(row.soc2010);
    if (score === undefined) continue;
    const list = linked.get(row.soc2018) ?? [];
    list.push(score);
    linked.set(row.soc2018, list);
  }
  const out = new Map<string, number>();
  for (const [code, list] of [...linked].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    out.set(code, Math.round((list.reduce((s, x) => s + x, 0) / list.length) * 10_000) / 10_000);
  }
  return out;
}

export function buildOccupations(dataDir: string): Occupations {
  const usMajorGroups: Occupations['usMajorGroups'] = {};
  const us: Occupations['us'] = {};
  for (const row of readCsv(dataDir, FILES.usAll)) {
    if (row.Hierarchical_structure === 'Major') usMajorGroups[row.code.slice(0, 2)] = row.title;
    if (row.Hierarchical_structure === 'Detailed') us[row.code] = { title: row.title, major: row.code.slice(0, 2) };
  }

  const scores = aioeBySoc2018(dataDir);
  const percentiles = percentilesByRank(scores);
  const aioe: Occupations['aioe'] = {};
  for (const [code, score] of scores) {
    if (us[code]) aioe[code] = { score, percentile: percentiles.get(code) as number };
  }

  const uk: Occupations['uk'] = {};
  const suppressed: string[] = [];
  for (const row of readCsv(dataDir, FILES.asheUnits)) {
    const median = row.annual_median_status === 'ok' ? numberOrNull(row.annual_median) : null;
    if (median === null) {
      suppressed.push(row.soc2020_unit_code);
      continue;
    }
    uk[row.soc2020_unit_code] = {
      title: row.title,
      median,
      p25: numberOrNull(row.annual_p25),
      p75: numberOrNull(row.annual_p75),
    };
  }

  const groupMedians = new Map<string, number>();
  let fallbackMedian: number | null = null;
  for (const row of readCsv(dataDir, FILES.asheLong)) {
    if (row.population !== 'Full-Time') continue;
    const median = numberOrNull(row.median);
    if (median === null) continue;
    if (row.level === 'all') fallbackMedian = median;
    else if (row.level !== 'unit') groupMedians.set(row.code, median);
  }
  if (fallbackMedian === null) throw new Error('ASHE table 14.7a has no full-time median for all employees');

  const ukTitles = new Map(readCsv(dataDir, FILES.ukUnits).map((r) => [r.unit_code, r.unit_title]));
  const ukProxyMedians: Occupations['ukProxyMedians'] = {};
  const ukUnpriced: NonNullable<Occupations['ukUnpriced']> = {};
  for (const code of suppressed.sort()) {
    if (!ukTitles.has(code)) throw new Error(`ASHE unit ${code} is not a SOC 2020 unit group`);
    const proxy = [code.slice(0, 3), code.slice(0, 2), code.slice(0, 1)].map((g) => groupMedians.get(g)).find((m) => m !== undefined);
    if (proxy !== undefined) {
      ukProxyMedians[code] = proxy;
      ukUnpriced[code] = ukTitles.get(code)!;
    }
  }
  if (!uk[UK_DEFAULT_CODE]) throw new Error(`default UK code ${UK_DEFAULT_CODE} has no ASHE median`);

  return { usMajorGroups, us, aioe, uk, ukProxyMedians, ukUnpriced, ukDefaultCode: UK_DEFAULT_CODE, fallbackMedian, usPay: buildUsPay(dataDir, us) };
}

/** An OEWS row's annual median: the published one, else hourly × 2,080, else (top-coded) the annual mean. */
function oewsAnnualMedian(row: Record<string, string>): number | null {
  const annual = numberOrNull(row.A_MEDIAN);
  if (annual !== null) return annual;
  const hourly = numberOrNull(row.H_MEDIAN);
  if (hourly !== null) return Math.round(hourly * OEWS_HOURS_PER_YEAR);
  return row.A_MEDIAN === '#' ? numberOrNull(row.A_MEAN) : null;
}

export function buildUsPay(dataDir: string, us: Occupations['us']): NonNullable<Occupations['usPay']> {
  const byCode = new Map<string, number>();
  let fallbackMedian: number | null = null;
  for (const row of readCsv(dataDir, FILES.oews)) {
    const median = oewsAnnualMedian(row);
    if (median === null) continue;
    if (row.O_GROUP === 'total') fallbackMedian = median;
    else byCode.set(row.OCC_CODE, median);
  }
  if (fallbackMedian === null) throw new Error('OEWS has no all-occupations median');
  const medians: Record<string, number> = {};
  const proxyMedians: Record<string, number> = {};
  for (const code of Object.keys(us).sort()) {
    const own = byCode.get(code);
    if (own !== undefined) {
      medians[code] = own;
      continue;
    }
    // Broad group NN-NNN0, minor NN-NN00, major NN-0000.
    const groups = [`${code.slice(0, 6)}0`, `${code.slice(0, 5)}00`, `${code.slice(0, 2)}-0000`];
    const proxy = groups.map((g) => byCode.get(g)).find((m) => m !== undefined);
    if (proxy !== undefined) proxyMedians[code] = proxy;
  }
  return { region: US_PAY_REGION, medians, proxyMedians, fallbackMedian };
}

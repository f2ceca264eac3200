/**
 * Deterministic sample of real staff-list rows WITH their context, for the hand-labelled context set
 * (bench/data/staff-rows-labelled.csv, described in bench/data/STAFF-ROWS.md). A row is one distinct
 * (title, unit or department, organisation, grade, professional group) of a source list, with the pay a
 * consultant would see for it and how many people hold it.
 *
 *   npx tsx bench/data/sample-staff-rows.ts > /tmp/staff-rows-sample.csv
 *
 * For each source, in the fixed order below, the distinct rows are ordered by SHA-256 of
 * `${SEED}|${source}|${row key}` and the first N are taken. Alternate rows of the draw go to the evaluation half
 * and the development half (`set`), so both halves hold every source in the same proportion.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { csvRecords as parseCsv } from '../../scripts/build-reference/policy/csv.ts';

export const ROWS_SEED = 'staff-rows-2026-11';
const DATA = process.env.STAFF_LISTS_DIR ?? path.resolve(import.meta.dirname, '../../../shared/data/staff-lists');

export interface SampledRow {
  set: 'eval' | 'dev';
  source: string;
  title: string;
  division: string;
  organisation: string;
  grade: string;
  group: string;
  /** Annual pay in the list's currency (a band's midpoint, or the median of the row's people); '' when not given. */
  salary: string;
  currency: 'GBP' | 'USD';
  /** People (organogram junior posts: posts in FTE) holding this row. */
  headcount: string;
  /** A senior post's published description of its duties: read by the labellers, never by the coder. */
  duties: string;
}

type Unit = Omit<SampledRow, 'set' | 'source' | 'headcount'> & { people: number; pays: number[] };

function table(file: string): Record<string, string>[] {
  const [head, ...rows] = parseCsv(fs.readFileSync(path.join(DATA, file), 'utf8').replace(/^\uFEFF/, ''));
  return rows.filter((r) => r.some((c) => c.trim() !== '')).map((r) => Object.fromEntries(head.map((h, i) => [h, (r[i] ?? '').trim()])));
}

const amount = (s: string | undefined) => {
  const n = Number((s ?? '').replace(/[£$,]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};

const median = (xs: number[]) => {
  if (xs.length === 0) return '';
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return String(Math.round(m));
};

/** Distinct units of a list, keyed by everything the coder may read. */
function units(rows: Record<string, string>[], read: (r: Record<string, string>) => (Unit & { weight: number; pay: number | null }) | null): Map<string, Unit> {
  const out = new Map<string, Unit>();
  for (const r of rows) {
    const u = read(r);
    if (!u || u.title === '') continue;
    const k = [u.title, u.division, u.organisation, u.grade, u.group].join('|');
    const have = out.get(k);
    if (have) {
      have.people += u.weight;
      if (u.pay !== null) have.pays.push(u.pay);
    } else {
      out.set(k, { ...u, people: u.weight, pays: u.pay === null ? [] : [u.pay] });
    }
  }
  return out;
}

const senior = (file: string) => () =>
  units(table(file), (r) => {
    const floor = amount(r['Actual Pay Floor (£)']);
    const ceiling = amount(r['Actual Pay Ceiling (£)']);
    return {
      title: r['Job Title'], division: r['Unit'], organisation: r['Organisation'], grade: r['Grade (or equivalent)'],
      group: r['Professional/Occupational Group'], salary: '', currency: 'GBP', duties: r['Job/Team Function'] ?? '',
      people: 0, pays: [], weight: amount(r['FTE']) ?? 1, pay: floor !== null && ceiling !== null ? (floor + ceiling) / 2 : null,
    };
  });

const junior = (file: string) => () =>
  units(table(file), (r) => {
    const min = amount(r['Payscale Minimum (£)']);
    const max = amount(r['Payscale Maximum (£)']);
    const posts = amount(r['Number of Posts in FTE']);
    if (posts === null) return null;
    return {
      title: r['Generic Job Title'], division: r['Unit'], organisation: r['Organisation'], grade: r['Grade'],
      group: r['Professional/Occupational Group'], salary: '', currency: 'GBP', duties: '',
      people: 0, pays: [], weight: posts, pay: min !== null && max !== null ? (min + max) / 2 : null,
    };
  });

const baltimore = () =>
  units(table('us-payroll-baltimore-city-fy2019.csv'), (r) => ({
    title: r['JOBTITLE'], division: r['DESCR'], organisation: '', grade: '', group: '', salary: '', currency: 'USD', duties: '',
    people: 0, pays: [], weight: 1, pay: amount(r['ANNUAL_RT']),
  }));

export const ROW_SOURCES: { source: string; n: number; units: () => Map<string, Unit> }[] = [
  { source: 'ea-senior', n: 50, units: senior('uk-organogram-environment_agency-2011-09-30-senior.csv') },
  { source: 'ea-junior', n: 150, units: junior('uk-organogram-environment_agency-2011-09-30-junior.csv') },
  { source: 'dft-senior', n: 40, units: senior('uk-organogram-department_for_transport-2011-09-30-senior.csv') },
  { source: 'dft-junior', n: 110, units: junior('uk-organogram-department_for_transport-2011-09-30-junior.csv') },
  { source: 'baltimore', n: 300, units: baltimore },
];

const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function drawStaffRows(): SampledRow[] {
  const out: SampledRow[] = [];
  for (const s of ROW_SOURCES) {
    const all = [...s.units()].map(([k, u]) => ({ k: hash(`${ROWS_SEED}|${s.source}|${k}`), u }));
    all.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
    for (const { u } of all.slice(0, s.n)) {
      out.push({
        set: out.length % 2 === 0 ? 'eval' : 'dev',
        source: s.source, title: u.title, division: u.division, organisation: u.organisation, grade: u.grade, group: u.group,
        salary: median(u.pays), currency: u.currency, headcount: String(Math.round(u.people * 100) / 100), duties: u.duties,
      });
    }
  }
  return out;
}

export const ROW_COLUMNS = ['set', 'source', 'title', 'division', 'organisation', 'grade', 'group', 'salary', 'currency', 'headcount', 'duties'] as const;

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const lines = [ROW_COLUMNS.join(','), ...drawStaffRows().map((r) => ROW_COLUMNS.map((c) => quote(r[c])).join(','))];
  process.stdout.write(`${lines.join('\r\n')}\r\n`);
}

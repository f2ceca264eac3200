/**
 * Deterministic sample of real staff-list job titles for the hand-labelled evaluation set
 * (bench/data/staff-titles-labelled.csv; see bench/data/STAFF-TITLES.md).
 *
 *   npx tsx bench/data/sample-staff-titles.ts > /tmp/staff-titles-sample.csv
 *
 * For each source, in the fixed order below, the distinct non-empty titles (exact strings, not trimmed or
 * re-cased) are ordered by SHA-256 of `${SEED}|${source}|${title}` and the first N not already drawn from an
 * earlier source are taken (so an exact duplicate across sources appears once, under the first source).
 * Output: CSV `source,title` in sample order (RFC 4180 quoting).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { csvRecords as parseCsv } from '../../scripts/build-reference/policy/csv.ts';

export const SEED = 'staff-titles-2026-11';
// shared/ sits beside the repository (README), wherever it is cloned.
const DATA = process.env.STAFF_LISTS_DIR ?? path.resolve(import.meta.dirname, '../../../shared/data/staff-lists');

interface Source {
  source: string;
  n: number;
  titles: () => string[];
}


function lines(file: string): string[] {
  return fs
    .readFileSync(path.join(DATA, file), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
}

function column(file: string, heading: string): string[] {
  const [head, ...rows] = parseCsv(fs.readFileSync(path.join(DATA, file), 'utf8').replace(/^\uFEFF/, ''));
  const idx = head.indexOf(heading);
  if (idx < 0) throw new Error(`${file}: no column "${heading}"`);
  return rows.map((r) => r[idx] ?? '').filter((t) => t.trim() !== '');
}

export const SOURCES: Source[] = [
  { source: 'organogram-titles', n: 150, titles: () => lines('uk-organogram-titles.txt') },
  { source: 'ea-senior', n: 30, titles: () => column('uk-organogram-environment_agency-2011-09-30-senior.csv', 'Job Title') },
  { source: 'ea-junior', n: 30, titles: () => column('uk-organogram-environment_agency-2011-09-30-junior.csv', 'Generic Job Title') },
  { source: 'dft-senior', n: 30, titles: () => column('uk-organogram-department_for_transport-2011-09-30-senior.csv', 'Job Title') },
  { source: 'dft-junior', n: 30, titles: () => column('uk-organogram-department_for_transport-2011-09-30-junior.csv', 'Generic Job Title') },
  { source: 'us-payroll', n: 90, titles: () => lines('us-payroll-titles.txt') },
];

const key = (source: string, title: string) =>
  crypto.createHash('sha256').update(`${SEED}|${source}|${title}`).digest('hex');

export function drawSample(): { source: string; title: string }[] {
  const taken = new Set<string>();
  const out: { source: string; title: string }[] = [];
  for (const s of SOURCES) {
    const distinct = [...new Set(s.titles())];
    const ordered = distinct.map((t) => ({ t, k: key(s.source, t) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
    let got = 0;
    for (const { t } of ordered) {
      if (got >= s.n) break;
      if (taken.has(t)) continue;
      taken.add(t);
      out.push({ source: s.source, title: t });
      got++;
    }
  }
  return out;
}

const q = (v: string) => (/[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v);

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const rows = drawSample();
  process.stdout.write('source,title\n' + rows.map((r) => `${r.source},${q(r.title)}`).join('\n') + '\n');
}

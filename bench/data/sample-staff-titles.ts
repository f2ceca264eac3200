/**
 * Deterministic samples of real staff-list job titles for the hand-labelled sets (see bench/data/STAFF-TITLES.md):
 * the evaluation set (bench/data/staff-titles-labelled.csv) and, drawn after it with its own seed and never
 * repeating one of its titles, the development-and-calibration set (bench/data/staff-titles-dev.csv), and after both
 * the training set (bench/data/staff-titles-train.csv), which the coder learns from.
 *
 *   npx tsx bench/data/sample-staff-titles.ts > /tmp/staff-titles-sample.csv
 *   npx tsx bench/data/sample-staff-titles.ts dev > /tmp/staff-titles-dev-sample.csv
 *   npx tsx bench/data/sample-staff-titles.ts train > /tmp/staff-titles-train-sample.csv
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
export const DEV_SEED = 'staff-titles-dev-2026-11';
export const TRAIN_SEED = 'staff-titles-train-2026-11';
// shared/ sits beside the repository (README), wherever it is cloned.
const DATA = process.env.STAFF_LISTS_DIR ?? path.resolve(import.meta.dirname, '../../../shared/data/staff-lists');

interface Source {
  source: string;
  n: number;
  /** How many the development set draws. */
  devN: number;
  /** How many the training set draws: every title the other two sets left. */
  trainN: number;
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
  { source: 'organogram-titles', n: 150, devN: 200, trainN: Infinity, titles: () => lines('uk-organogram-titles.txt') },
  { source: 'ea-senior', n: 30, devN: 20, trainN: Infinity, titles: () => column('uk-organogram-environment_agency-2011-09-30-senior.csv', 'Job Title') },
  { source: 'ea-junior', n: 30, devN: 40, trainN: Infinity, titles: () => column('uk-organogram-environment_agency-2011-09-30-junior.csv', 'Generic Job Title') },
  { source: 'dft-senior', n: 30, devN: 40, trainN: Infinity, titles: () => column('uk-organogram-department_for_transport-2011-09-30-senior.csv', 'Job Title') },
  { source: 'dft-junior', n: 30, devN: 30, trainN: Infinity, titles: () => column('uk-organogram-department_for_transport-2011-09-30-junior.csv', 'Generic Job Title') },
  { source: 'us-payroll', n: 90, devN: 150, trainN: Infinity, titles: () => lines('us-payroll-titles.txt') },
];

const key = (seed: string, source: string, title: string) =>
  crypto.createHash('sha256').update(`${seed}|${source}|${title}`).digest('hex');

/** Titles that differ only in case, spacing or punctuation read as one ("Head of HR" and "HEAD OF HR,"). */
export const looseKey = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** `taken` holds the drawn titles as `sameAs` reads them: a title already there, so read, is not drawn again. */
function draw(seed: string, size: (s: Source) => number, taken: Set<string>, sameAs = (t: string) => t): { source: string; title: string }[] {
  const out: { source: string; title: string }[] = [];
  for (const s of SOURCES) {
    const distinct = [...new Set(s.titles())];
    const ordered = distinct.map((t) => ({ t, k: key(seed, s.source, t) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
    let got = 0;
    for (const { t } of ordered) {
      if (got >= size(s)) break;
      const read = sameAs(t);
      if (taken.has(read)) continue;
      taken.add(read);
      out.push({ source: s.source, title: t });
      got++;
    }
  }
  return out;
}

/** The evaluation set's draw. */
export function drawSample(): { source: string; title: string }[] {
  return draw(SEED, (s) => s.n, new Set());
}

/** The development set's draw: its own seed, and no title the evaluation set holds. */
export function drawDevSample(): { source: string; title: string }[] {
  return draw(DEV_SEED, (s) => s.devN, new Set(drawSample().map((r) => r.title)));
}

/**
 * The training set's draw: its own seed, and no title the other two sets hold, even loosely (a training title
 * that differed from an evaluation title only in case or punctuation would leak its label into the measure).
 */
export function drawTrainSample(): { source: string; title: string }[] {
  const held = [...drawSample(), ...drawDevSample()].map((r) => looseKey(r.title));
  return draw(TRAIN_SEED, (s) => s.trainN, new Set(held), looseKey).filter((r) => looseKey(r.title) !== '');
}

const q = (v: string) => (/[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v);

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const which = process.argv[2];
  const rows = which === 'dev' ? drawDevSample() : which === 'train' ? drawTrainSample() : drawSample();
  process.stdout.write('source,title\n' + rows.map((r) => `${r.source},${q(r.title)}`).join('\n') + '\n');
}

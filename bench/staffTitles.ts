/**
 * Hand-labelled evaluation set of real staff-list job titles (bench/data/staff-titles-labelled.csv, described in
 * bench/data/STAFF-TITLES.md) and the arithmetic to score a title coder against it.
 *
 *   const items = loadLabelledStaffTitles();
 *   const report = scoreStaffTitles(items, (title) => myCoder(title));
 *
 * Strict figures count only the label's own codes as right; the separately reported `lenient` figures also count
 * the label's runner-up codes (alt_us / alt_uk, given where the labeller judged the title doubtful).
 */
import fs from 'node:fs';
import path from 'node:path';
import { csvRecords } from '../scripts/build-reference/policy/csv.ts';

export const STAFF_TITLE_SOURCES = [
  'organogram-titles',
  'ea-senior',
  'ea-junior',
  'dft-senior',
  'dft-junior',
  'us-payroll',
] as const;
export type StaffTitleSource = (typeof STAFF_TITLE_SOURCES)[number];

export interface LabelledStaffTitle {
  source: StaffTitleSource;
  /** The title exactly as it appears in the source list. */
  title: string;
  /** US SOC 2018 detailed code, NN-NNNN. */
  usSoc2018: string;
  /** UK SOC 2020 unit group, NNNN. */
  ukSoc2020: string;
  /** 'not-a-title' where the line is a unit, team or grade name rather than a job title. */
  kind: 'title' | 'not-a-title';
  certainty: 'sure' | 'doubtful';
  /** Runner-up US codes (doubtful labels). */
  altUs: string[];
  /** Runner-up UK codes (doubtful labels). */
  altUk: string[];
  note: string;
}

export interface StaffTitlePrediction {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  confidence: number;
  reviewRequired: boolean;
}

export type StaffTitleClassifier = (title: string) => StaffTitlePrediction;

export const DEFAULT_STAFF_TITLES_PATH = path.join(import.meta.dirname, 'data', 'staff-titles-labelled.csv');
/**
 * The development-and-calibration set: a second draw from the same lists, labelled the same way, sharing no
 * title with the evaluation set. The reference build calibrates the coder's confidence on it, so the
 * evaluation set stays unseen by that step.
 */
export const DEV_STAFF_TITLES_PATH = path.join(import.meta.dirname, 'data', 'staff-titles-dev.csv');

/**
 * The training set: a third draw, sharing no title (even loosely) with the other two, whose labels the coder
 * learns from (scripts/build-reference/taxonomy/coder.ts), as it learns from the index titles.
 */
export const TRAIN_STAFF_TITLES_PATH = path.join(import.meta.dirname, 'data', 'staff-titles-train.csv');

const HEADER = ['source', 'title', 'us_soc2018', 'uk_soc2020', 'kind', 'certainty', 'alt_us', 'alt_uk', 'note'];
const US_CODE = /^\d{2}-\d{4}$/;
const UK_CODE = /^\d{4}$/;


/** The labelled file's records (the build's RFC 4180 reader). */
export const parseCsv = csvRecords;

const splitCodes = (s: string) =>
  s
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c !== '');

/** Parses the labelled CSV; throws on a malformed row (wrong column count, unknown source/kind/certainty, bad code shape). */
export function loadLabelledStaffTitles(file: string = DEFAULT_STAFF_TITLES_PATH): LabelledStaffTitle[] {
  const [head, ...rows] = parseCsv(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  if (!head || head.join(',') !== HEADER.join(',')) throw new Error(`${file}: expected header ${HEADER.join(',')}`);
  const out: LabelledStaffTitle[] = [];
  rows.forEach((r, i) => {
    if (r.length === 1 && r[0] === '') return; // blank line
    const line = i + 2;
    if (r.length !== HEADER.length) throw new Error(`${file}:${line}: ${r.length} fields, expected ${HEADER.length}`);
    const [source, title, us, uk, kind, certainty, altUs, altUk, note] = r;
    if (!(STAFF_TITLE_SOURCES as readonly string[]).includes(source)) throw new Error(`${file}:${line}: unknown source ${source}`);
    if (kind !== 'title' && kind !== 'not-a-title') throw new Error(`${file}:${line}: unknown kind ${kind}`);
    if (certainty !== 'sure' && certainty !== 'doubtful') throw new Error(`${file}:${line}: unknown certainty ${certainty}`);
    const item: LabelledStaffTitle = {
      source: source as StaffTitleSource,
      title,
      usSoc2018: us,
      ukSoc2020: uk,
      kind,
      certainty,
      altUs: splitCodes(altUs),
      altUk: splitCodes(altUk),
      note,
    };
    for (const c of [item.usSoc2018, ...item.altUs]) if (!US_CODE.test(c)) throw new Error(`${file}:${line}: bad US code ${c}`);
    for (const c of [item.ukSoc2020, ...item.altUk]) if (!UK_CODE.test(c)) throw new Error(`${file}:${line}: bad UK code ${c}`);
    out.push(item);
  });
  return out;
}

export interface ReliabilityBin {
  /** Bin covers [lo, hi); the last bin includes 1. */
  lo: number;
  hi: number;
  n: number;
  /** Mean predicted confidence in the bin (null when empty). */
  meanConfidence: number | null;
  /** Share of the bin's titles whose US major group is right (null when empty). */
  usMajorAccuracy: number | null;
}

export interface StaffTitleAccuracy {
  usMajor: number | null;
  usDetailed: number | null;
  ukMajor: number | null;
  ukUnit: number | null;
}

export interface StaffTitleGroupScore {
  n: number;
  /** Strict accuracies: only the label's own code counts. A null prediction counts as wrong. */
  usMajorAccuracy: number | null;
  usDetailedAccuracy: number | null;
  ukMajorAccuracy: number | null;
  ukUnitAccuracy: number | null;
  /** Lenient accuracies: the label's alt codes count as right too. */
  lenient: StaffTitleAccuracy;
  /** Share with a non-null US code. */
  coverage: number | null;
  /** Share flagged reviewRequired. */
  reviewShare: number | null;
  /** Titles not flagged for review, and their US major-group accuracy. */
  nOutsideReview: number;
  usMajorAccuracyOutsideReview: number | null;
  /** Confidence in ten 0.1 bins against US 6-digit correctness. */
  reliability: ReliabilityBin[];
  /** Expected calibration error: sum over bins of (bin n / n) * |accuracy - mean confidence|. */
  ece: number | null;
}

export interface StaffTitleScore {
  overall: StaffTitleGroupScore;
  /** All UK organogram sources combined (organogram-titles, ea-*, dft-*). */
  uk: StaffTitleGroupScore;
  /** US city and county payroll titles. */
  us: StaffTitleGroupScore;
}

export interface ScoredStaffTitle {
  item: LabelledStaffTitle;
  prediction: StaffTitlePrediction;
}

const usMajor = (code: string) => code.slice(0, 2);
const ukMajor = (code: string) => code.slice(0, 1);
const share = (k: number, n: number) => (n === 0 ? null : k / n);

function clampConfidence(c: number): number {
  if (!Number.isFinite(c)) return 0;
  return Math.min(1, Math.max(0, c));
}

/** Index of the 0.1-wide bin (0..9) holding confidence c; 1.0 goes in the last bin. */
export function confidenceBin(c: number): number {
  return Math.min(9, Math.floor(clampConfidence(c) * 10 + 1e-9));
}

function scoreGroup(rows: ScoredStaffTitle[]): StaffTitleGroupScore {
  const n = rows.length;
  let usMaj = 0;
  let usDet = 0;
  let ukMaj = 0;
  let ukUnit = 0;
  let lUsMaj = 0;
  let lUsDet = 0;
  let lUkMaj = 0;
  let lUkUnit = 0;
  let covered = 0;
  let review = 0;
  let outside = 0;
  let outsideUsMaj = 0;
  const bins = Array.from({ length: 10 }, () => ({ n: 0, conf: 0, right: 0 }));
  for (const { item, prediction: p } of rows) {
    const us = p.usSoc2018;
    const uk = p.ukSoc2020;
    const usAll = [item.usSoc2018, ...item.altUs];
    const ukAll = [item.ukSoc2020, ...item.altUk];
    const usDetRight = us !== null && us === item.usSoc2018;
    const usMajRight = us !== null && usMajor(us) === usMajor(item.usSoc2018);
    if (usMajRight) usMaj++;
    if (usDetRight) usDet++;
    if (uk !== null && ukMajor(uk) === ukMajor(item.ukSoc2020)) ukMaj++;
    if (uk !== null && uk === item.ukSoc2020) ukUnit++;
    if (us !== null && usAll.some((c) => usMajor(c) === usMajor(us))) lUsMaj++;
    if (us !== null && usAll.includes(us)) lUsDet++;
    if (uk !== null && ukAll.some((c) => ukMajor(c) === ukMajor(uk))) lUkMaj++;
    if (uk !== null && ukAll.includes(uk)) lUkUnit++;
    if (us !== null) covered++;
    if (p.reviewRequired) review++;
    else {
      outside++;
      if (usMajRight) outsideUsMaj++;
    }
    const b = bins[confidenceBin(p.confidence)];
    b.n++;
    b.conf += clampConfidence(p.confidence);
    // Confidence is the calibrated chance of the right US major group (workers/classify/coder.ts).
    if (usMajRight) b.right++;
  }
  const reliability: ReliabilityBin[] = bins.map((b, i) => ({
    lo: i / 10,
    hi: (i + 1) / 10,
    n: b.n,
    meanConfidence: b.n === 0 ? null : b.conf / b.n,
    usMajorAccuracy: b.n === 0 ? null : b.right / b.n,
  }));
  const ece =
    n === 0
      ? null
      : bins.reduce((sum, b) => (b.n === 0 ? sum : sum + (b.n / n) * Math.abs(b.right / b.n - b.conf / b.n)), 0);
  return {
    n,
    usMajorAccuracy: share(usMaj, n),
    usDetailedAccuracy: share(usDet, n),
    ukMajorAccuracy: share(ukMaj, n),
    ukUnitAccuracy: share(ukUnit, n),
    lenient: {
      usMajor: share(lUsMaj, n),
      usDetailed: share(lUsDet, n),
      ukMajor: share(lUkMaj, n),
      ukUnit: share(lUkUnit, n),
    },
    coverage: share(covered, n),
    reviewShare: share(review, n),
    nOutsideReview: outside,
    usMajorAccuracyOutsideReview: share(outsideUsMaj, outside),
    reliability,
    ece,
  };
}

/** Scores predictions already made for the items (same order). */
export function scoreStaffTitlePredictions(
  items: LabelledStaffTitle[],
  predictions: StaffTitlePrediction[],
): StaffTitleScore {
  if (items.length !== predictions.length) throw new Error(`${items.length} items but ${predictions.length} predictions`);
  const rows = items.map((item, i) => ({ item, prediction: predictions[i] }));
  return {
    overall: scoreGroup(rows),
    uk: scoreGroup(rows.filter((r) => r.item.source !== 'us-payroll')),
    us: scoreGroup(rows.filter((r) => r.item.source === 'us-payroll')),
  };
}

/** Classifies every item's title with `classify` and scores the results overall, for UK sources and for US payroll. */
export function scoreStaffTitles(items: LabelledStaffTitle[], classify: StaffTitleClassifier): StaffTitleScore {
  return scoreStaffTitlePredictions(
    items,
    items.map((it) => classify(it.title)),
  );
}

import { DEV_STAFF_TITLES_PATH, loadLabelledStaffTitles, type LabelledStaffTitle } from '../../../bench/staffTitles.ts';
import { coderPathSchema, type CoderKnowledge, type CoderPath } from '../../../schema/reference/coder.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { decideWithoutAi } from '../../../workers/classify/classify.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { logisticFit } from './logisticFit.ts';

/**
 * Recalibrates the coder's confidence on real staff titles (bench/data/staff-titles-dev.csv, hand-labelled).
 *
 * The first calibration is measured on index titles the models did not learn from (coder.ts), but staff lists
 * are not index lists: their titles repeat a few forms ("Deputy Director, X", "Policy Adviser") that the coder
 * gets right more often than index titles of the same raw share, and others it gets wrong more often. So each
 * coder path's table is mapped through a logistic recalibration fitted on the staff titles,
 * P(right) = σ(a + b·logit(c)), with a and b pulled towards the identity (a = 0, b = 1); a path the staff
 * titles hold few of keeps its index-title table. A curated rule's confidence becomes its staff-title
 * precision, shrunk towards the index figure in the same way. "Right" is the US major group, as before.
 */

/** How many titles' worth of belief the index-title calibration keeps against the staff titles. */
const PRIOR_WEIGHT = 2;
/** A path the staff titles hold fewer of keeps its index-title table: a handful of titles is no measurement. */
const MIN_PATH_TITLES = 20;
const clamp = (p: number) => Math.min(1 - 1e-4, Math.max(1e-4, p));
const logit = (p: number) => Math.log(clamp(p) / (1 - clamp(p)));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number) => Math.round(x * 1000) / 1000;

interface Sample {
  /** Confidence under the index-title calibration. */
  confidence: number;
  right: boolean;
}

/** Penalised logistic fit of right on logit(confidence), pulled towards the identity (a = 0, b = 1). */
export function fitRecalibration(samples: readonly Sample[], priorWeight = PRIOR_WEIGHT): { a: number; b: number } {
  const [a, b] = logisticFit(
    samples.map((s) => ({ x: [1, logit(s.confidence)], right: s.right })),
    { centre: [0, 1], weight: [priorWeight, priorWeight] },
  );
  // An inverted fit would reorder titles the index ranked; confidence must keep rising with the share.
  return { a, b: Math.max(b, 0.05) };
}

export interface StaffCalibration {
  calibrationByPath: NonNullable<CoderKnowledge['calibrationByPath']>;
  curatedConfidence: number;
  curatedConfidenceByRole: NonNullable<CoderKnowledge['curatedConfidenceByRole']>;
  curatedDisputedConfidence: number;
  /** The staff titles' review threshold (reviewThresholdFor). */
  reviewThreshold: number;
  stats: { staffTitles: number; coded: Partial<Record<CoderPath, number>>; curated: number; curatedDisputed: number; outsideReview: number; outsideReviewRight: number };
}

/** A role whose rules the staff titles hit fewer times than this takes the rate of all curated rules. */
const MIN_ROLE_TITLES = 10;
/** How many titles' worth of belief the rate of all curated rules keeps against one role's own. */
const ROLE_PRIOR_WEIGHT = 5;
/**
 * Titles and rows left out of the review queue should be right (US major group) at least this often, the
 * review flag's target (issue 24: 95%), as long as at least MIN_OUTSIDE_SHARE of them stay out of it: a queue
 * of nearly everything finds nothing, so where the target would need a longer queue the threshold stops at the
 * one that leaves that share outside, the most precise the flag can be with a queue a consultant can work.
 */
export const OUTSIDE_REVIEW_PRECISION = 0.95;
/** The share of calibration titles or rows the review threshold leaves outside review, at least: issue 24's floor. A margin above it pulled the threshold down whenever a review check sent more rows to review. */
export const MIN_OUTSIDE_SHARE = 0.6;

/**
 * The lowest threshold, in hundredths, whose titles at or above it are right `precision` of the time; or, if
 * that would leave under `minOutside` of them outside review, the highest threshold that leaves that share.
 */
export function reviewThresholdFor(samples: readonly Sample[], precision = OUTSIDE_REVIEW_PRECISION, minOutside = MIN_OUTSIDE_SHARE): number {
  let last = 0;
  for (let hundredths = 0; hundredths <= 100; hundredths++) {
    const t = hundredths / 100;
    const outside = samples.filter((s) => s.confidence >= t);
    if (outside.length < minOutside * samples.length) return last;
    if (outside.filter((s) => s.right).length / outside.length >= precision) return t;
    last = t;
  }
  return 1;
}

/** Labelled staff titles and a document whose coder did not learn them. */
export interface CalibrationTitles {
  document: ReferenceData;
  titles: readonly Pick<LabelledStaffTitle, 'title' | 'usSoc2018'>[];
}

/**
 * The staff-title recalibration of a built document's coder (the document itself is not changed). Each set's
 * titles are coded by that set's document: the development set by the document itself, and each fold of the
 * training titles by a document whose coder learnt every other fold (cross-fitting), so no title is scored by
 * a coder that learnt its code.
 */
export function calibrateOnStaffTitles(
  document: ReferenceData,
  sets: readonly CalibrationTitles[] = [{ document, titles: loadLabelledStaffTitles(DEV_STAFF_TITLES_PATH) }],
): StaffCalibration {
  const coder = document.classification.coder;
  if (!coder) throw new Error('staff calibration needs a document with a coder');
  const byPath = new Map<CoderPath, Sample[]>();
  const curated: { role: string; disputed: boolean; right: boolean }[] = [];
  let staffTitles = 0;
  for (const set of sets) {
    const compiled = compileReference(set.document);
    staffTitles += set.titles.length;
    for (const t of set.titles) {
      const { classification, decider } = decideWithoutAi(compiled, t.title);
      const right = classification.usSoc2018?.slice(0, 2) === t.usSoc2018.slice(0, 2);
      if (decider.kind === 'rule') curated.push({ role: decider.hit.role.subcategory, disputed: decider.disputed, right });
      // The documents are not yet recalibrated, so the coder's confidence is the index-title one.
      else if (decider.kind === 'coder') (byPath.get(decider.path) ?? byPath.set(decider.path, []).get(decider.path)!).push({ confidence: classification.confidence, right });
    }
  }
  const calibrationByPath: StaffCalibration['calibrationByPath'] = {};
  // Every title's recalibrated confidence, to choose the review threshold from.
  const recalibrated: Sample[] = [];
  for (const path of coderPathSchema.options) {
    const table = coder.calibrationByPath?.[path] ?? coder.calibration;
    const own = byPath.get(path) ?? [];
    const { a, b } = own.length >= MIN_PATH_TITLES ? fitRecalibration(own) : { a: 0, b: 1 };
    calibrationByPath[path] = table.map(([x, y]) => [x, round(sigmoid(a + b * logit(y)))] as [number, number]);
    for (const sample of own) recalibrated.push({ confidence: round(sigmoid(a + b * logit(sample.confidence))), right: sample.right });
  }
  const rate = (right: number, n: number, prior: number, weight: number) => round((right + weight * prior) / (n + weight));
  const curatedConfidence = rate(curated.filter((c) => c.right).length, curated.length, coder.curatedConfidence, PRIOR_WEIGHT);
  const byRole = new Map<string, boolean[]>();
  for (const c of curated) (byRole.get(c.role) ?? byRole.set(c.role, []).get(c.role)!).push(c.right);
  const curatedConfidenceByRole: StaffCalibration['curatedConfidenceByRole'] = {};
  for (const [role, hits] of [...byRole].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (hits.length >= MIN_ROLE_TITLES) curatedConfidenceByRole[role] = rate(hits.filter(Boolean).length, hits.length, curatedConfidence, ROLE_PRIOR_WEIGHT);
  }
  const disputed = curated.filter((c) => c.disputed);
  const curatedDisputedConfidence = Math.min(curatedConfidence, rate(disputed.filter((c) => c.right).length, disputed.length, curatedConfidence, PRIOR_WEIGHT));
  for (const c of curated) {
    const measured = curatedConfidenceByRole[c.role] ?? curatedConfidence;
    recalibrated.push({ confidence: c.disputed ? Math.min(measured, curatedDisputedConfidence) : measured, right: c.right });
  }
  const reviewThreshold = reviewThresholdFor(recalibrated);
  const outside = recalibrated.filter((s) => s.confidence >= reviewThreshold);
  return {
    calibrationByPath,
    curatedConfidence,
    curatedConfidenceByRole,
    curatedDisputedConfidence,
    reviewThreshold,
    stats: {
      staffTitles,
      coded: Object.fromEntries([...byPath].map(([path, s]) => [path, s.length])),
      curated: curated.length,
      curatedDisputed: disputed.length,
      outsideReview: outside.length,
      outsideReviewRight: outside.filter((s) => s.right).length,
    },
  };
}

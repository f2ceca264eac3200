import { DEV_STAFF_TITLES_PATH, loadLabelledStaffTitles, type LabelledStaffTitle } from '../../../bench/staffTitles.ts';
import { coderPathSchema, type CoderKnowledge, type CoderPath } from '../../../schema/reference/coder.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { decideWithoutAi } from '../../../workers/classify/classify.ts';
import { compileReference } from '../../../workers/reference/compile.ts';

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

/** Penalised logistic fit of right on logit(confidence): Newton steps on (a, b), ridge towards (0, 1). */
export function fitRecalibration(samples: readonly Sample[], priorWeight = PRIOR_WEIGHT): { a: number; b: number } {
  let a = 0;
  let b = 1;
  for (let step = 0; step < 50; step++) {
    // Gradient and Hessian of the negative log likelihood plus priorWeight/2·(a² + (b − 1)²).
    let ga = priorWeight * a;
    let gb = priorWeight * (b - 1);
    let haa = priorWeight;
    let hab = 0;
    let hbb = priorWeight;
    for (const s of samples) {
      const x = logit(s.confidence);
      const p = sigmoid(a + b * x);
      const err = p - (s.right ? 1 : 0);
      const w = p * (1 - p);
      ga += err;
      gb += err * x;
      haa += w;
      hab += w * x;
      hbb += w * x * x;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  // An inverted fit would reorder titles the index ranked; confidence must keep rising with the share.
  return { a, b: Math.max(b, 0.05) };
}

export interface StaffCalibration {
  calibrationByPath: NonNullable<CoderKnowledge['calibrationByPath']>;
  curatedConfidence: number;
  stats: { staffTitles: number; coded: Partial<Record<CoderPath, number>>; curated: number };
}

/** The staff-title recalibration of a built document's coder (the document itself is not changed). */
export function calibrateOnStaffTitles(document: ReferenceData, titles: readonly LabelledStaffTitle[] = loadLabelledStaffTitles(DEV_STAFF_TITLES_PATH)): StaffCalibration {
  const coder = document.classification.coder;
  if (!coder) throw new Error('staff calibration needs a document with a coder');
  const compiled = compileReference(document);
  const byPath = new Map<CoderPath, Sample[]>();
  const curated: boolean[] = [];
  for (const t of titles) {
    const { classification, decider } = decideWithoutAi(compiled, t.title);
    const right = classification.usSoc2018?.slice(0, 2) === t.usSoc2018.slice(0, 2);
    if (decider.kind === 'rule') curated.push(right);
    // The document is not yet recalibrated, so the coder's confidence is the index-title one.
    else if (decider.kind === 'coder') (byPath.get(decider.path) ?? byPath.set(decider.path, []).get(decider.path)!).push({ confidence: classification.confidence, right });
  }
  const calibrationByPath: StaffCalibration['calibrationByPath'] = {};
  for (const path of coderPathSchema.options) {
    const table = coder.calibrationByPath?.[path] ?? coder.calibration;
    const own = byPath.get(path) ?? [];
    const { a, b } = own.length >= MIN_PATH_TITLES ? fitRecalibration(own) : { a: 0, b: 1 };
    calibrationByPath[path] = table.map(([x, y]) => [x, round(sigmoid(a + b * logit(y)))] as [number, number]);
  }
  const curatedRight = curated.filter(Boolean).length;
  return {
    calibrationByPath,
    curatedConfidence: round((curatedRight + PRIOR_WEIGHT * coder.curatedConfidence) / (curated.length + PRIOR_WEIGHT)),
    stats: {
      staffTitles: titles.length,
      coded: Object.fromEntries([...byPath].map(([path, s]) => [path, s.length])),
      curated: curated.length,
    },
  };
}

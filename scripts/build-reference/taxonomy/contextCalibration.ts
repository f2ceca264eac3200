import { listContexts, loadStaffRows } from '../../../bench/staffRows.ts';
import type { CoderKnowledge } from '../../../schema/reference/coder.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { classifyInContext, contextCalibrationSample, logit } from '../../../workers/classify/classify.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { logisticFit, logisticProbability, type LogisticPrior } from './logisticFit.ts';
import { mean } from '../policy/context.ts';
import { reviewThresholdFor } from './staffCalibration.ts';

/**
 * Calibrates the confidence of readings in context on the development half of the hand-labelled real staff rows
 * with their context (bench/data/staff-rows-labelled.csv): a logistic regression of "US major group right" on the
 * reading's own chance (log-odds), how well the row's grade and pay fit its codes, whether the context moved it,
 * and how many of its list's units hold the title (classify.ts contextConfidence). Five coefficients, since a few
 * hundred rows cannot carry a finer model; a ridge chosen by cross-validation keeps them from chasing single rows. The evaluation half is never read here.
 */
/**
 * The ridge weights tried, pulling every coefficient but the intercept towards "the reading's own chance is
 * right and the context adds nothing" (a slope of 1 on its log-odds, 0 on the rest). Each is scored by how
 * well its model predicts the development rows when each fifth of them is left out in turn, and the heaviest
 * within one standard error of the best score is kept (the one-standard-error rule): a few hundred rows, and a
 * few dozen the context moved, cannot carry the same five coefficients at any ridge. One chosen by hand had let
 * a single row swing the weight of a moved reading tenfold between two builds, and the best score alone flipped
 * from 3 to 1 when a curated rule changed four development rows, moving that weight from -0.29 to -0.60.
 */
const RIDGES = [0.1, 0.3, 1, 3, 10, 30] as const;
const FOLDS = 5;
const priorOf = (ridge: number): LogisticPrior => ({ centre: [0, 1, 0, 0, 0], weight: [0, ridge, ridge, ridge, ridge] });

type Sample = { x: number[]; right: boolean };

/** Each row's log-loss, predicted by a model fitted without its fold (row i is in fold i mod FOLDS). */
function heldOutLosses(samples: readonly Sample[], prior: LogisticPrior): number[] {
  const losses = new Array<number>(samples.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold++) {
    const w = logisticFit(samples.filter((_, i) => i % FOLDS !== fold), prior);
    for (let i = fold; i < samples.length; i += FOLDS) {
      const p = logisticProbability(w, samples[i].x);
      losses[i] = -Math.log(Math.min(1 - 1e-9, Math.max(1e-9, samples[i].right ? p : 1 - p)));
    }
  }
  return losses;
}

/** The standard error of a mean of `xs`. */
function standardError(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
}

/**
 * The heaviest ridge of RIDGES whose mean held-out loss is within one standard error of the least: the error of
 * its rows' losses less the best ridge's, row by row (the same rows predict both, so their difference is what is
 * uncertain, not each loss).
 */
export function crossValidatedRidge(samples: readonly Sample[]): number {
  // Fewer rows than folds leave a fold with nothing to predict: nothing tells the ridges apart, and the heaviest holds.
  if (samples.length < FOLDS) return RIDGES[RIDGES.length - 1];
  const scored = RIDGES.map((ridge) => ({ ridge, losses: heldOutLosses(samples, priorOf(ridge)) }));
  const best = scored.reduce((a, b) => (mean(b.losses) < mean(a.losses) - 1e-12 ? b : a));
  const close = scored.filter(({ losses }) => {
    const worse = losses.map((loss, i) => loss - best.losses[i]);
    return mean(worse) <= standardError(worse);
  });
  return Math.max(...close.map((s) => s.ridge));
}

export interface ContextCalibration {
  model: NonNullable<CoderKnowledge['contextModel']>;
  /** The development rows' review threshold when read in context with the model (reviewThresholdFor). */
  reviewThreshold: number;
  stats: { rows: number; calibrated: number; moved: number; right: number; ridge: number };
}

export function calibrateOnStaffRows(document: ReferenceData): ContextCalibration {
  const coder = document.classification.coder;
  if (!coder) throw new Error('context calibration needs a document with a coder');
  // The document as it stands, without a model, gives each reading its raw chance.
  const compiled = compileReference({ ...document, classification: { ...document.classification, coder: { ...coder, contextModel: undefined, contextCalibration: undefined } } });
  const lists = listContexts(compiled);
  const rows = loadStaffRows().filter((r) => r.set === 'dev');
  const samples = rows.flatMap((r) => {
    const s = contextCalibrationSample(compiled, r.title, r.context, lists[r.list]);
    return s ? [{ x: [1, logit(s.raw), s.fit, s.moved ? 1 : 0, s.spread], right: s.reading.usSoc2018?.slice(0, 2) === r.usSoc2018.slice(0, 2) }] : [];
  });
  const ridge = crossValidatedRidge(samples);
  const [intercept, confidence, fit, moved, spread] = logisticFit(samples, priorOf(ridge)).map((w) => Math.round(w * 1000) / 1000);
  // A title held in many of a list's units may mean different jobs in them: that never makes a reading surer,
  // whatever a few hundred rows happen to fit (the fitted weight is close to nothing either side of 0).
  const model = { intercept, confidence, fit, moved, spread: Math.min(0, spread) };
  const withModel = compileReference({ ...document, classification: { ...document.classification, coder: { ...coder, contextModel: model, contextCalibration: undefined } } });
  const read = rows.map((r) => {
    const c = classifyInContext(withModel, r.title, r.context, lists[r.list]);
    return { confidence: c.confidence, right: c.usSoc2018?.slice(0, 2) === r.usSoc2018.slice(0, 2) };
  });
  return {
    model,
    reviewThreshold: reviewThresholdFor(read),
    stats: { rows: rows.length, calibrated: samples.length, moved: samples.filter((s) => s.x[3] === 1).length, right: samples.filter((s) => s.right).length, ridge },
  };
}

import { listContexts, loadStaffRows } from '../../../bench/staffRows.ts';
import type { CoderKnowledge } from '../../../schema/reference/coder.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { classifyInContext, contextCalibrationSample, logit } from '../../../workers/classify/classify.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { logisticFit, type LogisticPrior } from './logisticFit.ts';
import { reviewThresholdFor } from './staffCalibration.ts';

/**
 * Calibrates the confidence of readings in context on the development half of the hand-labelled real staff rows
 * with their context (bench/data/staff-rows-labelled.csv): a logistic regression of "US major group right" on the
 * reading's own chance (log-odds), how well the row's grade and pay fit its codes, whether the context moved it,
 * and how many of its list's units hold the title (classify.ts contextConfidence). Five coefficients, since a few
 * hundred rows cannot carry a finer model; a light ridge keeps them from chasing single rows. The evaluation half is never read here.
 */
const RIDGE = 0.5;
/** A light ridge towards 0 on every coefficient but the intercept. */
const MODEL_PRIOR: LogisticPrior = { centre: [0, 0, 0, 0, 0], weight: [0, RIDGE, RIDGE, RIDGE, RIDGE] };

export interface ContextCalibration {
  model: NonNullable<CoderKnowledge['contextModel']>;
  /** The development rows' review threshold when read in context with the model (reviewThresholdFor). */
  reviewThreshold: number;
  stats: { rows: number; calibrated: number; moved: number; right: number };
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
  const [intercept, confidence, fit, moved, spread] = logisticFit(samples, MODEL_PRIOR).map((w) => Math.round(w * 1000) / 1000);
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
    stats: { rows: rows.length, calibrated: samples.length, moved: samples.filter((s) => s.x[3] === 1).length, right: samples.filter((s) => s.right).length },
  };
}

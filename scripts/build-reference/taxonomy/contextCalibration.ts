import { listContexts, loadStaffRows } from '../../../bench/staffRows.ts';
import type { CoderKnowledge } from '../../../schema/reference/coder.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { classifyInContext, contextCalibrationSample, logit } from '../../../workers/classify/classify.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { reviewThresholdFor } from './staffCalibration.ts';

/**
 * Calibrates the confidence of readings in context on the development half of the hand-labelled real staff rows
 * with their context (bench/data/staff-rows-labelled.csv): a logistic regression of "US major group right" on the
 * reading's own chance (log-odds), how well the row's grade and pay fit its codes, and whether the context moved
 * it (classify.ts contextConfidence). Four coefficients, since a few hundred rows cannot carry a finer model; a
 * light ridge keeps them from chasing single rows. The evaluation half is never read here.
 */
const RIDGE = 0.5;
const ITERATIONS = 50;

export interface ContextCalibration {
  model: NonNullable<CoderKnowledge['contextModel']>;
  /** The lowest confidence at which the rows read in context with the model are right as often as titles outside review must be. */
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
    return s ? [{ x: [1, logit(s.raw), s.fit, s.moved ? 1 : 0], right: s.reading.usSoc2018?.slice(0, 2) === r.usSoc2018.slice(0, 2) }] : [];
  });
  const [intercept, confidence, fit, moved] = logisticFit(samples).map((w) => Math.round(w * 1000) / 1000);
  const model = { intercept, confidence, fit, moved };
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

/** Ridge logistic regression by Newton's method (the intercept is not shrunk); starts from "the chance is right". */
export function logisticFit(samples: readonly { x: readonly number[]; right: boolean }[]): number[] {
  const k = samples[0]?.x.length ?? 0;
  const w = Array.from({ length: k }, (_, j) => (j === 1 ? 1 : 0));
  for (let it = 0; it < ITERATIONS; it++) {
    const gradient = w.map((v, j) => (j === 0 ? 0 : -RIDGE * v));
    const hessian = w.map((_, i) => w.map((__, j) => (i === j && i > 0 ? RIDGE : 0)));
    for (const s of samples) {
      const p = 1 / (1 + Math.exp(-s.x.reduce((sum, v, j) => sum + v * w[j], 0)));
      for (let i = 0; i < k; i++) {
        gradient[i] += ((s.right ? 1 : 0) - p) * s.x[i];
        for (let j = 0; j < k; j++) hessian[i][j] += p * (1 - p) * s.x[i] * s.x[j];
      }
    }
    const step = solve(hessian, gradient);
    for (let j = 0; j < k; j++) w[j] += step[j];
    if (step.every((d) => Math.abs(d) < 1e-9)) break;
  }
  return w;
}

/** Solves a small symmetric positive-definite system by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    if (Math.abs(m[c][c]) < 1e-12) return Array(n).fill(0);
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let j = c; j <= n; j++) m[r][j] -= f * m[c][j];
    }
  }
  const x = Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let rest = m[r][n];
    for (let j = r + 1; j < n; j++) rest -= m[r][j] * x[j];
    x[r] = rest / m[r][r];
  }
  return x;
}

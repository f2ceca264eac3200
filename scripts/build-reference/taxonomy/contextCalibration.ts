import { listContexts, loadStaffRows } from '../../../bench/staffRows.ts';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { classifyInContext } from '../../../workers/classify/classify.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { isotonicKnots } from './coder.ts';

/**
 * Calibrates the confidence of readings a row's context chose over the title's own, on the development half of
 * the hand-labelled real staff rows with their context (bench/data/staff-rows-labelled.csv): isotonic regression
 * of "US major group right" on the chosen reading's raw share, at most CONTEXT_KNOTS knots, since a few hundred
 * rows cannot carry a finer table. The evaluation half is never read here.
 */
const CONTEXT_KNOTS = 5;

export interface ContextCalibration {
  table: [number, number][];
  stats: { rows: number; chosenByContext: number; right: number };
}

export function calibrateOnStaffRows(document: ReferenceData): ContextCalibration {
  const coder = document.classification.coder;
  if (!coder) throw new Error('context calibration needs a document with a coder');
  // The document as it stands, without a table, gives each reading its raw share.
  const compiled = compileReference({ ...document, classification: { ...document.classification, coder: { ...coder, contextCalibration: undefined } } });
  const lists = listContexts(compiled);
  const rows = loadStaffRows().filter((r) => r.set === 'dev');
  const samples = rows.flatMap((r) => {
    const c = classifyInContext(compiled, r.title, r.context, lists[r.list]);
    return c.contextUsed ? [{ score: c.confidence, right: c.usSoc2018?.slice(0, 2) === r.usSoc2018.slice(0, 2) }] : [];
  });
  return {
    table: isotonicKnots(samples, CONTEXT_KNOTS),
    stats: { rows: rows.length, chosenByContext: samples.length, right: samples.filter((s) => s.right).length },
  };
}

import type { z } from 'zod';
import { referenceSchema, type ReferenceData } from '../../schema/reference/index.ts';
import { checkOccupations, checkPacks, checkSources, checkTaxonomy } from './checkCatalogue.ts';
import { checkCoder } from './checkCoder.ts';
import {
  checkCopilotAndBenchmark,
  checkLifecycles,
  checkLocations,
  checkProgramme,
  checkScenarios,
  checkThresholds,
} from './checkPolicy.ts';
import { IssueCollector, type ReferenceIssue } from './issues.ts';

export type { ReferenceIssue } from './issues.ts';

export interface ReferenceValidation {
  /** False when any issue is an error; publishing needs true, saving a draft only needs `data`. */
  ok: boolean;
  issues: ReferenceIssue[];
  /** The parsed document when its shape is valid (even with cross-check errors), else null. */
  data: ReferenceData | null;
}

/** A broken document can produce thousands of shape issues; the first ones are enough to act on. */
const MAX_SHAPE_ISSUES = 200;

function shapeMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key' || issue.code === 'invalid_element') {
    const inner = issue.issues.map((i) => i.message).join('; ');
    return inner ? `${issue.message}: ${inner}` : issue.message;
  }
  return issue.message;
}

function shapeIssues(error: z.ZodError): ReferenceIssue[] {
  const issues: ReferenceIssue[] = error.issues.slice(0, MAX_SHAPE_ISSUES).map((issue) => ({
    severity: 'error',
    path: issue.path.map(String).join('.'),
    message: shapeMessage(issue),
  }));
  if (error.issues.length > MAX_SHAPE_ISSUES) {
    issues.push({ severity: 'error', path: '', message: `${error.issues.length - MAX_SHAPE_ISSUES} further shape issues not listed` });
  }
  return issues;
}

/** Shape check, then every cross-check of the specification (errors and warnings with dot paths). */
export function validateReferenceData(input: unknown): ReferenceValidation {
  const parsed = referenceSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: shapeIssues(parsed.error), data: null };
  const data = parsed.data;
  const out = new IssueCollector();
  checkOccupations(data, out);
  checkTaxonomy(data, out);
  checkCoder(data, out);
  checkThresholds(data, out);
  checkLocations(data, out);
  checkScenarios(data, out);
  checkProgramme(data, out);
  checkLifecycles(data, out);
  checkCopilotAndBenchmark(data, out);
  checkPacks(data, out);
  checkSources(data, out);
  return { ok: !out.issues.some((i) => i.severity === 'error'), issues: out.issues, data };
}

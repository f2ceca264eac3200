import type { z } from 'zod';

export interface ValidationIssue {
  path: string;
  message: string;
}

/** A refusal with the specification's status and code. Services throw it; the error mapper replies with it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, 'forbidden', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

export function validationError(error: z.ZodError, prefix?: string): HttpError {
  const issues = error.issues.flatMap(meantBranch).map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
  return invalid(issues);
}

type Issue = z.core.$ZodIssue;

/**
 * A body that is one of several shapes (a dataset's rename or settings) fails as a whole when no shape takes it.
 * Its issues are those of the shape it meant: the one that knows every field sent (no unrecognised keys), with
 * the fewest issues; so a refused value is reported at its field's path, as in any other body. Where shapes tie
 * (an empty body), the issues of each are given.
 */
function meantBranch(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const cost = (branch: Issue[]) => (branch.some((i) => i.code === 'unrecognized_keys') ? 1000 : 0) + branch.length;
  const least = Math.min(...issue.errors.map(cost));
  return issue.errors
    .filter((branch) => cost(branch) === least)
    .flat()
    .flatMap((inner) => meantBranch({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

/** 400 validation_error for issues found past the schema (such as against reference data), worded as the schema's are. */
export function invalid(issues: ValidationIssue[]): HttpError {
  const first = issues[0];
  const summary = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request.';
  return new HttpError(400, 'validation_error', `Invalid request: ${summary}`, issues);
}

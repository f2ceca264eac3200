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
  const issues = error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
  return invalid(issues);
}

/** 400 validation_error for issues found past the schema (such as against reference data), worded as the schema's are. */
export function invalid(issues: ValidationIssue[]): HttpError {
  const first = issues[0];
  const summary = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request.';
  return new HttpError(400, 'validation_error', `Invalid request: ${summary}`, issues);
}

import type { z } from 'zod';
import { validationError } from './httpError.ts';

/** Parses a request part with its zod schema, or refuses with 400 validation_error and the issues. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part?: 'body' | 'query'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, part === 'query' ? 'query' : undefined);
  return result.data;
}

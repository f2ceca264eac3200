import type { z } from 'zod';
import { yieldToRequests } from '../db/connection.ts';
import { validationError } from './httpError.ts';

/** Parses a request part with its zod schema, or refuses with 400 validation_error and the issues. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part?: 'body' | 'query'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, part === 'query' ? 'query' : undefined);
  return result.data;
}

/** Items of a long list checked at a time by parseInSlices. */
const ITEMS_AT_ONCE = 250;

/**
 * parse for a body holding a long list, with waiting requests let run while it is checked: the body without
 * the list's items (`envelope`), then the items (`item`) a slice at a time, then the rules over the whole body
 * (`rules`), which must be together what `schema` checks. Any refusal is `schema`'s own (the body is parsed
 * again with it), so its issues are the same as parse's.
 */
export async function parseInSlices<S extends z.ZodType>(
  schema: S,
  value: unknown,
  parts: { envelope: z.ZodType; item: z.ZodType; list: string; rules: z.ZodType<z.infer<S>> },
): Promise<z.infer<S>> {
  const envelope = parts.envelope.safeParse(value);
  if (!envelope.success) return parse(schema, value);
  const body = envelope.data as Record<string, unknown>;
  const items = body[parts.list] as unknown[];
  const checked: unknown[] = [];
  for (let i = 0; i < items.length; i += ITEMS_AT_ONCE) {
    if (i > 0) await yieldToRequests();
    for (const item of items.slice(i, i + ITEMS_AT_ONCE)) {
      const result = parts.item.safeParse(item);
      if (!result.success) return parse(schema, value);
      checked.push(result.data);
    }
  }
  const rules = parts.rules.safeParse({ ...body, [parts.list]: checked });
  if (!rules.success) return parse(schema, value);
  return rules.data;
}

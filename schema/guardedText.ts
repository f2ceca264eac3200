import { z } from 'zod';
import { holdsEmail, normaliseText, showsAtLeast } from './text.ts';

/**
 * A text field as the server stores it: normalised by schema/text.ts, then checked for length, visible
 * characters and email shapes on that form, in one step. Every stored text of the API uses it, so each schema
 * states its rule in one line and a refusal is a 400 validation_error with the field's path.
 */
export interface TextGuard {
  /** Fewest visible characters (spaces and lone accents do not count); 0 lets the text be empty. Default 1. */
  min?: number;
  /** Most characters once normalised. */
  max: number;
  /** Refuse any email address (full-width and look-alike at signs, addresses written with "(at)"); a string is the message. */
  noEmail?: boolean | string;
  /** Keep line breaks (notes and report wording). */
  multiline?: boolean;
}

/** What the hostile suite reads from a field's JSON Schema to attack its guard (test/reliability/hostileCorpus.ts). */
export const TEXT_GUARD_KEY = 'x-text-guard';

// The text as sent may be longer than the stored limit by the invisible characters it loses, within reason:
// the bound keeps a hostile megabyte from being normalised at all. Either way the limit stated is the stored one.
const sent = (max: number) => z.string().max(max * 4 + 16, `At most ${max} characters.`);

/**
 * The guard as a check that replaces the value with its normalised form (as zod's overwrite does) and adds any
 * refusal: a check costs a fifth of a transform, and a staff list's upload runs ten of them a row. `blank` is
 * what a text left empty once normalised becomes ('' for a required text, which `min` refuses; null otherwise).
 * A value the sent bound already refused is not normalised at all.
 */
function normalising({ min = 1, max, noEmail = false, multiline = false }: TextGuard, blank: '' | null): z.core.CheckFn<string> {
  const emailMessage = typeof noEmail === 'string' ? noEmail : 'Leave email addresses out: this text may not hold one (full-width and look-alike @ count).';
  return (payload) => {
    if (payload.issues.length > 0) return;
    const text = normaliseText(payload.value, { multiline });
    // No function is made per value: under tsx each is named as it is made, which cost more than these checks.
    let refusal: string | null = null;
    if (text.length > max) refusal = `At most ${max} characters.`;
    else if (min > 0 && !showsAtLeast(text, min)) refusal = min === 1 ? 'Required: this text may not be blank or only invisible characters.' : `At least ${min} visible characters.`;
    else if (noEmail && holdsEmail(text)) refusal = emailMessage;
    if (refusal !== null) payload.issues.push({ code: 'custom', message: refusal, input: payload.value });
    // The stored form: a nullable text's blank is none (its schema's output is string | null).
    payload.value = text === '' && blank === null ? (null as unknown as string) : text;
  };
}

function described<S extends z.ZodType>(schema: S, guard: TextGuard): S {
  const { min = 1, max, noEmail = false } = guard;
  return schema.meta({
    description: `Normalised before it is checked and stored (NFKC, invisible characters removed, spaces collapsed); ${min > 0 ? `${min} to ${max}` : `at most ${max}`} characters${noEmail ? '; no email address' : ''}.`,
    [TEXT_GUARD_KEY]: { min, max, noEmail: Boolean(noEmail) },
  });
}

/** A required text: `guardedText({ min: 3, max: 500, noEmail: true })`. */
export function guardedText(guard: TextGuard) {
  return described(sent(guard.max).check(normalising(guard, '')), guard);
}

/** An optional text where null, absent or blank (once normalised) is none: the value is the text or null. */
export function guardedTextOrNull(guard: Omit<TextGuard, 'min'>) {
  return described(sent(guard.max).check(normalising({ ...guard, min: 0 }, null)).nullable().default(null), { ...guard, min: 0 });
}

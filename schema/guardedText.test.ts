import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guardedText, guardedTextOrNull, TEXT_GUARD_KEY } from './guardedText.ts';

const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('guardedText', () => {
  const name = guardedText({ max: 12, noEmail: true });

  it('gives the text as the normaliser reads it', () => expect(name.parse(' Ｆｉｎ\u200bance  team ')).toBe('Finance team'));
  it('refuses a text of invisible characters only', () => expect(issues(name, '\u200b\u200b\u200b\u200b')).toEqual(['Required: this text may not be blank or only invisible characters.']));
  it('counts visible characters for its least length', () => expect(issues(guardedText({ min: 3, max: 10 }), 'a\u200b \u200bb')).toEqual(['At least 3 visible characters.']));
  it('counts its greatest length once NFKC has expanded the text', () => expect(issues(name, '\ufdfa')).toEqual(['At most 12 characters.']));
  it('states the stored limit for text sent far over it', () => expect(issues(name, 'x'.repeat(1000))).toEqual(['At most 12 characters.']));
  it('refuses an email behind a full-width @', () => expect(issues(name, 'a＠b.com')).toHaveLength(1));
  it('refuses a value that is no text with one clear issue, never reading it as text', () => {
    const result = name.safeParse(42);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.code)).toEqual(['invalid_type']);
  });
  it('keeps line breaks of multi-line text', () => expect(guardedText({ max: 50, multiline: true }).parse('One\u200b\r\n\r\n\r\nTwo')).toBe('One\n\nTwo'));
  it('marks its rule in the JSON Schema', () => expect(z.toJSONSchema(name, { io: 'input' })).toMatchObject({ [TEXT_GUARD_KEY]: { min: 1, max: 12, noEmail: true } }));
});

describe('guardedTextOrNull', () => {
  const context = guardedTextOrNull({ max: 10, noEmail: true });
  it('reads null, absent and invisible-only text as none', () => {
    expect([context.parse(null), context.parse(undefined), context.parse('\u200b \ufeff')]).toEqual([null, null, null]);
  });
  it('still refuses an email', () => expect(issues(context, 'a\u200b@b.com')).toHaveLength(1));
});

import { describe, expect, it } from 'vitest';
import { foldConfusables, holdsEmail, normaliseText, showsAtLeast } from './text.ts';

describe('normaliseText', () => {
  it('folds compatibility forms with NFKC (full-width letters and digits)', () => expect(normaliseText('ＰＡＹＲＯＬＬ　１')).toBe('PAYROLL 1'));
  it.each([
    ['zero-width space', 'Pay\u200broll'],
    ['zero-width joiner and non-joiner', 'Pay\u200c\u200droll'],
    ['left-to-right and right-to-left marks', 'Pay\u200e\u200froll'],
    ['word joiner', 'Pay\u2060roll'],
    ['byte-order mark', '\ufeffPayroll'],
    ['soft hyphen', 'Pay\u00adroll'],
    ['right-to-left override', '\u202ePayroll'],
    ['control character', 'Pay\u0007roll'],
  ])('removes a %s', (_what, value) => expect(normaliseText(value)).toBe('Payroll'));
  it('collapses and trims whitespace of every kind, line breaks included', () => expect(normaliseText(' \tPayroll \u00a0\n  Clerk\u2003')).toBe('Payroll Clerk'));
  it('leaves nothing of a string of invisible characters', () => expect(normaliseText('\u200b\u200b\u200b\u200b')).toBe(''));
  it('removes Hangul fillers, which show as blanks', () => expect(normaliseText('\u3164\u3164\u3164')).toBe(''));
  it('keeps line breaks of multi-line text, one blank line at most', () =>
    expect(normaliseText('  First  line \r\n\r\n\r\n\u200bSecond\tline  ', { multiline: true })).toBe('First line\n\nSecond line'));
  it('returns plain ASCII text unchanged', () => expect(normaliseText('Payroll Clerk (Band 3)')).toBe('Payroll Clerk (Band 3)'));
  it('gives the same text when applied twice, even where an invisible character parted a letter from its accent', () => {
    const once = normaliseText('Cafe\u200b\u0301 Manager');
    expect(once).toBe('Café Manager');
    expect(normaliseText(once)).toBe(once);
  });
});

describe('showsAtLeast', () => {
  it('counts neither spaces nor combining marks', () => {
    expect(showsAtLeast('a b\u0301', 2)).toBe(true);
    expect(showsAtLeast('a b\u0301', 3)).toBe(false);
  });
});

describe('holdsEmail', () => {
  it.each([
    ['a plain address', 'someone@client.com'],
    ['a full-width at sign (U+FF20)', 'someone＠client.com'],
    ['a small at sign (U+FE6B)', 'someone﹫client.com'],
    ['full-width letters throughout', 'ｓｏｍｅｏｎｅ＠ｃｌｉｅｎｔ．ｃｏｍ'],
    ['zero-width spaces around the at sign', 'someone\u200b＠\u200bclient.com'],
    ['an at sign alone', 'Plan for the team @ head office'],
    ['the at sign and dot written as words', 'someone (at) client (dot) com'],
    ['the at sign as a word and an ideographic full stop', 'someone[at]client。com'],
  ])('finds %s', (_what, value) => expect(holdsEmail(value)).toBe(true));
  it.each(['E-1042', 'Head of Finance (Band 3)', 'Team (at) head office', 'Payroll Clerk'])('passes %s', (value) => expect(holdsEmail(value)).toBe(false));
});

describe('foldConfusables', () => {
  it('folds the look-alikes of the at sign and the dot', () => expect(foldConfusables('a＠b。c・d')).toBe('a@b.c.d'));
});

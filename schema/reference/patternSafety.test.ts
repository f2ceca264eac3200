import { describe, expect, it } from 'vitest';
import { checkPatternSafety } from './patternSafety.ts';

describe('checkPatternSafety', () => {
  it('accepts an ordinary word pattern with alternation and an optional group', () => {
    expect(checkPatternSafety('\\b(senior )?payroll (clerk|administrator|officer)\\b')).toBeNull();
  });

  it('accepts a negative lookahead', () => {
    expect(checkPatternSafety('^consultant\\b(?! nurse)')).toBeNull();
  });

  it('accepts exactly three open-ended wildcards', () => {
    expect(checkPatternSafety('a.*b.+c\\w*d')).toBeNull();
  });

  it('accepts a repeated group without repetition inside it', () => {
    expect(checkPatternSafety('(ab|cd)+')).toBeNull();
  });

  it('refuses nested repetition', () => {
    expect(checkPatternSafety('(a+)+')).toMatch(/nested repetition/);
  });

  it('refuses nested repetition hidden under an optional inner part', () => {
    expect(checkPatternSafety('(\\w+\\s?)*x')).toMatch(/nested repetition/);
  });

  it('refuses nested repetition through a bounded outer quantifier', () => {
    expect(checkPatternSafety('(?:ab*){2,5}')).toMatch(/nested repetition/);
  });

  it('refuses nested repetition two groups deep', () => {
    expect(checkPatternSafety('((a)+b)*')).toMatch(/nested repetition/);
  });

  it('refuses a numbered backreference', () => {
    expect(checkPatternSafety('(a)\\1')).toMatch(/backreference/);
  });

  it('refuses a named backreference', () => {
    expect(checkPatternSafety('(?<w>a)\\k<w>')).toMatch(/backreference/);
  });

  it('refuses a positive lookbehind', () => {
    expect(checkPatternSafety('(?<=senior )manager')).toMatch(/lookbehind/);
  });

  it('refuses a negative lookbehind', () => {
    expect(checkPatternSafety('(?<!assistant )manager')).toMatch(/lookbehind/);
  });

  it('refuses more than three open-ended wildcards', () => {
    expect(checkPatternSafety('.*a.*b.*c.*')).toMatch(/more than 3 open-ended wildcards/);
  });

  it('counts unbounded character classes as wildcards', () => {
    expect(checkPatternSafety('[a-z]+ [a-z]+ [a-z]+ [a-z]+')).toMatch(/wildcards/);
  });

  it('refuses a pattern over 300 characters', () => {
    expect(checkPatternSafety('a'.repeat(301))).toMatch(/301 characters/);
  });

  it('accepts a pattern of exactly 300 characters', () => {
    expect(checkPatternSafety('a'.repeat(300))).toBeNull();
  });

  it('does not mistake an escaped bracket inside a class for its end', () => {
    expect(checkPatternSafety('[\\]a]+b')).toBeNull();
  });
});

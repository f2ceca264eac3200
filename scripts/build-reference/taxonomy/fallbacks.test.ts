import { describe, expect, it } from 'vitest';
import { classifyByRules } from '../../../workers/classify/classify.ts';
import { compiledSeed } from '../../../workers/reference/test/seed.ts';
import { FALLBACK_RULES } from './fallbacks.ts';

// The committed seed, as the app loads it.
const compiled = compiledSeed();
const codes = (title: string) => {
  const c = classifyByRules(compiled, title);
  return [c.usSoc2018, c.ukSoc2020];
};

describe('fallback readings of generic job nouns', () => {
  it('gives the scored coder every fallback noun as a head default', () => {
    const defaults = compiled.data.classification.coder!.headDefaults;
    for (const rule of FALLBACK_RULES) expect(Object.values(defaults)).toContainEqual([rule.us, rule.uk]);
  });

  it('reads an officer of an unnamed area as a business officer, not a police officer', () => {
    expect(codes('Partnerships Officer')).toEqual(['13-1199', '3549']);
  });

  it('still reads a police officer as a police officer', () => {
    expect(codes('Police Officer')[0]).toBe('33-3051');
  });

  it('reads a lead of an unnamed team as a team leader, not a metal worker', () => {
    expect(codes('Onboarding Lead')).toEqual(['43-1011', '4142']);
  });

  it('reads a manager of an unnamed function as a functional manager', () => {
    expect(codes('Widget Manager')).toEqual(['11-9199', '1139']);
  });

  it('reads a bare intern as office support, not a junior doctor', () => {
    expect(codes('Intern')).toEqual(['43-9061', '4159']);
  });

  it('lets the job noun decide after a seniority word: a principal engineer is an engineer', () => {
    expect(codes('Principal Engineer')[0]).toBe('17-2199');
  });

  it('reads an agent of an unnamed kind as customer service', () => {
    expect(codes('Widget Agent')[0]).toBe('43-4051');
  });
});

import { describe, expect, it } from 'vitest';
import { classifyByRules } from '../../../workers/classify/classify.ts';
import { compiledSeed } from '../../../workers/reference/test/seed.ts';
import { COMMON_TITLES } from './commonTitles.ts';

// The committed seed, as the app loads it, so a rebuild that loses a common title fails here.
const compiled = compiledSeed();

// Each row leads with its test name ("Actuary is coded US 15-2011, UK 2433"); '%s' prints it unquoted.
const cases = COMMON_TITLES.map(({ title, us, uk }) => {
  const usCodes = [us].flat();
  const ukCodes = [uk].flat();
  return [`${title} is coded US ${usCodes.join(' or ')}, UK ${ukCodes.join(' or ')}`, { title, usCodes, ukCodes }] as const;
});

describe('common staff-list titles', () => {
  it('lists each title once', () => {
    expect(new Set(COMMON_TITLES.map((c) => c.title)).size).toBe(COMMON_TITLES.length);
  });

  it.each(cases)('%s', (_name, { title, usCodes, ukCodes }) => {
    const result = classifyByRules(compiled, title);
    expect(usCodes).toContain(result.usSoc2018);
    expect(ukCodes).toContain(result.ukSoc2020);
  });
});

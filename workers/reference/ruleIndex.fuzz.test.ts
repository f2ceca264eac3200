import { describe, expect, it } from 'vitest';
import { checkPatternSafety } from '../../schema/reference/patternSafety.ts';
import { RuleIndex } from './ruleIndex.ts';

/**
 * Generated patterns and titles (fixed seed): the index must offer every pattern that matches a title.
 * This guards the key extraction against constructs the hand-written cases miss.
 */

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['pay', 'roll', 'payroll', 'clerk', 'senior', 'nurse', 'data', 'eng', 'c', 'x', 'ops', 'lead', 'er'];
const SEPARATORS = [' ', '-', '', '  ', '/'];

function generator(random: () => number) {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const atom = (depth: number): string => {
    const r = random();
    if (r < 0.35) return pick(WORDS);
    if (r < 0.45) return pick(['\\b', '^', '$', ' ', '-', '\\s', '[ -]', '\\W']);
    if (r < 0.55) return pick(['.', '\\w', '[a-z]', '\\d', '[^a-z]', '\\B']);
    if (r < 0.8 && depth < 2) {
      const branches = Array.from({ length: 1 + Math.floor(random() * 3) }, () => sequence(depth + 1));
      return `(${pick(['', '?:', '?=', '?!'])}${branches.join('|')})`;
    }
    return pick(WORDS);
  };
  const quantified = (depth: number): string => {
    const a = atom(depth);
    if (a === '\\b' || a === '^' || a === '$' || a === '\\B' || a.startsWith('(?=') || a.startsWith('(?!')) return a;
    return a + pick(['', '', '', '?', '*', '+', '{2}', '{0,2}']);
  };
  const sequence = (depth: number) => Array.from({ length: 1 + Math.floor(random() * 4) }, () => quantified(depth)).join('');
  const pattern = () => Array.from({ length: 1 + Math.floor(random() * 2) }, () => sequence(0)).join('|');
  const title = () =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(WORDS) + (random() < 0.3 ? pick(WORDS) : ''))
      .map((w, i) => (i === 0 ? w : pick(SEPARATORS) + w))
      .join('');
  return { pattern, title };
}

describe('RuleIndex on generated patterns', () => {
  it('offers every pattern that matches, for 1,500 patterns and 300 titles', () => {
    const random = prng(20260101);
    const gen = generator(random);
    const patterns: string[] = [];
    while (patterns.length < 1500) {
      const p = gen.pattern();
      try {
        new RegExp(p, 'i');
      } catch {
        continue;
      }
      if (checkPatternSafety(p) === null) patterns.push(p);
    }
    const regexes = patterns.map((p) => new RegExp(p, 'i'));
    const index = new RuleIndex(patterns);
    const misses: string[] = [];
    for (let t = 0; t < 300; t++) {
      const title = gen.title();
      const candidates = new Set(index.candidates(title));
      regexes.forEach((r, i) => {
        if (r.test(title) && !candidates.has(i)) misses.push(`${patterns[i]} on "${title}"`);
      });
    }
    expect(misses).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkPatternSafety } from '../../../workers/reference/patternSafety.ts';
import { emitRules } from './emit.ts';
import { titleFeatures } from './features.ts';
import { decide, type RankedFeature } from './induce.ts';

const f = (key: string, score: number, us: string): RankedFeature => ({ key, us, uk: '4122', score, support: 1 });

const ranked: RankedFeature[] = [
  f('p:payroll clerk', 0.95, 'A'),
  f('h:wages clerk', 0.95, 'A'),
  f('g:payroll officer', 0.95, 'A'),
  f('p:accounts clerk', 0.95, 'B'),
  f('g:pensions officer', 0.9, 'C'),
  f('p:payroll', 0.8, 'A'),
  f('h:clerk', 0.5, 'D'),
  f('p:officer', 0.5, 'E'),
];

const firstMatch = (rules: ReturnType<typeof emitRules>, title: string) => rules.find((r) => new RegExp(r.pattern, 'i').test(title))?.us ?? null;

describe('emitRules', () => {
  it('merges features of one label within a tier into one rule', () => {
    const rules = emitRules(ranked, 0.1);
    expect(rules[0]).toEqual({ pattern: '\\bpayroll clerk\\b|\\bwages clerk$|\\bpayroll\\b.*\\bofficer\\b', us: 'A', uk: '4122' });
  });

  it('gives the same answer as the decision list when tiers are exact scores', () => {
    const rules = emitRules(ranked, 0);
    const list = { ranked, rankOf: new Map(ranked.map((r, i) => [r.key, i])), pairing: null as never };
    for (const title of ['payroll clerk', 'senior wages clerk', 'payroll pensions officer', 'pensions officer', 'filing clerk', 'officer', 'astronaut', 'accounts clerk payroll']) {
      expect(firstMatch(rules, title), title).toBe(decide(list, titleFeatures(title.split(' ')))?.us ?? null);
    }
  });

  it('keeps every pattern within 300 characters, three wildcards and the safety rules', () => {
    const many = Array.from({ length: 200 }, (_, i) => f(`g:word${i} head${i % 7}`, 0.7, 'A'));
    for (const rule of emitRules(many, 0.1)) {
      expect(checkPatternSafety(rule.pattern)).toBeNull();
      expect(() => new RegExp(rule.pattern, 'i')).not.toThrow();
    }
  });
});

describe('emitRules: covered alternatives', () => {
  it('drops a head, phrase or pair of a rule that one of its single words already matches', () => {
    const rules = emitRules(
      [f('p:meteorologist', 0.9, 'A'), f('h:meteorologist', 0.9, 'A'), f('p:senior meteorologist', 0.9, 'A'), f('g:chief meteorologist', 0.9, 'A'), f('h:weather forecaster', 0.9, 'A'), f('h:forecaster', 0.9, 'A')],
      0.1,
    );
    expect(rules).toEqual([{ pattern: '\\bmeteorologist\\b|\\bforecaster$', us: 'A', uk: '4122' }]);
  });
});

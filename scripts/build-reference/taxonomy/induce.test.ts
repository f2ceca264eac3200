import { describe, expect, it } from 'vitest';
import { decide, induceDecisionList, trainingTitle, wilsonLowerBound, withoutShadowed, type RankedFeature } from './induce.ts';
import type { IscoBridge } from './pairing.ts';

const noBridge: IscoBridge = { ukFor: () => undefined, usFor: () => undefined, compatible: () => true };
const t = (title: string, us: string[], uk: string[]) => trainingTitle(title.split(' '), us, uk, title);

const titles = [
  t('payroll clerk', ['43-3051'], []),
  t('payroll administrator', ['43-3051'], []),
  t('senior payroll clerk', ['43-3051'], []),
  t('payroll clerk', [], ['4122']),
  t('wages clerk', [], ['4122']),
  t('accounts clerk', ['43-3031'], []),
  t('accounts clerk', [], ['4122']),
  t('filing clerk', ['43-4071'], []),
  t('records clerk', ['43-4071'], ['4131']),
];

describe('wilsonLowerBound', () => {
  it('rewards support: 30 of 30 outranks 1 of 1', () => {
    expect(wilsonLowerBound(1, 1, 1)).toBeCloseTo(0.5, 10);
    expect(wilsonLowerBound(30, 30, 1)).toBeGreaterThan(0.96);
    expect(wilsonLowerBound(0, 10, 1)).toBe(0);
  });
});

describe('induceDecisionList', () => {
  const list = induceDecisionList(titles, noBridge, { z: 1, minPairEvidence: 1 });

  it('labels a feature with the US and UK codes that carry its titles', () => {
    const payroll = list.ranked.find((f) => f.key === 'p:payroll');
    expect([payroll?.us, payroll?.uk]).toEqual(['43-3051', '4122']);
  });

  it('decides an unseen title by its best-scoring feature', () => {
    const hit = decide(list, ['p:payroll', 'p:officer', 'h:officer', 'g:payroll officer']);
    expect([hit?.us, hit?.uk]).toEqual(['43-3051', '4122']);
  });

  it('returns nothing when no feature is known', () => {
    expect(decide(list, ['p:astronaut'])).toBeNull();
  });

  it('is deterministic', () => {
    const again = induceDecisionList(titles, noBridge, { z: 1, minPairEvidence: 1 });
    expect(again.ranked).toEqual(list.ranked);
  });
});

describe('withoutShadowed', () => {
  const feature = (key: string, score: number): RankedFeature => ({ key, us: key, uk: '0000', score, support: 1 });

  it('drops a feature whose implied word is tried earlier, and keeps decisions the same', () => {
    const ranked = [feature('p:payroll', 0.9), feature('p:payroll clerk', 0.8), feature('h:clerk', 0.7), feature('p:clerk', 0.6), feature('g:senior clerk', 0.5)];
    const live = withoutShadowed(ranked);
    expect(live.map((f) => f.key)).toEqual(['p:payroll', 'h:clerk', 'p:clerk']);
    const rankOf = (list: RankedFeature[]) => ({ ranked: list, rankOf: new Map(list.map((f, i) => [f.key, i])), pairing: null as never });
    for (const features of [['p:payroll', 'p:payroll clerk', 'h:clerk', 'p:clerk'], ['p:senior', 'p:clerk', 'g:senior clerk', 'h:clerk']]) {
      expect(decide(rankOf(live), features)?.key).toBe(decide(rankOf(ranked), features)?.key);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { featurePattern, titleFeatures } from './features.ts';

describe('titleFeatures', () => {
  it('gives phrases, heads and ordered word pairs', () => {
    expect(titleFeatures(['senior', 'payroll', 'clerk']).sort()).toEqual(
      [
        'p:senior', 'p:payroll', 'p:clerk', 'p:senior payroll', 'p:payroll clerk', 'p:senior payroll clerk',
        'h:clerk', 'h:payroll clerk',
        'g:senior payroll', 'g:senior clerk', 'g:payroll clerk',
      ].sort(),
    );
  });

  it('lets stop words sit inside a phrase but never start or end one', () => {
    const f = titleFeatures(['director', 'of', 'finance']);
    expect(f).toContain('p:director of finance');
    expect(f).not.toContain('p:of');
    expect(f).not.toContain('p:director of');
    expect(f).toContain('g:director finance');
  });

  it('skips words that are not plain letters and digits', () => {
    expect(titleFeatures(['r&d', 'manager'])).toEqual(['p:manager', 'h:manager']);
  });
});

describe('featurePattern', () => {
  const titles = [
    'payroll clerk', 'senior payroll clerk', 'clerk of works', 'payroll and pensions officer', 'payroll officer',
    'chief payroll clerk assistant', 'clerk', 'wages clerk', 'officer payroll',
  ].map((t) => t.split(' '));

  it('matches a title exactly when the title has the feature', () => {
    const all = new Set(titles.flatMap(titleFeatures));
    for (const words of titles) {
      const own = new Set(titleFeatures(words));
      for (const feature of all) {
        expect(new RegExp(featurePattern(feature), 'i').test(words.join(' ')), `${feature} on "${words.join(' ')}"`).toBe(own.has(feature));
      }
    }
  });

  it('writes the three shapes as word-bounded regexes', () => {
    expect(featurePattern('p:payroll clerk')).toBe('\\bpayroll clerk\\b');
    expect(featurePattern('h:clerk')).toBe('\\bclerk$');
    expect(featurePattern('g:payroll officer')).toBe('\\bpayroll\\b.*\\bofficer\\b');
  });
});

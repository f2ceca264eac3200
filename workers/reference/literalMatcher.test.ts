import { describe, expect, it } from 'vitest';
import { compileLiteralMatcher } from './literalMatcher.ts';

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('compileLiteralMatcher', () => {
  it('takes the word-phrase shapes the rule induction writes', () => {
    for (const p of ['\\bpayroll\\b', '\\bdie stamper\\b|\\bdie stamper$|\\bdie\\b.*\\bstamper\\b', '\\b(?:tsa|screener)\\b', '^\\bchief\\b.*\\bofficer$']) {
      expect([p, compileLiteralMatcher(p) !== null]).toEqual([p, true]);
    }
  });

  it('declines any other shape', () => {
    for (const p of ['payroll', '\\bmanagers?\\b', '\\bc\\+\\+', '\\b(a|b)c\\b', '\\bx\\b.+\\by\\b', '\\b(?:a|(b))\\b', '\\bA\\b', '\\b(a b|)\\b', '\\b(ward|staff) nurse\\b']) {
      expect([p, compileLiteralMatcher(p)]).toEqual([p, null]);
    }
  });

  it('needs a word boundary on both sides of a phrase', () => {
    const m = compileLiteralMatcher('\\bclerk\\b')!;
    expect([m('filing clerk'), m('clerks'), m('clerk-typist'), m('subclerk')]).toEqual([true, false, true, false]);
  });

  it('needs the segments in order, not touching', () => {
    const m = compileLiteralMatcher('\\bsales\\b.*\\bmanager\\b')!;
    expect([m('sales area manager'), m('manager sales'), m('sales manager'), m('salesmanager')]).toEqual([true, false, true, false]);
  });

  it('honours start and end anchors', () => {
    const m = compileLiteralMatcher('^\\bhead\\b.*\\bfinance$')!;
    expect([m('head of finance'), m('deputy head of finance'), m('head of finance team')]).toEqual([true, false, false]);
  });

  it('answers like the RegExp on upper-case and non-ASCII titles', () => {
    const m = compileLiteralMatcher('\\bcafe\\b')!;
    expect([m('CAFE Manager'), m('café'), m('cafe_bar')]).toEqual([true, false, false]);
  });

  it('hands titles with line breaks to the RegExp', () => {
    const m = compileLiteralMatcher('\\bsales\\b.*\\bmanager\\b')!;
    expect([m('sales\nmanager'), m('sales\u2028manager')]).toEqual([false, false]);
  });

  it('agrees with the RegExp on generated patterns and titles', () => {
    const random = prng(7);
    const words = ['a', 'ab', 'sales', 'sale', 'manager', 'man', 'die', 'stamper', 'x1', '1'];
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const phrase = () => Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(words)).join(' ');
    const body = () => (random() < 0.3 ? `(${random() < 0.5 ? '?:' : ''}${[phrase(), phrase()].join('|')})` : phrase());
    const segment = () => `\\b${body()}${random() < 0.2 ? '$' : '\\b'}`;
    const branch = () => `${random() < 0.15 ? '^' : ''}${Array.from({ length: 1 + Math.floor(random() * 3) }, segment).join('.*')}`;
    const title = () =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick([...words, 'SALES', 'é', '-', '_', '']))
        .join(pick([' ', '', '  ', '-']));
    const disagreements: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const pattern = Array.from({ length: 1 + Math.floor(random() * 3) }, branch).join('|');
      const m = compileLiteralMatcher(pattern);
      expect(m).not.toBeNull();
      const regex = new RegExp(pattern, 'i');
      for (let j = 0; j < 20; j++) {
        const t = title();
        if (m!(t) !== regex.test(t)) disagreements.push(`${pattern} on "${t}"`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { contextKey } from '../../classify/context.ts';
import { createScoringContext } from '../context.ts';
import { fteOrOne, horizonOf, scoreRow } from '../row.ts';
import { defaultSettings } from '../settings.ts';
import { ACCOUNTANT, CLERK, classified, DEVELOPER, DRIVER, PAYROLL, row, tinyReference, UNCLASSIFIED } from './fixture.ts';

const reference = tinyReference();
const context = createScoringContext(reference, defaultSettings(reference), 'general');

describe('cost (scoring.md §3)', () => {
  it('costs an uploaded salary at salary × employer cost multiplier', () => {
    // 50,000 × 1.2 = 60,000
    const s = scoreRow(row('a', 'Accountant', { salary: 50_000 }), ACCOUNTANT, context);
    expect(s.cost).toBeCloseTo(60_000, 9);
    expect(s.costImputed).toBe(false);
  });

  it('never scales cost by FTE', () => {
    const full = scoreRow(row('a', 'Accountant', { salary: 50_000, fte: 1 }), ACCOUNTANT, context);
    const half = scoreRow(row('b', 'Accountant', { salary: 50_000, fte: 0.5 }), ACCOUNTANT, context);
    expect(half.cost).toBe(full.cost);
    expect(half.scenarios.moderate.grossSaving).toBe(full.scenarios.moderate.grossSaving);
  });

  it('prices a missing salary at the UK median of its code times the region factor, counted as imputed', () => {
    // Payroll 4122: 25,000 × London 1.25 × 1.2 = 37,500
    const s = scoreRow(row('a', 'Payroll Clerk', { salary: null, location: 'London' }), PAYROLL, context);
    expect(s.cost).toBeCloseTo(37_500, 9);
    expect(s.costImputed).toBe(true);
  });

  it('prices a zero salary at the market too', () => {
    // Accountant 2421: 40,000 × 1 × 1.2 = 48,000
    const s = scoreRow(row('a', 'Accountant', { salary: 0 }), ACCOUNTANT, context);
    expect(s.cost).toBeCloseTo(48_000, 9);
    expect(s.costImputed).toBe(true);
  });

  it('prices a UK code without ASHE pay at its proxy median, and an unknown code at the fallback median', () => {
    // proxy 4129: 24,000 × 1.2 = 28,800; code 9999 unknown: 20,000 × 1.2 = 24,000
    const proxy = scoreRow(row('a', 'Clerk'), classified('Administration', 'Office Clerk', '43-9061', '4129', 'ai', 0.9), context);
    const unknown = scoreRow(row('b', 'Clerk'), classified('Administration', 'Office Clerk', '43-9061', '9999', 'ai', 0.9), context);
    expect(proxy.cost).toBeCloseTo(28_800, 9);
    expect(unknown.cost).toBeCloseTo(24_000, 9);
  });

  it('prices even an uploaded salary at the market where the region is not nativeSalary', () => {
    // India (not native, factor 0.4): developer 2134 at 50,000 × 0.4 × 1.2 = 24,000, whatever was uploaded
    const s = scoreRow(row('a', 'Developer', { salary: 3_000_000, location: 'India' }), DEVELOPER, context);
    expect(s.regionKey).toBe('india');
    expect(s.cost).toBeCloseTo(24_000, 9);
    expect(s.costImputed).toBe(true);
  });

  it('uses an uploaded salary as is in a native region other than the baseline', () => {
    // London is native: 50,000 × 1.2, no regional uplift
    const s = scoreRow(row('a', 'Accountant', { salary: 50_000, location: 'London' }), ACCOUNTANT, context);
    expect(s.cost).toBeCloseTo(60_000, 9);
    expect(s.regionFactor).toBe(1.25);
  });

  it('applies the dataset settings multiplier rather than the reference default', () => {
    const custom = createScoringContext(reference, { ...defaultSettings(reference), employerCostMultiplier: 1.5 }, 'general');
    expect(scoreRow(row('a', 'Accountant', { salary: 50_000 }), ACCOUNTANT, custom).cost).toBeCloseTo(75_000, 9);
  });
});

describe('region (scoring.md §3)', () => {
  it('matches a country alias exactly and case-insensitively', () => {
    expect(scoreRow(row('a', 'x', { location: 'lonDON' }), ACCOUNTANT, context).regionKey).toBe('london');
  });

  it('matches a keyword as a substring when no alias matches', () => {
    expect(scoreRow(row('a', 'x', { location: 'Bangalore, Whitefield' }), ACCOUNTANT, context).regionKey).toBe('india');
  });

  it('falls back to the baseline region for an unknown or empty location', () => {
    expect(scoreRow(row('a', 'x', { location: 'Paris' }), ACCOUNTANT, context).regionKey).toBe('uk');
    expect(scoreRow(row('b', 'x', { location: null }), ACCOUNTANT, context).regionKey).toBe('uk');
  });
});

describe('FTE for FTE saved', () => {
  it('counts an absent, null or zero-rounding FTE as 1', () => {
    expect(fteOrOne(undefined)).toBe(1);
    expect(fteOrOne(null)).toBe(1);
    expect(fteOrOne(0)).toBe(1);
    expect(fteOrOne(0.004)).toBe(1);
    expect(fteOrOne(0.005)).toBe(0.005);
    expect(fteOrOne(0.6)).toBe(0.6);
  });

  it('scales FTE saved by the row FTE: 0.5 × released', () => {
    // Accountant moderate released 0.15 → 0.5 × 0.15 = 0.075; unknown FTE → 0.15
    const half = scoreRow(row('a', 'Accountant', { fte: 0.5 }), ACCOUNTANT, context);
    const unknown = scoreRow(row('b', 'Accountant', { fte: 0.001 }), ACCOUNTANT, context);
    expect(half.scenarios.moderate.fteSaved).toBeCloseTo(0.075, 12);
    expect(unknown.scenarios.moderate.fteSaved).toBeCloseTo(0.15, 12);
  });
});

describe('exposure (scoring.md §3)', () => {
  it('reads the percentile from the AIOE table of the US code', () => {
    const s = scoreRow(row('a', 'Payroll'), PAYROLL, context);
    expect(s.percentile).toBe(90);
    expect(s.exposureImputed).toBe(false);
  });

  it("falls back to the role anchor's percentile when the US code has no AIOE entry", () => {
    expect(scoreRow(row('a', 'Clerk'), CLERK, context)).toMatchObject({ percentile: 40, exposureImputed: false });
  });

  it('imputes 50 when neither the code nor the role gives a percentile', () => {
    expect(scoreRow(row('a', 'Xyzzy'), UNCLASSIFIED, context)).toMatchObject({ percentile: 50, exposureImputed: true });
  });

  it('places horizons at the thresholds: ≥ 70 now, ≥ 50 near, else later', () => {
    const exposure = reference.data.exposure;
    expect(horizonOf(70, exposure)).toBe('now');
    expect(horizonOf(69.99, exposure)).toBe('near');
    expect(horizonOf(50, exposure)).toBe('near');
    expect(horizonOf(49.99, exposure)).toBe('later');
  });

  it('computes AI-touched, automation and augmentation shares with the role rubric', () => {
    // Payroll p 90: s = (10 + 50 × 0.9)/100 = 0.55; a = 0.55 × 0.5 × 1.2 = 0.33; g = 0.55 × 0.5 × 0.8 = 0.22
    const s = scoreRow(row('a', 'Payroll'), PAYROLL, context);
    expect(s.aiShare).toBeCloseTo(0.55, 12);
    expect(s.automationShare).toBeCloseTo(0.33, 12);
    expect(s.augmentationShare).toBeCloseTo(0.22, 12);
  });

  it('scores a role the taxonomy does not define with the default rubric, as Other / Uncategorised', () => {
    // p 80 from 13-2011: s = 0.5; default rubric 0.5/0.5 → a = g = 0.5 × 0.5 × 0.5 = 0.125
    const s = scoreRow(row('a', 'Treasurer'), classified('Finance', 'Treasurer', '13-2011', '2421', 'override', 1), context);
    expect(s.role).toBe(reference.otherRole);
    expect(s.automationShare).toBeCloseTo(0.125, 12);
    expect(s.augmentationShare).toBeCloseTo(0.125, 12);
  });
});

describe('scenarios (scoring.md §3)', () => {
  it('releases a · automationRealised + g · augmentationProductivity and saves cost × released', () => {
    // Payroll a 0.33, g 0.22: conservative 0.066 + 0.022 = 0.088; moderate 0.176; aggressive 0.264
    // cost 30,000 × 1.2 = 36,000 → moderate gross 36,000 × 0.176 = 6,336
    const s = scoreRow(row('a', 'Payroll', { salary: 30_000 }), PAYROLL, context);
    expect(s.scenarios.conservative.released).toBeCloseTo(0.088, 12);
    expect(s.scenarios.moderate.released).toBeCloseTo(0.176, 12);
    expect(s.scenarios.aggressive.released).toBeCloseTo(0.264, 12);
    expect(s.scenarios.moderate.grossSaving).toBeCloseTo(6_336, 9);
  });

  it('never releases more than the whole person', () => {
    // augCeil 100, rubric 1.5/1.5, realised 1: a = g = 1 × 0.5 × 1.5 = 0.75 → 1.5, capped at 1
    const strong = tinyReference((doc) => {
      doc.exposure.augCeil = 100;
      doc.taxonomy.roles[0].rubric = { automation: 1.5, augmentation: 1.5 };
      doc.occupations.aioe['13-2011'].percentile = 100;
      doc.taxonomy.roles[0].anchor!.aioePercentile = 100;
      doc.scenarios.aggressive = { automationRealised: 1, augmentationProductivity: 1 };
    });
    const s = scoreRow(row('a', 'Accountant', { salary: 10_000 }), ACCOUNTANT, createScoringContext(strong, { ...defaultSettings(strong), employerCostMultiplier: 1 }, 'general'));
    expect(s.scenarios.aggressive.released).toBe(1);
    expect(s.scenarios.aggressive.grossSaving).toBe(10_000);
  });
});

describe('division-restricted rules (scoring.md §2)', () => {
  // Title-level: "Associate" without a division is an Office Clerk; in the Finance division a rule makes it an Accountant.
  const titleLevel = classified('Administration', 'Office Clerk', '43-9061', '4159');

  it('re-applies division-restricted rules per row for rule-classified titles', () => {
    expect(scoreRow(row('a', 'Associate', { division: 'Finance' }), titleLevel, context).role.subcategory).toBe('Accountant');
    expect(scoreRow(row('b', 'Associate', { division: 'Operations' }), titleLevel, context).role.subcategory).toBe('Office Clerk');
    expect(scoreRow(row('c', 'Associate'), titleLevel, context).role.subcategory).toBe('Office Clerk');
  });

  it('keeps the title classification in a restricted division whose rules do not match the title', () => {
    expect(scoreRow(row('a', 'Payroll Clerk', { division: 'Finance' }), PAYROLL, context).role.subcategory).toBe('Payroll Administrator');
  });

  it('keeps an override, pack, cache or AI classification whatever the division', () => {
    for (const source of ['override', 'pack', 'cache', 'ai'] as const) {
      const decided = { ...titleLevel, source };
      expect(scoreRow(row('a', 'Associate', { division: 'Finance' }), decided, context).role.subcategory).toBe('Office Clerk');
    }
  });
});

describe('title variants (issue 24)', () => {
  const list = { currency: 'GBP', payScale: 1 };
  const withVariants = createScoringContext(reference, defaultSettings(reference), 'general', list);
  const key = (r: ReturnType<typeof row>) => contextKey(r, list);
  const finance = row('a', 'Associate', { division: 'Finance', grade: 'HEO' });
  const sales = row('b', 'Associate', { division: 'Sales' });
  const title = {
    ...CLERK,
    variants: [
      { ...ACCOUNTANT, contextKeys: [key(finance)] },
      { ...CLERK, contextKeys: [key(sales)] },
    ],
  };

  it('scores each row by the variant of its own context', () => {
    expect(scoreRow(finance, title, withVariants).role.subcategory).toBe('Accountant');
    expect(scoreRow(sales, title, withVariants).role.subcategory).toBe('Office Clerk');
  });

  it('finds a row’s variant by its context as the coder folded it (NFKC, spaces), whatever the row’s order', () => {
    expect(scoreRow(row('c', 'Associate', { division: ' Ｆinance ', grade: 'HEO' }), title, withVariants).role.subcategory).toBe('Accountant');
  });

  it('scores a row whose context no variant names by the title', () => {
    expect(scoreRow(row('d', 'Associate', { division: 'Legal' }), title, withVariants).role.subcategory).toBe('Office Clerk');
    expect(scoreRow(row('e', 'Associate', { division: 'Finance' }), title, withVariants).role.subcategory).toBe('Office Clerk');
  });

  it('scores 50,000 rows of titles with variants in well under a second', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => row(`r${i}`, 'Associate', { division: i % 2 ? 'Finance' : 'Sales', grade: i % 2 ? 'HEO' : null }));
    const started = performance.now();
    const subcategories = new Set(rows.map((r) => scoreRow(r, title, withVariants).role.subcategory));
    expect(subcategories).toEqual(new Set(['Accountant', 'Office Clerk']));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('offshoring (scoring.md §5)', () => {
  it('makes a migratable row below offshoreBelow an offshore candidate saving cost × (1 − centre / region factor)', () => {
    // Clerk (major 43) p 40 in London: cost 20,000 × 1.2 = 24,000; saving 24,000 × (1 − 0.5/1.25) = 14,400
    const s = scoreRow(row('a', 'Clerk', { salary: 20_000, location: 'London' }), CLERK, context);
    expect(s.offshore).toBe('offshore');
    expect(s.offshoreSaving).toBeCloseTo(14_400, 9);
  });

  it('keeps a migratable row at or above onshoreFrom onshore, and one in between hybrid, saving nothing', () => {
    expect(scoreRow(row('a', 'Payroll', { salary: 1 }), PAYROLL, context)).toMatchObject({ offshore: 'onshore', offshoreSaving: 0 });
    expect(scoreRow(row('b', 'Developer', { salary: 1 }), DEVELOPER, context)).toMatchObject({ offshore: 'hybrid', offshoreSaving: 0 });
  });

  it('treats a subcategory on the migratable list as migratable whatever its major group', () => {
    expect(scoreRow(row('a', 'Accountant', { salary: 1 }), ACCOUNTANT, context).offshore).toBe('onshore');
  });

  it('gives no offshoring status to a role that cannot move', () => {
    expect(scoreRow(row('a', 'Driver', { salary: 1 }), DRIVER, context).offshore).toBeNull();
  });

  it('never reports a negative saving for a candidate already cheaper than the centre', () => {
    // India factor 0.4 < centre 0.5 → 1 − 0.5/0.4 < 0 → 0
    expect(scoreRow(row('a', 'Clerk', { location: 'India' }), CLERK, context)).toMatchObject({ offshore: 'offshore', offshoreSaving: 0 });
  });
});

describe('copilot tier (scoring.md §8)', () => {
  it('takes the tier of the US major group', () => {
    expect(scoreRow(row('a', 'Accountant'), ACCOUNTANT, context).copilotTier).toBe('core');
    expect(scoreRow(row('b', 'Clerk'), CLERK, context).copilotTier).toBe('regular');
  });

  it('raises a high subcategory one tier and lowers a low one', () => {
    // Payroll: major 43 regular → core. Developer: major 15 unlisted → default occasional → limited.
    expect(scoreRow(row('a', 'Payroll'), PAYROLL, context).copilotTier).toBe('core');
    expect(scoreRow(row('b', 'Developer'), DEVELOPER, context).copilotTier).toBe('limited');
  });

  it('gives no tier to an unclassified subcategory', () => {
    expect(scoreRow(row('a', 'Driver'), DRIVER, context).copilotTier).toBeNull();
  });

  it("reads the pack's copilotFit before the reference's", () => {
    // finance pack: major 15 → core, then lowered one tier for Software Developer → regular
    const finance = createScoringContext(reference, defaultSettings(reference), 'finance');
    expect(scoreRow(row('a', 'Developer'), DEVELOPER, finance).copilotTier).toBe('regular');
  });

  it('uses the default tier when the major group is unknown', () => {
    expect(scoreRow(row('a', 'Xyzzy'), UNCLASSIFIED, context).copilotTier).toBe('occasional');
  });
});

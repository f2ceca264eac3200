import { describe, expect, it } from 'vitest';
import { buildDatasetSummary } from '../build.ts';
import { defaultSettings } from '../settings.ts';
import { datasetSummarySchema } from '../../../schema/datasetSummary.ts';
import type { SummaryInput, TitleClassification } from '../types.ts';
import { ACCOUNTANT, CLERK, DEVELOPER, DRIVER, PAYROLL, row, tinyReference, UNCLASSIFIED } from './fixture.ts';

const reference = tinyReference();

/**
 * Six people, worked by hand against the fixture (multiplier 1.2):
 *
 * | row | title (role)           | manager | salary | FTE   | location         | cost                            | p  | a     | g     |
 * |-----|------------------------|---------|--------|-------|------------------|---------------------------------|----|-------|-------|
 * | E1  | Accountant (override)  | –       | 50,000 | 1     | London (native)  | 50,000 × 1.2 = 60,000           | 80 | 0.25  | 0.25  |
 * | E2  | Payroll Administrator  | E1      | –      | 0.5   | UK               | 25,000 × 1 × 1.2 = 30,000 (imp.)| 90 | 0.33  | 0.22  |
 * | E3  | Software Developer     | E1      | 45,000 | –     | Bangalore (India)| 50,000 × 0.4 × 1.2 = 24,000 (imp., India not native) | 60 | 0.1 | 0.3 |
 * | E4  | Bus Driver             | E2      | 28,000 | 1     | –                | 33,600                          | 10 | 0.075 | 0.075 |
 * | E5  | Office Clerk           | E2      | 0      | 0.004 | london           | 22,000 × 1.25 × 1.2 = 33,000 (imp.) | 40 (anchor) | 0.15 | 0.15 |
 * | E6  | Other / Uncategorised  | X-99    | 30,000 | 1     | Paris (baseline) | 36,000                          | 50 (imputed) | 0.175 | 0.175 |
 *
 * Moderate released = 0.4a + 0.2g: E1 0.15, E2 0.176, E3 0.1, E4 0.045, E5 0.09, E6 0.105;
 * gross = cost × released: 9,000; 5,280; 2,400; 1,512; 2,970; 3,780 = 24,942
 * (now E1 E2 14,280; near E3 E6 6,180; later E4 E5 4,482).
 */
const titles: Record<string, TitleClassification> = {
  'Chief Accountant ZQX1': { ...ACCOUNTANT, source: 'override', confidence: 1 },
  'Payroll Clerk ZQX2': PAYROLL,
  'Developer ZQX3': DEVELOPER,
  'Bus Driver ZQX4': DRIVER,
  'Filing Clerk ZQX5': CLERK,
  'Xyzzy ZQX6': UNCLASSIFIED,
};
const rows = [
  row('EMP-ZQ-001', 'Chief Accountant ZQX1', { salary: 50_000, fte: 1, location: 'London', division: 'Division ZQD', organisation: 'Body ZQO', grade: 'Grade ZQG', group: 'Profession ZQP' }),
  row('EMP-ZQ-002', 'Payroll Clerk ZQX2', { managerEmployeeId: 'EMP-ZQ-001', fte: 0.5, location: 'UK' }),
  row('EMP-ZQ-003', 'Developer ZQX3', { managerEmployeeId: 'EMP-ZQ-001', salary: 45_000, location: 'Bangalore office ZQL' }),
  row('EMP-ZQ-004', 'Bus Driver ZQX4', { managerEmployeeId: 'EMP-ZQ-002', salary: 28_000, fte: 1 }),
  row('EMP-ZQ-005', 'Filing Clerk ZQX5', { managerEmployeeId: 'EMP-ZQ-002', salary: 0, fte: 0.004, location: 'london' }),
  row('EMP-ZQ-006', 'Xyzzy ZQX6', { managerEmployeeId: 'MGR-ZQ-099', salary: 30_000, fte: 1, location: 'Paris ZQL' }),
];
const input = (): SummaryInput => ({
  rows,
  classifications: new Map(Object.entries(titles)),
  reference,
  settings: defaultSettings(reference),
  packId: 'general',
  createdAt: '2026-07-15T09:00:00Z',
  stats: { implausibleFte: 2 },
});

describe('dataset summary, golden figures (scoring.md §9)', () => {
  const summary = buildDatasetSummary(input());

  it('totals headcount, FTE and cost', () => {
    // FTE 1 + 0.5 + 1 (unknown) + 1 + 1 (0.004 rounds to 0) + 1 = 5.5. Costs sum 216,600, mean 36,100;
    // median of 24,000 30,000 33,000 33,600 36,000 60,000 = (33,000 + 33,600)/2 = 33,300.
    expect(summary.headcount).toBe(6);
    expect(summary.fteTotal).toBe(5.5);
    expect(summary.cost).toEqual({ total: 216_600, average: 36_100, median: 33_300 });
  });

  it('averages exposure by head and splits it by horizon', () => {
    // p: 80 90 60 10 40 50 → 55. a: 0.25 0.33 0.1 0.075 0.15 0.175 = 1.08 → 0.18. g: 1.17 → 0.195.
    expect(summary.exposure).toEqual({
      averagePercentile: 55,
      byHorizon: { now: { headcount: 2, cost: 90_000 }, near: { headcount: 2, cost: 60_000 }, later: { headcount: 2, cost: 66_600 } },
      automationShare: 0.18,
      augmentationShare: 0.195,
    });
  });

  it('builds the moderate programme from the horizons', () => {
    // Reinvestment 20 %. Half-year gross: P0 14,280×0.25/2 = 1,785; P1 3,570; P2 (10,710 + 1,545)/2 = 6,127.5;
    // P3 (14,280 + 3,090)/2 = 8,685; P4 (14,280 + 4,635 + 1,120.5)/2 = 10,017.75; P5 (14,280 + 6,180 + 2,241)/2 = 11,350.5.
    // Sum 41,535.75; net × 0.8 = 33,228.60; investment ÷ 3 = 11,076.20; split 60/40 = 6,645.72 / 4,430.48.
    // FTE saved: 0.15 + 0.5 × 0.176 + 0.1 + 0.045 + 0.09 + 0.105 = 0.578.
    // Payback: months 1–6 net 238 vs 461.51 invested a month; 7–12 476 vs 461.51; 13– 817 vs 230.75.
    // Month 14: 5,918 vs 5,999.61 (short); month 15: 6,735 vs 6,230.36 → 15.
    const m = summary.scenarios.moderate;
    expect(m.grossSaving).toBe(24_942);
    expect(m.fteSaved).toBe(0.58);
    expect(m.reinvestmentPercent).toBe(20);
    expect(m.netOfReinvestment).toBe(19_953.6);
    expect(m.threeYearNetSaving).toBe(33_228.6);
    expect(m.investment).toBe(11_076.2);
    expect(m.investmentSplit).toEqual([
      { key: 'technology', label: 'Technology', amount: 6_645.72 },
      { key: 'people', label: 'People', amount: 4_430.48 },
    ]);
    expect(m.roi).toBe(3);
    expect(m.paybackMonths).toBe(15);
    expect(m.paybackFlagged).toBe(false);
    expect(m.periods.map((p) => p.grossSaving)).toEqual([1_785, 3_570, 6_127.5, 8_685, 10_017.75, 11_350.5]);
    expect(m.periods.map((p) => p.cumulativeNetSaving)).toEqual([1_428, 4_284, 9_186, 16_134, 24_148.2, 33_228.6]);
  });

  it('gives every scenario its own gross saving', () => {
    // conservative (0.2a + 0.1g): 4,500 + 2,640 + 1,200 + 756 + 1,485 + 1,890 = 12,471
    // aggressive (0.6a + 0.3g): 13,500 + 7,920 + 3,600 + 2,268 + 4,455 + 5,670 = 37,413
    expect(summary.scenarios.conservative.grossSaving).toBe(12_471);
    expect(summary.scenarios.aggressive.grossSaving).toBe(37_413);
    expect(summary.scenarios.conservative.reinvestmentPercent).toBe(30);
    expect(summary.scenarios.aggressive.reinvestmentPercent).toBe(10);
  });

  it('starts the programme at the half-year of creation', () => {
    expect(summary.programme).toEqual({
      horizonStart: '2026-H2',
      periodLabels: ['2026-H2', '2027-H1', '2027-H2', '2028-H1', '2028-H2', '2029-H1'],
      paybackLimitMonths: 24,
    });
  });

  it('ranks role types by headcount then cost, leaving out Other / Uncategorised', () => {
    expect(summary.topRoles.map((r) => [r.subcategory, r.headcount, r.cost, r.averagePercentile, r.moderateSaving])).toEqual([
      ['Accountant', 1, 60_000, 80, 9_000],
      ['Bus Driver', 1, 33_600, 10, 1_512],
      ['Office Clerk', 1, 33_000, 40, 2_970],
      ['Payroll Administrator', 1, 30_000, 90, 5_280],
      ['Software Developer', 1, 24_000, 60, 2_400],
    ]);
  });

  it('totals categories, Other included', () => {
    // Finance: E1 + E2 → 2 people, 90,000, p (80 + 90)/2 = 85, saving 14,280, a (0.25 + 0.33)/2 = 0.29, g 0.235.
    expect(summary.categories[0]).toEqual({
      category: 'Finance',
      headcount: 2,
      cost: 90_000,
      averagePercentile: 85,
      moderateSaving: 14_280,
      automationShare: 0.29,
      augmentationShare: 0.235,
    });
    expect(summary.categories.map((c) => c.category)).toEqual(['Finance', 'Other', 'Logistics', 'Administration', 'Technology']);
  });

  it('counts headcount and exposure per US major group', () => {
    // 13: E1; 15: E3; 43: E2 (90) and E5 (40) → 65; 53: E4. E6 has no US code.
    expect(summary.usMajorGroups).toEqual([
      { major: '13', headcount: 1, headcountShare: 0.1667, averagePercentile: 80 },
      { major: '15', headcount: 1, headcountShare: 0.1667, averagePercentile: 60 },
      { major: '43', headcount: 2, headcountShare: 0.3333, averagePercentile: 65 },
      { major: '53', headcount: 1, headcountShare: 0.1667, averagePercentile: 10 },
    ]);
  });

  it('sorts migratable rows into offshore, hybrid and onshore', () => {
    // Migratable: E1 (Accountant listed), E2 and E5 (major 43), E3 (major 15). E5 p 40 < 50 → candidate,
    // saving 33,000 × (1 − 0.5/1.25) = 19,800. E3 p 60 → hybrid. E1 80, E2 90 → onshore.
    // Shares: 1/6 = 0.1667 of heads, 33,000/216,600 = 0.1524 of cost.
    expect(summary.offshore).toEqual({
      migratable: { headcount: 4, cost: 147_000 },
      candidates: { headcount: 1, cost: 33_000 },
      hybrid: { headcount: 1, cost: 24_000 },
      onshore: { headcount: 2, cost: 90_000 },
      headcountShare: 0.1667,
      costShare: 0.1524,
      saving: 19_800,
    });
  });

  it('summarises spans and layers without the missing references themselves', () => {
    // E2 to E5 reach E1 through managers in the list: 4 of 6 linked, at least half, so reporting lines.
    expect(summary.organisation).toEqual({
      reportingLines: true,
      people: 6,
      linked: 4,
      roots: 1,
      layerCount: 3,
      headcountByLayer: [1, 2, 2],
      managers: 2,
      averageSpan: 2,
      medianSpan: 2,
      narrowSpan: 2,
      wideSpan: 3,
      narrowManagers: 0,
      wideManagers: 0,
      singleReportManagers: 0,
      unresolved: 1,
      disconnected: 1,
      missingManagerReferences: 1,
    });
  });

  it('spreads the generic value chain by category', () => {
    // support (Finance, Technology): E1 E2 E3 → 3, 114,000, p (80 + 90 + 60)/3 = 76.67, saving 16,680.
    // operate (default): E4 E5 E6 → 3, 102,600, p 33.33, saving 8,262.
    expect(summary.lifecycle.phases).toEqual([
      { key: 'lead', label: 'Leadership', headcount: 0, cost: 0, averagePercentile: 0, moderateSaving: 0 },
      { key: 'support', label: 'Support functions', headcount: 3, cost: 114_000, averagePercentile: 76.67, moderateSaving: 16_680 },
      { key: 'operate', label: 'Operations', headcount: 3, cost: 102_600, averagePercentile: 33.33, moderateSaving: 8_262 },
    ]);
  });

  it('counts copilot tiers', () => {
    // E1 13 core; E2 43 regular raised to core; E3 15 default occasional lowered to limited; E4 no tier;
    // E5 43 regular; E6 no major → occasional.
    expect(summary.copilot).toEqual({
      byTier: [
        { key: 'core', label: 'Core', headcount: 2 },
        { key: 'regular', label: 'Regular', headcount: 1 },
        { key: 'occasional', label: 'Occasional', headcount: 1 },
        { key: 'limited', label: 'Limited', headcount: 1 },
      ],
      noTier: 1,
    });
  });

  it('reports the stats, reference version and settings', () => {
    expect(summary.stats).toEqual({
      rows: 6,
      titles: 6,
      duplicateEmployeeIds: 0,
      exposureImputed: 1,
      costImputed: 3,
      implausibleFte: 2,
      bySource: { override: 1, rules: 5 },
    });
    expect(summary.referenceVersion).toBe(7);
    expect(summary.packId).toBe('general');
    expect(summary.settings).toEqual({ employerCostMultiplier: 1.2, region: 'uk', currency: 'GBP' });
  });

  it('matches the stored summary schema', () => {
    expect(datasetSummarySchema.safeParse(summary).success).toBe(true);
  });
});

describe('dataset summary rules', () => {
  it('holds no employee ID, manager reference, title, location, division, organisation, grade or professional group', () => {
    const text = JSON.stringify(buildDatasetSummary({ ...input(), codingContext: { currency: 'GBP', payScale: 0.8 } }));
    for (const secret of ['EMP-ZQ', 'MGR-ZQ', 'ZQX', 'ZQL', 'ZQD', 'ZQO', 'ZQG', 'ZQP', 'Xyzzy', 'Chief', 'Paris', 'Bangalore']) expect(text).not.toContain(secret);
  });

  it('gives identical JSON for the same input', () => {
    expect(JSON.stringify(buildDatasetSummary(input()))).toBe(JSON.stringify(buildDatasetSummary(input())));
  });

  it('reads an unknown pack id as the general pack', () => {
    const summary = buildDatasetSummary({ ...input(), packId: 'no-such-pack' });
    expect(summary.packId).toBe('general');
    expect(summary.lifecycle.id).toBe('generic');
  });

  it("uses the pack's lifecycle", () => {
    expect(buildDatasetSummary({ ...input(), packId: 'finance' }).lifecycle).toMatchObject({ id: 'finance-chain', chosenBy: 'pack' });
  });

  it('takes source counts from the caller when given', () => {
    const summary = buildDatasetSummary({ ...input(), stats: { bySource: { rules: 3, ai: 2, override: 1 } } });
    expect(summary.stats.bySource).toEqual({ ai: 2, override: 1, rules: 3 });
    expect(Object.keys(summary.stats.bySource)).toEqual(['ai', 'override', 'rules']);
    expect(summary.stats.implausibleFte).toBe(0);
  });

  it('resolves a title missing from the classifications by pack overlay, then rules', () => {
    // "General Ledger Clerk" matches the finance pack overlay (codes only; its role is the rule role, Office
    // Clerk, because the rules placed the title); "Accountant" falls to the rules.
    const summary = buildDatasetSummary({
      ...input(),
      rows: [row('a', 'General Ledger Clerk'), row('b', 'Accountant')],
      classifications: new Map(),
      packId: 'finance',
    });
    expect(summary.stats.bySource).toEqual({ pack: 1, rules: 1 });
    expect(summary.topRoles.map((r) => r.subcategory).sort()).toEqual(['Accountant', 'Office Clerk']);
  });

  it('stores no layers or spans, only the reference counts, for a list without a manager column', () => {
    const flat = rows.map((r) => ({ ...r, managerEmployeeId: null }));
    expect(buildDatasetSummary({ ...input(), rows: flat }).organisation).toEqual({
      reportingLines: false,
      people: 6,
      linked: 0,
      roots: 0,
      layerCount: 0,
      headcountByLayer: [],
      managers: 0,
      averageSpan: 0,
      medianSpan: 0,
      narrowSpan: 2,
      wideSpan: 3,
      narrowManagers: 0,
      wideManagers: 0,
      singleReportManagers: 0,
      unresolved: 0,
      disconnected: 0,
      missingManagerReferences: 0,
    });
  });

  it('keeps the unresolved counts but no layers or spans when most manager references name nobody in the list', () => {
    // E2 reports to E1; E3 to E6 name managers not in the list: 1 of 6 linked.
    const broken = rows.map((r, i) => ({ ...r, managerEmployeeId: i === 1 ? 'EMP-ZQ-001' : i === 0 ? null : `GONE-${i}` }));
    expect(buildDatasetSummary({ ...input(), rows: broken }).organisation).toMatchObject({
      reportingLines: false,
      linked: 1,
      layerCount: 0,
      managers: 0,
      averageSpan: 0,
      unresolved: 4,
      disconnected: 4,
      missingManagerReferences: 4,
    });
  });

  it('scores every row of a duplicated employee ID but counts the duplicates', () => {
    const summary = buildDatasetSummary({ ...input(), rows: [...rows, rows[1]] });
    expect(summary.headcount).toBe(7);
    expect(summary.stats.duplicateEmployeeIds).toBe(1);
    expect(summary.organisation.people).toBe(6);
  });

  it('lists at most 20 role types', () => {
    const many = tinyReference((doc) => {
      for (let i = 0; i < 25; i++) {
        doc.taxonomy.roles.push({ category: 'Finance', subcategory: `Analyst ${i}`, ukSoc2020: '2421', anchor: null, rubric: { automation: 1, augmentation: 1 } });
      }
    });
    const classifications = new Map<string, TitleClassification>();
    const staff = [];
    for (let i = 0; i < 25; i++) {
      classifications.set(`t${i}`, { ...ACCOUNTANT, subcategory: `Analyst ${i}` });
      // Analyst i has i + 1 people, so the list runs from Analyst 24 down to Analyst 5.
      for (let k = 0; k <= i; k++) staff.push(row(`e${i}-${k}`, `t${i}`));
    }
    const summary = buildDatasetSummary({ ...input(), reference: many, rows: staff, classifications });
    expect(summary.topRoles).toHaveLength(20);
    expect(summary.topRoles[0]).toMatchObject({ subcategory: 'Analyst 24', headcount: 25 });
    expect(summary.topRoles[19]).toMatchObject({ subcategory: 'Analyst 5', headcount: 6 });
  });

  it('summarises an empty list without dividing by zero', () => {
    const summary = buildDatasetSummary({ ...input(), rows: [] });
    expect(summary).toMatchObject({ headcount: 0, cost: { total: 0, average: 0, median: 0 }, exposure: { averagePercentile: 0 } });
    expect(datasetSummarySchema.safeParse(summary).success).toBe(true);
  });
});

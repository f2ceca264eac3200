import { describe, expect, it } from 'vitest';
import { buildProgramme, halfYearLabel, halfYearOf, reinvestmentPercent, type ScenarioRunRate } from '../programme.ts';
import { tinyReferenceData } from './fixture.ts';

// Fixture programme: curve 0.25, 0.5, 0.75, 1, 1, 1; reinvestment 10–30 %; ROI midpoints 2 / 3 / 4;
// four investment phases of 25 % over months [0,6), [6,12), [12,24), [24,36); payback flagged after 24 months.
const programme = tinyReferenceData().programme;
const start = halfYearOf('2026-07-01T00:00:00Z');
const runRate = (now: number, near = 0, later = 0): ScenarioRunRate => ({ grossByHorizon: { now, near, later }, fteSaved: 1.234 });

describe('programme periods (scoring.md §4)', () => {
  it('starts at the half-year containing the creation time (UTC)', () => {
    expect(halfYearOf('2026-06-30T23:59:59Z')).toEqual({ year: 2026, half: 1 });
    expect(halfYearOf('2026-07-01T00:00:00Z')).toEqual({ year: 2026, half: 2 });
    expect(halfYearOf('2026-07-01T00:30:00+01:00')).toEqual({ year: 2026, half: 1 });
  });

  it('labels half-years across year ends', () => {
    expect([0, 1, 2, 5].map((i) => halfYearLabel(start, i))).toEqual(['2026-H2', '2027-H1', '2027-H2', '2029-H1']);
  });

  it('refuses a creation time that is not a date', () => {
    expect(() => halfYearOf('yesterday')).toThrow(RangeError);
  });

  it('ramps each horizon along the curve from its start period: now 0, near 2, later 4', () => {
    // Annual run rates now 12,000, near 4,000, later 8,000. Half-year gross = annual × curve share / 2:
    // P0 12,000×0.25/2 = 1,500; P1 3,000; P2 4,500 + 4,000×0.25/2 = 5,000; P3 6,000 + 1,000 = 7,000;
    // P4 6,000 + 1,500 + 8,000×0.25/2 = 8,500; P5 6,000 + 2,000 + 2,000 = 10,000.
    const p = buildProgramme('moderate', runRate(12_000, 4_000, 8_000), programme, start);
    expect(p.periods.map((x) => x.grossSaving)).toEqual([1_500, 3_000, 5_000, 7_000, 8_500, 10_000]);
    expect(p.periods.map((x) => x.label)).toEqual(['2026-H2', '2027-H1', '2027-H2', '2028-H1', '2028-H2', '2029-H1']);
    expect(p.grossSaving).toBe(24_000);
  });
});

describe('reinvestment (scoring.md §4)', () => {
  it('uses the high total for conservative, the low for aggressive and the midpoint for moderate', () => {
    const totals = programme.reinvestment.totals;
    expect(reinvestmentPercent('conservative', totals)).toBe(30);
    expect(reinvestmentPercent('moderate', totals)).toBe(20);
    expect(reinvestmentPercent('aggressive', totals)).toBe(10);
  });

  it('nets reinvestment off the run rate and every period', () => {
    // conservative: 12,000 × (1 − 0.3) = 8,400; P0 1,500 × 0.7 = 1,050
    const p = buildProgramme('conservative', runRate(12_000), programme, start);
    expect(p.netOfReinvestment).toBe(8_400);
    expect(p.periods[0].netSaving).toBe(1_050);
  });
});

describe('investment and payback (scoring.md §4)', () => {
  // Moderate, now-only run rate 12,000: gross per period 1,500, 3,000, 4,500, 6,000, 6,000, 6,000 = 27,000;
  // net × 0.8 = 21,600 over three years; investment 21,600 ÷ 3 = 7,200, 1,800 per phase.
  const p = buildProgramme('moderate', runRate(12_000), programme, start);

  it('sizes investment as three-year net saving over the ROI band midpoint', () => {
    expect(p.threeYearNetSaving).toBe(21_600);
    expect(p.investment).toBe(7_200);
    expect(p.roi).toBe(3);
  });

  it('splits investment by the investment split and the phases', () => {
    expect(p.investmentSplit.map((s) => s.amount)).toEqual([4_320, 2_880]);
    expect(p.investmentPhases.map((s) => s.amount)).toEqual([1_800, 1_800, 1_800, 1_800]);
  });

  it('spreads each phase evenly over its months [fromMonth, toMonth)', () => {
    // P0 and P1 each hold a whole 6-month phase (1,800); P2–P5 hold half of a 12-month phase (900).
    expect(p.periods.map((x) => x.investment)).toEqual([1_800, 1_800, 900, 900, 900, 900]);
    expect(p.periods[5].cumulativeInvestment).toBe(7_200);
    expect(p.periods[5].cumulativeNetSaving).toBe(21_600);
  });

  it('pays back in the first month cumulative net saving reaches cumulative investment', () => {
    // Months 1–6: net 200/month vs investment 300/month. Months 7–12: net 400 vs 300, so the gap of 600
    // after month 6 closes by 100 a month: month 11 is 3,200 vs 3,300, month 12 is 3,600 vs 3,600.
    expect(p.paybackMonths).toBe(12);
    expect(p.paybackFlagged).toBe(false);
  });

  it('flags payback later than paybackMonths', () => {
    // later-only 12,000: savings start in P4 (month 25) at 200/month net; investment 1,200 in total, 300 per
    // phase: 900 spent by month 24, then 25/month. Month 29: 1,000 vs 1,025; month 30: 1,200 vs 1,050.
    const late = buildProgramme('moderate', runRate(0, 0, 12_000), programme, start);
    expect(late.investment).toBe(1_200);
    expect(late.paybackMonths).toBe(30);
    expect(late.paybackFlagged).toBe(true);
  });

  it('reports no payback when savings never catch up within ten years', () => {
    // ROI midpoint 0.1: investment is ten times the three-year net saving.
    const poor = buildProgramme('moderate', runRate(12_000), { ...programme, roiBands: { ...programme.roiBands, moderate: { low: 0.1, high: 0.1 } } }, start);
    expect(poor.investment).toBe(216_000);
    expect(poor.paybackMonths).toBeNull();
    expect(poor.paybackFlagged).toBe(true);
  });

  it('invests nothing and reports no ROI or payback when there is no saving', () => {
    const none = buildProgramme('aggressive', runRate(0), programme, start);
    expect(none).toMatchObject({ investment: 0, roi: null, paybackMonths: null, paybackFlagged: true, threeYearNetSaving: 0 });
  });

  it('rounds FTE saved to two decimals', () => {
    expect(p.fteSaved).toBe(1.23);
  });
});

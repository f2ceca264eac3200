import type { ReferenceData, ScenarioKey } from '../../schema/reference/index.ts';
import type { Horizon } from './row.ts';
import { round2, roundMoney } from './round.ts';
import type { ProgrammePeriod, ScenarioProgramme } from '../../schema/datasetSummary.ts';

/**
 * The programme of one scenario (scoring.md §4): half-year periods from the half-year containing the
 * dataset's creation, each horizon's run-rate saving ramping up along the realisation curve from its start
 * period, reinvestment netted off, investment sized from the ROI band and phased, and the payback month.
 */

export const PERIODS_REPORTED = 6; // three years of half-years
const MONTHS_PER_PERIOD = 6;
/** Payback is searched over ten years, the longest programme the reference can describe. */
const PAYBACK_SEARCH_MONTHS = 120;
/** Half-year period in which each horizon starts realising savings. */
export const HORIZON_START_PERIOD: Readonly<Record<Horizon, number>> = { now: 0, near: 2, later: 4 };

export interface HalfYear {
  year: number;
  half: 1 | 2;
}

/** The half-year containing an ISO timestamp (UTC). */
export function halfYearOf(iso: string): HalfYear {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`createdAt is not a valid ISO timestamp: ${iso}`);
  return { year: at.getUTCFullYear(), half: at.getUTCMonth() < 6 ? 1 : 2 };
}

/** Label of the half-year `offset` periods after `start`, e.g. 2026-H2 + 1 → 2027-H1. */
export function halfYearLabel(start: HalfYear, offset: number): string {
  const index = start.year * 2 + (start.half - 1) + offset;
  return `${Math.floor(index / 2)}-H${(index % 2) + 1}`;
}

/** Reinvestment percent of gross saving: conservative plans for the high end, aggressive the low end. */
export function reinvestmentPercent(key: ScenarioKey, totals: { low: number; high: number }): number {
  if (key === 'conservative') return totals.high;
  if (key === 'aggressive') return totals.low;
  return (totals.low + totals.high) / 2;
}

export interface ScenarioRunRate {
  /** Annual gross saving per horizon at full realisation. */
  grossByHorizon: Record<Horizon, number>;
  fteSaved: number;
}

export function buildProgramme(key: ScenarioKey, runRate: ScenarioRunRate, programme: ReferenceData['programme'], start: HalfYear): ScenarioProgramme {
  const { curve } = programme;
  // A curve that stops short of 1 (a validation warning) holds its last value.
  const realised = (periodsIn: number) => (periodsIn < 0 ? 0 : curve[Math.min(periodsIn, curve.length - 1)]);
  const netShare = 1 - reinvestmentPercent(key, programme.reinvestment.totals) / 100;
  const grossIn = (period: number) => {
    let annualRate = 0;
    for (const h of ['now', 'near', 'later'] as const) annualRate += runRate.grossByHorizon[h] * realised(period - HORIZON_START_PERIOD[h]);
    return annualRate / 2;
  };

  let threeYearNet = 0;
  for (let i = 0; i < PERIODS_REPORTED; i++) threeYearNet += grossIn(i) * netShare;
  const band = programme.roiBands[key];
  const roiMultiple = (band.low + band.high) / 2;
  const investment = threeYearNet / roiMultiple;

  const phases = programme.investmentPhases.map((phase) => ({ ...phase, amount: (investment * phase.share) / 100 }));
  const investedInMonth = (month: number) => {
    let sum = 0;
    for (const p of phases) if (month >= p.fromMonth && month < p.toMonth) sum += p.amount / (p.toMonth - p.fromMonth);
    return sum;
  };

  const periods: ProgrammePeriod[] = [];
  let cumulativeNet = 0;
  let cumulativeInvestment = 0;
  let lastShortMonth = 0;
  for (let month = 0; month < PAYBACK_SEARCH_MONTHS; month++) {
    const period = Math.floor(month / MONTHS_PER_PERIOD);
    cumulativeNet += (grossIn(period) * netShare) / MONTHS_PER_PERIOD;
    cumulativeInvestment += investedInMonth(month);
    // A sub-penny tolerance keeps float noise from moving payback by a month.
    if (cumulativeNet + 0.005 < cumulativeInvestment) lastShortMonth = month + 1;
    if (period < PERIODS_REPORTED && month % MONTHS_PER_PERIOD === MONTHS_PER_PERIOD - 1) {
      const gross = grossIn(period);
      let periodInvestment = 0;
      for (let m = period * MONTHS_PER_PERIOD; m <= month; m++) periodInvestment += investedInMonth(m);
      periods.push({
        label: halfYearLabel(start, period),
        grossSaving: roundMoney(gross),
        netSaving: roundMoney(gross * netShare),
        cumulativeNetSaving: roundMoney(cumulativeNet),
        investment: roundMoney(periodInvestment),
        cumulativeInvestment: roundMoney(cumulativeInvestment),
      });
    }
  }
  const paybackMonths = investment <= 0 || lastShortMonth >= PAYBACK_SEARCH_MONTHS ? null : lastShortMonth + 1;

  const grossSaving = runRate.grossByHorizon.now + runRate.grossByHorizon.near + runRate.grossByHorizon.later;
  return {
    grossSaving: roundMoney(grossSaving),
    fteSaved: round2(runRate.fteSaved),
    reinvestmentPercent: reinvestmentPercent(key, programme.reinvestment.totals),
    netOfReinvestment: roundMoney(grossSaving * netShare),
    threeYearNetSaving: roundMoney(threeYearNet),
    investment: roundMoney(investment),
    investmentSplit: programme.investmentSplit.map((s) => ({ key: s.key, label: s.label, amount: roundMoney((investment * s.percent) / 100) })),
    investmentPhases: phases.map((p) => ({ key: p.key, label: p.label, fromMonth: p.fromMonth, toMonth: p.toMonth, amount: roundMoney(p.amount) })),
    roi: investment > 0 ? round2(threeYearNet / investment) : null,
    paybackMonths,
    paybackFlagged: paybackMonths === null || paybackMonths > programme.paybackMonths,
    periods,
  };
}

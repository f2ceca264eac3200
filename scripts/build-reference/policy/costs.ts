import type { ReferenceData } from '../../../schema/reference/index.ts';
import { numberOrNull, readCsv } from './csv.ts';
import { round } from './context.ts';

/**
 * costs.employerCostMultiplier: salary to employer cost at the UK full-time median (ASHE 2024p, Table
 * 14.7a, all full-time employees). Employer National Insurance is computed at 2025/26 rates; the other
 * on-costs are stated assumptions (docs/reference-assumptions.md).
 */
export const EMPLOYER_NIC_RATE = 0.15;
export const EMPLOYER_NIC_THRESHOLD = 5_000;
export const EMPLOYER_PENSION_SHARE = 0.05;
export const APPRENTICESHIP_LEVY_SHARE = 0.005;
export const OTHER_ON_COST_SHARE = 0.05;

/** Median gross annual pay of all UK full-time employees (pounds). */
export function ukFullTimeMedian(dataDir: string): number {
  const rows = readCsv(dataDir, 'uk-ashe-2024-provisional-table14/ashe_2024p_table14_7a_annual_gross.csv');
  const row = rows.find((r) => r.population === 'Full-Time' && r.level === 'all');
  const median = numberOrNull(row?.median);
  if (median === null) throw new Error('ASHE Table 14.7a has no full-time all-employees median');
  return median;
}

/**
 * The United States region's employer cost multiplier, derived the same way at the US median: statutory payroll
 * taxes computed at the OEWS all-occupations median (BLS OEWS May 2024), the other on-costs stated assumptions
 * (docs/reference-assumptions.md). Employer payroll taxes at 2025 federal rates: Social Security 6.2 % up to its
 * wage base, Medicare 1.45 %, federal unemployment tax (FUTA) 0.6 % of the first $7,000 after the state credit.
 */
export const US_SOCIAL_SECURITY_RATE = 0.062;
export const US_SOCIAL_SECURITY_WAGE_BASE = 176_100;
export const US_MEDICARE_RATE = 0.0145;
export const US_FUTA_RATE = 0.006;
export const US_FUTA_WAGE_BASE = 7_000;
export const US_STATE_UNEMPLOYMENT_SHARE = 0.01;
export const US_WORKERS_COMPENSATION_SHARE = 0.01;
export const US_HEALTH_AND_INSURANCE_SHARE = 0.1;
export const US_RETIREMENT_SHARE = 0.04;

/** Median annual wage of all US occupations (dollars), OEWS national May 2024. */
export function usAllOccupationsMedian(dataDir: string): number {
  const row = readCsv(dataDir, 'us-oews-national-2024/oews_national_may2024.csv').find((r) => r.OCC_CODE === '00-0000');
  const median = numberOrNull(row?.A_MEDIAN);
  if (median === null) throw new Error('OEWS has no all-occupations annual median');
  return median;
}

export function usEmployerCostMultiplier(dataDir: string): number {
  const median = usAllOccupationsMedian(dataDir);
  const payrollTaxes =
    (US_SOCIAL_SECURITY_RATE * Math.min(median, US_SOCIAL_SECURITY_WAGE_BASE) + US_MEDICARE_RATE * median + US_FUTA_RATE * Math.min(median, US_FUTA_WAGE_BASE)) / median;
  return round(1 + payrollTaxes + US_STATE_UNEMPLOYMENT_SHARE + US_WORKERS_COMPENSATION_SHARE + US_HEALTH_AND_INSURANCE_SHARE + US_RETIREMENT_SHARE, 2);
}

export function buildCosts(dataDir: string): ReferenceData['costs'] {
  const median = ukFullTimeMedian(dataDir);
  const nic = (EMPLOYER_NIC_RATE * Math.max(0, median - EMPLOYER_NIC_THRESHOLD)) / median;
  return { employerCostMultiplier: round(1 + nic + EMPLOYER_PENSION_SHARE + APPRENTICESHIP_LEVY_SHARE + OTHER_ON_COST_SHARE, 2) };
}

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

export function buildCosts(dataDir: string): ReferenceData['costs'] {
  const median = ukFullTimeMedian(dataDir);
  const nic = (EMPLOYER_NIC_RATE * Math.max(0, median - EMPLOYER_NIC_THRESHOLD)) / median;
  return { employerCostMultiplier: round(1 + nic + EMPLOYER_PENSION_SHARE + APPRENTICESHIP_LEVY_SHARE + OTHER_ON_COST_SHARE, 2) };
}

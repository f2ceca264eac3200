import type { Occupations, Role, Taxonomy } from '../../../schema/reference/index.ts';
import { OTHER_CATEGORY } from '../../../schema/reference/index.ts';
import { numberOrNull, readCsv } from './csv.ts';

/**
 * What the policy builders read: the shared data folder, and the occupations and taxonomy sections
 * (built from the same data by ../occupations.ts and ../taxonomy/) so policy lists can name real roles.
 */
export interface PolicyContext {
  dataDir: string;
  occupations: Occupations;
  taxonomy: Taxonomy;
}

/** Roles that name a real role type (everything but Other / Uncategorised). */
export function realRoles(taxonomy: Taxonomy): Role[] {
  return taxonomy.roles.filter((r) => r.category !== OTHER_CATEGORY);
}

export const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
export const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/** US employment by SOC 2018 detailed code (BLS OEWS May 2024), used to weight group averages. */
export function usEmployment(dataDir: string): Map<string, number> {
  const rows = readCsv(dataDir, 'us-oews-national-2024/oews_national_may2024.csv');
  const detailed = new Map<string, number>();
  const broad = new Map<string, number>();
  for (const row of rows) {
    const employment = numberOrNull(row.TOT_EMP);
    if (employment === null) continue;
    if (row.O_GROUP === 'detailed') detailed.set(row.OCC_CODE, employment);
    if (row.O_GROUP === 'broad') broad.set(row.OCC_CODE, employment);
  }
  // OEWS publishes some detailed occupations only within their broad group: share the broad group's
  // employment not covered by its own detailed rows evenly among the detailed codes without a row.
  const soc = readCsv(dataDir, 'us-soc-2018-structure/soc2018_detailed.csv').map((r) => r.soc2018_code);
  const missingByBroad = new Map<string, string[]>();
  for (const code of soc) {
    if (detailed.has(code)) continue;
    const group = `${code.slice(0, 6)}0`;
    missingByBroad.set(group, [...(missingByBroad.get(group) ?? []), code]);
  }
  const result = new Map(detailed);
  for (const [group, codes] of missingByBroad) {
    const total = broad.get(group);
    if (total === undefined) continue;
    const covered = soc.filter((c) => `${c.slice(0, 6)}0` === group && detailed.has(c)).reduce((a, c) => a + (detailed.get(c) ?? 0), 0);
    const rest = Math.max(0, total - covered);
    if (rest > 0) for (const code of codes) result.set(code, rest / codes.length);
  }
  return result;
}

/** Eloundou et al. GPT-4-rated beta exposure (E1 + ½E2) per SOC 2018 code, averaged over O*NET-SOC rows. */
export function eloundouBeta(dataDir: string): Map<string, number> {
  const sums = new Map<string, number[]>();
  for (const row of readCsv(dataDir, 'gpts-are-gpts/occ_level.csv')) {
    const code = row['O*NET-SOC Code'].slice(0, 7);
    const value = numberOrNull(row.dv_rating_beta);
    if (value !== null) sums.set(code, [...(sums.get(code) ?? []), value]);
  }
  return new Map([...sums].map(([code, values]) => [code, mean(values)]));
}

/** Anthropic Economic Index observed exposure (0–1) per SOC 2018 code. */
export function observedExposure(dataDir: string): Map<string, number> {
  const rows = readCsv(dataDir, 'anthropic-economic-index/job_exposure_observed_exposure_by_soc2018.csv');
  return new Map(rows.map((r) => [r.occ_code, Number(r.observed_exposure)]));
}

/** Employment-weighted mean of `values` over codes of each US major group (codes without weight skipped). */
export function weightedByMajor(values: Map<string, number>, employment: Map<string, number>): Map<string, number> {
  const acc = new Map<string, { w: number; s: number }>();
  for (const [code, value] of values) {
    const w = employment.get(code);
    if (!w) continue;
    const major = code.slice(0, 2);
    const a = acc.get(major) ?? { w: 0, s: 0 };
    a.w += w;
    a.s += w * value;
    acc.set(major, a);
  }
  return new Map([...acc].map(([major, a]) => [major, a.s / a.w]));
}

/** Which of the role's anchors sit in which US major group, for placing categories by their roles. */
export function anchorMajor(role: Role): string | null {
  return role.anchor ? role.anchor.usSoc2018.slice(0, 2) : null;
}

import { OTHER_CATEGORY, OTHER_SUBCATEGORY } from '../../../schema/reference/index.ts';
import { currencySign, currencyWords } from '../../../workers/format/figures.ts';
import { hasReportingLines } from '../../../workers/scoring/org.ts';
import { summaryCurrency, type DatasetSummary } from '../../../schema/datasetSummary.ts';
import type { Tx } from '../../db/connection.ts';
import { listTitles } from '../../repositories/titlesRepository.ts';

/**
 * What the narrative prompts may see (spec: AI data flows): the dataset's name, the client's sector
 * and aggregate figures from the stored summary, rounded as a reader would quote them. No row,
 * title, person, location, division or grouping value is ever included.
 */
export type NarrativeFacts = Record<string, unknown>;

/** Money in whole units of the list's currency (facts.currency says which). */
const money = (v: number) => Math.round(v);
const one = (v: number) => Math.round(v * 10) / 10;
const percent = (share: number) => one(share * 100);

export function narrativeFacts(name: string, sector: string | null, s: DatasetSummary): NarrativeFacts {
  const scenario = (p: DatasetSummary['scenarios']['moderate']) => ({
    annualGrossSaving: money(p.grossSaving),
    fteSaved: one(p.fteSaved),
    reinvestmentPercent: one(p.reinvestmentPercent),
    annualSavingAfterReinvestment: money(p.netOfReinvestment),
    threeYearNetSaving: money(p.threeYearNetSaving),
    investment: money(p.investment),
    returnOnInvestment: p.roi === null ? null : Math.round(p.roi * 100) / 100,
    paybackMonths: p.paybackMonths,
  });
  return {
    datasetName: name,
    sector: sector ?? 'not stated',
    // Every money figure below is in this currency; the text must name it and use its sign.
    currency: { code: summaryCurrency(s), name: currencyWords(summaryCurrency(s)), sign: currencySign(summaryCurrency(s)) },
    headcount: s.headcount,
    fullTimeEquivalents: one(s.fteTotal),
    annualCost: { total: money(s.cost.total), averagePerPerson: money(s.cost.average), median: money(s.cost.median) },
    aiExposure: {
      averagePercentile: one(s.exposure.averagePercentile),
      automatableWorkPercent: percent(s.exposure.automationShare),
      augmentableWorkPercent: percent(s.exposure.augmentationShare),
      byHorizon: Object.fromEntries(Object.entries(s.exposure.byHorizon).map(([k, v]) => [k, { headcount: v.headcount, annualCost: money(v.cost) }])),
    },
    programmeStarts: s.programme.horizonStart,
    scenarios: { conservative: scenario(s.scenarios.conservative), moderate: scenario(s.scenarios.moderate), aggressive: scenario(s.scenarios.aggressive) },
    categories: s.categories.map((c) => ({
      category: c.category,
      headcount: c.headcount,
      headcountPercent: s.headcount > 0 ? percent(c.headcount / s.headcount) : 0,
      annualCost: money(c.cost),
      averageExposurePercentile: one(c.averagePercentile),
      moderateAnnualSaving: money(c.moderateSaving),
    })),
    largestRoleTypes: s.topRoles.map((r) => ({ roleType: r.subcategory, category: r.category, headcount: r.headcount, annualCost: money(r.cost) })),
    offshoreCandidates: { headcount: s.offshore.candidates.headcount, headcountPercent: percent(s.offshore.headcountShare), annualSaving: money(s.offshore.saving) },
    // Without reporting lines there are no layers or spans to quote: the model is told so rather than handed zeros.
    organisation: hasReportingLines(s.organisation)
      ? { layers: s.organisation.layerCount, managers: s.organisation.managers, averageSpan: one(s.organisation.averageSpan), medianSpan: one(s.organisation.medianSpan) }
      : { reportingLines: 'none: the list does not say who reports to whom, so it has no layers or spans of control' },
  };
}

export const VALUE_CHAIN_ROLES = 120;

export interface RoleType {
  role: string;
  category: string;
  headcount: number;
}

/** The 120 largest role types of a dataset by headcount, named by their subcategory; the uncategorised rest is left out. */
export async function largestRoleTypes(tx: Tx, datasetId: string): Promise<RoleType[]> {
  const byRole = new Map<string, RoleType>();
  for (const t of await listTitles(tx, datasetId)) {
    if (!t.category || !t.subcategory || (t.category === OTHER_CATEGORY && t.subcategory === OTHER_SUBCATEGORY)) continue;
    const entry = byRole.get(t.subcategory) ?? { role: t.subcategory, category: t.category, headcount: 0 };
    entry.headcount += t.headcount;
    byRole.set(t.subcategory, entry);
  }
  return [...byRole.values()].sort((a, b) => b.headcount - a.headcount || a.role.localeCompare(b.role)).slice(0, VALUE_CHAIN_ROLES);
}

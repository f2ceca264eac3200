import type { ReferenceData } from '../../schema/reference/index.ts';
import { GENERAL_PACK_ID, GENERIC_LIFECYCLE_ID, OTHER_CATEGORY, OTHER_SUBCATEGORY } from '../../schema/reference/index.ts';
import { ANCHOR_DRIFT_LIMIT, type IssueCollector } from './issues.ts';

/** Cross-checks of the code catalogues, the taxonomy, the packs and the sources. */

const roleKey = (category: string, subcategory: string) => `${category}\u0000${subcategory}`;

/** A UK code with pay: ASHE's own, or a suppressed one priced by its stated proxy (occupations.ukUnpriced). */
export const ukPriced = (occ: ReferenceData['occupations'], code: string) => code in occ.uk || (code in (occ.ukUnpriced ?? {}) && code in occ.ukProxyMedians);

/** Absolute difference rounded to 1e-9, so 84.73 against 84.68 counts as 0.05 despite binary fractions. */
const drift = (a: number, b: number) => Math.round(Math.abs(a - b) * 1e9) / 1e9;

export function checkOccupations(data: ReferenceData, out: IssueCollector): void {
  const occ = data.occupations;
  for (const [code, entry] of Object.entries(occ.us)) {
    const path = `occupations.us.${code}.major`;
    if (!(entry.major in occ.usMajorGroups)) out.error(path, `unknown major group ${entry.major}`);
    else if (entry.major !== code.slice(0, 2)) out.error(path, `major group ${entry.major} is not the prefix of ${code}`);
  }
  for (const [code, pay] of Object.entries(occ.uk)) {
    if (pay.p25 !== null && pay.p25 > pay.median) {
      out.warning(`occupations.uk.${code}.p25`, `25th percentile ${pay.p25} is above the median ${pay.median}`);
    }
    if (pay.p75 !== null && pay.p75 < pay.median) {
      out.warning(`occupations.uk.${code}.p75`, `75th percentile ${pay.p75} is below the median ${pay.median}`);
    }
  }
  for (const code of Object.keys(occ.ukUnpriced ?? {})) {
    if (!(code in occ.ukProxyMedians)) out.error(`occupations.ukUnpriced.${code}`, `UK code ${code} has no proxy median in occupations.ukProxyMedians`);
    if (code in occ.uk) out.error(`occupations.ukUnpriced.${code}`, `UK code ${code} has ASHE pay in occupations.uk`);
  }
  if (!(occ.ukDefaultCode in occ.uk)) {
    out.error('occupations.ukDefaultCode', `UK code ${occ.ukDefaultCode} has no pay in occupations.uk`);
  }
  if (occ.usPay) {
    for (const table of ['medians', 'proxyMedians'] as const) {
      for (const code of Object.keys(occ.usPay[table])) {
        if (!(code in occ.us)) out.error(`occupations.usPay.${table}.${code}`, `US code ${code} is not in occupations.us`);
      }
    }
  }
}

export function checkTaxonomy(data: ReferenceData, out: IssueCollector): void {
  const { occupations: occ, taxonomy } = data;
  const seen = new Map<string, number>();
  const categoryOfSubcategory = new Map<string, string>();
  taxonomy.roles.forEach((role, i) => {
    const path = `taxonomy.roles.${i}`;
    const key = roleKey(role.category, role.subcategory);
    const first = seen.get(key);
    if (first !== undefined) out.error(path, `duplicate role ${role.category} / ${role.subcategory} (first at roles.${first})`);
    else seen.set(key, i);
    const otherCategory = categoryOfSubcategory.get(role.subcategory);
    if (otherCategory !== undefined && otherCategory !== role.category) {
      out.warning(`${path}.subcategory`, `subcategory ${role.subcategory} is also used under ${otherCategory}`);
    } else categoryOfSubcategory.set(role.subcategory, role.category);
    if (role.ukSoc2020 !== null && !ukPriced(occ, role.ukSoc2020)) {
      out.error(`${path}.ukSoc2020`, `UK code ${role.ukSoc2020} has no pay in occupations.uk`);
    }
    if (role.anchor) {
      const code = role.anchor.usSoc2018;
      const exposure = occ.aioe[code];
      if (!(code in occ.us)) out.error(`${path}.anchor.usSoc2018`, `US code ${code} is not in occupations.us`);
      if (!exposure) out.warning(`${path}.anchor.usSoc2018`, `US code ${code} has no entry in occupations.aioe`);
      else if (drift(exposure.percentile, role.anchor.aioePercentile) >= ANCHOR_DRIFT_LIMIT) {
        out.warning(
          `${path}.anchor.aioePercentile`,
          `anchor percentile ${role.anchor.aioePercentile} differs from the exposure table's ${exposure.percentile}`,
        );
      }
    }
    if (role.rubric.automation > role.rubric.augmentation) {
      out.warning(`${path}.rubric`, 'rubric automation is above augmentation');
    }
  });
  if (!seen.has(roleKey(OTHER_CATEGORY, OTHER_SUBCATEGORY))) {
    out.error('taxonomy.roles', `no ${OTHER_CATEGORY} / ${OTHER_SUBCATEGORY} role`);
  }
  if (taxonomy.defaultRubric.automation > taxonomy.defaultRubric.augmentation) {
    out.warning('taxonomy.defaultRubric', 'rubric automation is above augmentation');
  }
  taxonomy.rules.forEach((rule, i) => {
    if (!seen.has(roleKey(rule.category, rule.subcategory))) {
      out.error(`taxonomy.rules.${i}`, `rule points at missing role ${rule.category} / ${rule.subcategory}`);
    }
  });
}

export function checkPacks(data: ReferenceData, out: IssueCollector): void {
  const { occupations: occ } = data;
  const roles = new Set(data.taxonomy.roles.map((r) => roleKey(r.category, r.subcategory)));
  const lifecycleIds = new Set([GENERIC_LIFECYCLE_ID, ...data.lifecycles.defined.map((l) => l.id)]);
  const tierKeys = new Set(data.copilot.tiers.map((t) => t.key));
  const ids = new Set<string>();
  data.packs.forEach((pack, i) => {
    const path = `packs.${i}`;
    if (ids.has(pack.id)) out.error(`${path}.id`, `duplicate pack ${pack.id}`);
    ids.add(pack.id);
    if (pack.lifecycleId !== undefined && !lifecycleIds.has(pack.lifecycleId)) {
      out.error(`${path}.lifecycleId`, `unknown lifecycle ${pack.lifecycleId}`);
    }
    pack.overlay.forEach((rule, j) => {
      const rulePath = `${path}.overlay.${j}`;
      if (!(rule.usSoc2018 in occ.us)) out.error(`${rulePath}.usSoc2018`, `unknown US code ${rule.usSoc2018}`);
      if (!ukPriced(occ, rule.ukSoc2020)) out.error(`${rulePath}.ukSoc2020`, `UK code ${rule.ukSoc2020} has no pay in occupations.uk`);
      if (rule.category !== undefined && rule.subcategory !== undefined && !roles.has(roleKey(rule.category, rule.subcategory))) {
        out.error(rulePath, `overlay names missing role ${rule.category} / ${rule.subcategory}`);
      }
    });
    for (const [major, tier] of Object.entries(pack.copilotFit ?? {})) {
      if (!(major in occ.usMajorGroups)) out.error(`${path}.copilotFit.${major}`, `unknown major group ${major}`);
      if (!tierKeys.has(tier)) out.error(`${path}.copilotFit.${major}`, `unknown Copilot tier ${tier}`);
    }
  });
  if (!ids.has(GENERAL_PACK_ID)) out.error('packs', `the ${GENERAL_PACK_ID} pack is missing`);
}

export function checkSources(data: ReferenceData, out: IssueCollector): void {
  for (const [key, source] of Object.entries(data.sources)) {
    if (source.id !== key) out.error(`sources.${key}.id`, `source id ${source.id} does not match its key ${key}`);
  }
}

import type { Occupations, Taxonomy } from '../../../schema/reference/index.ts';
import { cleanTitle } from '../../../workers/classify/clean.ts';
import { normaliseTitle } from '../../../workers/classify/normalise.ts';
import { readCsv } from '../policy/csv.ts';
import { ukPriced } from '../../../workers/reference/checkCatalogue.ts';
import { CURATED_ROLE_NAMES, CURATED_RULES, type CuratedRule } from './curated.ts';
import { FALLBACK_FEATURES, FALLBACK_ROLE_NAMES, FALLBACK_RULES } from './fallbacks.ts';
import {
  DEFAULT_INDUCE_OPTIONS,
  firedInCrossValidation,
  induceDecisionList,
  trainingTitle,
  type InduceOptions,
  type RankedFeature,
} from './induce.ts';
import { loadIscoBridge, nearestPricedUk } from './pairing.ts';
import { automationWeights, buildRoles, DEFAULT_RUBRIC, type RolePair } from './roles.ts';
import { loadCatalogueTitles, type TitleSets } from './titleSets.ts';
import { CODER_FUNCTIONS, coderBuilder, SENIOR_DEFAULT, SENIOR_TOP, type CoderBuild, type CoderBuilder, type StaffTrainingTitle } from './coder.ts';

/**
 * The taxonomy section: curated rules for titles the public data codes poorly (the only rules emitted;
 * the scored coder, coder.ts, decides every other title), and the roles (roles.ts). Roles are named after
 * the (US, UK) pairs of the induced decision list (induce.ts), the hand-written rules and every US code the
 * coder can give, so the policy sections keep naming the same roles.
 */

export interface TaxonomyOptions {
  induce: InduceOptions;
  /** Besides features that decide a title in cross-validation and single words, keep features seen this often. */
  keepMinSupport: number;
}

export const DEFAULT_TAXONOMY_OPTIONS: TaxonomyOptions = { induce: DEFAULT_INDUCE_OPTIONS, keepMinSupport: 2 };

export interface TaxonomyBuild {
  taxonomy: Taxonomy;
  coder: CoderBuild;
  /** The same coder learnt from other staff titles (the staff calibration's cross-fitting). */
  coderWithStaff: CoderBuilder;
  stats: { trainingTitles: number; features: number; keptFeatures: number; curatedRules: number; rules: number; roles: number } & CoderBuild['stats'];
}

/** Words of a title as the classifier sees it: cleaned, then normalised. */
export const classifierWords = (title: string) => normaliseTitle(cleanTitle(title)).split(' ').filter(Boolean);

function keptFeatures(ranked: readonly RankedFeature[], fired: ReadonlySet<string>, minSupport: number): RankedFeature[] {
  return ranked.filter((f) => fired.has(f.key) || !f.key.slice(2).includes(' ') || f.support >= minSupport);
}

export function buildTaxonomy(
  dataDir: string,
  occupations: Occupations,
  train: TitleSets['train'],
  options: TaxonomyOptions = DEFAULT_TAXONOMY_OPTIONS,
  curated: readonly CuratedRule[] = CURATED_RULES,
  staff: readonly StaffTrainingTitle[] = [],
): TaxonomyBuild {
  const priced = (uk: string) => ukPriced(occupations, uk);
  const usage = new Map<string, number>();
  for (const t of train.uk) for (const c of t.codes) usage.set(c, (usage.get(c) ?? 0) + 1);
  const titles = [
    ...train.us.map((t) => trainingTitle(classifierWords(t.title), t.codes, [], `us:${t.normalised}`)),
    ...train.uk.map((t) =>
      trainingTitle(classifierWords(t.title), [], [...new Set(t.codes.map((c) => nearestPricedUk(c, priced, usage)))], `uk:${t.normalised}`),
    ),
  ]
    .map((t) => ({ ...t, features: t.features.filter((f) => !FALLBACK_FEATURES.has(f)) }))
    .filter((t) => t.features.length > 0);

  const bridge = loadIscoBridge(dataDir, priced);
  const list = induceDecisionList(titles, bridge, options.induce);
  const fired = firedInCrossValidation(titles, bridge, options.induce);
  const kept = keptFeatures(list.ranked, fired, options.keepMinSupport);

  // Curated rules and the fallback nouns (the coder's head defaults) name hand-chosen pairs.
  // The coder's own pairs for senior heads (a division's director, a function's head) name roles too, so a
  // senior official coded 11-1021 / 1111 has the role and category of one, not those of an operations manager.
  const coderPairs = [SENIOR_DEFAULT, SENIOR_TOP, ...CODER_FUNCTIONS].map((p) => ({ what: 'coder pair', us: p.us, uk: p.uk }));
  const handWritten = [
    ...curated.map((r) => ({ what: `rule ${r.pattern}`, us: r.us, uk: r.uk })),
    ...FALLBACK_RULES.map((r) => ({ what: `fallback ${r.name}`, us: r.us, uk: r.uk })),
    ...coderPairs,
  ];
  for (const pair of handWritten) {
    if (!occupations.us[pair.us]) throw new Error(`hand-written ${pair.what}: unknown US code ${pair.us}`);
    if (!priced(pair.uk)) throw new Error(`hand-written ${pair.what}: UK code ${pair.uk} has no pay`);
  }

  // The scored coder decides every title no curated rule matches (workers/classify/coder.ts); the induced
  // decision list is no longer emitted as rules, but its pairs still name the roles.
  const curatedPatterns = curated.filter((r) => !r.division).map((r) => ({ regex: new RegExp(r.pattern, 'i'), us: r.us }));
  const curatedMatch = (title: string) => {
    const text = classifierWords(title).join(' ');
    return curatedPatterns.find((r) => r.regex.test(text))?.us ?? null;
  };
  const coderWithStaff = coderBuilder(dataDir, occupations, train, curatedMatch, loadCatalogueTitles(dataDir));
  const coder = coderWithStaff(staff);

  const pairWeight = new Map<string, number>();
  for (const f of kept) pairWeight.set(`${f.us}|${f.uk}`, (pairWeight.get(`${f.us}|${f.uk}`) ?? 0) + f.support);
  for (const r of handWritten) if (!pairWeight.has(`${r.us}|${r.uk}`)) pairWeight.set(`${r.us}|${r.uk}`, 0);
  // Every US code the coder can give anchors a role, paired with its ISCO-08 partner.
  const anchored = new Set([...pairWeight.keys()].map((k) => k.split('|')[0]));
  for (const us of coder.coder.us.codes) {
    if (!anchored.has(us)) pairWeight.set(`${us}|${bridge.ukFor(us) ?? occupations.ukDefaultCode}`, 0);
  }
  const pairs: RolePair[] = [...pairWeight].map(([key, weight]) => {
    const [us, uk] = key.split('|');
    return { us, uk, weight };
  });
  const ukTitles = new Map(readCsv(dataDir, 'uk-soc-2020-structure/soc2020_unit_groups.csv').map((r) => [r.unit_code, r.unit_title]));
  const catalogue = buildRoles(pairs, occupations, ukTitles, automationWeights(dataDir), {
    ...FALLBACK_ROLE_NAMES,
    ...CURATED_ROLE_NAMES,
  });

  const rules: Taxonomy['rules'] = [];
  for (const r of curated) {
    const role = catalogue.rolePair(r.us, r.uk);
    const rule: Taxonomy['rules'][number] = { pattern: r.pattern, category: role.category, subcategory: role.subcategory };
    if (r.division) rule.division = r.division;
    rules.push(rule);
  }

  return {
    taxonomy: { rules, roles: catalogue.roles, defaultRubric: { ...DEFAULT_RUBRIC } },
    coder,
    coderWithStaff,
    stats: {
      trainingTitles: titles.length,
      features: list.ranked.length,
      keptFeatures: kept.length,
      curatedRules: curated.length,
      rules: rules.length,
      roles: catalogue.roles.length,
      ...coder.stats,
    },
  };
}

import type { Occupations, Role } from '../../../schema/reference/index.ts';
import { OTHER_CATEGORY, OTHER_SUBCATEGORY } from '../../../schema/reference/index.ts';
import { readCsv } from '../policy/csv.ts';
import { categoryOfPair } from './categories.ts';
import { officialTitleAsJobTitle } from './titleSets.ts';

/**
 * Roles: one per (US code, UK unit group) pair that some rule uses, named so a consultant recognises them.
 * - A pair with a curated name takes it ("Customer Service Adviser").
 * - A US code's main pair (the one its rules carry most weight for) is named after the US title in the
 *   singular ("Payroll and Timekeeping Clerk").
 * - Another pair is named after its UK unit group when it is that group's main pair ("Book-Keeper, Payroll
 *   Manager and Wages Clerk"), else after both ("Software Developer (Programmers and software development
 *   professionals)").
 * - Anchor: the US code with its AIOE percentile; a code without AIOE takes the mean percentile of its
 *   broad group (then minor, then major group).
 * - Rubric (see README): augmentation 1 for every role; automation = the mean GPT-4 automation rating of the
 *   role's exposed O*NET tasks (Eloundou et al., T0–T4 as 0–1) divided by the mean over all occupations,
 *   between 0.25 and 1, so roles whose exposed work is harder to carry out end to end automate less.
 */

export const DEFAULT_RUBRIC = { automation: 1, augmentation: 1 } as const;
const MAX_NAME = 80;

export interface RolePair {
  us: string;
  uk: string;
  /** Weight of the rules labelled with this pair; decides which pair is a code's main one. */
  weight: number;
}

const SMALL_WORDS = new Set(['and', 'or', 'of', 'in', 'for', 'the', 'to', 'a', 'an', 'on', 'at', 'by', 'with', 'except', 'n.e.c.']);

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase()),
    )
    .join(' ');
}

/** A name cut to `max` characters at the last whole word, marked "…". */
function clip(text: string, max = MAX_NAME): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;]+$/, '')}…`;
}

/** Mean automation rating of exposed tasks per SOC 2018 code, relative to the mean over codes. */
export function automationWeights(dataDir: string): Map<string, number> {
  const sums = new Map<string, { total: number; n: number }>();
  for (const row of readCsv(dataDir, 'gpts-are-gpts/full_labelset.csv')) {
    if (row.gpt4_exposure !== 'E1' && row.gpt4_exposure !== 'E2') continue;
    const code = row['O*NET-SOC Code'].slice(0, 7);
    const s = sums.get(code) ?? { total: 0, n: 0 };
    s.total += Number(row.automation);
    s.n += 1;
    sums.set(code, s);
  }
  const means = new Map([...sums].map(([code, s]) => [code, s.total / s.n]));
  const overall = [...means.values()].reduce((a, b) => a + b, 0) / means.size;
  return new Map([...means].map(([code, m]) => [code, Math.round(Math.min(1, Math.max(0.25, m / overall)) * 100) / 100]));
}

/** AIOE percentile of a US code, imputed from its broad, minor or major group when the code has none. */
export function anchorPercentile(code: string, aioe: Occupations['aioe']): number {
  const own = aioe[code];
  if (own) return own.percentile;
  for (const prefix of [code.slice(0, 6), code.slice(0, 4), code.slice(0, 2)]) {
    const values = Object.entries(aioe)
      .filter(([c]) => c.startsWith(prefix))
      .map(([, v]) => v.percentile);
    if (values.length) return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
  }
  return 50;
}

export interface RoleCatalogue {
  roles: Role[];
  /** Role of a (US, UK) pair. */
  rolePair(us: string, uk: string): Role;
}

export function buildRoles(
  pairs: readonly RolePair[],
  occupations: Occupations,
  ukTitles: ReadonlyMap<string, string>,
  automation: ReadonlyMap<string, number>,
  preferredNames: Readonly<Record<string, string>> = {},
): RoleCatalogue {
  const byWeight = [...pairs].sort((a, b) => b.weight - a.weight || (a.us + a.uk < b.us + b.uk ? -1 : 1));
  const mainOfUs = new Map<string, string>();
  const mainOfUk = new Map<string, string>();
  for (const p of byWeight) {
    if (!mainOfUs.has(p.us)) mainOfUs.set(p.us, p.uk);
    if (!mainOfUk.has(p.uk)) mainOfUk.set(p.uk, p.us);
  }
  const usName = (us: string) => clip(titleCase(officialTitleAsJobTitle(occupations.us[us].title)));
  const ukTitle = (uk: string) => ukTitles.get(uk) ?? occupations.uk[uk]?.title ?? uk;
  const ukName = (uk: string) => clip(titleCase(officialTitleAsJobTitle(ukTitle(uk))));

  /**
   * A pair whose codes' names are taken by their main pairs: the US name with its UK unit group in brackets, in
   * full words, without " n.e.c." when that makes it fit, or with the UK code when the group's title does not
   * ("Environmental Science and Protection Technician, Including Health (UK 2152)"); a name clipped mid-word
   * ("... (Senior officers i…") is no label to show a client.
   */
  const pairName = (us: string, uk: string) => {
    const group = ukTitle(uk);
    for (const qualifier of [group, group.replace(/\s+n\.e\.c\.$/i, ''), `UK ${uk}`]) {
      const name = `${usName(us)} (${qualifier})`;
      if (name.length <= MAX_NAME) return name;
    }
    return `${clip(usName(us), MAX_NAME - ` (UK ${uk})`.length)} (UK ${uk})`;
  };

  const taken = new Set<string>([OTHER_SUBCATEGORY]);
  const unique = (name: string, us: string, uk: string) => {
    for (const suffix of ['', ` (UK ${uk})`, ` (US ${us}, UK ${uk})`]) {
      const candidate = clip(name, MAX_NAME - suffix.length) + suffix;
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
    throw new Error(`cannot name role ${us} / ${uk}`);
  };

  const roles = new Map<string, Role>();
  // Preferred names first, then main pairs, so the familiar US name goes to the pair that carries the code.
  const rank = (p: RolePair) => (`${p.us}|${p.uk}` in preferredNames ? 2 : mainOfUs.get(p.us) === p.uk ? 1 : 0);
  const ordered = [...byWeight].sort((a, b) => rank(b) - rank(a));
  for (const { us, uk } of ordered) {
    const key = `${us}|${uk}`;
    if (roles.has(key)) continue;
    const isMainUs = mainOfUs.get(us) === uk;
    const isMainUk = mainOfUk.get(uk) === us;
    const name = preferredNames[key] ?? (isMainUs ? usName(us) : isMainUk ? ukName(uk) : pairName(us, uk));
    roles.set(key, {
      category: categoryOfPair(us, uk),
      subcategory: unique(name, us, uk),
      ukSoc2020: uk,
      anchor: { usSoc2018: us, socTitle: occupations.us[us].title, aioePercentile: anchorPercentile(us, occupations.aioe) },
      rubric: { automation: automation.get(us) ?? DEFAULT_RUBRIC.automation, augmentation: DEFAULT_RUBRIC.augmentation },
    });
  }
  // Within a category a US code's main pair comes first: a pair with no role of its own takes the first role
  // anchored on its US code (compile.ts roleForCodes), which should be the code's general one ("Team Leader"),
  // not a narrower one that happens to sort first ("Customer Service Manager").
  const main = (r: Role) => (r.anchor && mainOfUs.get(r.anchor.usSoc2018) === r.ukSoc2020 ? 0 : 1);
  const sorted = [...roles.values()].sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : main(a) - main(b) || (a.subcategory < b.subcategory ? -1 : 1)));
  sorted.push({ category: OTHER_CATEGORY, subcategory: OTHER_SUBCATEGORY, ukSoc2020: null, anchor: null, rubric: { ...DEFAULT_RUBRIC } });
  return {
    roles: sorted,
    rolePair(us, uk) {
      const role = roles.get(`${us}|${uk}`);
      if (!role) throw new Error(`no role for ${us} / ${uk}`);
      return role;
    },
  };
}

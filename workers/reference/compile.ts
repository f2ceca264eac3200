import {
  OTHER_CATEGORY,
  OTHER_SUBCATEGORY,
  type OverlayRule,
  type Pack,
  type ReferenceData,
  type Region,
  type Role,
  type TaxonomyRule,
} from '../../schema/reference/index.ts';
import { compileCoder, type CompiledCoder } from '../classify/coder.ts';
import { compileLiteralMatcher, type LiteralMatcher } from './literalMatcher.ts';
import { RuleIndex } from './ruleIndex.ts';

/**
 * A validated reference document made ready for classification and scoring: every pattern compiled once,
 * rules indexed by the literal words they need, lookups by role, code and location precomputed.
 */

export interface RuleHit {
  index: number;
  rule: TaxonomyRule;
  role: Role;
}

export interface OverlayHit {
  index: number;
  rule: OverlayRule;
}

export interface CompiledOverlay {
  /** The first overlay rule (document order) matching the normalised title, or null. */
  first(normalisedTitle: string): OverlayHit | null;
}

export interface CompiledReference {
  version?: number;
  data: ReferenceData;
  /** First taxonomy rule in document order that matches and whose division restriction (if any) equals `division`. */
  firstRule(normalisedTitle: string, division?: string | null): RuleHit | null;
  /** The pack's overlay matcher; an unknown pack id has an empty overlay. */
  packOverlay(packId: string): CompiledOverlay;
  pack(packId: string): Pack | undefined;
  role(category: string, subcategory: string): Role | undefined;
  /** The first role (document order) anchored on this US code. */
  roleByAnchor(usSoc2018: string): Role | undefined;
  /** The role for a pair of codes: the role with both codes, else the one anchored on the US code, else Other / Uncategorised. */
  roleForCodes(usSoc2018: string | null, ukSoc2020: string | null): Role;
  /** The scored title coder, compiled on first use; null for documents made before it existed. */
  coder(): CompiledCoder | null;
  otherRole: Role;
  /** Two-digit major group of a US code, or null when neither the catalogue nor the code's prefix knows it. */
  usMajorOf(code: string | null | undefined): string | null;
  /** UK annual median pay: the code's ASHE median, else its proxy median, else the fallback median. */
  ukPay(code: string | null | undefined): number;
  /** Country alias (exact, case-insensitive), then keyword (substring), else the baseline region. */
  regionFor(location: string | null | undefined): Region;
  baselineRegion: Region;
}

export class ReferenceCompileError extends Error {}

/**
 * Matches ordered patterns through a RuleIndex, testing only the candidates for each title, with a string
 * search where the pattern's shape allows (literalMatcher.ts) and a RegExp otherwise.
 */
class OrderedMatcher<T> {
  private readonly tests: LiteralMatcher[];
  private readonly index: RuleIndex;

  constructor(
    private readonly items: readonly T[],
    patternOf: (item: T) => string,
  ) {
    const patterns = items.map(patternOf);
    this.tests = patterns.map((p) => {
      const literal = compileLiteralMatcher(p);
      if (literal) return literal;
      const regex = new RegExp(p, 'i');
      return (title: string) => regex.test(title);
    });
    this.index = new RuleIndex(patterns);
  }

  first(title: string, accept: (item: T) => boolean = () => true): { index: number; item: T } | null {
    const index = this.index.first(title, (i) => accept(this.items[i]) && this.tests[i](title));
    return index < 0 ? null : { index, item: this.items[index] };
  }
}

const roleKey = (category: string, subcategory: string) => `${category}\u0000${subcategory}`;

/** Compiles a document that validated without errors. Call through the cache in production code. */
export function compileReference(data: ReferenceData, version?: number): CompiledReference {
  const roles = new Map<string, Role>();
  const byAnchor = new Map<string, Role>();
  const byPair = new Map<string, Role>();
  for (const role of data.taxonomy.roles) {
    const key = roleKey(role.category, role.subcategory);
    if (!roles.has(key)) roles.set(key, role);
    if (role.anchor && !byAnchor.has(role.anchor.usSoc2018)) byAnchor.set(role.anchor.usSoc2018, role);
    const pair = `${role.anchor?.usSoc2018}|${role.ukSoc2020}`;
    if (role.anchor && !byPair.has(pair)) byPair.set(pair, role);
  }
  const otherRole = roles.get(roleKey(OTHER_CATEGORY, OTHER_SUBCATEGORY));
  if (!otherRole) throw new ReferenceCompileError(`the reference has no ${OTHER_CATEGORY} / ${OTHER_SUBCATEGORY} role`);

  const ruleRoles: Role[] = data.taxonomy.rules.map((rule) => {
    const role = roles.get(roleKey(rule.category, rule.subcategory));
    if (!role) throw new ReferenceCompileError(`a rule points at missing role ${rule.category} / ${rule.subcategory}`);
    return role;
  });
  const rules = new OrderedMatcher(data.taxonomy.rules, (rule) => rule.pattern);

  const packs = new Map(data.packs.map((pack) => [pack.id, pack]));
  const overlays = new Map<string, CompiledOverlay>();
  const emptyOverlay: CompiledOverlay = { first: () => null };

  const regions = data.locations.regions;
  const baselineRegion = regions.find((r) => r.key === data.locations.baselineRegion);
  if (!baselineRegion) throw new ReferenceCompileError(`baseline region ${data.locations.baselineRegion} is not defined`);
  const aliases = new Map<string, Region>();
  for (const region of regions) {
    for (const alias of region.countryAliases) {
      const key = alias.trim().toLowerCase();
      if (!aliases.has(key)) aliases.set(key, region);
    }
  }
  const keywords = regions.flatMap((region) => region.keywords.map((k) => ({ keyword: k.toLowerCase(), region })));

  const occ = data.occupations;
  let coder: CompiledCoder | null | undefined;
  return {
    version,
    data,
    otherRole,
    baselineRegion,
    firstRule(normalisedTitle, division) {
      const hit = rules.first(normalisedTitle, (rule) => rule.division === undefined || rule.division === division);
      return hit ? { index: hit.index, rule: hit.item, role: ruleRoles[hit.index] } : null;
    },
    packOverlay(packId) {
      let overlay = overlays.get(packId);
      if (!overlay) {
        const pack = packs.get(packId);
        if (!pack) return emptyOverlay;
        const matcher = new OrderedMatcher(pack.overlay, (rule) => rule.pattern);
        overlay = {
          first(normalisedTitle) {
            const hit = matcher.first(normalisedTitle);
            return hit ? { index: hit.index, rule: hit.item } : null;
          },
        };
        overlays.set(packId, overlay);
      }
      return overlay;
    },
    pack: (packId) => packs.get(packId),
    role: (category, subcategory) => roles.get(roleKey(category, subcategory)),
    roleByAnchor: (code) => byAnchor.get(code),
    roleForCodes: (us, uk) => (us ? (byPair.get(`${us}|${uk}`) ?? byAnchor.get(us)) : undefined) ?? otherRole,
    coder() {
      if (coder === undefined) {
        const knowledge = data.classification.coder;
        coder = knowledge ? compileCoder(knowledge, { us: (c) => occ.us[c]?.title, uk: (c) => occ.uk[c]?.title }) : null;
      }
      return coder;
    },
    usMajorOf(code) {
      if (!code) return null;
      const known = occ.us[code];
      if (known) return known.major;
      const prefix = code.slice(0, 2);
      return /^\d{2}-\d{4}$/.test(code) && prefix in occ.usMajorGroups ? prefix : null;
    },
    ukPay(code) {
      if (!code) return occ.fallbackMedian;
      return occ.uk[code]?.median ?? occ.ukProxyMedians[code] ?? occ.fallbackMedian;
    },
    regionFor(location) {
      const text = location?.trim().toLowerCase();
      if (!text) return baselineRegion;
      const exact = aliases.get(text);
      if (exact) return exact;
      return keywords.find((k) => text.includes(k.keyword))?.region ?? baselineRegion;
    },
  };
}

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
import { ukPriced } from './checkCatalogue.ts';
import { compileLiteralMatcher, type LiteralMatcher } from './literalMatcher.ts';
import { RuleIndex } from './ruleIndex.ts';
import { homeRegions, pricedCurrencies, regionCurrency } from './currencies.ts';

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
  /** Whether a rule restricted to `division` matches the title: only then can the division change firstRule's answer. */
  divisionRuleMatches(normalisedTitle: string, division: string): boolean;
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
  /** Whether a UK code can be given: it has ASHE pay, or a stated proxy (checkCatalogue.ts ukPriced). */
  knowsUk(code: string | null | undefined): boolean;
  /** The catalogue's name of a US or UK code (a UK unit group without ASHE pay included), or undefined. */
  occupationName(side: 'us' | 'uk', code: string): string | undefined;
  /** Country alias (exact, case-insensitive), then keyword (substring), else the baseline region. */
  regionFor(location: string | null | undefined): Region;
  /** Country alias, then keyword, else null: the caller chooses the region of an unplaced location. */
  matchRegion(location: string | null | undefined): Region | null;
  baselineRegion: Region;
  /** The currency a region's people are paid in: its own, else pounds (documents made before currencies). */
  currencyOf(region: Region): string;
  /** The market pay of lists in this currency, or null when the version has none. */
  payTable(currency: string): PayTable | null;
  /** Regions a list can call home: their salaries are native and their currency has a pay table. */
  homeRegions: readonly Region[];
  /** Salary to employer cost for a list whose home is this region: its own multiplier, else the costs section's. */
  employerCostMultiplierOf(region: Region): number;
}

/** Market pay in one currency: a national table and the region it describes. */
export interface PayTable {
  currency: string;
  /** The region whose market the table describes; a row elsewhere is priced × its factor ÷ this region's. */
  region: Region;
  /** Annual median of the row's occupation: the US code for a US table, the UK code for the UK one. */
  median(usSoc2018: string | null, ukSoc2020: string | null): number;
}


export class ReferenceCompileError extends Error {}

/**
 * Pattern tests shared by every compile: a fresh compile of the same patterns (a new version, a draft, a
 * test) reuses tests the engine has already compiled and optimised, instead of compiling each RegExp and
 * matcher again on its first titles. A test is a pure function of the title (flag 'i' only, so no
 * lastIndex). The cache is emptied when it grows past PATTERN_TESTS_KEPT, so edited drafts cannot grow it
 * without bound.
 */
const patternTests = new Map<string, LiteralMatcher>();
const PATTERN_TESTS_KEPT = 20_000;

function patternTest(pattern: string): LiteralMatcher {
  let test = patternTests.get(pattern);
  if (!test) {
    if (patternTests.size >= PATTERN_TESTS_KEPT) patternTests.clear();
    const literal = compileLiteralMatcher(pattern);
    if (literal) test = literal;
    else {
      const regex = new RegExp(pattern, 'i');
      test = (title: string) => regex.test(title);
    }
    patternTests.set(pattern, test);
  }
  return test;
}

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
    this.tests = patterns.map(patternTest);
    this.index = new RuleIndex(patterns);
  }

  first(title: string, accept: (item: T) => boolean = () => true): { index: number; item: T } | null {
    const index = this.index.first(title, (i) => accept(this.items[i]) && this.tests[i](title));
    return index < 0 ? null : { index, item: this.items[index] };
  }

  /** Whether the item at `index` matches the title. */
  matches(index: number, title: string): boolean {
    return this.tests[index](title);
  }
}

const roleKey = (category: string, subcategory: string) => `${category}\u0000${subcategory}`;

/** Occupation names for the coder's reasons, and the UK pay it reads a pound list's pay against. */
class OccupationNames {
  constructor(private readonly occ: ReferenceData['occupations']) {}
  us(code: string): string | undefined {
    return this.occ.us[code]?.title;
  }
  uk(code: string): string | undefined {
    return this.occ.uk[code]?.title ?? this.occ.ukUnpriced?.[code];
  }
  ukPay(code: string): readonly [number | null, number, number | null] | undefined {
    const pay = this.occ.uk[code];
    return pay && [pay.p25, pay.median, pay.p75];
  }
}

const emptyOverlay: CompiledOverlay = { first: () => null };

/** A pack's overlay matcher. */
class Overlay implements CompiledOverlay {
  private readonly matcher: OrderedMatcher<OverlayRule>;

  constructor(pack: Pack) {
    this.matcher = new OrderedMatcher(pack.overlay, (rule) => rule.pattern);
  }

  first(normalisedTitle: string): OverlayHit | null {
    const hit = this.matcher.first(normalisedTitle);
    return hit ? { index: hit.index, rule: hit.item } : null;
  }
}

/**
 * A compiled reference. A class at module level rather than closures made by each compile, so a freshly
 * compiled reference runs the code the engine has already optimised for an earlier one.
 */
class Compiled implements CompiledReference {
  readonly otherRole: Role;
  readonly baselineRegion: Region;
  private readonly roles = new Map<string, Role>();
  private readonly byAnchor = new Map<string, Role>();
  private readonly byPair = new Map<string, Role>();
  private readonly ruleRoles: Role[];
  private readonly rules: OrderedMatcher<TaxonomyRule>;
  /** The indices of the rules restricted to each division. */
  private readonly divisionRules = new Map<string, number[]>();
  private readonly packs: Map<string, Pack>;
  private readonly overlays = new Map<string, CompiledOverlay>();
  private readonly aliases = new Map<string, Region>();
  private readonly keywords: { keyword: string; region: Region }[];
  private readonly regionsByKey = new Map<string, Region>();
  private readonly payTables = new Map<string, PayTable>();
  readonly homeRegions: readonly Region[];
  // Set in the constructor, so every compiled reference keeps one shape.
  private compiledCoder: CompiledCoder | null | undefined = undefined;
  private readonly names: OccupationNames;

  constructor(
    readonly data: ReferenceData,
    readonly version?: number,
  ) {
    this.names = new OccupationNames(data.occupations);
    const { roles, byAnchor, byPair } = this;
    for (const role of data.taxonomy.roles) {
      const key = roleKey(role.category, role.subcategory);
      if (!roles.has(key)) roles.set(key, role);
      if (role.anchor && !byAnchor.has(role.anchor.usSoc2018)) byAnchor.set(role.anchor.usSoc2018, role);
      const pair = `${role.anchor?.usSoc2018}|${role.ukSoc2020}`;
      if (role.anchor && !byPair.has(pair)) byPair.set(pair, role);
    }
    const otherRole = roles.get(roleKey(OTHER_CATEGORY, OTHER_SUBCATEGORY));
    if (!otherRole) throw new ReferenceCompileError(`the reference has no ${OTHER_CATEGORY} / ${OTHER_SUBCATEGORY} role`);
    this.otherRole = otherRole;

    this.ruleRoles = data.taxonomy.rules.map((rule) => {
      const role = roles.get(roleKey(rule.category, rule.subcategory));
      if (!role) throw new ReferenceCompileError(`a rule points at missing role ${rule.category} / ${rule.subcategory}`);
      return role;
    });
    this.rules = new OrderedMatcher(data.taxonomy.rules, (rule) => rule.pattern);
    data.taxonomy.rules.forEach((rule, index) => {
      if (rule.division === undefined) return;
      const indices = this.divisionRules.get(rule.division);
      if (indices) indices.push(index);
      else this.divisionRules.set(rule.division, [index]);
    });

    this.packs = new Map(data.packs.map((pack) => [pack.id, pack]));

    const regions = data.locations.regions;
    const baselineRegion = regions.find((r) => r.key === data.locations.baselineRegion);
    if (!baselineRegion) throw new ReferenceCompileError(`baseline region ${data.locations.baselineRegion} is not defined`);
    this.baselineRegion = baselineRegion;
    for (const region of regions) {
      for (const alias of region.countryAliases) {
        const key = alias.trim().toLowerCase();
        if (!this.aliases.has(key)) this.aliases.set(key, region);
      }
    }
    this.keywords = regions.flatMap((region) => region.keywords.map((k) => ({ keyword: k.toLowerCase(), region })));
    for (const region of regions) if (!this.regionsByKey.has(region.key)) this.regionsByKey.set(region.key, region);

    // UK pay (ASHE) prices lists in the baseline's currency; US pay (OEWS), when present, those in its region's.
    const usPay = data.occupations.usPay;
    for (const [currency, regionKey] of pricedCurrencies(data)) {
      const region = this.regionsByKey.get(regionKey)!;
      const uk = regionKey === baselineRegion.key;
      this.payTables.set(currency, {
        currency,
        region,
        median: uk ? (_us, ukCode) => this.ukPay(ukCode) : (us) => (us && usPay ? (usPay.medians[us] ?? usPay.proxyMedians[us]) : undefined) ?? usPay!.fallbackMedian,
      });
    }
    this.homeRegions = homeRegions(data);
  }

  firstRule(normalisedTitle: string, division?: string | null): RuleHit | null {
    const hit = this.rules.first(normalisedTitle, (rule) => rule.division === undefined || rule.division === division);
    return hit ? { index: hit.index, rule: hit.item, role: this.ruleRoles[hit.index] } : null;
  }

  divisionRuleMatches(normalisedTitle: string, division: string): boolean {
    return this.divisionRules.get(division)?.some((index) => this.rules.matches(index, normalisedTitle)) ?? false;
  }

  packOverlay(packId: string): CompiledOverlay {
    let overlay = this.overlays.get(packId);
    if (!overlay) {
      const pack = this.packs.get(packId);
      if (!pack) return emptyOverlay;
      overlay = new Overlay(pack);
      this.overlays.set(packId, overlay);
    }
    return overlay;
  }

  pack(packId: string): Pack | undefined {
    return this.packs.get(packId);
  }

  role(category: string, subcategory: string): Role | undefined {
    return this.roles.get(roleKey(category, subcategory));
  }

  roleByAnchor(code: string): Role | undefined {
    return this.byAnchor.get(code);
  }

  roleForCodes(us: string | null, uk: string | null): Role {
    return (us ? (this.byPair.get(`${us}|${uk}`) ?? this.byAnchor.get(us)) : undefined) ?? this.otherRole;
  }

  coder(): CompiledCoder | null {
    if (this.compiledCoder === undefined) {
      const knowledge = this.data.classification.coder;
      this.compiledCoder = knowledge ? compileCoder(knowledge, this.names) : null;
    }
    return this.compiledCoder;
  }

  usMajorOf(code: string | null | undefined): string | null {
    if (!code) return null;
    const occ = this.data.occupations;
    const known = occ.us[code];
    if (known) return known.major;
    const prefix = code.slice(0, 2);
    return /^\d{2}-\d{4}$/.test(code) && prefix in occ.usMajorGroups ? prefix : null;
  }

  knowsUk(code: string | null | undefined): boolean {
    return code != null && ukPriced(this.data.occupations, code);
  }

  occupationName(side: 'us' | 'uk', code: string): string | undefined {
    return side === 'us' ? this.names.us(code) : this.names.uk(code);
  }

  ukPay(code: string | null | undefined): number {
    const occ = this.data.occupations;
    if (!code) return occ.fallbackMedian;
    return occ.uk[code]?.median ?? occ.ukProxyMedians[code] ?? occ.fallbackMedian;
  }

  regionFor(location: string | null | undefined): Region {
    return this.matchRegion(location) ?? this.baselineRegion;
  }

  matchRegion(location: string | null | undefined): Region | null {
    const text = location?.trim().toLowerCase();
    if (!text) return null;
    const exact = this.aliases.get(text);
    if (exact) return exact;
    return this.keywords.find((k) => text.includes(k.keyword))?.region ?? null;
  }

  currencyOf(region: Region): string {
    return regionCurrency(region);
  }

  payTable(currency: string): PayTable | null {
    return this.payTables.get(currency) ?? null;
  }

  employerCostMultiplierOf(region: Region): number {
    return region.employerCostMultiplier ?? this.data.costs.employerCostMultiplier;
  }
}

/** Compiles a document that validated without errors. Call through the cache in production code. */
export function compileReference(data: ReferenceData, version?: number): CompiledReference {
  return new Compiled(data, version);
}

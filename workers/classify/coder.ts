import type { CoderKnowledge, CoderPath } from '../../schema/reference/coder.ts';
import { compileCodeModel, type CompiledCodeModel, type KnownFeature, type ScoredCode } from './coderModel.ts';
import { contextWords, paySideOf, readGrade, type GradeLevel, type GradeReading, type ListContext, type RowContext } from './context.ts';
import { DEPUTISING, featuresOf, readTitle, stem, suffixFeaturesOf, UNIT_WORDS, type TitleReading, type WeightedFeature } from './titleFeatures.ts';

/** A record's own entry for a title word: "constructor" or "toString" must not find Object.prototype's. */
export const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/**
 * The scored coder (issue: "title coding that holds on real staff lists"). For one title it:
 * 1. reads the title (titleFeatures.ts): role head, seniority, function words;
 * 2. ranks US and UK codes separately with the naive Bayes models (coderModel.ts); a senior head
 *    ("director", "head of") is ranked among management codes only;
 * 3. for a senior head, a named function ("finance", "communications") lifts that function's management
 *    codes; a portfolio that names no function lifts the senior-official codes; a function head ("manager")
 *    with a named function lifts the function's US management code only;
 * 4. chooses the (US, UK) pair jointly: the two ranked lists plus a bonus for pairs the ISCO-08
 *    crosswalks put in one occupation (unit group) or one field (sub-major group), so a confident UK
 *    reading of a UK-style title ("Environment Officer") steers an uncertain US one and back;
 * 5. turns the pair's joint share into a calibrated confidence (the calibration table is measured on
 *    titles the models were not trained on), and keeps the next three pairs as alternatives.
 */

export interface CodedPair {
  usSoc2018: string;
  ukSoc2020: string;
  /** How the pair was reached (its confidence is calibrated for that path). */
  path: CoderPath;
  /** Calibrated chance that the US code is right (0–1). */
  confidence: number;
  /** Uncalibrated joint share of the pair, kept for calibration. */
  share: number;
  reason: string;
}

export interface CoderResult {
  best: CodedPair;
  alternatives: CodedPair[];
  reading: TitleReading;
  /** The head makes the post a management post ("director", "head of"). */
  senior: boolean;
  /** Only the head word's ending was known (suffix fallback): confidence is that path's measured accuracy. */
  byEnding: boolean;
}

/** A row's context and its list's, read beside the title (context.ts). */
export interface CoderContext {
  row: RowContext;
  list: ListContext;
  /**
   * Read the context only for the families it lets a title into (its words open context gates: a fire
   * department's "Lieutenant" may be a fire officer), weighing nothing else: the title's own evidence then.
   */
  gatesOnly?: boolean;
}

export interface CompiledCoder {
  /**
   * Codes a title; `matched` is the title already cleaned and normalised (classify.ts matchText), when known;
   * `context`, when given, is weighed as evidence beside the title.
   */
  code(title: string, matched?: string, context?: CoderContext): CoderResult | null;
  /**
   * How well a row's whole context fits each of some pairs of codes, in log units: the likelihood of its field
   * words under each code's model against the best of the pairs, and the grade's and pay's fit.
   */
  contextFits(pairs: readonly { usSoc2018: string | null; ukSoc2020: string | null }[], context: CoderContext): number[];
  /**
   * The least contextFits gives a pair, whatever pairs it is weighed with: its field words measured against the
   * best any code does with them (contextFits measures them against the best of the pairs weighed, never
   * better), and its grade's and pay's fit, which other pairs do not change.
   */
  contextFitFloor(pair: { usSoc2018: string | null; ukSoc2020: string | null }, context: CoderContext): number;
  /** The most contextFits gives any pair: the grade's best fit on each side (field words and pay only count against a pair). */
  contextFitCeiling(context: CoderContext): number;
  /** Whether the context lets the title into an occupation family its own words keep it out of (a context gate). */
  opensGates(title: string, matched: string | undefined, context: CoderContext): boolean;
  /** Whether the ISCO-08 crosswalks put a US and a UK code in different occupations (a pair forced apart). */
  forcedApart(usSoc2018: string, ukSoc2020: string): boolean;
  /**
   * The service or profession a code belongs to among the context gates that name codes on both sides
   * (police, fire and rescue, armed forces, nursing, religion), or null: a pair whose two codes fall in
   * different ones describes two different jobs.
   */
  familyOf(side: 'us' | 'uk', code: string): string | null;
  /** A pair's reason as the coder words it: "head 'lieutenant' → <US occupation> / <UK unit group> (<note>)". */
  pairReason(basis: string, usSoc2018: string, ukSoc2020: string, note: string | null): string;
  /** The UK codes sharing an ISCO-08 unit group with a US code, the coder's own UK codes first. */
  ukPartners(usSoc2018: string): readonly string[];
  /** The US codes sharing an ISCO-08 unit group with a UK code, the coder's own US codes first. */
  usPartners(ukSoc2020: string): readonly string[];
}

/** Pay tables the coder reads a list's pay against: [25th percentile or null, median, 75th percentile or null]. */
export type PayTable = (code: string) => readonly [number | null, number, number | null] | undefined;

/** What the compiled reference gives the coder: occupation names for its reasons, and the UK pay table. */
export interface CoderCatalogue {
  us: (code: string) => string | undefined;
  uk: (code: string) => string | undefined;
  ukPay?: PayTable;
}

const CANDIDATES = 12;
/** Codes the other country's best readings point to through ISCO-08 are scored too. */
const BRIDGED_FROM = 3;
/** A lifted code is treated as at least this likely before its bonus, so a named function decides. */
const LIFT_FLOOR = 0.05;
/** Pairs scoring this far (in log units) below the best pair are left out of the joint choice. */
const PAIR_MARGIN = 12;

/**
 * The occupations a senior head may hold: management, and the command ranks of the police, fire and armed
 * services, which SOC files with their services ("Chief of Police" is 33-1012 in SOC 2018, 1162 in SOC 2020);
 * those still need their service's context gate open.
 */
const isUsManagement = (code: string) => code.startsWith('11-') || code === '33-1011' || code === '33-1012' || code === '33-1021' || code.startsWith('55-1');
const isUkManagement = (code: string) => code.startsWith('11') || code.startsWith('12');
const isForcesOfficer = (side: 'us' | 'uk', code: string) => (side === 'us' ? code.startsWith('55-1') : code === '1161');
const isOtherRank = (side: 'us' | 'uk', code: string) => (side === 'us' ? code.startsWith('55-2') || code.startsWith('55-3') : code === '3311');

/**
 * Words by which a title names supervision ("Crew Leader", "Fire Captain", "Office Supervisor"). SOC 2018 files
 * first-line supervisors apart from the workers they supervise, and SOC 2020 gives supervisors unit groups of
 * their own: a title with none of these words is a worker's, whatever its other words share with supervisors'
 * titles ("Firefighter Paramedic" is no fire captain because captains' titles mention paramedics).
 */
const SUPERVISING_WORDS: ReadonlySet<string> = new Set([
  'supervisor', 'foreman', 'superintendent', 'overseer', 'lead', 'leader', 'chief', 'head', 'manager', 'director', 'coordinator',
  'boss', 'chargehand', 'chargeman', 'charge', 'ganger', 'gaffer', 'overlooker', 'leading', 'chair', 'chairman', 'chairperson',
  'president', 'commissioner',
  // Ranks of the police, fire and prison services that command others.
  'captain', 'lieutenant', 'sergeant', 'inspector', 'commander', 'colonel', 'major', 'marshal', 'commandant', 'warden',
]);

/**
 * The major groups of workers whose managers each catalogue files apart: SOC 2018's service, sales, office,
 * farming, trades, production and transport groups (33–53), each opened by its first-line supervisors, and
 * SOC 2020's skilled trades, service, sales, operative and elementary groups (5–9), whose managers are in
 * group 1 or in supervisors' unit groups. A title headed 'manager' ("Water Treatment Manager") reads as a
 * worker of these groups only where the catalogues' own titles of that code have a manager at their head
 * ("Catering manager" 5436, "Account Manager" 41-3091): otherwise it is its workers' manager or supervisor.
 */
const MANAGED_WORKERS = { us: (code: string) => Number(code.slice(0, 2)) >= 33 && Number(code.slice(0, 2)) <= 53, uk: (code: string) => Number(code[0]) >= 5 } as const;
const MANAGER_HEAD = 'manager';

/** How each catalogue names its supervisors' occupations: SOC 2018 "First-Line Supervisors of …", SOC 2020 "… supervisors". */
const SUPERVISORS_NAMED = { us: /^First-Line Supervisors\b/, uk: /\bsupervisors$/i } as const;

/** For a title's (coder-read) words: whether a context gate keeps a code out, or null when every gate is open. */
export type GatesFor = (words: readonly string[]) => ((side: 'us' | 'uk', code: string) => boolean) | null;

interface Gate {
  name: string;
  us: readonly string[];
  uk: readonly string[];
  cues: ReadonlySet<string>;
}

/** The gates a title leaves closed, with what they answer (kept per code) and the coder's masks for them. */
class ClosedGates {
  private readonly known = { us: new Map<string, boolean>(), uk: new Map<string, boolean>() };
  /** The coder's masks of allowed codes for these gates (see Coder.allowedIn). */
  readonly masks: (Uint8Array | undefined)[] = [];

  constructor(private readonly closed: readonly Gate[]) {}

  /** Whether some of the words are cues of one of these gates: adding them to the title's would open it. */
  openedBy(words: readonly string[]): boolean {
    return this.closed.some((g) => words.some((w) => g.cues.has(w)));
  }

  gatedOut(side: 'us' | 'uk', code: string): boolean {
    let out = this.known[side].get(code);
    if (out === undefined) this.known[side].set(code, (out = this.closed.some((g) => g[side].some((prefix) => code.startsWith(prefix)))));
    return out;
  }
}

/** The context gates, cue words stemmed once, as the coder reads titles. */
class Gates {
  private readonly gates: Gate[];
  // Most titles close the same gates (usually all of them), and each is asked about hundreds of codes:
  // the answers are kept for each set of closed gates.
  private readonly sets = new Map<string, ClosedGates>();
  /** The answers for the words of kept title readings (closedByReading). */
  private readonly byReading = new WeakMap<readonly string[], ClosedGates | null>();

  constructor(gates: CoderKnowledge['gates']) {
    this.gates = (gates ?? []).map((g) => ({ name: g.name, us: g.us, uk: g.uk, cues: new Set(g.cues.map(stem)) }));
  }

  /** The name of the first gate naming codes on both sides whose `side` codes include `code`, or null. */
  familyOf(side: 'us' | 'uk', code: string): string | null {
    return this.gates.find((g) => g.us.length > 0 && g.uk.length > 0 && g[side].some((prefix) => code.startsWith(prefix)))?.name ?? null;
  }

  /** The gates the words leave closed, or null when every gate is open. */
  closedBy(words: readonly string[]): ClosedGates | null {
    const closed = this.gates.filter((g) => !words.some((w) => g.cues.has(w)));
    if (closed.length === 0) return null;
    const key = closed.map((g) => this.gates.indexOf(g)).join(',');
    let set = this.sets.get(key);
    if (!set) this.sets.set(key, (set = new ClosedGates(closed)));
    return set;
  }

  /** closedBy for the words of a title reading the coder keeps: asked once per context of the title, answered once. */
  closedByReading(words: readonly string[]): ClosedGates | null {
    let closed = this.byReading.get(words);
    if (closed === undefined) this.byReading.set(words, (closed = this.closedBy(words)));
    return closed;
  }
}

/** The context gates as a function of a title's words (the reference build asks it too). */
export function compileGates(gates: CoderKnowledge['gates']): GatesFor {
  const compiled = new Gates(gates);
  return (words) => {
    const closed = compiled.closedBy(words);
    return closed && ((side, code) => closed.gatedOut(side, code));
  };
}

/** Piecewise-linear map from raw share to calibrated confidence through the stored points. */
export function calibrate(points: readonly (readonly [number, number])[], raw: number): number {
  if (points.length === 0) return raw;
  if (raw <= points[0][0]) return points[0][1];
  // Indexed rather than destructured: destructuring walks an iterator for every knot, on every pair described.
  for (let i = 1; i < points.length; i++) {
    const x1 = points[i][0];
    const y1 = points[i][1];
    if (raw <= x1) {
      const x0 = points[i - 1][0];
      const y0 = points[i - 1][1];
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (raw - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1][1];
}

export function compileCoder(knowledge: CoderKnowledge, names: CoderCatalogue): CompiledCoder {
  return new Coder(knowledge, names);
}

/** What a row's context adds to its title's evidence. */
interface ContextEvidence {
  /** Field words of the group, unit and organisation, weighted by how much each points to one occupation family. */
  features: WeightedFeature[];
  /** Every context word, which may open a context gate ("fire" for a fire department's lieutenant). */
  cues: string[];
  grade: GradeReading | null;
  /** The pay's log, read against the pay tables of `side`. */
  pay: { side: 'us' | 'uk'; log: number } | null;
  /** The features and cues as text, made when first asked: evidence alike in these shortlists a title alike (see Coder.shortlistOf). */
  wordsKey?: string;
}

/** A row's evidence as a coder keeps it for its list: whole, and as the context gates read it (made when first asked). */
interface KeptEvidence {
  list: ListContext;
  full: ContextEvidence | null;
  gates?: ContextEvidence | null;
}

/**
 * The level of an occupation, as ISCO-08 major groups order skill: 1 managers, 2 professionals, 3 technicians
 * and associate professionals, 4 clerical support, 5 the rest (service, sales, trades, operatives, elementary);
 * 0 armed forces.
 */
type CodeLevel = 0 | 1 | 2 | 3 | 4 | 5;

/** How a grade's level fits a code's (log units, times the grade weight): rows are GradeLevel, columns CodeLevel 0–5. */
const LEVEL_FIT: Record<GradeLevel, readonly number[]> = {
  senior: [0, 1.5, 0, -1.5, -3, -3],
  team: [0, 0.3, 0.8, 0, -1.5, -1.5],
  associate: [0, -1, 0.3, 0.8, 0, -0.5],
  administrative: [0, -2, -0.8, 0.3, 0.8, 0],
  clerical: [0, -3, -1.5, -0.3, 0.8, 0.3],
};
/**
 * A rung of the list's own ladder counts for this share of a named grade: its place tells the level only
 * roughly (an agency's third band may hold its entry-level professionals as well as its executive officers).
 */
const LADDER_SHARE = 0.5;
/** An armed forces rank lifts the forces' own codes (officers: 55-1, 1161; other ranks: 55-2, 55-3, 3311) and holds others back as much. */
const FORCES_FIT = 2;
/** A pay spread (log units) for a code whose table gives no quartiles, and the bounds of any spread. */
const DEFAULT_PAY_SPREAD = 0.35;
const MIN_PAY_SPREAD = 0.15;
const MAX_PAY_SPREAD = 0.6;
/** Pay above an occupation's median counts this share of what the same distance below counts. */
const PAY_ABOVE_SHARE = 0.5;
/**
 * A pair the ISCO-08 crosswalks put in different occupations is a sign the coder is unsure: its confidence is
 * scaled by this. (Choosing such pairs less often as well cost the held-out index titles 0.3 points.)
 */
export const FORCED_APART = 0.6;
/** A pay this many standard spreads from a code's median counts no further against it. */
const PAY_Z_CAP = 3;
/** The most a field word of the context counts against a pair, in log units before its weight. */
const WORD_DEFICIT_CAP = 3;
/**
 * A word of a unit or organisation must have been seen this often to be weighed: rarer words of unit names are
 * places and names ("Solent", "Pratt"). A professional group names a profession ("Economics", "Statisticians"),
 * so its words need only PROFESSION_WORD_MIN_COUNT.
 */
const CONTEXT_WORD_MIN_COUNT = 50;
const PROFESSION_WORD_MIN_COUNT = 5;
/** Title readings a coder keeps (see Coder.readingOf). */
const READINGS_KEPT = 20_000;
/** Pay below the senior default's 25th percentile divided by this is no senior official's pay. */
const JUNIOR_PAY_MARGIN = Math.log(1.5);

function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

/** An ISCO-08 major group for a US code no crosswalk links, from its SOC 2018 major group. */
function usMajorLevel(code: string): number {
  const major = Number(code.slice(0, 2));
  if (major === 11) return 1;
  if (major === 55) return 0;
  if (major === 43) return 4;
  if (major >= 13 && major <= 29) return 2;
  return 5;
}

/** ISCO-08 unit groups and fields (sub-major groups) of a code, as numbers (the grid compares a few hundred pairs per title). */
interface IscoLinks {
  units: readonly number[];
  fields: readonly number[];
}
const noLinks: IscoLinks = { units: [], fields: [] };

/** Whether two lists share an entry (lists of a few ISCO-08 groups, so a plain double loop). */
function meet(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) if (a[i] === b[j]) return true;
  return false;
}

/** Link kinds (index into Coder.links): none known, same unit group, same field, forced apart, same service (linkOfCodes). */
const FORCED_APART_LINK = 3;
const SAME_SERVICE_LINK = 4;

/** The kind of link of a pair (an index of Coder.links): one ISCO-08 unit group, else one sub-major group; neutral when either is unlinked. */
function link(a: IscoLinks, b: IscoLinks): number {
  if (a.units.length === 0 || b.units.length === 0) return 0;
  if (meet(a.units, b.units)) return 1;
  if (meet(a.fields, b.fields)) return 2;
  return FORCED_APART_LINK;
}

/** A code of one side as the pair grid weighs it: its lifted (log) score, ISCO-08 links and ranked evidence. */
interface Listed {
  code: string;
  /** The code's place in its model, or -1 for a lifted code the model does not hold. */
  index: number;
  log: number;
  links: IscoLinks;
  ranked: ScoredCode | null;
}

/** One country's half of the coder: its model, its codes' ISCO-08 links and its bridge to the other half. */
interface Side {
  name: 'us' | 'uk';
  model: CompiledCodeModel;
  /** Links of every linked code, the model's or not (a lifted code may lie outside the model). */
  linksBy: Map<string, IscoLinks>;
  /** The same by model index, for ranked codes. */
  linksAt: readonly IscoLinks[];
  /** Per code of the model (by index), the other model's codes sharing an ISCO-08 unit group with it (by index). */
  toOther: readonly number[][];
  isManagement: (code: string) => boolean;
  /** SOC 2018's first-line supervisors ("First-Line Supervisors of …"), SOC 2020's supervisors' unit groups ("Office supervisors"). */
  isSupervisor: (code: string) => boolean;
  /** Whether a title headed 'manager' may read as the code (MANAGED_WORKERS). */
  managerMay: (code: string) => boolean;
}

interface Lift {
  code: string;
  bonus: number;
  why: string;
  path: CoderPath;
}

/** What a bridged pair's reason says of the side that knew none of the title's words. */
function bridgedNote(side: 'us' | 'uk' | null): string | null {
  if (side === 'uk') return 'the UK code is an ISCO-08 partner of the US one: the ONS index has none of the title\'s words';
  if (side === 'us') return 'the US code is an ISCO-08 partner of the UK one: the US titles have none of the title\'s words';
  return null;
}

/** A title's ranked codes of each side, before a row's grade and pay weigh in, and the codes lifted (Coder.shortlist). */
interface Shortlist {
  usScored: ScoredCode[];
  ukScored: ScoredCode[];
  usLift: Lift | null;
  ukLift: Lift | null;
  /** Only the head word's ending was known. */
  byEnding: boolean;
  /** The side that knew no word of the title and was offered the other side's partners (rankByPrior), if any. */
  bridged: 'us' | 'uk' | null;
  /** The reasons of its pairs by US and UK code, each written once: the title's contexts choose the same pairs again and again. */
  reasons: Map<string, string>;
}

/** The lists' lifted scores, for the grid (a plain array: a typed one costs more to make than it saves here). */
function logsOf(list: readonly Listed[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i].log);
  return out;
}

/** A ranked code's log share, with the lift's bonus when it is the lifted code. */
function liftedLog(share: number, code: string, lift: Lift | null): number {
  return lift === null || lift.code !== code ? Math.log(share) : Math.log(Math.max(share, LIFT_FLOOR)) + lift.bonus;
}

/** A known feature that says more than the head and the seniority. */
const tellsFunction = (head: string) => (f: KnownFeature) => f.key !== `h:${head}` && f.key !== `w:${head}` && !f.key.startsWith('s:');

/**
 * The compiled coder. A class at module level rather than closures made by each compile, so a freshly
 * compiled reference runs the code the engine has already optimised for an earlier one.
 */
class Coder implements CompiledCoder {
  private readonly settings: CoderKnowledge['settings'];
  private readonly roleNouns: ReadonlySet<string>;
  private readonly seniorHeads: ReadonlySet<string>;
  private readonly functionHeads: ReadonlySet<string>;
  private readonly leadingHeads: ReadonlySet<string>;
  private readonly topWords: ReadonlySet<string>;
  private readonly us: Side;
  private readonly uk: Side;
  /** Both sides, US first, for the loops that weigh a word on each. */
  private readonly sides: readonly Side[];
  private readonly functions: { name: string; us: string; uk: string; words: ReadonlySet<string> }[];
  private readonly gates: Gates;
  /** The pair bonus and its note for each kind of link (see `link`). */
  private readonly links: { bonus: number; note: string | null }[];
  private readonly maxBonus: number;
  /** Per pair of model codes (US index × UK count + UK index), its link kind + 1, or 0 before it is first needed. */
  private readonly linkKinds: Uint8Array;
  /** Masks for a senior head when every gate is open (ClosedGates holds the others). */
  private readonly openMasks: (Uint8Array | undefined)[] = [];
  // The pair grid of the title being coded: pairs as parallel typed arrays (a title weighs a few hundred),
  // scratch space every title reuses (the coder is synchronous), grown when a title needs more.
  private pairUs = new Int32Array(0);
  private pairUk = new Int32Array(0);
  private pairJoint = new Float64Array(0);
  private pairLink = new Uint8Array(0);
  private pairCount = 0;
  private pairTop = -Infinity;

  /** Per context word, how much it points to one occupation family (see contextEvidence). */
  private readonly concentrations = new Map<string, number>();
  /** Per side and code, its level (CodeLevel) and its pay as [log median, spread], worked out on first use. */
  private readonly levels = { us: new Map<string, CodeLevel>(), uk: new Map<string, CodeLevel>() };
  private readonly pays = { us: new Map<string, readonly [number, number] | null>(), uk: new Map<string, readonly [number, number] | null>() };
  /** Per US code its UK partners through ISCO-08, and per UK code its US partners (ukPartners, usPartners). */
  private readonly partners = new Map<string, string[]>();
  private readonly usPartnersOf = new Map<string, string[]>();

  constructor(
    private readonly knowledge: CoderKnowledge,
    private readonly names: CoderCatalogue,
  ) {
    const { settings } = knowledge;
    this.settings = settings;
    this.roleNouns = new Set(knowledge.roleNouns);
    const seniorHeads = new Set(knowledge.seniorHeads);
    this.seniorHeads = seniorHeads;
    this.functionHeads = new Set(knowledge.functionHeads ?? []);
    this.leadingHeads = new Set([...seniorHeads, ...Object.keys(knowledge.headAliases).filter((k) => seniorHeads.has(knowledge.headAliases[k]))]);
    this.topWords = new Set(knowledge.seniorTop.words);
    const us = compileCodeModel(knowledge.us, settings);
    const uk = compileCodeModel(knowledge.uk, settings);
    // Titles are read stemmed ("communications" → "communication"), so the function words are too.
    this.functions = knowledge.functions.map((f) => ({ ...f, words: new Set(f.words.map(stem)) }));
    this.gates = new Gates(knowledge.gates);
    const usIsco = new Map(Object.entries(knowledge.isco.us));
    const ukIsco = new Map(Object.entries(knowledge.isco.uk));
    const byIsco = (links: Map<string, string[]>) => {
      const out = new Map<string, string[]>();
      for (const [code, iscos] of links) for (const isco of iscos) (out.get(isco) ?? out.set(isco, []).get(isco)!).push(code);
      return out;
    };
    const usByIsco = byIsco(usIsco);
    const ukByIsco = byIsco(ukIsco);
    const bridgeOf = (from: CompiledCodeModel, links: Map<string, string[]>, to: CompiledCodeModel, toByIsco: Map<string, string[]>) =>
      from.codes.map((code) => [...new Set((links.get(code) ?? []).flatMap((isco) => toByIsco.get(isco) ?? []))].map((c) => to.indexOf(c)).filter((c) => c !== undefined));

    const groupIds = new Map<string, number>();
    const groupId = (group: string) => groupIds.get(group) ?? groupIds.set(group, groupIds.size).size - 1;
    const linksBy = (units: Map<string, string[]>) =>
      new Map([...units].filter(([, u]) => u.length > 0).map(([code, u]): [string, IscoLinks] => [code, { units: u.map(groupId), fields: [...new Set(u.map((x) => x.slice(0, 2)))].map(groupId) }]));
    const side = (name: 'us' | 'uk', model: CompiledCodeModel, isco: Map<string, string[]>, toOther: number[][], isManagement: (code: string) => boolean): Side => {
      const links = linksBy(isco);
      const isSupervisor = (code: string) => SUPERVISORS_NAMED[name].test(names[name](code) ?? '');
      const managersTitles = model.seenWith(`h:${MANAGER_HEAD}`);
      const managerMay = (code: string) => !MANAGED_WORKERS[name](code) || isManagement(code) || isSupervisor(code) || managersTitles.has(code);
      return { name, model, linksBy: links, linksAt: model.codes.map((code) => links.get(code) ?? noLinks), toOther, isManagement, isSupervisor, managerMay };
    };
    this.us = side('us', us, usIsco, bridgeOf(us, usIsco, uk, ukByIsco), isUsManagement);
    this.uk = side('uk', uk, ukIsco, bridgeOf(uk, ukIsco, us, usByIsco), isUkManagement);
    this.sides = [this.us, this.uk];
    this.links = [
      { bonus: settings.subMajorBonus / 2, note: null },
      { bonus: settings.unitBonus, note: 'same ISCO-08 unit group' },
      { bonus: settings.subMajorBonus, note: 'same ISCO-08 field' },
      { bonus: 0, note: 'forced apart: the ISCO-08 crosswalks link these codes to different occupations' },
      { bonus: settings.subMajorBonus, note: 'the same service, whose ranks the ISCO-08 crosswalks do not link' },
    ];
    this.maxBonus = Math.max(settings.unitBonus, settings.subMajorBonus);
    this.linkKinds = new Uint8Array(us.codes.length * uk.codes.length);
  }

  /** The codes the best BRIDGED_FROM ranked codes of `from` map to across the crosswalk, in order. */
  private bridged(ranked: readonly ScoredCode[], from: Side): number[] {
    const out: number[] = [];
    for (let i = 0; i < ranked.length && i < BRIDGED_FROM; i++) out.push(...from.toOther[ranked[i].index]);
    return out;
  }

  /**
   * Which codes a ranking may hold: none but management codes under a senior head, no supervisors' codes for a
   * title that names no supervision, none a closed context gate keeps out; undefined when every code may. Kept
   * per set of closed gates.
   */
  private allowedIn(side: Side, closed: ClosedGates | null, senior: boolean, supervising: boolean, managing: boolean): Uint8Array | undefined {
    if (!senior && !closed && supervising && !managing) return undefined;
    const slot = (side.name === 'us' ? 0 : 1) + (senior ? 2 : 0) + (supervising ? 0 : 4) + (managing ? 8 : 0);
    const masks = closed ? closed.masks : this.openMasks;
    return (masks[slot] ??= Uint8Array.from(side.model.codes, (code) =>
      (!senior || side.isManagement(code)) && (supervising || !side.isSupervisor(code)) && (!managing || side.managerMay(code)) && !closed?.gatedOut(side.name, code) ? 1 : 0,
    ));
  }

  /** The ranked codes with their lift applied, and the lifted code added when the ranking left it out. */
  private withLifted(ranked: readonly ScoredCode[], lift: Lift | null, side: Side): Listed[] {
    const out: Listed[] = ranked.map((r) => ({ code: r.code, index: r.index, log: liftedLog(r.share, r.code, lift), links: side.linksAt[r.index], ranked: r }));
    if (lift && !out.some((r) => r.code === lift.code)) {
      const index = side.model.indexOf(lift.code) ?? -1;
      out.push({ code: lift.code, index, log: liftedLog(0, lift.code, lift), links: side.linksBy.get(lift.code) ?? noLinks, ranked: null });
    }
    return out;
  }

  /** The link kind of a pair of listed codes, kept per pair of model codes (most titles meet the same pairs again). */
  private linkOf(u: Listed, k: Listed): number {
    if (u.index < 0 || k.index < 0) return this.linkOfCodes(u.code, k.code, u.links, k.links);
    const at = u.index * this.uk.model.codes.length + k.index;
    let kind = this.linkKinds[at] - 1;
    if (kind < 0) this.linkKinds[at] = (kind = this.linkOfCodes(u.code, k.code, u.links, k.links)) + 1;
    return kind;
  }

  /**
   * The ISCO-08 link of a pair, except that two codes of one service (a US fire captain and the UK's senior fire
   * officers) are not forced apart where the crosswalks leave them unlinked: ISCO-08 files supervisors with the
   * workers they supervise, so the crosswalks miss the services' command ranks, not a disagreement.
   */
  private linkOfCodes(us: string, uk: string, usLinks: IscoLinks, ukLinks: IscoLinks): number {
    const kind = link(usLinks, ukLinks);
    if (kind !== FORCED_APART_LINK) return kind;
    const service = this.gates.familyOf('us', us);
    return service !== null && service === this.gates.familyOf('uk', uk) ? SAME_SERVICE_LINK : kind;
  }

  private namedFunction(reading: TitleReading) {
    return this.functions.find((f) => reading.functionWords.some((w) => f.words.has(w)));
  }

  private startGrid(size: number): void {
    if (this.pairUs.length < size) {
      this.pairUs = new Int32Array(size);
      this.pairUk = new Int32Array(size);
      this.pairJoint = new Float64Array(size);
      this.pairLink = new Uint8Array(size);
    }
    this.pairCount = 0;
    this.pairTop = -Infinity;
  }

  /** Adds the pairs whose summed logs lie in [from, to), walking both lists best first. */
  private addPairs(usLog: readonly number[], ukLog: readonly number[], usList: readonly Listed[], ukList: readonly Listed[], from: number, to: number): void {
    const { pairUs, pairUk, pairJoint, pairLink, links } = this;
    let count = this.pairCount;
    let top = this.pairTop;
    for (let i = 0; i < usLog.length && usLog[i] + ukLog[0] >= from; i++) {
      for (let j = 0; j < ukLog.length && usLog[i] + ukLog[j] >= from; j++) {
        if (usLog[i] + ukLog[j] >= to) continue;
        const kind = this.linkOf(usList[i], ukList[j]);
        const joint = usLog[i] + ukLog[j] + links[kind].bonus;
        if (joint > top) top = joint;
        pairUs[count] = i;
        pairUk[count] = j;
        pairJoint[count] = joint;
        pairLink[count] = kind;
        count++;
      }
    }
    this.pairCount = count;
    this.pairTop = top;
  }

  /** A chosen pair with its calibrated confidence and its reason. */
  private describe(u: Listed, k: Listed, share: number, note: string | null, lifted: Lift | null, head: string | null, listed: Shortlist, apart: boolean): CodedPair {
    const { knowledge } = this;
    const path: CoderPath = lifted?.path ?? (listed.bridged ? 'bridged' : head ? 'head' : 'words');
    const reasonKey = `${u.code} ${k.code}`;
    let reason = listed.reasons.get(reasonKey);
    if (reason === undefined) listed.reasons.set(reasonKey, (reason = this.reasonOf(u, k, lifted ? note : bridgedNote(listed.bridged) ?? note, lifted, head)));
    return {
      usSoc2018: u.code,
      ukSoc2020: k.code,
      path,
      share,
      confidence: Math.round((listed.byEnding ? Math.min(share, knowledge.endingConfidence ?? 0) : calibrate(knowledge.calibrationByPath?.[path] ?? knowledge.calibration, share)) * (apart ? FORCED_APART : 1) * 1000) / 1000,
      reason,
    };
  }

  /** A pair's reason: what lifted it, or the head and the first three distinct features of the two codes' evidence. */
  private reasonOf(u: Listed, k: Listed, note: string | null, lifted: Lift | null, head: string | null): string {
    const keys: string[] = [];
    for (const list of [u.ranked?.evidence() ?? [], k.ranked?.evidence() ?? []]) for (const e of list) if (keys.length < 3 && !keys.includes(e)) keys.push(e);
    // Endings read '-ogist', roots 'statis…'.
    const evidence = keys.map((e) => (e.startsWith('x:') ? `'-${e.slice(2)}'` : e.startsWith('r:') ? `'${e.slice(2)}…'` : `'${e.slice(2)}'`));
    const quotedHead = `'${head}'`;
    const basis = lifted ? lifted.why : head ? `head ${quotedHead}${evidence.length ? ` + ${evidence.filter((e) => e !== quotedHead).join(', ')}` : ''}` : `words ${evidence.join(', ')}`;
    return this.pairReason(basis.replace(/ \+ $/, ''), u.code, k.code, note);
  }

  pairReason(basis: string, usSoc2018: string, ukSoc2020: string, note: string | null): string {
    return `${basis} → ${this.names.us(usSoc2018) ?? usSoc2018} / ${this.names.uk(ukSoc2020) ?? ukSoc2020}${note ? ` (${note})` : ''}`;
  }

  private concentrationOf(word: string, minCount: number): number {
    const memo = `${minCount}:${word}`;
    let c = this.concentrations.get(memo);
    if (c === undefined) {
      const key = `w:${word}`;
      c = Math.max(this.us.model.concentration(key, (code) => code.slice(0, 2), minCount), this.uk.model.concentration(key, (code) => code.slice(0, 2), minCount));
      this.concentrations.set(memo, c);
    }
    return c;
  }

  /**
   * A row's evidence is read several times while one row is coded (its ranking, the weighing of its readings,
   * the gates it opens): kept per row object and list, for each reading of it.
   */
  private readonly evidenceOf = new WeakMap<RowContext, KeptEvidence>();

  private keptEvidence(context: CoderContext): KeptEvidence {
    let kept = this.evidenceOf.get(context.row);
    if (!kept || kept.list !== context.list) this.evidenceOf.set(context.row, (kept = { list: context.list, full: this.readEvidence(context) }));
    return kept;
  }

  private contextEvidence(context: CoderContext): ContextEvidence | null {
    const kept = this.keptEvidence(context);
    if (!context.gatesOnly) return kept.full;
    // The gates read only the context's words, which the whole reading holds too.
    if (kept.gates === undefined) kept.gates = kept.full && kept.full.cues.length > 0 ? { features: [], cues: kept.full.cues, grade: null, pay: null } : null;
    return kept.gates;
  }

  private readEvidence({ row, list }: CoderContext): ContextEvidence | null {
    const { settings } = this;
    const features: WeightedFeature[] = [];
    const cues: string[] = [];
    const read = (text: string | null | undefined, weight: number | undefined, profession: boolean) => {
      for (const w of contextWords(text, profession)) {
        cues.push(w);
        const c = weight ? this.concentrationOf(w, profession ? PROFESSION_WORD_MIN_COUNT : CONTEXT_WORD_MIN_COUNT) : 0;
        if (c > 0 && !features.some((f) => f.key === `w:${w}`)) features.push({ key: `w:${w}`, weight: weight! * settings.word * c * c });
      }
    };
    read(row.group, settings.contextGroup, true);
    read(row.division, settings.contextDivision, false);
    read(row.organisation, settings.contextOrganisation, false);
    read(list.sector, settings.contextOrganisation, false);
    const rank = readGrade(row.grade, list);
    if (rank?.forces) cues.push('military');
    const grade = settings.grade ? rank : null;
    const side = paySideOf(list.currency);
    const scaled = side && row.salary && row.salary > 0 && list.payScale > 0 ? row.salary / list.payScale : null;
    // Pay below every occupation's lower quartile is no full year of full-time work in any job (a crossing guard's
    // few hours a day, a summer post): it tells the hours, not the job, and is not read.
    const pay = settings.pay && side && scaled !== null && scaled >= this.fullTimeFloor(side) ? { side, log: Math.log(scaled) } : null;
    if (features.length === 0 && cues.length === 0 && !grade && !pay) return null;
    return { features, cues, grade, pay };
  }

  private levelOf(side: Side, code: string): CodeLevel {
    let level = this.levels[side.name].get(code);
    if (level === undefined) {
      const links = side === this.us ? this.knowledge.isco.us[code] : this.knowledge.isco.uk[code];
      const digits = (links ?? []).map((isco) => Number(isco[0]));
      const iscoMajor = digits.length ? mostCommon(digits) : side.name === 'uk' ? Number(code[0]) : usMajorLevel(code);
      level = (iscoMajor === 0 ? 0 : iscoMajor <= 2 ? iscoMajor : iscoMajor === 3 ? 3 : iscoMajor === 4 ? 4 : 5) as CodeLevel;
      // A code linked only to ISCO's professionals but heading a function in SOC stays a manager.
      if (side.isManagement(code)) level = 1;
      this.levels[side.name].set(code, level);
    }
    return level;
  }

  /** Per side, the lowest lower quartile of its pay table: less is no full-time year's pay in any occupation. */
  private readonly fullTimeFloors: { us?: number; uk?: number } = {};

  private fullTimeFloor(side: 'us' | 'uk'): number {
    let floor = this.fullTimeFloors[side];
    if (floor === undefined) {
      const tables = side === 'us' ? Object.values(this.knowledge.usPay ?? {}) : this.uk.model.codes.map((code) => this.names.ukPay?.(code));
      const quartiles = tables.flatMap((t) => (t ? [t[0] ?? t[1]] : []));
      this.fullTimeFloors[side] = floor = quartiles.length > 0 ? Math.min(...quartiles) : 0;
    }
    return floor;
  }

  private payOf(side: 'us' | 'uk', code: string): readonly [number, number] | null {
    const known = this.pays[side];
    let pay = known.get(code);
    if (pay === undefined) {
      const table = side === 'us' ? this.knowledge.usPay?.[code] : this.names.ukPay?.(code);
      if (!table) pay = null;
      else {
        const [p25, median, p75] = table;
        const spread = p25 && p75 && p75 > p25 ? (Math.log(p75) - Math.log(p25)) / 1.349 : DEFAULT_PAY_SPREAD;
        pay = [Math.log(median), Math.min(MAX_PAY_SPREAD, Math.max(MIN_PAY_SPREAD, spread))];
      }
      known.set(code, pay);
    }
    return pay;
  }

  /** The context's log weight for a code of one side: the grade's level and the pay's fit. */
  private contextLog(side: Side, code: string, ev: ContextEvidence): number {
    const { settings } = this;
    let log = 0;
    if (ev.grade && settings.grade) {
      const level = this.levelOf(side, code);
      if (ev.grade.forces) {
        // A rank in the grade column is an armed forces post whatever the title says.
        const fits = ev.grade.forces === 'officer' ? isForcesOfficer(side.name, code) : isOtherRank(side.name, code);
        log += (fits ? FORCES_FIT : level === 0 ? 0 : -FORCES_FIT) * settings.grade;
      } else if (level !== 0) log += LEVEL_FIT[ev.grade.level][level] * settings.grade * (ev.grade.fromLadder ? LADDER_SHARE : 1);
    }
    if (ev.pay && ev.pay.side === side.name && settings.pay) {
      const pay = this.payOf(side.name, code);
      const z = pay ? Math.min(PAY_Z_CAP, Math.abs(ev.pay.log - pay[0]) / pay[1]) : 1;
      // Pay far below an occupation's says more than pay above it: long service, overtime and dear cities lift pay.
      const above = pay !== null && ev.pay.log > pay[0];
      log -= 0.5 * z * z * settings.pay * (above ? PAY_ABOVE_SHARE : 1);
    }
    return log;
  }

  /** Whether a grade or pay puts a post below the senior officials its head would make it. */
  private belowSenior(ev: ContextEvidence | null): boolean {
    if (!ev) return false;
    if (ev.grade) return ev.grade.level === 'associate' || ev.grade.level === 'administrative' || ev.grade.level === 'clerical';
    if (!ev.pay) return false;
    const code = ev.pay.side === 'us' ? this.knowledge.seniorDefault.us : this.knowledge.seniorDefault.uk;
    const table = ev.pay.side === 'us' ? this.knowledge.usPay?.[code] : this.names.ukPay?.(code);
    const floor = table ? (table[0] ?? table[1] * 0.75) : null;
    return floor !== null && ev.pay.log < Math.log(floor) - JUNIOR_PAY_MARGIN;
  }

  contextFits(pairs: readonly { usSoc2018: string | null; ukSoc2020: string | null }[], context: CoderContext): number[] {
    const ev = this.contextEvidence(context);
    const fits = pairs.map(() => 0);
    if (!ev) return fits;
    // Each field word counts against a pair by how much less likely it is under the pair's codes than under
    // the best candidate's, and never by more than WORD_DEFICIT_CAP: a department's word tells the field, not
    // that a clerk of the fire department is no clerk. Plain loops: every row of a list is weighed here.
    const lls: (number | null)[] = [];
    for (const f of ev.features) {
      for (const side of this.sides) {
        let top = -Infinity;
        let known = false;
        for (let i = 0; i < pairs.length; i++) {
          const code = side === this.us ? pairs[i].usSoc2018 : pairs[i].ukSoc2020;
          const ll = code ? side.model.logLikelihood(code, f.key) : null;
          lls[i] = ll;
          if (ll !== null) {
            top = Math.max(top, ll);
            known = true;
          }
        }
        if (!known) continue;
        for (let i = 0; i < pairs.length; i++) fits[i] -= f.weight * Math.min(WORD_DEFICIT_CAP, top - (lls[i] ?? top - WORD_DEFICIT_CAP));
      }
    }
    if (ev.grade || ev.pay) {
      pairs.forEach((p, i) => {
        fits[i] += (p.usSoc2018 ? this.contextLog(this.us, p.usSoc2018, ev) : 0) + (p.ukSoc2020 ? this.contextLog(this.uk, p.ukSoc2020, ev) : 0);
      });
    }
    return fits;
  }

  familyOf(side: 'us' | 'uk', code: string): string | null {
    return this.gates.familyOf(side, code);
  }

  contextFitFloor(pair: { usSoc2018: string | null; ukSoc2020: string | null }, context: CoderContext): number {
    const ev = this.contextEvidence(context);
    if (!ev) return 0;
    let fit = 0;
    for (const f of ev.features) {
      for (const side of this.sides) {
        // A word the model never saw has no likelihood under any code: contextFits passes over it.
        const best = side.model.bestLogLikelihood(f.key);
        if (best === null) continue;
        const code = side === this.us ? pair.usSoc2018 : pair.ukSoc2020;
        fit -= f.weight * (code ? Math.min(WORD_DEFICIT_CAP, best - side.model.logLikelihood(code, f.key)!) : WORD_DEFICIT_CAP);
      }
    }
    if (ev.grade || ev.pay) fit += (pair.usSoc2018 ? this.contextLog(this.us, pair.usSoc2018, ev) : 0) + (pair.ukSoc2020 ? this.contextLog(this.uk, pair.ukSoc2020, ev) : 0);
    return fit;
  }

  contextFitCeiling(context: CoderContext): number {
    const grade = this.contextEvidence(context)?.grade;
    if (!grade || !this.settings.grade) return 0;
    // The weights are never negative (schema): a field word's deficit and the pay's distance only lower a fit.
    const fits = grade.forces ? [FORCES_FIT] : LEVEL_FIT[grade.level];
    return 2 * Math.max(0, ...fits) * this.settings.grade;
  }

  forcedApart(usSoc2018: string, ukSoc2020: string): boolean {
    return this.linkOfCodes(usSoc2018, ukSoc2020, this.us.linksBy.get(usSoc2018) ?? noLinks, this.uk.linksBy.get(ukSoc2020) ?? noLinks) === FORCED_APART_LINK;
  }

  ukPartners(usSoc2018: string): readonly string[] {
    return this.partnersOf(this.us, this.uk, usSoc2018, this.partners);
  }

  usPartners(ukSoc2020: string): readonly string[] {
    return this.partnersOf(this.uk, this.us, ukSoc2020, this.usPartnersOf);
  }

  /** The codes of side `to` sharing an ISCO-08 unit group with a code of side `from`, those its model knows first. */
  private partnersOf(from: Side, to: Side, code: string, kept: Map<string, string[]>): readonly string[] {
    let found = kept.get(code);
    if (!found) {
      const links = from.linksBy.get(code);
      found = links ? [...to.linksBy].filter(([, l]) => meet(links.units, l.units)).map(([c]) => c) : [];
      found.sort((a, b) => Number(to.model.indexOf(b) !== undefined) - Number(to.model.indexOf(a) !== undefined) || (a < b ? -1 : 1));
      kept.set(code, found);
    }
    return found;
  }

  /**
   * A title's reading, kept: a list codes each title in every context of its rows, and asks first whether the
   * context opens its gates. Cleared when it grows past READINGS_KEPT titles.
   */
  private readonly readings = new Map<string, TitleReading>();

  /** The last title read, asked again for each of its contexts in turn (a key need not be built for it). */
  private lastRead: { title: string; matched: string | undefined; reading: TitleReading | null } = { title: '', matched: undefined, reading: null };

  private readingOf(title: string, matched: string | undefined): TitleReading {
    const last = this.lastRead;
    if (last.reading && last.title === title && last.matched === matched) return last.reading;
    const key = `${matched ?? ''}\u0000${title}`;
    let reading = this.readings.get(key);
    if (!reading) {
      if (this.readings.size >= READINGS_KEPT) this.readings.clear();
      this.readings.set(key, (reading = readTitle(title, this.roleNouns, this.leadingHeads, matched)));
    }
    this.lastRead = { title, matched, reading };
    return reading;
  }

  opensGates(title: string, matched: string | undefined, context: CoderContext): boolean {
    // A context opens a gate when one of its words is the gate's cue and no word of the title opened it already.
    const cues = this.keptEvidence(context).full?.cues;
    if (!cues || cues.length === 0) return false;
    return this.gates.closedByReading(this.readingOf(title, matched).words)?.openedBy(cues) ?? false;
  }

  /**
   * The shortlists of the title coded last, per context words and seniority: a list codes a title in each context
   * of its rows in turn, and those contexts share a few units and organisations (their grade and pay, which
   * differ, weigh in after). Only the last title's are kept: kept longer, they cost the collector more than
   * ranking them again.
   */
  private shortlists: { title: string; byContext: Map<string, Shortlist | null> } = { title: '', byContext: new Map() };

  /**
   * A title's codes ranked on its words and its context's field words, within the context gates and seniority
   * that limit it, with the codes its index title, function or seniority lifts; null when nothing is known of it.
   */
  private shortlistOf(title: string, matched: string | undefined, reading: TitleReading, head: string | null, unitLine: boolean, senior: boolean, ev: ContextEvidence | null): Shortlist | null {
    const titleKey = `${matched ?? ''}\u0000${title}`;
    if (this.shortlists.title !== titleKey) this.shortlists = { title: titleKey, byContext: new Map() };
    if (ev) ev.wordsKey ??= `${ev.features.map((f) => `${f.key}=${f.weight}`).join(' ')}|${ev.cues.join(' ')}`;
    const key = `${ev?.wordsKey ?? ''}\u0000${senior ? 1 : 0}`;
    let listed = this.shortlists.byContext.get(key);
    if (listed === undefined) this.shortlists.byContext.set(key, (listed = this.shortlist(reading, head, unitLine, senior, ev)));
    return listed;
  }

  private shortlist(reading: TitleReading, head: string | null, unitLine: boolean, senior: boolean, ev: ContextEvidence | null): Shortlist | null {
    const { knowledge, settings } = this;
    const us = this.us.model;
    const uk = this.uk.model;
    const headed = { ...reading, head };
    let features = featuresOf(headed, settings);
    let usKnown = us.known(features);
    let ukKnown = uk.known(features);
    // No word known to either model: the head word's ending is the only evidence left.
    const byEnding = usKnown.length === 0 && ukKnown.length === 0;
    if (byEnding) {
      features = suffixFeaturesOf(headed, settings.word);
      usKnown = us.known(features);
      ukKnown = uk.known(features);
    }
    if (features.length === 0) return null;
    if (ev && ev.features.length > 0) {
      const own = new Set(features.map((f) => f.key));
      features = [...features, ...ev.features.filter((f) => !own.has(f.key))];
      usKnown = us.known(features);
      ukKnown = uk.known(features);
    }
    // "Chief" as the office is the top of a body unless deputised (see code).
    const chief = head === 'chief';
    const closed = this.gates.closedBy(ev && ev.cues.length ? [...reading.words, ...ev.cues] : reading.words);
    const supervising = senior || reading.words.some((w) => SUPERVISING_WORDS.has(w));
    const managing = head === MANAGER_HEAD;
    let usRanked = us.rank(usKnown, CANDIDATES, this.allowedIn(this.us, closed, senior, supervising, managing));
    let ukRanked = uk.rank(ukKnown, CANDIDATES, this.allowedIn(this.uk, closed, senior, supervising, managing));
    // With nothing left inside the limits, the limits give way.
    if (usRanked.top.length === 0) usRanked = us.rank(usKnown, CANDIDATES);
    if (ukRanked.top.length === 0) ukRanked = uk.rank(ukKnown, CANDIDATES);
    // A side that knows no word of the title ("Pipefitter" is a US catalogue title; the ONS index writes
    // "pipe fitter") is offered the partners of the other side's best readings, by how common each is.
    const bridgedSide = (usRanked.top.length === 0) === (ukRanked.top.length === 0) ? null : usRanked.top.length === 0 ? 'us' : 'uk';
    if (bridgedSide === 'uk') ukRanked = uk.rankByPrior(this.bridged(usRanked.top, this.us), CANDIDATES, this.allowedIn(this.uk, closed, senior, supervising, managing));
    if (bridgedSide === 'us') usRanked = us.rankByPrior(this.bridged(ukRanked.top, this.uk), CANDIDATES, this.allowedIn(this.us, closed, senior, supervising, managing));
    // Each side also scores the codes the other side's best readings map to, so a confident UK reading
    // of a UK-style title ("Support Officer") can bring in the US code its own list missed, and back.
    const usScored = usRanked.top.length === 0 ? [] : [...usRanked.top, ...usRanked.more(this.bridged(ukRanked.top, this.uk))];
    const ukScored = ukRanked.top.length === 0 ? [] : [...ukRanked.top, ...ukRanked.more(this.bridged(usRanked.top, this.us))];

    // An index title decides; senior posts: a named function lifts its management codes, otherwise the
    // senior-official codes. At most one code is lifted on each side.
    let usLift: Lift | null = null;
    let ukLift: Lift | null = null;
    const indexKey = reading.words.join(' ');
    const indexed = own(knowledge.exact, indexKey);
    const managedFunction = !senior && head && this.functionHeads.has(head) && !indexed?.[0] ? this.namedFunction(reading) : undefined;
    // A function head ("Communications Manager"): the function's US management code; the UK side is left
    // to the models, which code most such managers as professionals in SOC 2020.
    if (managedFunction) {
      usLift = { code: managedFunction.us, bonus: settings.functionBonus, why: `'${head}' of ${managedFunction.name}`, path: 'function' };
    }
    if (indexed) {
      const why = `index title '${indexKey}'`;
      if (indexed[0]) usLift = { code: indexed[0], bonus: settings.functionBonus, why, path: 'index' };
      if (indexed[1]) ukLift = { code: indexed[1], bonus: settings.functionBonus, why, path: 'index' };
    } else if (!managedFunction && !senior && head && own(knowledge.headDefaults, head) && !usKnown.some(tellsFunction(head)) && !ukKnown.some(tellsFunction(head))) {
      const [usCode, ukCode] = own(knowledge.headDefaults, head)!;
      const why = `generic head '${head}' of an unknown function`;
      usLift = { code: usCode, bonus: settings.functionBonus, why, path: 'generic' };
      ukLift = { code: ukCode, bonus: settings.functionBonus, why, path: 'generic' };
    } else if (senior) {
      const fn = this.namedFunction(reading);
      const who = unitLine ? 'a unit named for its head' : `'${head}'`;
      if (fn) {
        usLift = { code: fn.us, bonus: settings.functionBonus, why: `${who} of ${fn.name}`, path: 'function' };
        ukLift = { code: fn.uk, bonus: settings.functionBonus, why: `${who} of ${fn.name}`, path: 'function' };
      } else {
        // An assistant or deputy chief is not the top of the body.
        const top = (chief && !reading.seniority.some((w) => DEPUTISING.has(w))) || reading.seniority.some((w) => this.topWords.has(w));
        const codes = top ? knowledge.seniorTop : knowledge.seniorDefault;
        const why = top ? `'${[...(chief ? [] : reading.seniority.filter((w) => this.topWords.has(w))), head].join(' ')}' (the top of a body)` : `${who} with no named function`;
        usLift = { code: codes.us, bonus: settings.defaultBonus, why, path: 'senior' };
        ukLift = { code: codes.uk, bonus: settings.defaultBonus, why, path: 'senior' };
      }
    }
    return { usScored, ukScored, usLift, ukLift, byEnding, bridged: bridgedSide, reasons: new Map() };
  }

  code(title: string, matched?: string, context?: CoderContext): CoderResult | null {
    const ev = context ? this.contextEvidence(context) : null;
    const reading = this.readingOf(title, matched);
    // A line that names a unit and no post ("Delivery Unit", "SCS HR Management Team", "Office of X")
    // stands for the unit's head, as organograms list a unit in its head's place.
    const unitLine = reading.head === null && (UNIT_WORDS.has(reading.words.at(-1) ?? '') || (UNIT_WORDS.has(reading.words[0] ?? '') && reading.words[1] === 'of'));
    const read = reading.head ?? (unitLine ? 'head' : null);
    const head = read ? (own(this.knowledge.headAliases, read) ?? read) : null;
    // "Chief" as the office ("Chief Financial Officer", titleFeatures.ts) is a senior head at the top of a body.
    const chief = head === 'chief';
    // A head that ranks a post among senior officials does not when its grade or pay is a junior one ("Head of Fees" on a clerical grade).
    const senior = head !== null && (this.seniorHeads.has(head) || chief) && !this.belowSenior(ev);
    const listed = this.shortlistOf(title, matched, reading, head, unitLine, senior, ev);
    if (!listed) return null;
    const { usScored, ukScored, usLift, ukLift, byEnding } = listed;
    const usList = this.withLifted(usScored, usLift, this.us);
    const ukList = this.withLifted(ukScored, ukLift, this.uk);
    if (usList.length === 0 || ukList.length === 0) return null;
    if (ev && (ev.grade || ev.pay)) {
      for (const l of usList) l.log += this.contextLog(this.us, l.code, ev);
      for (const l of ukList) l.log += this.contextLog(this.uk, l.code, ev);
    }

    // Pairs whose joint score cannot come within PAIR_MARGIN of the best pair add under e^-PAIR_MARGIN each
    // to the shares and can never be chosen, so the grid stops at them (both lists walked best first).
    usList.sort((a, b) => b.log - a.log);
    ukList.sort((a, b) => b.log - a.log);
    const floor = usList[0].log + ukList[0].log - PAIR_MARGIN - this.maxBonus;
    const usLog = logsOf(usList);
    const ukLog = logsOf(ukList);
    this.startGrid(usList.length * ukList.length);
    this.addPairs(usLog, ukLog, usList, ukList, floor, Infinity);
    // The grid's arrays stay the same through this title (widening below fits in them).
    const { pairUs, pairUk, pairJoint, pairLink } = this;
    const top = this.pairTop;
    let z = 0;
    const usMass: number[] = usList.map(() => 0);
    for (let p = 0; p < this.pairCount; p++) {
      const mass = Math.exp(pairJoint[p] - top);
      z += mass;
      usMass[pairUs[p]] += mass;
    }

    // Pairs best first. Alternatives are other jobs, each with a US code of its own, not the chosen one with
    // another UK group: so each US code is taken with its best pair (the first of equals), and the codes in the
    // order of those pairs. One pass finds them; only the first four are ever needed.
    const chosen: CodedPair[] = [];
    const choose = (from: number) => {
      const bestOf: number[] = usList.map(() => -1);
      for (let q = from; q < this.pairCount; q++) {
        const i = pairUs[q];
        if (bestOf[i] < 0 || pairJoint[q] > pairJoint[bestOf[i]]) bestOf[i] = q;
      }
      const order: number[] = [];
      for (const p of bestOf) if (p >= 0 && !chosen.some((c) => c.usSoc2018 === usList[pairUs[p]].code)) order.push(p);
      order.sort((a, b) => pairJoint[b] - pairJoint[a] || a - b);
      for (const p of order.slice(0, 4 - chosen.length)) {
        const u = usList[pairUs[p]];
        const k = ukList[pairUk[p]];
        const lifted = (usLift?.code === u.code ? usLift : null) ?? (ukLift?.code === k.code ? ukLift : null);
        // The US code's share: the joint shares of every pair carrying it.
        chosen.push(this.describe(u, k, usMass[pairUs[p]] / z, this.links[pairLink[p]].note, lifted, head, listed, pairLink[p] === FORCED_APART_LINK));
      }
    };
    choose(0);
    if (chosen.length < 4) {
      // Too few alternatives within the margin: the unlikely pairs are offered too (rare).
      const from = this.pairCount;
      this.addPairs(usLog, ukLog, usList, ukList, -Infinity, floor);
      choose(from);
    }
    // A unit line is read as its head, but a curated rule that knows the words ("Programme Support") still wins.
    // An alternative is no likelier than the best reading scaled by their raw shares: a path whose calibration
    // is one flat rate (too few titles to order them) would otherwise give every alternative the best's chance.
    const [best, ...alternatives] = chosen;
    for (const a of alternatives) a.confidence = Math.min(a.confidence, Math.round((1000 * best.confidence * a.share) / Math.max(best.share, 1e-9)) / 1000);
    return { best, alternatives, reading, senior: senior && !unitLine, byEnding };
  }
}

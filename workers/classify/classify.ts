import type { Role } from '../../schema/reference/index.ts';
import type { CompiledReference, OverlayHit, RuleHit } from '../reference/compile.ts';
import { cleanTitle } from './clean.ts';
import { SENIORITY_WORDS, stem } from './titleFeatures.ts';
import type { CoderPath } from '../../schema/reference/coder.ts';
import { calibrate, FORCED_APART, own, type CodedPair, type CoderContext, type CoderResult, type CompiledCoder } from './coder.ts';
import { classStanding, CONTEXT_LABELS, contextValue, contextWords, hasContext, namesManualWork, NO_LIST_CONTEXT, paySideOf, readGrade, type ContextKind, type GradeReading, type ListContext, type RowContext } from './context.ts';
import { entriesShare, hasDefault, indexTitleOf, qualifiedEntry, qualifiedShare, qualifierWords, unqualifiedChance, type QualifiedEntry } from './indexQualifiers.ts';
import { normaliseTitle } from './normalise.ts';
import { formatCount } from '../format/figures.ts';

/**
 * The rule classifier and the resolution steps of scoring.md §2 that need no database: pack overlay, then
 * taxonomy rules; and the role given to codes picked by the AI. Overrides, the shared cache and the AI call
 * itself live on the server and run before these.
 */

export type ClassificationSource = 'override' | 'pack' | 'cache' | 'ai' | 'rules';

/** Another reading of a title that a reviewer may accept instead; `score` is its calibrated chance (0–1). */
export interface ClassificationAlternative {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  score: number;
  reason: string;
}

export interface Classification {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  category: string;
  subcategory: string;
  confidence: number;
  source: ClassificationSource;
  /** Why the coder chose the codes, in a reviewer's words (rules only; null for other sources). */
  reason?: string | null;
  /** Up to three other readings, best first (rules only). */
  alternatives?: ClassificationAlternative[];
  /** The parts of the row's context that decided the codes, when the title alone would have been coded otherwise (rules only). */
  contextUsed?: ContextKind[];
}

export const RULE_CONFIDENCE = 0.6;
export const PACK_CONFIDENCE = 0.8;

/** The text rules and overlays are matched against: the title cleaned of staff-list noise, then normalised. */
export function matchText(title: string): string {
  return normaliseTitle(cleanTitle(title));
}

/** A role's codes: its UK unit group (else the reference's default UK code) and its anchor's US code. */
function fromRole(compiled: CompiledReference, role: Role, confidence: number, source: ClassificationSource): Classification {
  return {
    usSoc2018: role.anchor?.usSoc2018 ?? null,
    ukSoc2020: role.ukSoc2020 ?? compiled.data.occupations.ukDefaultCode,
    category: role.category,
    subcategory: role.subcategory,
    confidence,
    source,
  };
}

const isOther = (compiled: CompiledReference, role: Role) => role === compiled.otherRole;

/**
 * A plain title: the curated rule's pattern names the whole title, seniority words aside ("Project Manager",
 * "Senior Project Manager"; not "IT Project Manager"). A pattern that still matches when the title's first word
 * is replaced by a word no title has let a wildcard take it ("Flood Risk Support Officer" under
 * `.*support officer`): the rule then names only part of the title, and the words it passed over may name
 * another job. Patterns are compiled once each.
 */
const wholePatterns = new Map<string, RegExp>();
const NO_TITLE_WORD = 'qqqq';
function plainTitle(pattern: string, text: string): boolean {
  let whole = wholePatterns.get(pattern);
  if (!whole) wholePatterns.set(pattern, (whole = new RegExp(`^(?:${pattern})$`, 'i')));
  const words = text.split(' ');
  let from = 0;
  while (from < words.length - 1 && SENIORITY_WORDS.has(words[from])) from++;
  const named = words.slice(from);
  return whole.test(named.join(' ')) && !whole.test([NO_TITLE_WORD, ...named.slice(1)].join(' '));
}

/** Whether the coder read a plain title: an index title found whole, or one of the version's plain common titles. */
function plainCoded(compiled: CompiledReference, coded: CoderResult): boolean {
  const { best } = coded;
  if (best.reason.includes('forced apart')) return false;
  if (plainTitlesOf(compiled).has(coded.reading.words.join(' '))) return true;
  return best.path === 'index' && best.reason.startsWith('index title') && oneUsMajor(compiled, best.usSoc2018, best.ukSoc2020);
}

/**
 * The confidence of the coder's reading of a title alone. An index title found whole, or a common title named
 * plainly, is a plain title the catalogues code: no reviewer need look at it (not when its US and UK readings
 * are forced apart: the indexes then disagree). But a title the ONS index codes only by its industry ("Team
 * leader") is no more likely than the index's share of entries in the reading's major group.
 */
function titleAloneReading(compiled: CompiledReference, coded: CoderResult): { confidence: number; plain: boolean } {
  const entries = qualifiedEntriesOf(compiled, coded);
  const chance = entries ? unqualifiedChance(entries, coded.best.ukSoc2020) : null;
  if (chance !== null) return { confidence: Math.min(coded.best.confidence, Math.round(chance * 1000) / 1000), plain: false };
  const plain = plainCoded(compiled, coded);
  return { confidence: plain ? Math.max(coded.best.confidence, reviewFloor(compiled)) : coded.best.confidence, plain };
}

/** The index entries, with their qualifiers, of the title the coder read, when the index codes it by qualifier. */
function qualifiedEntriesOf(compiled: CompiledReference, coded: CoderResult | null): readonly QualifiedEntry[] | undefined {
  const all = compiled.data.classification.coder?.indexQualifiers;
  return all && coded ? own(all, coded.reading.words.join(' ')) : undefined;
}

/**
 * Whether a UK code the ONS index gives a title leaves its US major group in no doubt: every US code sharing its
 * ISCO-08 unit group is of the US code's major group. The index names the UK job; a US code chosen among
 * partners of several major groups ("Technical adviser", engineering technicians 3113: engineering or science
 * technicians in SOC 2018) is the crosswalk's guess, not a catalogue's.
 */
function oneUsMajor(compiled: CompiledReference, usSoc2018: string | null, ukSoc2020: string | null): boolean {
  const coder = compiled.coder();
  if (!coder || !usSoc2018 || !ukSoc2020) return false;
  return coder.usPartners(ukSoc2020).every((us) => us.slice(0, 2) === usSoc2018.slice(0, 2));
}

const plainTitleSets = new WeakMap<CompiledReference, ReadonlySet<string>>();
function plainTitlesOf(compiled: CompiledReference): ReadonlySet<string> {
  let set = plainTitleSets.get(compiled);
  if (!set) plainTitleSets.set(compiled, (set = new Set(compiled.data.classification.coder?.plainTitles ?? [])));
  return set;
}

/** The lowest confidence outside the review queue: a plain title the catalogues code is given at least this. */
const reviewFloor = (compiled: CompiledReference) => compiled.data.classification.reviewThreshold;

/** SOC 2018 major group 11 and SOC 2020 major group 1 are the management occupations. */
const managesOnEitherSide = (role: Role) => Boolean(role.anchor?.usSoc2018.startsWith('11-') || role.ukSoc2020?.startsWith('1'));

/**
 * The "rules" step (scoring.md §2, as extended by the scored coder): a curated taxonomy rule that matches
 * (and whose division restriction, if any, equals `division`) wins; otherwise the scored coder
 * (coder.ts) reads the title. Either way the coder's other readings are offered as alternatives and the
 * confidence is calibrated. A document without a coder (made before it) falls back to Other /
 * Uncategorised at confidence 0 when no rule matches, as before.
 */
export function classifyByRules(compiled: CompiledReference, title: string, division?: string | null, text = matchText(title)): Classification {
  return decideByRules(compiled, division ?? null, text).classification;
}

/** What decided a deterministic classification, for the reference editor's "test a title". */
export type Decider =
  | { kind: 'pack'; hit: OverlayHit }
  /** `disputed`: the coder's own reading of the title gives the rule's US major group little weight (curatedDisputed). */
  | { kind: 'rule'; hit: RuleHit; disputed: boolean }
  /** The way the coder reached its pair, whose calibration table gave the confidence. */
  | { kind: 'coder'; path: CoderPath }
  | { kind: 'none' };

export interface Decision {
  classification: Classification;
  decider: Decider;
  /** A plain title the catalogues code whole ("Project Manager"), kept out of review. */
  plain: boolean;
  /** A supervisor whose title names the workers supervised (supervisorOfNamedWorkers): the context does not move it. */
  workersNamed?: boolean;
}

/**
 * `text` is the title as matchText cleans it, which is all the decision reads; `coded` is the coder's reading of
 * it alone, when the caller has it already (it does not depend on the division).
 */
function decideByRules(compiled: CompiledReference, division: string | null, text: string, coded = compiled.coder()?.code(text, text) ?? null): Decision {
  const rule = compiled.firstRule(text, division);
  // A curated rule names a job, not a rank: when the coder reads a senior head ("Programme Director",
  // "Head of Health and Safety") and the rule's role is a management occupation on neither side (a head of
  // legal is a lawyer in SOC 2018 but a manager in SOC 2020), the head decides.
  // Nor does it name the supervisor or helper of the job it names ("Carpenter Supervisor", "Building Carpenter
  // Helper"): SOC 2018 files those apart, and the coder reads such a head with the workers it names.
  const hit = rule && ((coded?.senior && !managesOnEitherSide(rule.role)) || namesAnotherRelation(compiled, coded, rule.role)) ? null : rule;
  const alternativesOf = (pairs: CodedPair[], except: { us: string | null; uk: string | null }): ClassificationAlternative[] =>
    pairs
      .filter((p) => p.usSoc2018 !== except.us || p.ukSoc2020 !== except.uk)
      .slice(0, 3)
      .map((p) => ({ usSoc2018: p.usSoc2018, ukSoc2020: p.ukSoc2020, score: p.confidence, reason: p.reason }));
  if (hit) {
    const knowledge = compiled.data.classification.coder;
    const disputed = coded !== null && curatedDisputed(coded, hit.role.anchor?.usSoc2018 ?? null);
    const measured = knowledge ? (own(knowledge.curatedConfidenceByRole ?? {}, hit.role.subcategory) ?? knowledge.curatedConfidence) : RULE_CONFIDENCE;
    const confidence = disputed && knowledge?.curatedDisputedConfidence !== undefined ? Math.min(measured, knowledge.curatedDisputedConfidence) : measured;
    // A plain title the rule names whole ("Project Manager") is the catalogues' own: no reviewer need look at it.
    const plain = Boolean(knowledge) && plainTitle(hit.rule.pattern, text);
    const c = fromRole(compiled, hit.role, plain ? Math.max(confidence, reviewFloor(compiled)) : confidence, 'rules');
    const all = coded ? [coded.best, ...coded.alternatives] : [];
    const classification = {
      ...c,
      reason: `curated rule for '${hit.role.subcategory}'${hit.rule.division ? ` in division '${hit.rule.division}'` : ''}`,
      alternatives: alternativesOf(all, { us: c.usSoc2018, uk: c.ukSoc2020 }),
    };
    return { classification, decider: { kind: 'rule', hit, disputed }, plain };
  }
  if (!coded) {
    return { classification: { ...fromRole(compiled, compiled.otherRole, 0, 'rules'), reason: 'no rule or coder evidence', alternatives: [] }, decider: { kind: 'none' }, plain: false };
  }
  const supervised = supervisorOfNamedWorkers(compiled, coded);
  const best = supervised ?? coded.best;
  const { confidence, plain } = supervised ? { confidence: supervised.confidence, plain: false } : titleAloneReading(compiled, coded);
  const classification = rulesReading(compiled, best, { confidence, reason: best.reason, alternatives: alternativesOf(coded.alternatives, { us: best.usSoc2018, uk: best.ukSoc2020 }) });
  return { classification, decider: { kind: 'coder', path: best.path }, plain, workersNamed: supervised !== null };
}

/** Whether the title's head makes it the supervisor or helper of its workers while the rule's role is neither. */
function namesAnotherRelation(compiled: CompiledReference, coded: CoderResult | null, role: Role): boolean {
  const relation = coded?.reading.head ? own(RELATION_HEADS, coded.reading.head) : undefined;
  const us = role.anchor?.usSoc2018;
  return Boolean(relation && us && !relation.test(compiled.data.occupations.us[us]?.title ?? ''));
}

/** Below this share of the coder's own reading, the coder disputes a curated rule's US major group. */
const DISPUTED_SHARE = 0.2;

/**
 * Whether the coder's own reading of a title gives a curated rule's US major group less than DISPUTED_SHARE of
 * its weight. On the hand-labelled staff titles such hits are right about half as often as the rest: the rule
 * names one sense of a title the catalogues file under several.
 */
function curatedDisputed(coded: CoderResult, usSoc2018: string | null): boolean {
  if (!usSoc2018) return false;
  const major = usSoc2018.slice(0, 2);
  const share = [coded.best, ...coded.alternatives].reduce((sum, p) => sum + (p.usSoc2018?.slice(0, 2) === major ? p.confidence : 0), 0);
  return share < DISPUTED_SHARE;
}

/** A supervisor's head word, as the coder reads it ("Supv" and "Foreman" read as "supervisor"). */
const SUPERVISOR_HEAD = 'supervisor';

/** Heads that make a title the supervisor or helper of the workers it names, with the word SOC 2018 names them by. */
const RELATION_HEADS: Readonly<Record<string, RegExp>> = { [SUPERVISOR_HEAD]: /\bsupervisors\b/i, foreman: /\bsupervisors\b/i, helper: /\bhelpers\b/i };

/**
 * A supervisor whose title names the workers it supervises ("Electrical Maint Tech Supv", "Radio Dispatcher
 * Supervisor"), read as SOC 2018 reads supervisors: of professionals and technicians (major groups 13 to 29,
 * and healthcare support, which has no supervisor occupation) with the workers they supervise; of service,
 * sales, office, trade and transport workers (33 to 53) as the first-line supervisors of those workers' major
 * group. The UK side is that supervisor's ISCO-08 partner SOC 2020 names supervisors, else the workers' own
 * unit group, as ISCO-08 files supervisors with their workers. The title's other words alone would otherwise
 * decide among every supervisor code: "technician supervisor" is two fisheries titles in O*NET, so a
 * laboratory's technician supervisor read as a farming supervisor. Null when the words left name no workers.
 */
function supervisorOfNamedWorkers(compiled: CompiledReference, coded: CoderResult): CodedPair | null {
  const coder = compiled.coder();
  const { reading } = coded;
  if (!coder || reading.head !== SUPERVISOR_HEAD) return null;
  const rest = reading.words.filter((w) => w !== SUPERVISOR_HEAD).join(' ');
  const workers = rest ? coder.code(rest, rest) : null;
  if (!workers?.reading.head || workers.reading.head === SUPERVISOR_HEAD || workers.senior || !workers.best.usSoc2018 || !workers.best.ukSoc2020) return null;
  const { usSoc2018: us, ukSoc2020: uk } = workers.best;
  const major = Number(us.slice(0, 2));
  if (major < 13 || major === 55) return null;
  const basis = `supervisor of '${rest}'`;
  const occupations = compiled.data.occupations;
  const supervisors = major >= 33 ? Object.keys(occupations.us).filter((c) => c.startsWith(`${us.slice(0, 2)}-1`) && /supervisors/i.test(occupations.us[c].title)) : [];
  if (supervisors.length === 0) {
    return { ...workers.best, reason: coder.pairReason(basis, us, uk, 'SOC 2018 files supervisors of these workers with them') };
  }
  const own = [coded.best, ...coded.alternatives].map((p) => p.usSoc2018);
  const usTitle = occupations.us[us]?.title ?? '';
  const supervisor = closestByWords(supervisors, (c) => occupations.us[c].title, usTitle, (c) => (own.includes(c) ? own.length - own.indexOf(c) : 0));
  const ukName = (c: string) => compiled.occupationName('uk', c) ?? '';
  const ukSupervisors = coder.ukPartners(supervisor).filter((c) => /supervisors/i.test(ukName(c)));
  const ukSupervisor = ukSupervisors.length > 0 ? closestByWords(ukSupervisors, ukName, ukName(uk), () => 0) : uk;
  return {
    ...workers.best,
    usSoc2018: supervisor,
    ukSoc2020: ukSupervisor,
    reason: coder.pairReason(basis, supervisor, ukSupervisor, `first-line supervisors of ${usTitle || us}`),
  };
}

/** Of some codes, the one whose name shares most words with `name`; then the highest `rank`; then the lowest code. */
function closestByWords(codes: readonly string[], nameOf: (code: string) => string, name: string, rank: (code: string) => number): string {
  const words = (text: string) => new Set(text.toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 3).map((w) => w.replace(/s$/, '')));
  const target = words(name);
  const shared = (code: string) => [...words(nameOf(code))].filter((w) => target.has(w)).length;
  return [...codes].sort((a, b) => shared(b) - shared(a) || rank(b) - rank(a) || (a < b ? -1 : 1))[0];
}

/**
 * The role for codes that carry no role of their own (AI picks, overlay rules without one): the rule role
 * when the rules placed the title somewhere other than Other / Uncategorised; else the first role anchored
 * on the same US code; else Other / Uncategorised.
 */
export function roleForCodes(compiled: CompiledReference, usSoc2018: string | null, ruleRole: Role): Role {
  if (!isOther(compiled, ruleRole)) return ruleRole;
  return (usSoc2018 ? compiled.roleByAnchor(usSoc2018) : undefined) ?? compiled.otherRole;
}

function ruleRoleOf(compiled: CompiledReference, text: string, division: string | null): Role {
  return compiled.firstRule(text, division)?.role ?? compiled.otherRole;
}

/** An AI pick's codes with the role scoring.md §2 gives them; `source` ai, the pick's own confidence. */
export function classifyAiPick(
  compiled: CompiledReference,
  title: string,
  pick: { usSoc2018: string; ukSoc2020: string; confidence: number },
  division?: string | null,
): Classification {
  const role = roleForCodes(compiled, pick.usSoc2018, ruleRoleOf(compiled, matchText(title), division ?? null));
  return {
    usSoc2018: pick.usSoc2018,
    ukSoc2020: pick.ukSoc2020,
    category: role.category,
    subcategory: role.subcategory,
    confidence: pick.confidence,
    source: 'ai',
  };
}

/** The pack's first matching overlay rule at confidence 0.8, or null when none matches. */
export function classifyByPack(compiled: CompiledReference, packId: string, title: string, division?: string | null, text = matchText(title)): Classification | null {
  return decideByPack(compiled, packId, division ?? null, text)?.classification ?? null;
}

function decideByPack(compiled: CompiledReference, packId: string, division: string | null, text: string): Decision | null {
  const hit = compiled.packOverlay(packId).first(text);
  if (!hit) return null;
  const { rule } = hit;
  const named = rule.category && rule.subcategory ? compiled.role(rule.category, rule.subcategory) : undefined;
  const role = named ?? roleForCodes(compiled, rule.usSoc2018, ruleRoleOf(compiled, text, division));
  const classification: Classification = {
    usSoc2018: rule.usSoc2018,
    ukSoc2020: rule.ukSoc2020,
    category: role.category,
    subcategory: role.subcategory,
    confidence: PACK_CONFIDENCE,
    source: 'pack',
  };
  return { classification, decider: { kind: 'pack', hit }, plain: false };
}

/** Deterministic resolution without overrides, cache or AI: pack overlay, then rules. */
export function classifyWithoutAi(compiled: CompiledReference, title: string, options: { packId?: string | null; division?: string | null } = {}): Classification {
  return decideWithoutAi(compiled, title, options).classification;
}

/** classifyWithoutAi with what decided it (the overlay or taxonomy rule hit, the coder, or nothing) and the cleaned text matched. */
export function decideWithoutAi(
  compiled: CompiledReference,
  title: string,
  options: { packId?: string | null; division?: string | null } = {},
): Decision & { matchedText: string } {
  // The title is cleaned once for the overlay and the rules.
  const text = matchText(title);
  const division = options.division ?? null;
  const decision = (options.packId ? decideByPack(compiled, options.packId, division, text) : null) ?? decideByRules(compiled, division, text);
  return { ...decision, matchedText: text };
}


const without = (row: RowContext, kind: ContextKind): RowContext => (kind === 'pay' ? { ...row, salary: null } : { ...row, [kind]: null });

const present = (row: RowContext, kind: ContextKind, list: ListContext) =>
  kind === 'pay' ? Boolean(row.salary && row.salary > 0 && paySideOf(list.currency)) : contextValue(row[kind]) !== '';

/** A US and a UK code read together. */
type Pair = { usSoc2018: string | null; ukSoc2020: string | null };

const samePair = (a: Pair, b: Pair) => a.usSoc2018 === b.usSoc2018 && a.ukSoc2020 === b.ukSoc2020;

/** A rules reading of a pair, in the role its codes name. */
function rulesReading(compiled: CompiledReference, pair: Pair, rest: Pick<Classification, 'confidence' | 'reason' | 'alternatives' | 'contextUsed'>): Classification {
  const role = compiled.roleForCodes(pair.usSoc2018, pair.ukSoc2020);
  const { confidence, reason, alternatives, contextUsed } = rest;
  return { usSoc2018: pair.usSoc2018, ukSoc2020: pair.ukSoc2020, category: role.category, subcategory: role.subcategory, confidence, source: 'rules', reason, alternatives, ...(contextUsed && { contextUsed }) };
}

/** A reading offered as another reading of its title, when the context or the grade chose a different one. */
const asAlternative = (reading: Classification): ClassificationAlternative => ({ usSoc2018: reading.usSoc2018, ukSoc2020: reading.ukSoc2020, score: reading.confidence, reason: reading.reason ?? '' });

/** The context read for the reason: "unit 'Fire Department (130)', pay 81,060". */
function describeContext(row: RowContext, kinds: readonly ContextKind[]): string {
  return kinds
    .map((k) => (k === 'pay' ? `pay ${formatCount(Math.round(row.salary ?? 0))}` : `${CONTEXT_LABELS[k]} '${contextValue(row[k]).slice(0, 60)}'`))
    .join(', ');
}

/**
 * The rules step for one row (issue "code each person's job in context"): the title coded alone, then with
 * what the list says about the row (unit, organisation, grade, professional group, pay). Title proposes,
 * context disposes: the title's own readings and those the context brings in are weighed by the title's
 * chance of each times how well the context fits it (coder.contextFits), so a title read unambiguously keeps
 * its codes and the context decides where the title leaves the job open. When the context changes the codes,
 * `contextUsed` names the parts of it that did (each part whose removal brings the title's own reading back;
 * all of them when none does alone). A title the ONS index codes by industry takes the entry the row names
 * (readByQualifier). The reading's confidence is calibrated on real staff rows with their context (contextConfidence);
 * then a grade or pay that sets the level the title leaves open re-reads it (RELEVELS), and it is capped where the
 * row, the title or the index contradicts it (DOUBTS).
 */
export function classifyInContext(compiled: CompiledReference, title: string, row: RowContext, list: ListContext = NO_LIST_CONTEXT): Classification {
  let reading = calibratedInContext(compiled, title, row, list);
  const alone = aloneOf(compiled, title, row.division ?? null);
  for (const relevelled of RELEVELS) reading = relevelled(compiled, alone, reading, row, list);
  for (const doubted of DOUBTS) reading = doubted(compiled, alone, reading, row, list);
  return reading;
}

/** A check that caps a reading's confidence when its row, its title (`alone`: read alone) or the index contradicts it (DOUBTS). */
type Doubt = (compiled: CompiledReference, alone: AloneReading, reading: Classification, row: RowContext, list: ListContext) => Classification;

function calibratedInContext(compiled: CompiledReference, title: string, row: RowContext, list: ListContext): Classification {
  const read = readInContext(compiled, title, row, list);
  if (!read.toCalibrate) return read.classification;
  const evidence = calibrationEvidenceOf(compiled, title, read.classification, row, list, read.toCalibrate);
  const confidence = contextConfidence(compiled, evidence);
  // A plain title the catalogues code whole stays out of review unless its row's grade or pay contradicts it; a
  // rung of the list's own ladder tells the level too roughly to overrule the catalogues.
  const plainFit = () => (readGrade(row.grade, list)?.fromLadder ? readingFit(compiled, read.classification, row, { ...list, gradeLadder: undefined }) : evidence.fit);
  const plainHolds = read.toCalibrate.plain && plainFit() >= PLAIN_FIT_FLOOR;
  return { ...read.classification, confidence: plainHolds ? Math.max(confidence, reviewFloor(compiled)) : confidence };
}

/**
 * Below this share of a title's index entries in a curated rule's US major group, the index says the title is
 * mostly another job: "Labourer" pairs with construction labourers in 2 of the index's 17 industries, and Baltimore's labourers
 * collect refuse, keep parks and move stores as well as build roads. "Planning officer" (town planning in 2 of 3)
 * keeps its rule.
 */
const INDUSTRY_MAJORITY = 0.5;

/**
 * A curated rule for a title the ONS index codes only by industry ("Labourer", "Account executive"), in a row
 * whose unit, organisation, professional group and sector match none of the index's industries for it: the rule
 * names one industry's job, so the reading is worth no more than the share of the index's industries whose UK
 * code pairs (ISCO-08) with the rule's US major group, when that is under half. The coder's own readings of
 * such titles are already weighed by their industries (titleAloneReading, readByQualifier).
 */
const doubtedByIndustry: Doubt = (compiled, { coded, decider }, reading, row, list) => {
  const all = compiled.data.classification.coder?.indexQualifiers;
  const coder = compiled.coder();
  if (!all || !coder || !coded || decider.kind !== 'rule' || !reading.usSoc2018) return reading;
  const indexTitle = indexTitleOf(coded.reading.words);
  const entries = own(all, indexTitle);
  const share = entries && qualifiedShare(entries, pairsWithMajor(coder, reading.usSoc2018));
  if (!share || qualifiedEntry(entries, qualifierWords(row, list))) return reading;
  return cappedByIndexShare(reading, share, `the ONS index codes '${indexTitle}' by industry, this job in ${share.inGroup} of its ${share.of} industries, and the row names none of them`);
};

/** Whether a UK code pairs (ISCO-08) with a US code of the major group of `usSoc2018`. */
const pairsWithMajor = (coder: CompiledCoder, usSoc2018: string) => (ukSoc2020: string) => coder.usPartners(ukSoc2020).some((us) => us.startsWith(usSoc2018.slice(0, 2)));

/**
 * A reading worth no more than the share of a title's index entries in its job, when that is under half
 * (INDUSTRY_MAJORITY) and below the reading's confidence; `why` follows its reason.
 */
function cappedByIndexShare(reading: Classification, share: { inGroup: number; of: number }, why: string): Classification {
  const chance = Math.round((share.inGroup / share.of) * 1000) / 1000;
  if (chance >= INDUSTRY_MAJORITY || reading.confidence <= chance) return reading;
  return { ...reading, confidence: chance, reason: `${reading.reason}; ${why}` };
}

/**
 * An index title the ONS index codes by field in some of its entries and otherwise by a default ("Technical
 * adviser": accountancy, computing, sales, garage and insurance, else engineering technicians 3113), read by that
 * default in a row whose unit, organisation, professional group and sector name none of the fields: the default
 * is the index's last resort, and the reading is worth no more than the share of the title's entries whose UK
 * code pairs (ISCO-08) with its US major group, when that is under half (2 of 6 for the technical adviser). A
 * default most of whose title's entries are its job ("Administrator") keeps its confidence.
 */
const doubtedByIndexDefault: Doubt = (compiled, { coded, decider }, reading, row, list) => {
  const coder = compiled.coder();
  if (!coder || !coded || decider.kind !== 'coder' || coded.best.path !== 'index' || !reading.usSoc2018) return reading;
  // Only the index's own reading is doubted: a context that moved it read more than the title.
  if (reading.usSoc2018 !== coded.best.usSoc2018 || reading.ukSoc2020 !== coded.best.ukSoc2020) return reading;
  const entries = qualifiedEntriesOf(compiled, coded);
  if (!entries || !hasDefault(entries) || qualifiedEntry(entries, qualifierWords(row, list))) return reading;
  const share = entriesShare(entries, pairsWithMajor(coder, reading.usSoc2018));
  const indexTitle = coded.reading.words.join(' ');
  return cappedByIndexShare(reading, share, `the ONS index codes '${indexTitle}' by field in ${share.of - 1} of its ${share.of} entries, this job in ${share.inGroup}, and the row names none of the fields`);
};

/**
 * The most a reading in a field its row or its title does not bear out is worth (a computer occupation outside
 * an IT profession or named by no computing word; an education or library occupation named by no word of its
 * field): in a row whose professional group is not an IT profession, one computer reading in four was right on
 * the development rows (an environmental "Technical Support Officer" read as IT user support, an HR "Analyst" as
 * a systems analyst).
 */
const DOUBTED_FIELD_READING = 0.5;

/**
 * A reading among SOC 2018's computer occupations (15-12) in a row whose professional group names another
 * profession or a generalist one ("Operational delivery") goes to review. Those codes are reached by title words
 * many other jobs share ("technical", "support", "analyst", "systems"), and an organogram files its IT staff under
 * an IT profession (a group whose head reads as an IT manager: "Information Technology", "Knowledge and
 * Information Management"), so the group contradicts the title's reading.
 */
const doubtedByProfession: Doubt = (compiled, _alone, reading, row) => {
  const group = contextValue(row.group);
  if (!group || !reading.usSoc2018?.startsWith('15-12') || reading.confidence <= DOUBTED_FIELD_READING) return reading;
  const head = professionHead(compiled, group);
  if (head.usSoc2018 === IT_MANAGERS || head.usSoc2018?.startsWith('15-')) return reading;
  return { ...reading, confidence: DOUBTED_FIELD_READING, reason: `${reading.reason}; the professional group '${group}' is not an IT profession` };
};

/**
 * Words that name computing work in a title, as the coder spells them (CODER_SPELLINGS turns "IT" and "ICT"
 * into "information technology"). SOC 2018's computer occupations' titles all carry one.
 */
const COMPUTING_WORDS: ReadonlySet<string> = new Set([
  'computer', 'computing', 'information', 'technology', 'network', 'networks', 'system', 'systems', 'software', 'data',
  'database', 'digital', 'cyber', 'web', 'website', 'application', 'applications', 'user', 'users', 'desktop', 'helpdesk',
  'desk', 'server', 'cloud', 'infrastructure', 'developer', 'programmer', 'programming', 'gis', 'sap', 'oracle', 'erp', 'devops',
]);

/**
 * Words that name teaching, schools, libraries or museums, in a title or its unit: SOC 2018's education,
 * training and library occupations (25) and education administrators (11-903x) are their work.
 */
const TEACHING_WORDS: ReadonlySet<string> = new Set([
  'school', 'schools', 'teacher', 'teachers', 'teaching', 'teach', 'tutor', 'tutors', 'tutoring', 'lecturer', 'instructor',
  'instructors', 'instruction', 'trainer', 'training', 'apprenticeship', 'education', 'educational', 'learning', 'literacy',
  'student', 'students', 'pupil', 'pupils', 'college', 'university', 'academic', 'academy', 'professor', 'headteacher',
  'nursery', 'preschool', 'kindergarten', 'classroom', 'library', 'libraries', 'librarian', 'bookmobile', 'museum',
  'museums', 'curator', 'archive', 'archives', 'archivist', 'exhibit', 'exhibits', 'exhibition', 'gallery', 'conservator',
]);

/**
 * Occupations a title's words reach by coincidence: computer occupations ("Operations Specialist": 'operations'
 * is also IT operations), and education, library and museum occupations ("Program Assistant" as a museum
 * technician, "Principal Sponsor" as a school principal, "Inspection Associate" as a library technician). Each
 * is named by words its titles carry; where the row's unit may name the field instead (a library's programme
 * assistant), `unitNames` says so.
 */
const FIELDS_NAMED_BY_WORDS: readonly { holds: (us: string) => boolean; words: ReadonlySet<string>; unnamed: string; unitNames: boolean }[] = [
  { holds: (us) => us.startsWith('15-12'), words: COMPUTING_WORDS, unnamed: 'no word of the title names computing work', unitNames: false },
  {
    holds: (us) => us.startsWith('25-') || us.startsWith('11-903'),
    words: TEACHING_WORDS,
    unnamed: 'no word of the title or its unit names teaching, a school, a library or a museum',
    unitNames: true,
  },
];

/**
 * Whether a reading came from the title's head or words, not from an index title or a curated rule: the title's
 * own reading so reached, or one the context moved it to, other than an index entry the row's industry names.
 */
function throughWords(alone: Classification, decider: Decider, reading: Classification): boolean {
  if (!samePair(reading, alone)) return !(reading.reason ?? '').startsWith('index title');
  return decider.kind === 'coder' && (decider.path === 'head' || decider.path === 'words' || decider.path === 'bridged');
}

/**
 * A reading in one of those fields that the coder reached through a title's head or words alone (or that the
 * context moved a title to), when no word of the title (or, for a field a unit may name, of its unit and
 * organisation) names the field's work, goes to review: the title's index titles and curated rules name their
 * field's words, and a title without one is in the field only by the coincidence of a word many jobs share.
 * Titles read through the index or a curated rule are left as read.
 */
const doubtedWithoutFieldWords: Doubt = (_compiled, { alone, coded, decider }, reading, row) => {
  const field = reading.usSoc2018 ? fieldUnnamed(reading.usSoc2018, coded, row) : undefined;
  if (!field || reading.confidence <= DOUBTED_FIELD_READING || !throughWords(alone, decider, reading)) return reading;
  return { ...reading, confidence: DOUBTED_FIELD_READING, reason: `${reading.reason}; ${field.unnamed}` };
};

/** The field among FIELDS_NAMED_BY_WORDS a US code is in, when neither the title (as coded) nor, where it may, the row's unit names it. */
function fieldUnnamed(usSoc2018: string, coded: CoderResult | null, row: RowContext): (typeof FIELDS_NAMED_BY_WORDS)[number] | undefined {
  const field = FIELDS_NAMED_BY_WORDS.find((f) => f.holds(usSoc2018));
  if (!field || !coded || coded.reading.words.some((w) => field.words.has(w))) return undefined;
  if (field.unitNames && [row.division, row.organisation].some((text) => contextWords(text).some((w) => field.words.has(w.toLowerCase())))) return undefined;
  return field;
}

/** The most a senior official's reading is worth in a row paid below most senior officials, with no grade to make it senior. */
const SENIOR_DEFAULT_UNDERPAID = 0.5;

/**
 * A title read as a senior official's only because its head ranks it so and it names no function the coder
 * knows ("Recreation Center Director II"), in a row with pay and no grade (a payroll): pay below the senior
 * officials' 25th percentile, at the list's pay level, says the post is not one, so the reading goes to review
 * with the reason. A grade decides seniority where the list has one (the coder weighs it); a senior post
 * whose pay a list withholds is not doubted.
 */
const doubtedByPay: Doubt = (compiled, { coded }, reading, row, list) => {
  const seniorDefault = compiled.data.classification.coder?.seniorDefault;
  if (!seniorDefault || reading.usSoc2018 !== seniorDefault.us || contextValue(row.grade) || !row.salary || reading.confidence <= SENIOR_DEFAULT_UNDERPAID) return reading;
  const side = paySideOf(list.currency);
  const p25 = side ? payTable(compiled, side, side === 'us' ? seniorDefault.us : seniorDefault.uk)?.[0] : null;
  if (!p25 || row.salary / list.payScale >= p25 || !readsAsSeniorDefault(compiled, coded)) return reading;
  return { ...reading, confidence: SENIOR_DEFAULT_UNDERPAID, reason: `${reading.reason}; the pay is below three in four senior officials' at the list's pay level, and no grade makes the post senior` };
};

/** The most an administrative occupation's reading is worth where the row's grade or pay is a higher occupation's. */
const DOUBTED_ADMINISTRATIVE = 0.5;

/** SOC 2020's administrative occupations (41xx), or SOC 2018's office and administrative support other than its supervisors and secretaries. */
function administrative(reading: Pair): boolean {
  const us = reading.usSoc2018 ?? '';
  return Boolean(reading.ukSoc2020?.startsWith('41')) || (us.startsWith('43-') && !us.startsWith('43-1') && !us.startsWith('43-6'));
}

/** Grade levels at or above HEO/SEO: the ONS index codes such civil servants 3560 and up, never 41xx. */
const ABOVE_CLERICAL_GRADES: ReadonlySet<string> = new Set(['associate', 'team', 'senior']);

/** A grade as a reason names it: with how it was placed when the list's own ladder placed it. */
const gradeNamed = (grade: GradeReading) => `the grade '${grade.label}'${grade.fromLadder ? ", by its place on the list's grade ladder," : ''}`;

/** An administrative reading sent to review (DOUBTED_ADMINISTRATIVE) with `why` after its reason. */
const doubtedAdministrative = (reading: Classification, why: string): Classification => ({ ...reading, confidence: DOUBTED_ADMINISTRATIVE, reason: `${reading.reason}; ${why}` });

/**
 * An administrative occupation whose row says the post is no office work goes to review. A row graded HEO/SEO or
 * above, named or placed there by the list's own ladder: the ONS index codes "Civil servant (HEO, SEO)" 3560 and
 * Grade 6/7 2439, and keeps 4111 for AA, AO and EO; the title then names a specialist's or a field officer's job
 * by a word offices share ("Finance Officer" at SEO is an accountant; an "Operations Delivery Officer" at HEO
 * works in the field). A grade that names field or manual work (namesManualWork). A title that says its work is
 * done in the field ("Field Officer"), which the coder read as an office's through its head word alone (the field
 * word names no occupation it knows). Secretaries keep their reading: their grade follows the principal's.
 */
const doubtedAsOfficeWork: Doubt = (_compiled, { coded }, reading, row, list) => {
  if (!administrative(reading) || reading.confidence <= DOUBTED_ADMINISTRATIVE) return reading;
  if (namesManualWork(row.grade)) return doubtedAdministrative(reading, `the grade '${contextValue(row.grade)}' is a pay scale for field or manual work, not an office's`);
  const grade = readGrade(row.grade, list);
  if (grade && ABOVE_CLERICAL_GRADES.has(grade.level)) {
    return doubtedAdministrative(reading, `${gradeNamed(grade)} is at HEO/SEO level or above, where the ONS index codes civil servants as associate professionals or higher, not administrative occupations`);
  }
  if (coded?.reading.words.includes('field')) return doubtedAdministrative(reading, 'the title names work in the field, not in an office');
  return reading;
};

/** The ONS index's "Civil servant (grade 6, 7)" unit group: business, research and administrative professionals n.e.c. */
const GRADE_SIX_SEVEN_GROUP = '2439';

/** The ONS index's "Civil servant (AA, AO, EO)" pair: national government administrative occupations, and SOC 2018's general office clerks. */
const CIVIL_SERVANT_ADMINISTRATIVE = { usSoc2018: '43-9061', ukSoc2020: '4111' } as const;

/** Grade levels the ONS index codes 4111 as civil servants: AA, AO and EO. */
const ADMINISTRATIVE_GRADES: ReadonlySet<string> = new Set(['clerical', 'administrative']);

/**
 * A reading of 2439, the unit group the ONS index gives civil servants at Grade 6 or 7 and policy advisers, in a
 * row graded AA, AO or EO (named, or placed there by the list's own ladder) is read as the index reads such
 * civil servants: 4111, national government administrative occupations (43-9061 in SOC 2018). A "Policy Support
 * Officer" on an administrative band supports the policy work of others. It gets the review threshold, as a
 * plain title the index codes whole does: the index states the grade's code; so does a reading of that pair the
 * coder reached itself on such a grade. Ranks keep their reading.
 */
function relevelledByGrade(compiled: CompiledReference, _alone: AloneReading, reading: Classification, row: RowContext, list: ListContext): Classification {
  const agrees = samePair(reading, CIVIL_SERVANT_ADMINISTRATIVE);
  if (reading.ukSoc2020 !== GRADE_SIX_SEVEN_GROUP && !agrees) return reading;
  const grade = readGrade(row.grade, list);
  if (!grade || grade.forces || !ADMINISTRATIVE_GRADES.has(grade.level)) return reading;
  if (agrees) return { ...reading, confidence: Math.max(reading.confidence, reviewFloor(compiled)) };
  const why = `${gradeNamed(grade)} is AA, AO or EO: the ONS index codes such civil servants ${CIVIL_SERVANT_ADMINISTRATIVE.ukSoc2020}, and ${GRADE_SIX_SEVEN_GROUP} at Grade 6 or 7`;
  return readAsCivilServant(compiled, reading, CIVIL_SERVANT_ADMINISTRATIVE, { confidence: reviewFloor(compiled), why, row, contextUsed: ['grade'] });
}

/**
 * A reading re-read as the ONS index reads a civil servant at the row's grade: `pair`, with `why` and the grade as
 * its reason, and the reading it replaces first among the other jobs.
 */
function readAsCivilServant(
  compiled: CompiledReference,
  reading: Classification,
  pair: Pair,
  { confidence, why, row, contextUsed }: { confidence: number; why: string; row: RowContext; contextUsed: ContextKind[] },
): Classification {
  return rulesReading(compiled, pair, {
    confidence,
    reason: `${why}; in context: ${describeContext(row, ['grade'])}`,
    alternatives: [asAlternative(reading), ...(reading.alternatives ?? [])].filter((a) => a.usSoc2018 !== pair.usSoc2018).slice(0, 3),
    contextUsed,
  });
}

/** SOC 2018's General and Operations Managers: a manager's reading when the title names no function. */
const GENERAL_MANAGERS = '11-1021';

/**
 * The ONS index's "Civil servant (HEO, SEO)" unit group, 3560, beside SOC 2018's first-line supervisors of office
 * workers: the pair a civil servant at HEO or SEO who manages staff is coded to.
 */
const CIVIL_SERVANT_MANAGING = { usSoc2018: '43-1011', ukSoc2020: '3560' } as const;

/**
 * A manager whose title names no function ("Operational Manager", read as a general manager) in a row graded
 * HEO or SEO (named, or placed there by the list's own ladder) is read as the ONS index reads civil servants
 * at that grade, 3560, supervising the office staff of a team (43-1011): general managers direct an
 * organisation through other managers, which a post two grades below Grade 6 does not. The grade sets the level
 * only, so the reading keeps its confidence (review unless the title was sure) and names the grade.
 */
function relevelledManagerByGrade(compiled: CompiledReference, { decider }: AloneReading, reading: Classification, row: RowContext, list: ListContext): Classification {
  if (reading.usSoc2018 !== GENERAL_MANAGERS || decider.kind !== 'coder') return reading;
  const grade = readGrade(row.grade, list);
  if (!grade || grade.forces || grade.level !== 'associate') return reading;
  const why = `${gradeNamed(grade)} is HEO or SEO: the ONS index codes such civil servants ${CIVIL_SERVANT_MANAGING.ukSoc2020}, and a manager there supervises a team rather than directing through managers`;
  return readAsCivilServant(compiled, reading, CIVIL_SERVANT_MANAGING, { confidence: reading.confidence, why, row, contextUsed: [...new Set([...(reading.contextUsed ?? []), 'grade' as const])] });
}

/** Pay above an administrative occupation's 75th percentile by more than this share of it, at the list's pay level, is another job's. */
const CLERK_OVERPAID = 1 / 3;

/** The code of a pair on the side of the list's currency, whose pay table its rows are measured against. */
function payCodeOf(pair: Pair, list: ListContext): { side: 'us' | 'uk'; code: string } | null {
  const side = paySideOf(list.currency);
  const code = side === 'us' ? pair.usSoc2018 : pair.ukSoc2020;
  return side && code ? { side, code } : null;
}

/** Whether a row with pay and no grade (a payroll's) is paid more than CLERK_OVERPAID above an administrative pair's 75th percentile. */
function overpaidAdministrative(compiled: CompiledReference, pair: Pair, row: RowContext, list: ListContext): boolean {
  if (!administrative(pair) || contextValue(row.grade) || !row.salary) return false;
  const paid = payCodeOf(pair, list);
  const p75 = paid ? payTable(compiled, paid.side, paid.code)?.[2] : null;
  return Boolean(p75 && row.salary / list.payScale > p75 * (1 + CLERK_OVERPAID));
}

/**
 * Pay decides the level where a payroll's title leaves it open (issue 24, point 2): a class series ("Operations
 * Officer I" to "V", "Liaison Officer II") runs from specialists to managers under a title the index files with
 * clerks. An administrative reading (doubtedAsOfficeWork's) in a row paid more than a third above that occupation's
 * 75th percentile, at the list's pay level, is ruled out, and the reading's other readings that the pay does not
 * rule out are weighed by their chance times the pay's fit: "Operations Officer I" at $61,000 is a business
 * operations specialist. A computer, education, library or museum occupation the title and its unit do not name
 * is no reading of it (fieldUnnamed). The result goes to review, with the reason; with no other reading the
 * clerk's stays, in review. Graded lists leave the level to doubtedAsOfficeWork: a grade tells it better than pay.
 */
function relevelledByPay(compiled: CompiledReference, { coded }: AloneReading, reading: Classification, row: RowContext, list: ListContext): Classification {
  const coder = compiled.coder();
  if (!coder || !overpaidAdministrative(compiled, reading, row, list)) return reading;
  const { side, code } = payCodeOf(reading, list)!;
  const paid = `the pay is over a third above the 75th percentile of ${compiled.occupationName(side, code) ?? code}, the title's reading, at the list's pay level`;
  const others = (reading.alternatives ?? []).filter(
    (a) => a.usSoc2018 && !overpaidAdministrative(compiled, a, row, list) && !fieldUnnamed(a.usSoc2018, coded, row),
  );
  if (others.length === 0) return { ...reading, confidence: Math.min(reading.confidence, DOUBTED_ADMINISTRATIVE), reason: `${reading.reason}; ${paid}` };
  const candidates = others.map((a) => ({ usSoc2018: a.usSoc2018, ukSoc2020: a.ukSoc2020, chance: a.score, reason: a.reason }));
  const winner = weigh(coder, candidates, { row, list }, null);
  return rulesReading(compiled, winner.best, {
    confidence: Math.min(DOUBTED_ADMINISTRATIVE, winner.confidence),
    reason: `${winner.best.reason}; in context: ${describeContext(row, ['pay'])}: ${paid}`,
    alternatives: [asAlternative(reading), ...winner.others].slice(0, 3),
    contextUsed: [...new Set([...(reading.contextUsed ?? []), 'pay' as const])],
  });
}

/** A step that re-reads a calibrated reading where the row's grade or pay sets the level its title leaves open. */
type Relevel = (compiled: CompiledReference, alone: AloneReading, reading: Classification, row: RowContext, list: ListContext) => Classification;

/** The level set by pay in a payroll, then by a civil-service grade the ONS index codes. */
const RELEVELS: readonly Relevel[] = [relevelledByPay, relevelledByGrade, relevelledManagerByGrade];

/** What sends a reading to review whatever its calibrated confidence: its row, its title or the index contradicts it. */
const DOUBTS: readonly Doubt[] = [doubtedByProfession, doubtedWithoutFieldWords, doubtedByIndustry, doubtedByIndexDefault, doubtedByPay, doubtedAsOfficeWork];

/** SOC 2018 11-3021, Computer and Information Systems Managers: the head of an IT profession. */
const IT_MANAGERS = '11-3021';

/**
 * What the confidence of a reading in context is calibrated from (contextModel): the title's or the weighing's
 * own chance of it, how well the row's grade and pay fit its codes (coder.contextFits, in log units, at most 0),
 * and whether the context moved the reading off the title's own.
 */
export interface CalibrationEvidence {
  raw: number;
  fit: number;
  moved: boolean;
  /** log(1 + the number of the list's units holding the title), 0 when one or none (ListContext.unitSpread) or a plain title. */
  spread: number;
}

/** Fit below this says no more: a reading that far from its grade or pay is doubtful whatever its codes. */
const FIT_FLOOR = -4;

/** A plain title's grade or pay contradicts it below this fit (log units: pay about 1.4 spreads below its table's median). */
const PLAIN_FIT_FLOOR = -1;

/** How well a row's grade and pay fit a reading's codes (coder.contextFits), bounded to FIT_FLOOR..0. */
function readingFit(compiled: CompiledReference, reading: Classification, row: RowContext, list: ListContext): number {
  return Math.max(FIT_FLOOR, Math.min(0, compiled.coder()!.contextFits([reading], { row, list })[0]));
}

function calibrationEvidenceOf(compiled: CompiledReference, title: string, reading: Classification, row: RowContext, list: ListContext, { raw, moved, plain }: ToCalibrate): CalibrationEvidence {
  // A plain title the catalogues code whole means one job in every unit that holds it ("Project Manager").
  const units = list.unitSpread && !plain ? own(list.unitSpread, title) : undefined;
  return { raw, fit: readingFit(compiled, reading, row, list), moved, spread: units ? Math.log(1 + units) : 0 };
}

/**
 * A row's reading in context before its confidence is calibrated, for the reference build's calibration on real
 * staff rows: null when the reading's confidence is not calibrated in context (no context, or a title the index
 * codes by the row's industry).
 */
export function contextCalibrationSample(compiled: CompiledReference, title: string, row: RowContext, list: ListContext): (CalibrationEvidence & { reading: Classification }) | null {
  const read = readInContext(compiled, title, row, list);
  return read.toCalibrate ? { ...calibrationEvidenceOf(compiled, title, read.classification, row, list, read.toCalibrate), reading: read.classification } : null;
}

/** What a reading in context is calibrated from, before the row's fit is read: its own chance, whether the context moved it, whether it is a plain title. */
interface ToCalibrate {
  raw: number;
  moved: boolean;
  plain: boolean;
}

function readInContext(compiled: CompiledReference, title: string, row: RowContext, list: ListContext): { classification: Classification; toCalibrate: ToCalibrate | null } {
  const { alone, plain, workersNamed, decider, text, coded } = aloneOf(compiled, title, row.division ?? null);
  const coder = compiled.coder();
  if (!coder || !hasContext(row, list)) return { classification: alone, toCalibrate: null };
  const context = { row, list };
  const entries = decider.kind === 'coder' ? qualifiedEntriesOf(compiled, coded) : undefined;
  const qualified = entries ? qualifiedEntry(entries, qualifierWords(row, list)) : null;
  if (qualified && coded && entries) {
    // The parts of the row whose words the qualifier needs (none when the client's sector alone matched it).
    const used = (['group', 'division', 'organisation'] as const).filter((k) => present(row, k, list) && qualifiedEntry(entries, qualifierWords(without(row, k), list)) !== qualified);
    return { classification: readByQualifier(compiled, coder, coded, qualified, alone, context, used), toCalibrate: null };
  }
  const keeps = () => {
    const paired = pairedWithinService(compiled, coder, alone, context);
    return { classification: paired, toCalibrate: { raw: paired === alone ? alone.confidence : uncutWithinService(alone, decider, coded), moved: false, plain } };
  };
  // A supervisor of named workers is coded by the workers its title names; the context only says how sure that is.
  if (workersNamed) return keeps();
  const professed = decider.kind === 'coder' ? headOfProfession(compiled, coded, row) : null;
  if (professed) return { classification: professed, toCalibrate: { raw: Math.min(alone.confidence, professed.confidence), moved: true, plain: false } };
  const standing = classStanding(title, list);
  const promoted = standing === 'top' ? topClassManager(compiled, coded, text) : null;
  const opened = coder.opensGates(title, text, context) ? coder.code(title, text, { ...context, gatesOnly: true }) : null;
  if (ownReadingHolds(coder, candidatesFor(alone, opened, null, context.row, promoted), context, standing)) return keeps();
  const candidates = candidatesFor(alone, opened, coder.code(title, text, context), context.row, promoted);
  const winner = weigh(coder, candidates, context, standing);
  if (samePair(winner.best, alone) || seniorDefaultRefiled(compiled, coded, winner.best) || fieldDropped(decider, alone, winner.best)) return keeps();
  const kinds = (['group', 'division', 'organisation', 'grade', 'pay'] as const).filter((k) => present(row, k, list));
  const decisive = kinds.filter((k) => samePair(weigh(coder, candidates, { row: without(row, k), list }, standing).best, alone));
  const used = decisive.length > 0 ? decisive : kinds;
  const best = pairedThroughIsco(coder, winner.best, context);
  const classification = rulesReading(compiled, best, { confidence: winner.confidence, reason: `${best.reason}; in context: ${describeContext(row, used)}`, alternatives: winner.others, contextUsed: used });
  return { classification, toCalibrate: { raw: winner.confidence, moved: true, plain: false } };
}

/** SOC 2018's Office Clerks, General: office work of no field. */
const GENERAL_CLERKS = '43-9061';

/**
 * Whether the context would move a curated rule's reading of a job in a field ("Environment Support
 * Officer": an environmental technician) to general office clerks: a clerical grade or pay sets the level of a
 * job within the field its title names, it does not make the field's word idle. The title keeps its reading, and
 * the context only says how sure that is.
 */
const fieldDropped = (decider: Decider, alone: Classification, best: Candidate) =>
  decider.kind === 'rule' && !administrative(alone) && best.usSoc2018 === GENERAL_CLERKS;

/**
 * A senior post whose title names no function ("Deputy Director Aviation & Competition"), in a row whose
 * professional group names one ("Law"), heads that profession: it is read as "Head of <group>" would be read
 * alone, when that reading names a function and stays a manager's in SOC 2020 (not the senior default again,
 * as "Head of Operational Delivery" is). Organograms give each senior post its holder's profession, and
 * SOC 2018 files a head of legal among lawyers, a head of finance among financial managers. Null otherwise.
 */
function headOfProfession(compiled: CompiledReference, coded: CoderResult | null, row: RowContext): Classification | null {
  const group = contextValue(row.group);
  if (!group || !readsAsSeniorDefault(compiled, coded)) return null;
  const head = professionHead(compiled, group);
  // The title makes the post a senior official's; the group names only its function, so the reading must stay
  // among SOC 2020's managers ("Head of Science and Engineering" reads as R&D managers, 2161, professionals).
  if (!head.usSoc2018 || head.usSoc2018 === coded.best.usSoc2018 || !head.ukSoc2020?.startsWith('1')) return null;
  return { ...head, reason: `${head.reason}; in context: ${describeContext(row, ['group'])}: the post heads its profession`, contextUsed: ['group'] };
}

/** How the head of a professional group ("Law", "Information Technology") reads alone: "Head of <group>". */
const professionHead = (compiled: CompiledReference, group: string) => aloneOf(compiled, `Head of ${group}`, null).alone;

/** A senior post whose title names no function: the coder's senior-default reading (11-1021 / 1111 in the seed). */
function readsAsSeniorDefault(compiled: CompiledReference, coded: CoderResult | null): coded is CoderResult {
  const seniorDefault = compiled.data.classification.coder?.seniorDefault;
  return Boolean(seniorDefault && coded?.senior && coded.best.path === 'senior' && coded.best.usSoc2018 === seniorDefault.us);
}

/**
 * Whether the context would only move a senior post whose title names no function to another management code
 * ("Deputy Director Aviation Policy Implementation" from general managers to fundraising managers, by the
 * word "policy" of its unit): management codes' titles are few, so a unit's words pick among them by chance.
 * A function comes from the profession (headOfProfession); the context may still read such a post as junior.
 */
const seniorDefaultRefiled = (compiled: CompiledReference, coded: CoderResult | null, best: Candidate) =>
  readsAsSeniorDefault(compiled, coded) && Boolean(best.usSoc2018?.startsWith('11-'));

/** The title alone's chance of a US code the index's qualified entry brings in and the title never proposed. */
const QUALIFIED_ONLY_CHANCE = 0.1;

/**
 * A title the ONS index codes by industry or field, in a row whose context matches one entry's qualifiers
 * ("Technical officer" in government): the entry's UK code, with the US code sharing its ISCO-08 unit group that
 * the title and the context fit best. The index decides the job as it does for a title found whole: no review.
 */
function readByQualifier(
  compiled: CompiledReference,
  coder: CompiledCoder,
  coded: CoderResult,
  [ukSoc2020, qualifier]: QualifiedEntry,
  alone: Classification,
  context: CoderContext,
  used: ContextKind[],
): Classification {
  const own = [coded.best, ...coded.alternatives];
  const candidates: Candidate[] = coder.usPartners(ukSoc2020).map((us) => ({
    usSoc2018: us,
    ukSoc2020,
    chance: own.find((p) => p.usSoc2018 === us)?.confidence ?? QUALIFIED_ONLY_CHANCE,
    reason: '',
  }));
  if (candidates.length === 0) return alone;
  const winner = weigh(coder, candidates, context, null);
  const usSoc2018 = winner.best.usSoc2018!;
  const index = coded.reading.words.join(' ');
  return rulesReading(compiled, { usSoc2018, ukSoc2020 }, {
    confidence: oneUsMajor(compiled, usSoc2018, ukSoc2020) ? Math.max(winner.confidence, reviewFloor(compiled)) : winner.confidence,
    reason: `${coder.pairReason(`index title '${index}' in ${qualifier}`, usSoc2018, ukSoc2020, 'US paired with the UK code through ISCO-08: same ISCO-08 unit group')}; in context: ${used.length > 0 ? describeContext(context.row, used) : "the client's sector"}`,
    alternatives: winner.others,
    contextUsed: used,
  });
}

/**
 * A reading the context chose keeps the UK code of the title's own reading it came from, which the crosswalks
 * may put in another occupation (a fire department's lieutenant left among armed forces officers). Such a pair
 * takes instead the US code's UK partner through ISCO-08 that the context fits best.
 */
function pairedThroughIsco(coder: CompiledCoder, best: Candidate, context: CoderContext): Candidate {
  if (!best.usSoc2018 || !best.ukSoc2020 || !coder.forcedApart(best.usSoc2018, best.ukSoc2020)) return best;
  const partners = coder.ukPartners(best.usSoc2018).map((uk) => ({ usSoc2018: best.usSoc2018, ukSoc2020: uk }));
  if (partners.length === 0) return best;
  const fits = coder.contextFits(partners, context);
  const at = fits.indexOf(Math.max(...fits));
  const basis = best.reason.split(' → ')[0];
  const uk = partners[at].ukSoc2020;
  return { ...best, ukSoc2020: uk, reason: coder.pairReason(basis, best.usSoc2018, uk, 'UK paired with the US code through ISCO-08: same ISCO-08 unit group') };
}

/**
 * The confidence of a coder's reading whose forced-apart pair the context put back together within one service
 * (pairedWithinService): the cut the coder makes for a pair the crosswalks put apart (FORCED_APART) no longer
 * applies, as it never does to two codes of one service the crosswalks leave unlinked. One side had read a word
 * of the service in another sense ("Lieutenant" is only a military rank in the ONS index); the code of the
 * list's own country, which stands, is what the coder said it was. Any other cut stays.
 */
function uncutWithinService(alone: Classification, decider: Decider, coded: CoderResult | null): number {
  if (decider.kind !== 'coder' || !coded || !samePair(alone, coded.best) || alone.confidence !== coded.best.confidence) return alone.confidence;
  return Math.round(Math.min(1, alone.confidence / FORCED_APART) * 1000) / 1000;
}

/**
 * A pair whose two codes fall in different services or professions of the context gates describes two jobs: a
 * US fire lieutenant beside the UK's armed forces officers (the ONS index knows "Lieutenant" only as a military
 * rank), a US deputy sheriff beside Scotland's sheriffs, who are judges. The code of the list's own country
 * (its currency's) stands, and the other side takes the partner through ISCO-08 that the context fits best,
 * within the same service where there is one. A list without a currency keeps the title's pair.
 */
function pairedWithinService(compiled: CompiledReference, coder: CompiledCoder, reading: Classification, context: CoderContext): Classification {
  const side = paySideOf(context.list.currency);
  const { usSoc2018: us, ukSoc2020: uk } = reading;
  if (!side || !us || !uk || !coder.forcedApart(us, uk) || coder.familyOf('us', us) === coder.familyOf('uk', uk)) return reading;
  const other = side === 'us' ? 'uk' : 'us';
  const service = coder.familyOf(side, side === 'us' ? us : uk);
  const partners = side === 'us' ? coder.ukPartners(us) : coder.usPartners(uk);
  const within = service ? partners.filter((p) => coder.familyOf(other, p) === service) : [];
  const choices = within.length > 0 ? within : partners;
  // The title's own reading still tells the rank: a lieutenant read as an armed forces officer is a senior police officer.
  const own = side === 'us' ? uk : us;
  const major = (code: string) => (other === 'uk' ? code[0] : code.slice(0, 2));
  const sameRank = choices.filter((p) => major(p) === major(own));
  const pairs = (sameRank.length > 0 ? sameRank : choices).map((p) => (side === 'us' ? { usSoc2018: us, ukSoc2020: p } : { usSoc2018: p, ukSoc2020: uk }));
  if (pairs.length === 0) return reading;
  const fits = coder.contextFits(pairs, context);
  const best = pairs[fits.indexOf(Math.max(...fits))];
  const role = compiled.roleForCodes(best.usSoc2018, best.ukSoc2020);
  const reason = reading.reason ?? '';
  const inContext = reason.indexOf('; in context: ');
  const dropped = side === 'us' ? (compiled.occupationName('uk', uk) ?? uk) : (compiled.occupationName('us', us) ?? us);
  const note = `${other.toUpperCase()} paired with the ${side.toUpperCase()} code through ISCO-08: the title's own ${other.toUpperCase()} reading, ${dropped}, is another service`;
  return {
    ...reading,
    ...best,
    category: role.category,
    subcategory: role.subcategory,
    reason: `${coder.pairReason(reason.split(' → ')[0], best.usSoc2018, best.ukSoc2020, note)}${inContext >= 0 ? reason.slice(inContext) : ''}`,
  };
}

/**
 * A reading's confidence in context, through the version's model fitted on real staff rows with their context
 * (contextModel, a logistic regression of "US major group right" on the evidence). A version made before it
 * calibrates only readings the context moved, by its table of their shares (contextCalibration).
 */
function contextConfidence(compiled: CompiledReference, { raw, fit, moved, spread }: CalibrationEvidence): number {
  const knowledge = compiled.data.classification.coder;
  const model = knowledge?.contextModel;
  if (model) {
    const z = model.intercept + model.confidence * logit(raw) + model.fit * fit + (moved ? model.moved : 0) + (model.spread ?? 0) * spread;
    return Math.round(1000 / (1 + Math.exp(-z))) / 1000;
  }
  const table = knowledge?.contextCalibration;
  return moved && table && table.length > 0 ? Math.round(calibrate(table, raw) * 1000) / 1000 : raw;
}

/** Log-odds of a chance, kept finite: a confidence of 0 or 1 reads as 0.01 or 0.99. */
export const logit = (p: number) => {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
};

/**
 * The title-alone readings of a compiled reference, kept per title and shared by the titles that clean to one
 * text ("Finance Officer - London", "Finance Officer (Interim)"): the coder's reading and the rules' decision
 * depend on the cleaned text alone. A list codes each title once per context, and most of its titles have
 * several. The coder's reading does not depend on the division, so it is made once per text; the decision is
 * made again for a division only where a curated rule restricted to that division matches the text.
 * Cleared when it grows past TITLES_KEPT titles.
 */
interface AloneEntry {
  text: string;
  coded: CoderResult | null;
  /** The reading for each division asked (null: none), the same object for the divisions that share a decision. */
  byDivision: Map<string | null, AloneReading>;
}
interface AloneReading {
  alone: Classification;
  plain: boolean;
  workersNamed: boolean;
  decider: Decider;
  text: string;
  coded: CoderResult | null;
}
interface AloneKept {
  byTitle: Map<string, AloneEntry>;
  byText: Map<string, AloneEntry>;
}
const aloneByReference = new WeakMap<CompiledReference, AloneKept>();
const TITLES_KEPT = 20_000;

function aloneOf(compiled: CompiledReference, title: string, division: string | null): AloneReading {
  let kept = aloneByReference.get(compiled);
  if (!kept) aloneByReference.set(compiled, (kept = { byTitle: new Map(), byText: new Map() }));
  let entry = kept.byTitle.get(title);
  if (!entry) {
    if (kept.byTitle.size >= TITLES_KEPT) {
      kept.byTitle.clear();
      kept.byText.clear();
    }
    const text = matchText(title);
    entry = kept.byText.get(text);
    if (!entry) {
      entry = { text, coded: compiled.coder()?.code(text, text) ?? null, byDivision: new Map() };
      kept.byText.set(text, entry);
    }
    kept.byTitle.set(title, entry);
  }
  let reading = entry.byDivision.get(division);
  if (!reading) {
    // A division decides a title alone only through a curated rule restricted to it: any other shares the reading without one.
    const decides = division !== null && compiled.divisionRuleMatches(entry.text, division);
    reading = (decides ? undefined : entry.byDivision.get(null)) ?? aloneReading(compiled, entry, decides ? division : null);
    entry.byDivision.set(division, reading);
    if (!decides) entry.byDivision.set(null, reading);
  }
  return reading;
}

function aloneReading(compiled: CompiledReference, { text, coded }: AloneEntry, division: string | null): AloneReading {
  const decision = decideByRules(compiled, division, text, coded);
  return { alone: decision.classification, plain: decision.plain, workersNamed: decision.workersNamed ?? false, decider: decision.decider, text, coded };
}

/** A pair the title or its context proposes, with the title's own chance of it. */
interface Candidate {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  /** The title alone's calibrated chance of the pair (CONTEXT_ONLY_CHANCE when only the context proposed it). */
  chance: number;
  reason: string;
}

/**
 * The armed forces post a rank names when nothing narrows it: SOC 2018 55-1019 (officers, all other) or 55-3019
 * (enlisted members, all other); SOC 2020 1161 (officers in armed forces) or 3311 (NCOs and other ranks).
 */
const FORCES_PAIRS = {
  officer: { usSoc2018: '55-1019', ukSoc2020: '1161' },
  'other-rank': { usSoc2018: '55-3019', ukSoc2020: '3311' },
} as const;

/** The title alone's chance of a pair it never proposed: the context must carry it. */
const CONTEXT_ONLY_CHANCE = 0.02;

/**
 * The readings to weigh: the title's own (its choice and alternatives); those of the families the context
 * opens to it (a context gate: `opened`), at the title's own chance of them; the coder's readings given the whole
 * context (`coded`, when read), and an armed forces post for a rank, at CONTEXT_ONLY_CHANCE; and the manager's
 * reading a top class proposes (`promoted`, topClassManager), at its own chance.
 */
function candidatesFor(alone: Classification, opened: CoderResult | null, coded: CoderResult | null, row: RowContext, promoted: Candidate | null = null): Candidate[] {
  const candidates: Candidate[] = [{ usSoc2018: alone.usSoc2018, ukSoc2020: alone.ukSoc2020, chance: alone.confidence, reason: alone.reason ?? '' }];
  const add = (p: { usSoc2018: string | null; ukSoc2020: string | null; reason: string }, chance: number) => {
    if (!candidates.some((c) => samePair(c, p))) candidates.push({ usSoc2018: p.usSoc2018, ukSoc2020: p.ukSoc2020, chance, reason: p.reason });
  };
  for (const a of alone.alternatives ?? []) add(a, a.score);
  for (const p of opened ? [opened.best, ...opened.alternatives] : []) add(p, p.confidence);
  for (const p of coded ? [coded.best, ...coded.alternatives] : []) add(p, CONTEXT_ONLY_CHANCE);
  const forces = readGrade(row.grade)?.forces;
  if (forces) add({ ...FORCES_PAIRS[forces], reason: `the rank '${contextValue(row.grade)}' is an armed forces post` }, CONTEXT_ONLY_CHANCE);
  if (promoted) add(promoted, promoted.chance);
  return candidates;
}

/**
 * The title's chance of the manager's reading its top class proposes (topClassManager): above a pair only the
 * context proposes (CONTEXT_ONLY_CHANCE), since the list's own numbering proposes it. Set on the development
 * rows, where 0.02 chose it for none and 0.05 for the one top-class officer the labellers read as a manager
 * (a Fire Department "Operations Officer V" at $122,400).
 */
const TOP_CLASS_MANAGER_CHANCE = 0.05;

/**
 * The top class of a numbered series in the list ("Operations Officer V" of I to V) may be its managers: the
 * title read with its head word as "manager" ("operations manager"), when that reads as a manager (SOC 2018
 * 11) and the title's own reading supervises no one. It joins the weighing at TOP_CLASS_MANAGER_CHANCE, with
 * the class's weight (CLASS_FIT), so only pay that fits a manager chooses it; null otherwise.
 */
function topClassManager(compiled: CompiledReference, coded: CoderResult | null, text: string): Candidate | null {
  const head = coded?.reading.head;
  if (!coded || !head || head === 'manager' || supervises(coded.best.usSoc2018)) return null;
  const words = text.split(' ');
  const at = words.findLastIndex((w) => stem(w) === head);
  if (at < 0) return null;
  const managerText = [...words.slice(0, at), 'manager', ...words.slice(at + 1)].join(' ');
  const managed = aloneOf(compiled, managerText, null).alone;
  if (!managed.usSoc2018?.startsWith('11-')) return null;
  return { usSoc2018: managed.usSoc2018, ukSoc2020: managed.ukSoc2020, chance: TOP_CLASS_MANAGER_CHANCE, reason: `the top class of its series in the list, read as '${managerText}': ${managed.reason}` };
}

/**
 * Supervisors and managers in SOC 2018: the management major group and the first-line supervisors that open
 * each service, sales, office, trade and transport major group (33-1 to 53-1).
 */
const supervises = (us: string | null) => us !== null && (us.startsWith('11-') || (Number(us.slice(0, 2)) >= 33 && us[3] === '1'));

/**
 * A title's class in its series, where the list numbers the series in three classes or more, weighs its
 * supervisory readings (log units): the top class supervises or manages, class I does not.
 */
const CLASS_FIT = 1;

/** A candidate's weight in log units: the title's chance of it times the context's fit and its class's. */
const scoreOf = (c: Candidate, fit: number, standing: 'top' | 'entry' | null) =>
  Math.log(Math.max(c.chance, 1e-6)) + fit + (standing === null ? 0 : (standing === 'top' ? 1 : -1) * (supervises(c.usSoc2018) ? CLASS_FIT : 0));

/** Scores this close are taken as equal when a bound decides (the bounds add the same terms in another order). */
const BOUND_MARGIN = 1e-9;

/**
 * Whether the title's own reading wins the weighing whatever the coder's reading of the whole context would add,
 * so that reading, a ranking per context and most of the time a list takes to code, is not needed. Its pairs
 * would join at CONTEXT_ONLY_CHANCE with at most the context's best fit (contextFitCeiling); adding pairs can only
 * lower the others' fits (field words are measured against the best pair weighed), and the own reading's by no
 * more than to its floor (contextFitFloor). When the own reading, at its floor, still outweighs every such pair
 * and every other candidate as weighed now, weighing them all picks it too.
 */
function ownReadingHolds(coder: CompiledCoder, own: readonly Candidate[], context: CoderContext, standing: 'top' | 'entry' | null): boolean {
  const least = scoreOf(own[0], coder.contextFitFloor(own[0], context), standing) - BOUND_MARGIN;
  const contextOnly = Math.log(CONTEXT_ONLY_CHANCE) + coder.contextFitCeiling(context) + (standing === 'top' ? CLASS_FIT : 0);
  if (!(least > contextOnly)) return false;
  const fits = coder.contextFits(own, context);
  for (let i = 1; i < own.length; i++) if (!(least > scoreOf(own[i], fits[i], standing))) return false;
  return true;
}

/** The candidates weighed by the title's chance of each times the context's fit, best first, as shares. */
function weigh(
  coder: CompiledCoder,
  candidates: readonly Candidate[],
  context: CoderContext,
  standing: 'top' | 'entry' | null,
): { best: Candidate; confidence: number; others: ClassificationAlternative[] } {
  const fits = coder.contextFits(candidates, context);
  const scored = candidates.map((c, i) => ({ c, score: scoreOf(c, fits[i], standing) })).sort((a, b) => b.score - a.score);
  const top = scored[0].score;
  const z = scored.reduce((sum, s) => sum + Math.exp(s.score - top), 0);
  return {
    best: scored[0].c,
    // The chance of the best reading's US code: every pair carrying it counts (its UK partners split it otherwise).
    confidence: Math.round((1000 * scored.reduce((sum, s) => sum + (s.c.usSoc2018 === scored[0].c.usSoc2018 ? Math.exp(s.score - top) : 0), 0)) / z) / 1000,
    // Alternatives are other jobs: one pair per US code, never the chosen US code with another UK group.
    others: scored
      .filter((s, i) => s.c.usSoc2018 !== scored[0].c.usSoc2018 && scored.findIndex((t) => t.c.usSoc2018 === s.c.usSoc2018) === i)
      .slice(0, 3)
      .map((s) => ({ usSoc2018: s.c.usSoc2018, ukSoc2020: s.c.ukSoc2020, score: Math.round((1000 * Math.exp(s.score - top)) / z) / 1000, reason: s.c.reason })),
  };
}

/**
 * A list's pay level against the pay tables of its currency: the median, over its people with pay, of their
 * pay divided by the table median of their title's occupation coded alone. 1 when nothing can be read.
 */
export function listPayScale(
  compiled: CompiledReference,
  rows: readonly { title: string; salary: number | null }[],
  currency: string | null,
  medianOf: (title: string) => number | null = (title) => titlePayMedian(compiled, title, currency),
): number {
  const side = paySideOf(currency);
  const coder = compiled.coder();
  if (!side || !coder) return 1;
  const medians = new Map<string, number | null>();
  const ratios: number[] = [];
  for (const r of rows) {
    if (!r.salary || r.salary <= 0) continue;
    let median = medians.get(r.title);
    if (median === undefined) {
      median = medianOf(r.title);
      medians.set(r.title, median);
    }
    if (median) ratios.push(r.salary / median);
  }
  if (ratios.length === 0) return 1;
  ratios.sort((a, b) => a - b);
  // A list paid under a quarter or over four times the tables is not a pay level but another unit (monthly pay,
  // placeholders): its pay then says nothing, read at the tables' own level.
  const median = ratios[Math.floor(ratios.length / 2)];
  return median < MIN_PAY_SCALE || median > MAX_PAY_SCALE ? 1 : Math.round(median * 1000) / 1000;
}

/**
 * A title coded alone through the cache its codings in context start from (aloneOf): the server has its coding
 * threads read a large list's titles while the list is still uploading, on the core the upload leaves idle.
 */
export function readTitleAlone(compiled: CompiledReference, title: string): Classification {
  return aloneOf(compiled, title, null).alone;
}

/**
 * The pay tables' median for a title's occupation coded alone, on the side `currency` reads (listPayScale);
 * the server works these out on its coding threads, each for the titles it codes next.
 */
export function titlePayMedian(compiled: CompiledReference, title: string, currency: string | null): number | null {
  const side = paySideOf(currency);
  if (!side) return null;
  // Through the title-alone cache: the titles are coded in context next, each starting from this.
  const c = readTitleAlone(compiled, title);
  return tableMedian(compiled, side, side === 'us' ? c.usSoc2018 : c.ukSoc2020);
}

const MIN_PAY_SCALE = 0.25;
const MAX_PAY_SCALE = 4;

function tableMedian(compiled: CompiledReference, side: 'us' | 'uk', code: string | null): number | null {
  return code ? (payTable(compiled, side, code)?.[1] ?? null) : null;
}

/** A code's pay table on one side ([25th percentile, median, 75th percentile], a quartile null when not published). */
function payTable(compiled: CompiledReference, side: 'us' | 'uk', code: string): readonly [number | null, number, number | null] | null {
  if (side === 'us') return compiled.data.classification.coder?.usPay?.[code] ?? null;
  const uk = compiled.data.occupations.uk[code];
  return uk ? [uk.p25, uk.median, uk.p75] : null;
}

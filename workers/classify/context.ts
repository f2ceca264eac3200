import { normaliseText } from '../../schema/text.ts';
import { medianInPlace } from '../scoring/round.ts';
import { cleanTitle } from './clean.ts';
import { normaliseTitle } from './normalise.ts';
import { coderWords, SENIORITY_WORDS, UNIT_WORDS } from './titleFeatures.ts';

/**
 * What a staff list says about a person's job beyond the title (issue "code each person's job in context"):
 * the unit or department, the organisation, the grade, the professional or occupational group, and the pay.
 * A human coder reads these where the title leaves the job open ("Lieutenant" in a fire department,
 * "Senior Adviser" in the economics profession, "Head of Fees" on a clerical grade); this module turns them
 * into evidence the scored coder weighs beside the title (coder.ts CoderEvidence). Pure: the browser and the
 * server read a row's context alike.
 */

/** A row's context as the list gives it; any part may be missing (then the title alone decides). */
export interface RowContext {
  division?: string | null;
  organisation?: string | null;
  grade?: string | null;
  /** The professional or occupational group (UK organograms: "Professional/Occupational Group"). */
  group?: string | null;
  /** Annual pay in the list's currency. */
  salary?: number | null;
}

/** What holds for every row of a list. */
export interface ListContext {
  /** The currency of the list's pay, which names the pay tables it is read against; null reads no pay. */
  currency: string | null;
  /**
   * The list's pay level against those tables (listPayScale): a list paid in 2011 pounds, or by a city below
   * the national rates, reads its salaries divided by this, so pay tells level, not era or place.
   */
  payScale: number;
  /** The engagement's client sector ("Local government", "Environment"), read as an organisation is. */
  sector?: string | null;
  /** For each class series of the list ("operations officer"), its highest class number (listClassTops). */
  classTops?: Readonly<Record<string, number>>;
  /** The level of each rung of the list's own grade ladder ("PB3", "AS5"), by its place on it (listGradeLadder). */
  gradeLadder?: Readonly<Record<string, GradeLevel>>;
  /** For each title held in more than one unit, how many units of different field words hold it (listUnitSpread). */
  unitSpread?: Readonly<Record<string, number>>;
}

const ROMAN: Readonly<Record<string, number>> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };

/** The last title's class: a list asks it again for each context of the title in turn. */
let lastClass: { title: string | null; class: { series: string; n: number } | null } = { title: null, class: null };

/**
 * A title's class in a US public-sector class series ("Operations Officer IV", "Office Support Specialist III",
 * "Community Health Nurse II 10Mth"): the roman numeral and the series it numbers, read as the title's other
 * words. Null for a title without one.
 */
export function classOf(title: string): { series: string; n: number } | null {
  if (lastClass.title !== title) lastClass = { title, class: readClass(title) };
  return lastClass.class;
}

function readClass(title: string): { series: string; n: number } | null {
  const words = title.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const at = words.findLastIndex((w, i) => i > 0 && Object.hasOwn(ROMAN, w));
  if (at < 0) return null;
  return { series: words.slice(0, at).join(' '), n: ROMAN[words[at]] };
}

/** The highest class of each series among a list's titles, for series of at least MIN_SERIES_CLASSES classes. */
export function listClassTops(titles: Iterable<string>): Record<string, number> {
  const classes = new Map<string, Set<number>>();
  for (const title of titles) {
    const c = classOf(title);
    if (c) (classes.get(c.series) ?? classes.set(c.series, new Set()).get(c.series)!).add(c.n);
  }
  return Object.fromEntries([...classes].filter(([, ns]) => ns.size >= MIN_SERIES_CLASSES).map(([series, ns]) => [series, Math.max(...ns)]).sort());
}

/** A list's row as the list-wide readings take it: its title, unit, grade and pay. */
export interface ListRow {
  title: string;
  division?: string | null;
  grade?: string | null;
  salary?: number | null;
}

/**
 * What the whole list tells the coder beyond a row's own fields: its title class series, its own grade ladder and
 * how many units hold each title. One place for the server's coding context, `classify-titles` and the bench.
 */
export function listStructure(rows: readonly ListRow[]): Required<Pick<ListContext, 'classTops' | 'gradeLadder' | 'unitSpread'>> {
  return { classTops: listClassTops(new Set(rows.map((r) => r.title))), gradeLadder: listGradeLadder(rows), unitSpread: listUnitSpread(rows) };
}

/**
 * For each title of a list held in units of more than one field (their field words, contextWords), how many:
 * "Laborer" in a city's solid waste, parks, highways and fleet units is more than one job under one title, and
 * the more units hold a title the less its title alone says (the context model weighs it). Titles held in one
 * unit's words, or none, are left out.
 */
export function listUnitSpread(rows: Iterable<Pick<ListRow, 'title' | 'division'>>): Record<string, number> {
  const units = new Map<string, Set<string>>();
  for (const r of rows) {
    const unit = contextWords(r.division).join(' ');
    if (unit) (units.get(r.title) ?? units.set(r.title, new Set()).get(r.title)!).add(unit);
  }
  return Object.fromEntries([...units].filter(([, u]) => u.size > 1).map(([title, u]) => [title, u.size]).sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/** A series with fewer classes in the list tells no level by its numbers. */
const MIN_SERIES_CLASSES = 3;

/**
 * Where a title's class stands in its series in this list: 'top' for the highest class of a series of three or
 * more (its supervisors or managers), 'entry' for class I, null otherwise or when the list has no such series.
 */
export function classStanding(title: string, list: ListContext): 'top' | 'entry' | null {
  const c = classOf(title);
  const top = c ? list.classTops?.[c.series] : undefined;
  if (!c || top === undefined) return null;
  if (c.n === top) return 'top';
  return c.n === 1 ? 'entry' : null;
}

export const NO_LIST_CONTEXT: ListContext = { currency: null, payScale: 1 };

export type ContextKind = 'division' | 'organisation' | 'grade' | 'group' | 'pay';

export const CONTEXT_KINDS: readonly ContextKind[] = ['division', 'organisation', 'grade', 'group', 'pay'];

/** Each part of a row's context as a reason or a consultant names it. */
export const CONTEXT_LABELS: Readonly<Record<ContextKind, string>> = { division: 'unit', organisation: 'organisation', grade: 'grade', group: 'professional group', pay: 'pay' };

/** A kind's name at the head of a line ("Unit: Legal", "Professional group: Finance"). */
export const contextHeading = (kind: ContextKind) => CONTEXT_LABELS[kind][0].toUpperCase() + CONTEXT_LABELS[kind].slice(1);

/** Which pay table a currency reads: the US tables for dollars, the UK ones for pounds. */
export function paySideOf(currency: string | null): 'us' | 'uk' | null {
  if (currency === 'USD') return 'us';
  if (currency === 'GBP') return 'uk';
  return null;
}

/**
 * Abbreviations of units and departments in public staff lists ("DPW-Water & Waste Water", "HLTH-Health
 * Department", "R&P-Recreation"), read as the words they stand for. General municipal and civil-service usage,
 * not one list's.
 */
const UNIT_ABBREVIATIONS: Readonly<Record<string, string>> = {
  dpw: 'public works', hlth: 'health', heatlh: 'health', doh: 'health', trans: 'transport', dot: 'transport', fin: 'finance',
  hr: 'human resources', it: 'information technology', ict: 'information technology', r: 'recreation', p: 'parks',
  oed: 'employment development', comp: 'comptroller', ww: 'wastewater', pd: 'police', fd: 'fire', ems: 'emergency medical',
  dhs: 'human services', hcd: 'housing community development', ppm: 'programme project management',
  kim: 'knowledge information management', cntrl: 'control', dev: 'development', opns: 'operations', ops: 'operations',
  mgmt: 'management', mgt: 'management', svcs: 'services', srvcs: 'services', admin: 'administration', env: 'environment',
};

/** Words of a context that name no field: organisational, generic or geographic filler. */
const FILLER = new Set([
  'office', 'offices', 'head', 'headquarter', 'headquarters', 'hq', 'general', 'central', 'corporate', 'core', 'national',
  'regional', 'local', 'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western', 'midland', 'anglian',
  'city', 'county', 'state', 'borough', 'council', 'government', 'public', 'main', 'other', 'various', 'location',
  'operational', 'delivery', 'operation', 'business', 'service', 'support', 'administration', 'management',
  'development', 'improvement', 'performance', 'strategy', 'strategic', 'policy', 'change', 'programme', 'project', 'part', 'time',
  'wkly', 'weekly', 'temp', 'temporary', 'seasonal', 'hourly', 'mayor', 'mayoralty', 'm', 'n', 's', 'e', 'w', 'cost', 'centre',
]);

/** Filler that a professional group uses to name a profession ("Policy", "Programme and Project Management"). */
const PROFESSION_WORDS = new Set(['policy', 'programme', 'project', 'strategy', 'management', 'development']);

/**
 * A context text's field words as the coder reads titles (spellings made uniform, stems), without unit,
 * linking, seniority and filler words, numbers, codes in brackets ("(390)") or department codes ("A99390").
 * `keepFiller` keeps filler that names a profession in a professional group ("Policy", "Operational Research").
 */
export function contextWords(text: string | null | undefined, keepFiller = false): string[] {
  if (!text) return [];
  // A list repeats a few hundred units and groups across thousands of rows.
  const key = `${keepFiller ? 1 : 0}${text}`;
  const known = wordsOfText.get(key);
  if (known) return known;
  if (wordsOfText.size >= TEXTS_KEPT) wordsOfText.clear();
  const words = readContextWords(text, keepFiller);
  wordsOfText.set(key, words);
  return words;
}

const wordsOfText = new Map<string, string[]>();
const TEXTS_KEPT = 10_000;

/** A context text with its codes and numbers dropped and its unit abbreviations spelt out ("DPW-Water (309)" → "public works Water"). */
export function expandContext(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\([^)]*\d[^)]*\)/g, ' ')
    .replace(/\b[A-Z]{0,3}\d{3,}\b/g, ' ')
    .split(/[\s\-–—/,;:&()]+/)
    .map((w) => {
      const key = w.toLowerCase().replace(/[^a-z]/g, '');
      return Object.hasOwn(UNIT_ABBREVIATIONS, key) && (w === w.toUpperCase() || key.length <= 3) ? UNIT_ABBREVIATIONS[key] : w;
    })
    .join(' ');
}

function readContextWords(text: string, keepFiller: boolean): string[] {
  const expanded = expandContext(text);
  const words = coderWords(expanded, normaliseTitle(cleanTitle(expanded)));
  const out: string[] = [];
  for (const w of words) {
    if (w.length < 3 || /\d/.test(w) || UNIT_WORDS.has(w) || SENIORITY_WORDS.has(w) || LINKING.has(w)) continue;
    if (FILLER.has(w) && !(keepFiller && PROFESSION_WORDS.has(w))) continue;
    if (!out.includes(w)) out.push(w);
  }
  return out;
}

const LINKING = new Set(['of', 'and', '&', 'the', 'for', 'to', 'in', 'at', 'a', 'an', 'with', 'on', 'by', 'or']);

/**
 * The level a grade or rank puts a post at, where the title leaves it open. Ordered from the top: senior
 * officials and managers, team heads and professionals, associate professionals and executive officers,
 * administrative officers, clerical and support staff.
 */
export type GradeLevel = 'senior' | 'team' | 'associate' | 'administrative' | 'clerical';

export interface GradeReading {
  level: GradeLevel;
  /** Armed forces ranks: commissioned officers, or other ranks (NCOs and below). */
  forces: 'officer' | 'other-rank' | null;
  /** The grade as read, for the reason shown to the consultant. */
  label: string;
  /** Read from its place on the list's own ladder (listGradeLadder), not named by a table: it counts for less. */
  fromLadder?: boolean;
}

/** Civil-service grades and their usual equivalents (the Senior Civil Service pay bands, Grade 6/7, SEO/HEO, EO, AO/AA). */
const CIVIL_SERVICE: readonly [RegExp, GradeLevel][] = [
  [/^(?:scs|sms|senior civil serv\w*)\s*(?:pay\s*band|pb|band)?\s*[1-4]?[a-z]?$|^(?:permanent secretary|director general|grade [1-5]|g[1-5])$/, 'senior'],
  [/^(?:g|grade)\s*[67]$|^(?:grade 6\/7|g6\/7)$|^(?:principal|assistant director|team leader grade)$/, 'team'],
  [/^(?:seo|heo|heo\s*\(?d\)?|heo\s*fs|fast stream\w*|senior executive officer|higher executive officer|higher scientific officer|senior scientific officer)$/, 'associate'],
  [/^(?:eo|executive officer|scientific officer|so)$/, 'administrative'],
  [/^(?:ao|aa|ao\/aa|administrative officer|administrative assistant|administrative grades?|support grade\w*)$/, 'clerical'],
];

/** Armed forces: NATO ranks (OF-1 to OF-10, OR-1 to OR-9) and named ranks; OF-6 and above are senior officers. */
const NAMED_OFFICERS = /\b(?:admiral|general|air (?:chief )?marshal|air commodore|commodore|brigadier|colonel|lieutenant colonel|major|captain|commander|lieutenant|wing commander|group captain|squadron leader|flight lieutenant|flying officer|pilot officer|sub lieutenant|midshipman|officer cadet|second lieutenant)\b/;
const SENIOR_OFFICERS = /\b(?:admiral|general|air (?:chief )?marshal|air commodore|commodore|brigadier)\b/;
const OTHER_RANKS = /\b(?:warrant officer|sergeant|staff sergeant|colour sergeant|flight sergeant|chief petty officer|petty officer|corporal|lance corporal|bombardier|private|able seaman|leading hand|aircraftman|aircraftwoman|senior aircraftman|marine|trooper|gunner|sapper|rifleman|guardsman)\b/;

/** Reads a grade or rank; null when it names no level this module knows (an agency's own pay bands: pay decides). */
export function readGrade(grade: string | null | undefined, list?: ListContext): GradeReading | null {
  if (!grade) return null;
  const text = gradeText(grade);
  if (!text) return null;
  const nato = /^(of|or)[\s-]?(\d{1,2})$/.exec(text);
  if (nato) {
    const n = Number(nato[2]);
    if (nato[1] === 'of') return { level: n >= 6 ? 'senior' : 'team', forces: 'officer', label: grade.trim() };
    return { level: n >= 6 ? 'associate' : 'administrative', forces: 'other-rank', label: grade.trim() };
  }
  if (SENIOR_OFFICERS.test(text)) return { level: 'senior', forces: 'officer', label: grade.trim() };
  if (OTHER_RANKS.test(text)) return { level: 'administrative', forces: 'other-rank', label: grade.trim() };
  if (NAMED_OFFICERS.test(text)) return { level: 'team', forces: 'officer', label: grade.trim() };
  for (const [pattern, level] of CIVIL_SERVICE) if (pattern.test(text)) return { level, forces: null, label: grade.trim() };
  const rung = ladderRung(text);
  const level = rung ? list?.gradeLadder?.[`${rung.prefix}${rung.number}`] : undefined;
  return level ? { level, forces: null, label: grade.trim(), fromLadder: true } : null;
}

const gradeText = (grade: string) => grade.normalize('NFKC').toLowerCase().replace(/[_.]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Grades that name a pay scale for field or manual work ("Field" at the Environment Agency; "Industrial" and
 * "Craft" grades elsewhere in the public sector): a post on one is no office post, whatever its title's words.
 */
const MANUAL_GRADE = /^(?:field|industrial|craft|manual|operatives?)(?: (?:grades?|staff|workers?|band|scale))?(?: ?\d{1,2}[a-z]?)?$/;

/** Whether a grade names a pay scale for field or manual work (MANUAL_GRADE). */
export const namesManualWork = (grade: string | null | undefined): boolean => Boolean(grade) && MANUAL_GRADE.test(gradeText(grade!));

/** A rung of a numbered grade ladder: letters, a number, and a stream or allowance mark ("pb4fs", "as 5", "band 3"). */
function ladderRung(text: string): { prefix: string; number: number } | null {
  const m = /^([a-z]{1,5}) ?(\d{1,2})(?: ?[a-z]{1,3})?$/.exec(text);
  return m ? { prefix: m[1], number: Number(m[2]) } : null;
}

/**
 * The seven civil-service grades below the Senior Civil Service, lowest first (AA, AO, EO, HEO, SEO, Grade 7,
 * Grade 6), as levels: the grades departments and agencies number their own pay bands after.
 */
const DELEGATED_GRADES: readonly GradeLevel[] = ['clerical', 'clerical', 'administrative', 'associate', 'associate', 'team', 'team'];
/** A ladder of fewer rungs than this is no grade structure ("G7" beside "G6" is read as civil-service grades already). */
const MIN_LADDER_RUNGS = 5;

/**
 * The list's own grade ladder: grades no table names that share letters and differ by number ("PB1" to "PB7" at
 * the Department for Transport, "AS1" to "AS7" at the Environment Agency), in a list that also holds Senior
 * Civil Service grades. Such delegated pay bands number the seven grades below the SCS upwards, so each rung
 * takes the level of the grade at its place on the ladder (the lowest AA, the highest Grade 6). A ladder whose
 * rungs' median pay does not rise with their number is read as none. Keyed by rung ("pb4": "PB4FS" is a PB4).
 */
export function listGradeLadder(rows: Iterable<Pick<ListRow, 'grade' | 'salary'>>): Record<string, GradeLevel> {
  const pays = new Map<string, Map<number, number[]>>();
  // A list repeats a few grades over all its rows: each is read once.
  const readings = new Map<string, GradeReading | null>();
  let senior = false;
  for (const r of rows) {
    if (!r.grade) continue;
    const text = gradeText(r.grade);
    let known = readings.get(text);
    if (known === undefined) readings.set(text, (known = readGrade(text)));
    if (known) {
      senior ||= known.level === 'senior' && known.forces === null;
      continue;
    }
    const rung = ladderRung(text);
    if (!rung) continue;
    const ladder = pays.get(rung.prefix) ?? pays.set(rung.prefix, new Map()).get(rung.prefix)!;
    const list = ladder.get(rung.number) ?? ladder.set(rung.number, []).get(rung.number)!;
    if (r.salary && r.salary > 0) list.push(r.salary);
  }
  const out: Record<string, GradeLevel> = {};
  if (!senior) return out;
  for (const [prefix, ladder] of pays) {
    const numbers = [...ladder.keys()].sort((a, b) => a - b);
    if (numbers.length < MIN_LADDER_RUNGS) continue;
    const medians = numbers.map((n) => ladder.get(n)!).filter((pay) => pay.length > 0).map(medianInPlace);
    if (medians.some((m, i) => i > 0 && m < medians[i - 1])) continue;
    numbers.forEach((n, i) => {
      out[`${prefix}${n}`] = DELEGATED_GRADES[Math.round((i * (DELEGATED_GRADES.length - 1)) / (numbers.length - 1))];
    });
  }
  return out;
}

/** Pay bands of width PAY_BAND_STEP (in log terms) tell a row's pay apart in its title's variants. */
const PAY_BAND_STEP = Math.log(1.35);

/** The pay band of a salary read against the tables (0 for a missing salary), for a variant's key. */
export function payBand(salary: number | null | undefined, list: ListContext): number {
  if (!salary || salary <= 0 || paySideOf(list.currency) === null) return 0;
  return Math.floor(Math.log(salary / list.payScale) / PAY_BAND_STEP);
}

/** A context value as two rows of one list compare it: as the server stores it (schema/text.ts). */
export const contextValue = (value: string | null | undefined) => normaliseText(value ?? '');

/**
 * The key of a row's context: rows of one title with the same key are coded alike (their pay in the same band),
 * so a title is coded once per key, not once per person.
 */
export function contextKey(ctx: RowContext, list: ListContext): string {
  return [contextValue(ctx.division), contextValue(ctx.organisation), contextValue(ctx.grade), contextValue(ctx.group), String(payBand(ctx.salary, list))].join('\u001f');
}

/** Whether a row's context gives the coder anything to read. */
export function hasContext(ctx: RowContext, list: ListContext): boolean {
  return Boolean(contextValue(ctx.division) || contextValue(ctx.organisation) || contextValue(ctx.grade) || contextValue(ctx.group) || payBand(ctx.salary, list));
}

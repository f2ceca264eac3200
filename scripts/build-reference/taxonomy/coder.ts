import { coderPathSchema, type CoderKnowledge, type CoderPath } from '../../../schema/reference/coder.ts';
import type { Occupations } from '../../../schema/reference/index.ts';
import { compileCoder, compileGates } from '../../../workers/classify/coder.ts';
import { trainCodeModel } from '../../../workers/classify/coderModel.ts';
import { normaliseTitle } from '../../../workers/classify/normalise.ts';
import { CODER_SPELLINGS, coderWords } from '../../../workers/classify/titleFeatures.ts';
import { numberOrNull, readCsv } from '../policy/csv.ts';
import { ukPriced } from '../../../workers/reference/checkCatalogue.ts';
import { COMMON_TITLES } from './commonTitles.ts';
import { FALLBACK_RULES } from './fallbacks.ts';
import { titleHash } from './holdout.ts';
import { indexQualifiers } from './indexQualifiers.ts';
import type { CodedTitle, TitleSets } from './titleSets.ts';

/**
 * Builds classification.coder: the scored coder's models, lexicons, ISCO-08 links and calibration.
 *
 * - Models: naive Bayes over title features, US from O*NET, BLS and official titles, UK from the ONS index
 *   and SOC 2020 related titles (the training side of the hold-out split only).
 * - Role nouns: words that end at least five training titles and end at least half the titles they occur
 *   in ("officer", "technician"), plus "head".
 * - Functions: the management occupation of each business function, coded from the SOC 2018 and SOC 2020
 *   definitions and checked against the ONS index ("Director (human resources)" → 1136); used for senior
 *   heads, and on the US side for function heads ("manager").
 * - Calibration: the models are trained again without a validation fifth of the training titles, the coder
 *   scores that fifth, and isotonic regression of "US major group right" on the raw share of the chosen US
 *   code gives the table: confidence is the chance that the title sits in the right occupation family. Each
 *   way the coder reaches a code (an index title, a function, a senior head's default, the models) is right
 *   at its own rate, so a path the validation titles hold often enough gets its own table. The staff-title
 *   recalibration (staffCalibration.ts) then maps these tables and chooses the review threshold.
 * - Staff titles: hand-labelled real staff titles teach the models too, each as STAFF_TITLE_WEIGHT index titles.
 * - Exact index titles: training titles the models would code otherwise, the hand-coded common titles and the
 *   hand-labelled staff titles, are kept as an exact lookup.
 */

export const CODER_SETTINGS: CoderKnowledge['settings'] = {
  head: 1.25,
  word: 1,
  pair: 0.5,
  seniority: 0.5,
  root: 0.5,
  smoothing: 100,
  prior: 1.5,
  temperature: 1,
  unitBonus: 3,
  subMajorBonus: 1.5,
  functionBonus: 4,
  defaultBonus: 3,
  contextGroup: 0.9,
  contextDivision: 0.6,
  contextOrganisation: 0.3,
  grade: 1,
  pay: 1,
};

/**
 * Management occupations of business functions (US SOC 2018 definitions; UK codes as the ONS index codes
 * "director (function)"). 1171 (health services) and 1135 (charities) have no published ASHE median, so
 * they take the priced unit group of their minor group that the data allows (1172, 1139), as elsewhere.
 */
export const CODER_FUNCTIONS: CoderKnowledge['functions'] = [
  { name: 'finance', words: ['finance', 'financial', 'accounts', 'accounting', 'budget', 'treasury', 'tax', 'pension', 'investment', 'banking', 'insurance', 'revenue', 'payroll'], us: '11-3031', uk: '1131' },
  { name: 'human resources', words: ['human', 'people', 'personnel', 'workforce', 'hr', 'talent', 'resourcing', 'recruitment', 'reward', 'employee'], us: '11-3121', uk: '1136' },
  { name: 'learning and development', words: ['training', 'learning', 'development'], us: '11-3131', uk: '1136' },
  { name: 'information technology', words: ['technology', 'information', 'digital', 'ict', 'systems', 'data', 'cyber', 'computing', 'software', 'infrastructure'], us: '11-3021', uk: '1137' },
  { name: 'marketing', words: ['marketing', 'brand', 'advertising', 'campaigns', 'campaign'], us: '11-2021', uk: '1132' },
  { name: 'sales', words: ['sales', 'commercialisation'], us: '11-2022', uk: '1132' },
  { name: 'communications', words: ['communications', 'communication', 'press', 'media', 'news', 'pr', 'publicity', 'affairs', 'stakeholder', 'engagement', 'publishing'], us: '11-2032', uk: '1133' },
  { name: 'procurement', words: ['procurement', 'purchasing', 'commercial', 'contracts', 'contract', 'supply', 'sourcing', 'acquisition', 'commissioning'], us: '11-3061', uk: '1134' },
  { name: 'estates and facilities', words: ['estate', 'estates', 'property', 'facilities', 'facility', 'accommodation', 'buildings'], us: '11-3013', uk: '1251' },
  { name: 'logistics and transport', words: ['logistics', 'transport', 'fleet', 'distribution', 'warehouse', 'warehousing'], us: '11-3071', uk: '1140' },
  { name: 'health services', words: ['health', 'clinical', 'nursing', 'medical', 'healthcare', 'hospital', 'patient'], us: '11-9111', uk: '1172' },
  { name: 'social services', words: ['social', 'safeguarding', 'children', 'adult', 'housing', 'welfare', 'community'], us: '11-9151', uk: '1172' },
  { name: 'research and science', words: ['research', 'science', 'scientific', 'laboratory', 'evidence', 'analysis', 'analytical', 'statistics', 'economics'], us: '11-9121', uk: '2161' },
  { name: 'construction', words: ['construction', 'building'], us: '11-9021', uk: '1122' },
  // A senior head of a police or fire service commands it: SOC 2018 files police and fire chiefs with their
  // supervisors (O*NET "Police Chief Deputy" under 33-1012), SOC 2020 with senior police (1162) and fire (1163) officers.
  // ("Director, Policing" in a government department directs policy, not a force.)
  { name: 'police', words: ['police', 'constabulary'], us: '33-1012', uk: '1162' },
  { name: 'fire and rescue', words: ['fire', 'firefighting'], us: '33-1021', uk: '1163' },
  { name: 'fundraising', words: ['fundraising', 'philanthropy', 'donor', 'charity'], us: '11-2033', uk: '1139' },
  // Directors of a stage, screen or broadcast production direct the work itself (SOC 2018 27-2012 Producers
  // and Directors; SOC 2020 3416 arts officers, producers and directors).
  { name: 'stage and screen', words: ['theatre', 'theater', 'film', 'television', 'tv', 'music', 'musical', 'choreography', 'stage', 'broadcast', 'broadcasting', 'radio', 'drama', 'dance', 'choir', 'orchestra', 'producer'], us: '27-2012', uk: '3416' },
];

/**
 * Occupation families whose index titles share their words with ordinary office posts ("operations officer"
 * is a military title in O*NET, "minister" a clergy one, "commander" a fire one): a title enters them only
 * when it names their context. SOC 2020's armed forces groups (1161, 3311) and senior fire officers (1163)
 * carry no published pay; they are coded all the same, priced by their stated proxy (occupations.ukUnpriced).
 */
export const CODER_GATES: NonNullable<CoderKnowledge['gates']> = [
  {
    // "Executive Officer" and "Higher Executive Officer" are civil-service grades, not the head of a body.
    name: 'chief executives',
    us: ['11-1011'],
    uk: [],
    cues: ['chief', 'president', 'general', 'permanent', 'director', 'head', 'chair', 'chairman', 'chairwoman', 'chairperson', 'governor', 'mayor', 'commissioner', 'superintendent', 'vice', 'owner', 'founder', 'partner', 'secretary', 'city', 'county', 'town', 'municipal', 'board', 'principal', 'provost', 'chancellor', 'rector', 'managing'],
  },
  {
    // An "Aide" or a "Specialist" is no nurse unless the title names care of patients: the public title
    // lists hold so many nursing aides and specialist nurses that the bare head word leans there.
    name: 'nursing',
    us: ['29-1141', '29-2061', '31-1131', '31-1132', '31-1133'],
    uk: ['2231', '2232', '2233', '2234', '2235', '2236', '2237', '6131'],
    cues: ['nurse', 'nursing', 'health', 'healthcare', 'medical', 'clinical', 'clinic', 'patient', 'ward', 'hospital', 'psychiatric', 'mental', 'hospice', 'theatre', 'theater', 'midwife', 'midwifery', 'maternity', 'surgical', 'surgery', 'infirmary', 'orderly', 'care', 'sister', 'matron', 'geriatric', 'rehabilitation', 'paediatric', 'pediatric', 'neonatal', 'oncology', 'cardiac', 'renal', 'dialysis', 'intensive', 'anaesthetic', 'outpatient', 'inpatient', 'rn', 'lpn', 'lvn', 'cna', 'hca', 'auxiliary', 'practitioner', 'residential'],
  },
  {
    name: 'armed forces',
    us: ['55-'],
    uk: ['1161', '3311'],
    cues: ['army', 'navy', 'naval', 'military', 'defence', 'defense', 'forces', 'flotilla', 'infantry', 'regiment', 'regimental', 'battalion', 'brigade', 'squadron', 'platoon', 'corps', 'troop', 'soldier', 'airman', 'marine', 'raf', 'commander', 'commandant', 'artillery', 'cavalry', 'armoured', 'armored', 'combat', 'warfare', 'ordnance', 'submarine', 'warship', 'reservist', 'sergeant', 'corporal', 'lieutenant', 'colonel', 'brigadier', 'admiral', 'commodore', 'missile', 'weapon', 'tactical'],
  },
  {
    name: 'police',
    us: ['33-1012', '33-3021', '33-3051', '33-3052'],
    uk: ['1162', '3312'],
    cues: ['police', 'policing', 'constable', 'detective', 'sheriff', 'patrol', 'crime', 'criminal', 'custody', 'forensic', 'trooper', 'investigation', 'investigator', 'investigative', 'intelligence', 'narcotic', 'homicide', 'sergeant', 'marshal', 'warrant'],
  },
  {
    name: 'fire and rescue',
    us: ['33-1021', '33-2011', '33-2021', '33-2022'],
    uk: ['1163', '3313'],
    cues: ['fire', 'firefighter', 'firefighting', 'rescue', 'hazmat', 'smokejumper', 'wildland', 'arson'],
  },
  {
    name: 'religion',
    us: ['21-20'],
    uk: ['2463'],
    cues: ['church', 'religious', 'religion', 'parish', 'pastoral', 'faith', 'chaplain', 'chaplaincy', 'worship', 'spiritual', 'clergy', 'priest', 'vicar', 'rabbi', 'imam', 'pastor', 'diocese', 'diocesan', 'cathedral', 'mosque', 'synagogue', 'temple', 'missionary', 'deacon', 'curate', 'rector', 'evangelist'],
  },
];

/**
 * A director or head naming no function directs part of a body: SOC 2018 11-1021 General and Operations
 * Managers ("plan, direct, or coordinate the operations of public or private sector organizations"); in
 * SOC 2020 senior officials are 1111 (the ONS index: "director (government)"). The top of a body (director
 * general, chief or permanent secretary) is 11-1011 Chief Executives in SOC 2018.
 */
export const SENIOR_DEFAULT = { us: '11-1021', uk: '1111' } as const;
export const SENIOR_TOP = { words: ['general', 'chief', 'permanent', 'executive'], us: '11-1011', uk: '1111' };
export const SENIOR_HEADS = ['director', 'president', 'commissioner'];
/** A manager of a named function is coded, in SOC 2018, to the function's management occupation (11-3031 Financial Managers for a finance manager). */
export const FUNCTION_HEADS = ['manager'];
export const HEAD_ALIASES: Record<string, string> = { head: 'director', supremo: 'director', forewoman: 'foreman', aide: 'assistant' };

const ISCO_FILES = {
  us: 'crosswalks/us_soc2018_to_isco08_via_soc2010_DERIVED.csv',
  uk: 'crosswalks/uk_soc2020_to_isco08_from_ons_coding_index.csv',
} as const;
/** A UK unit group's ISCO links below this share of its index entries are stray entries. */
const UK_ISCO_MIN_SHARE = 0.1;
const MAX_ISCO_LINKS = 12;

function iscoLinks(dataDir: string): CoderKnowledge['isco'] {
  const us: Record<string, string[]> = {};
  for (const row of readCsv(dataDir, ISCO_FILES.us)) (us[row.soc2018] ??= []).includes(row.isco08) || us[row.soc2018].push(row.isco08);
  const uk: Record<string, string[]> = {};
  for (const row of readCsv(dataDir, ISCO_FILES.uk)) {
    if (Number(row.share_of_soc2020_entries) >= UK_ISCO_MIN_SHARE) (uk[row.soc2020_unit_code] ??= []).push(row.isco08_code);
  }
  // A code linked to many ISCO groups (a broad residual) says nothing about its partner: left unlinked.
  const informative = (links: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(links).filter(([, list]) => list.length <= MAX_ISCO_LINKS).map(([code, list]) => [code, list.sort()]));
  return { us: informative(us), uk: informative(uk) };
}

/** OEWS marks an annual wage at or above its top figure with '#': read as that figure ($239,200 in May 2024). */
const OEWS_TOP_ANNUAL = 239_200;
const oewsAnnual = (value: string | undefined) => (value === '#' ? OEWS_TOP_ANNUAL : numberOrNull(value));

/**
 * US pay by detailed SOC 2018 code from BLS OEWS (national, May 2024, all industries): the 25th percentile,
 * median and 75th percentile annual wage, against which the coder reads a dollar list's pay.
 */
export function usPayTable(dataDir: string, occupations: Occupations): NonNullable<CoderKnowledge['usPay']> {
  const out: NonNullable<CoderKnowledge['usPay']> = {};
  for (const row of readCsv(dataDir, 'us-oews-national-2024/oews_national_may2024.csv')) {
    if (row.O_GROUP !== 'detailed' || !(row.OCC_CODE in occupations.us)) continue;
    const median = oewsAnnual(row.A_MEDIAN);
    const p25 = oewsAnnual(row.A_PCT25);
    const p75 = oewsAnnual(row.A_PCT75);
    if (median !== null && p25 !== null && p75 !== null) out[row.OCC_CODE] = [p25, median, p75];
  }
  return out;
}

function roleNounsOf(titles: readonly CodedTitle[]): string[] {
  const final = new Map<string, number>();
  const anywhere = new Map<string, number>();
  for (const t of titles) {
    const words = coderWords(t.title);
    if (!words.length) continue;
    final.set(words[words.length - 1], (final.get(words[words.length - 1]) ?? 0) + 1);
    for (const w of new Set(words)) anywhere.set(w, (anywhere.get(w) ?? 0) + 1);
  }
  const nouns = [...final].filter(([w, n]) => n >= 5 && n / (anywhere.get(w) ?? n) >= 0.5).map(([w]) => w);
  return [...new Set([...nouns, 'head', ...FALLBACK_RULES.flatMap((r) => r.words.map((w) => CODER_SPELLINGS[w] ?? w))])].filter((w) => /^[\p{Ll}\p{Lo}\p{M}\p{Nd}&+#]+$/u.test(w)).sort();
}

/** Validation fifth of the training side (a second hash, independent of the hold-out split). */
export const inCoderValidation = (t: CodedTitle) => titleHash(`${t.normalised}#validation`) % 100 < 20;

/** Isotonic regression (pool adjacent violators) of outcomes on scores, returned as at most 20 knots. */
export function isotonicKnots(samples: readonly { score: number; right: boolean }[], knots = 20): [number, number][] {
  const sorted = [...samples].sort((a, b) => a.score - b.score);
  const blocks: { sum: number; n: number; lo: number; hi: number }[] = [];
  for (const s of sorted) {
    blocks.push({ sum: s.right ? 1 : 0, n: 1, lo: s.score, hi: s.score });
    while (blocks.length > 1 && blocks[blocks.length - 2].sum / blocks[blocks.length - 2].n >= blocks[blocks.length - 1].sum / blocks[blocks.length - 1].n) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1];
      a.sum += b.sum;
      a.n += b.n;
      a.hi = b.hi;
    }
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const points = blocks.map((b) => [round((b.lo + b.hi) / 2), round(b.sum / b.n)] as [number, number]);
  if (points.length <= knots) return dedupe(points);
  const step = (points.length - 1) / (knots - 1);
  return dedupe(Array.from({ length: knots }, (_, i) => points[Math.round(i * step)]));
}

const dedupe = (points: [number, number][]) => points.filter((p, i) => i === 0 || p[0] > points[i - 1][0]);

/**
 * The training titles whose own codes the models would not give them: only these need an index entry.
 * A title the index codes one way on both sides keeps that pair; on one side, that side alone.
 */
function exceptions(
  knowledge: CoderKnowledge,
  usTitles: readonly CodedTitle[],
  ukTitles: readonly CodedTitle[],
  names: Parameters<typeof compileCoder>[1],
): CoderKnowledge['exact'] {
  const coder = compileCoder(knowledge, names);
  const gatesFor = compileGates(knowledge.gates);
  const wanted = new Map<string, { us: Set<string>; uk: Set<string> }>();
  const add = (t: CodedTitle, side: 'us' | 'uk') => {
    const k = coderWords(t.title).join(' ');
    if (!k) return;
    const codes = wanted.get(k) ?? wanted.set(k, { us: new Set(), uk: new Set() }).get(k)!;
    for (const c of t.codes) codes[side].add(c);
  };
  for (const t of usTitles) add(t, 'us');
  for (const t of ukTitles) add(t, 'uk');
  const exact: CoderKnowledge['exact'] = {};
  for (const [k, codes] of [...wanted].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (k.length > MAX_EXACT_KEY) continue;
    const result = coder.code(k);
    const usCode = codes.us.size === 1 ? [...codes.us][0] : '';
    const ukCode = codes.uk.size === 1 ? [...codes.uk][0] : '';
    // An index title of a gated family without its context ("operations officer") is not forced there.
    const gatedOut = gatesFor(k.split(' '));
    const usWrong = usCode !== '' && result?.best.usSoc2018 !== usCode && !gatedOut?.('us', usCode);
    const ukWrong = ukCode !== '' && result?.best.ukSoc2020 !== ukCode && !gatedOut?.('uk', ukCode);
    if (usWrong || ukWrong) exact[k] = [usWrong ? usCode : '', ukWrong ? ukCode : ''];
  }
  return exact;
}

/** The longest exact index title the reference schema takes. */
const MAX_EXACT_KEY = 200;

/** A hand-labelled real staff title the models learn from (bench/data/staff-titles-train.csv). */
export interface StaffTrainingTitle {
  title: string;
  us: string;
  uk: string;
}

/**
 * How many index titles one hand-labelled staff title counts as. The index lists hold some 48,000 titles
 * written for coders; a staff list's titles are fewer but are the kind the product is given.
 */
export const STAFF_TITLE_WEIGHT = 5;

export interface CoderBuild {
  coder: CoderKnowledge;
  stats: { usFeatures: number; ukFeatures: number; roleNouns: number; calibrationTitles: number; calibrationTitlesByPath: Partial<Record<CoderPath, number>> };
}

/** Builds the coder from the index titles and a set of staff titles; callable with several sets. */
export type CoderBuilder = (staff: readonly StaffTrainingTitle[]) => CoderBuild;

/**
 * What does not depend on the staff titles (the ISCO-08 links, the index titles, which staff titles are senior)
 * is worked out once, so the staff calibration's cross-fitting builds its five coders for the cost of the models.
 */
export function coderBuilder(
  dataDir: string,
  occupations: Occupations,
  train: TitleSets['train'],
  curatedMatch: (title: string) => string | null,
  catalogueTitles: readonly string[] = [],
): CoderBuilder {
  const priced = (uk: string) => ukPriced(occupations, uk);
  for (const f of CODER_FUNCTIONS) {
    if (!occupations.us[f.us]) throw new Error(`coder function ${f.name}: unknown US code ${f.us}`);
    if (!priced(f.uk)) throw new Error(`coder function ${f.name}: UK code ${f.uk} has no pay`);
  }
  const isco = iscoLinks(dataDir);
  const usPay = usPayTable(dataDir, occupations);
  const qualified = indexQualifiers(dataDir, priced);
  const ukTrain = train.uk.map((t) => ({ ...t, codes: t.codes.filter(priced) })).filter((t) => t.codes.length);
  const usTrain = train.us.map((t) => ({ ...t, codes: t.codes.filter((c) => c in occupations.us) })).filter((t) => t.codes.length);
  const names = { us: (c: string) => occupations.us[c]?.title, uk: (c: string) => occupations.uk[c]?.title ?? occupations.ukUnpriced?.[c] };
  const roleNouns = roleNounsOf([...train.us, ...train.uk]);
  // Calibration on the validation fifth of the index titles, with models that never saw it.
  const fitUs = usTrain.filter((t) => !inCoderValidation(t));
  const fitUk = ukTrain.filter((t) => !inCoderValidation(t));
  const held = usTrain.filter(inCoderValidation);
  const fitRoleNouns = roleNounsOf([...fitUs, ...fitUk]);
  const common = new Set(COMMON_TITLES.map((t) => coderWords(t.title).join(' ')));

  type Learnt = readonly { title: string; codes: string[]; weight?: number }[];
  const knowledge = (usTitles: Learnt, ukTitles: Learnt, nouns: string[]): CoderKnowledge => ({
    settings: CODER_SETTINGS,
    roleNouns: nouns,
    headAliases: HEAD_ALIASES,
    seniorHeads: SENIOR_HEADS,
    functionHeads: FUNCTION_HEADS,
    functions: CODER_FUNCTIONS,
    headDefaults: Object.fromEntries(FALLBACK_RULES.flatMap((r) => r.words.map((w) => [CODER_SPELLINGS[w] ?? w, [r.us, r.uk] as [string, string]]))),
    seniorDefault: { ...SENIOR_DEFAULT },
    seniorTop: { ...SENIOR_TOP, words: [...SENIOR_TOP.words] },
    us: trainCodeModel(usTitles, new Set(nouns), CODER_SETTINGS, 2),
    uk: trainCodeModel(ukTitles, new Set(nouns), CODER_SETTINGS, 2),
    isco,
    usPay,
    indexQualifiers: qualified,
    gates: CODER_GATES,
    exact: {},
    calibration: [],
    curatedConfidence: 0.9,
  });

  // A senior post's words are read only among management codes, where the lifts decide anyway; in the models
  // they would teach every code that the function words of directorates ("Director, Environment") mean a
  // general manager. So senior staff titles teach the models nothing (they still become exact index titles).
  // Whether a title is senior is read by the index-only coder, the same for every set of staff titles.
  let indexOnly: ReturnType<typeof compileCoder> | null = null;
  const senior = new Map<string, boolean>();
  const isSenior = (title: string) => {
    indexOnly ??= compileCoder(knowledge(usTrain, ukTrain, roleNouns), names);
    return senior.get(title) ?? senior.set(title, indexOnly.code(title)?.senior ?? false).get(title)!;
  };

  return (staff) => {
    for (const t of staff) {
      if (!occupations.us[t.us]) throw new Error(`staff title '${t.title}': unknown US code ${t.us}`);
    }
    // A UK code without pay teaches the UK model nothing.
    const learnt = staff.filter((t) => !isSenior(t.title));
    const staffUs = learnt.map((t) => ({ title: t.title, codes: [t.us], weight: STAFF_TITLE_WEIGHT }));
    const staffUk = learnt.filter((t) => priced(t.uk)).map((t) => ({ title: t.title, codes: [t.uk], weight: STAFF_TITLE_WEIGHT }));

    const partial = compileCoder(knowledge([...fitUs, ...staffUs], [...fitUk, ...staffUk], fitRoleNouns), names);
    const samples: { score: number; right: boolean; major: boolean; path: CoderPath }[] = [];
    let curatedHits = 0;
    let endingTitles = 0;
    let endingRight = 0;
    let curatedRight = 0;
    for (const t of held) {
      const curated = curatedMatch(t.title);
      if (curated) {
        curatedHits++;
        if (t.codes.some((c) => c.slice(0, 2) === curated.slice(0, 2))) curatedRight++;
        continue;
      }
      const result = partial.code(t.title);
      if (!result) continue;
      if (result.byEnding) {
        endingTitles++;
        if (t.codes.some((c) => c.slice(0, 2) === result.best.usSoc2018.slice(0, 2))) endingRight++;
        continue;
      }
      samples.push({
        score: result.best.share,
        right: t.codes.includes(result.best.usSoc2018),
        major: t.codes.some((c) => c.slice(0, 2) === result.best.usSoc2018.slice(0, 2)),
        path: result.best.path,
      });
    }
    // The overall curve stands in for the paths too rare for their own; bridged pairs, where one side knew no
    // word of the title, are another kind of evidence, calibrated apart and kept out of it.
    const calibration = isotonicKnots(samples.filter((s) => s.path !== 'bridged').map((s) => ({ score: s.score, right: s.major })));
    const calibrationByPath: NonNullable<CoderKnowledge['calibrationByPath']> = {};
    for (const path of coderPathSchema.options) {
      const own = samples.filter((s) => s.path === path);
      if (own.length >= PATH_CALIBRATION_SAMPLES) calibrationByPath[path] = isotonicKnots(own.map((s) => ({ score: s.score, right: s.major })));
      else if (own.length >= PATH_RATE_SAMPLES) {
        // Too few titles to trust how the share orders them: the path's own rate, smoothed towards one half.
        const rate = Math.round((1000 * (own.filter((s) => s.major).length + 1)) / (own.length + 2)) / 1000;
        calibrationByPath[path] = [[0, rate], [1, rate]];
      }
    }

    const final = knowledge([...usTrain, ...staffUs], [...ukTrain, ...staffUk], roleNouns);
    final.exact = exceptions(final, usTrain, ukTrain, names);
    // The hand-coded common staff-list titles (commonTitles.ts) are index titles too.
    const withIndex = compileCoder(final, names);
    for (const t of COMMON_TITLES) {
      const us = [t.us].flat();
      const uk = [t.uk].flat();
      const result = withIndex.code(t.title);
      const key = coderWords(t.title).join(' ');
      if (curatedMatch(t.title) === null && key && (!us.includes(result?.best.usSoc2018 ?? '') || !uk.includes(result?.best.ukSoc2020 ?? ''))) {
        final.exact[key] = [us[0], uk[0]];
      }
    }
    // A common title named plainly ("Police Officer", not "Project Manager (Interim)") is read as the catalogues
    // code it: the coder gives it no review (classify.ts).
    final.plainTitles = [
      ...new Set(COMMON_TITLES.filter((t) => curatedMatch(t.title) === null && coderWords(t.title).join(' ') === coderWords(t.title, t.title.toLowerCase()).join(' ')).map((t) => coderWords(t.title).join(' '))),
    ]
      .filter(Boolean)
      .sort();
    // So is a US catalogue title the catalogues give one code, which the coder reads as that code ("911 Operator",
    // "Emergency Medical Technician"): an exact catalogue match of a plain title.
    const usCodesOf = new Map(usTrain.map((t) => [t.normalised, t.codes]));
    const catalogueKeys = catalogueTitles.flatMap((title) => {
      const codes = usCodesOf.get(normaliseTitle(title));
      const key = coderWords(title).join(' ');
      if (!key || key.length > MAX_EXACT_KEY || codes?.length !== 1 || curatedMatch(title) !== null) return [];
      const best = withIndex.code(title)?.best;
      return best && best.usSoc2018 === codes[0] && !best.reason.includes('forced apart') ? [key] : [];
    });
    final.plainTitles = [...new Set([...final.plainTitles, ...catalogueKeys])].sort();
    // So are the hand-labelled staff titles, after the common titles, whose codes stand.
    for (const t of staff) {
      const key = coderWords(t.title).join(' ');
      if (!key || key.length > MAX_EXACT_KEY || common.has(key) || curatedMatch(t.title) !== null) continue;
      const result = withIndex.code(t.title);
      const usWrong = result?.best.usSoc2018 !== t.us;
      const ukWrong = priced(t.uk) && result?.best.ukSoc2020 !== t.uk;
      if (usWrong || ukWrong) final.exact[key] = [usWrong ? t.us : '', ukWrong ? t.uk : ''];
    }
    final.calibration = calibration;
    final.calibrationByPath = calibrationByPath;
    // Titles coded by a word ending alone are calibrated apart: a separate, weaker kind of evidence.
    final.endingConfidence = endingTitles ? Math.round((1000 * endingRight) / endingTitles) / 1000 : 0;
    final.curatedConfidence = curatedHits ? Math.round((1000 * curatedRight) / curatedHits) / 1000 : 0.9;

    return {
      coder: final,
      stats: {
        usFeatures: Object.keys(final.us.features).length,
        ukFeatures: Object.keys(final.uk.features).length,
        roleNouns: final.roleNouns.length,
        calibrationTitles: samples.length,
        calibrationTitlesByPath: Object.fromEntries(coderPathSchema.options.map((path) => [path, samples.filter((s) => s.path === path).length])),
      },
    };
  };
}

/** A coder path gets its own calibration table when the validation titles hold at least this many of it, */
const PATH_CALIBRATION_SAMPLES = 100;
/** and its own flat rate when they hold at least this many. */
const PATH_RATE_SAMPLES = 20;

import { cleanTitle } from './clean.ts';
import { normaliseTitle } from './normalise.ts';

/**
 * How the scored coder reads a title, the way a professional coder does: the noise is cleaned away
 * (clean.ts), abbreviations and spellings are made uniform, and the role head ("director", "officer",
 * "technician") is told apart from the function or domain around it ("finance", "flood risk") and from
 * seniority ("senior", "deputy"). The same reading feeds the model's training (scripts/build-reference)
 * and the coder at run time, so both always see a title alike.
 */

/** Words that only grade a role; they are weak evidence of the occupation itself. */
export const SENIORITY_WORDS: ReadonlySet<string> = new Set([
  'senior', 'junior', 'principal', 'chief', 'deputy', 'assistant', 'lead', 'trainee', 'graduate', 'apprentice',
  'associate', 'executive', 'head', 'supervising', 'managing', 'acting', 'interim', 'general', 'vice', 'second',
  'first', 'third', 'main', 'higher', 'high', 'grade', 'band',
]);

/** Words naming an organisational unit, never the role: "Director, Department of X" is a director. */
export const UNIT_WORDS: ReadonlySet<string> = new Set([
  'department', 'division', 'unit', 'office', 'directorate', 'team', 'group', 'function', 'section', 'branch',
  'bureau', 'agency', 'area', 'region', 'district', 'programme', 'portfolio',
]);

/** Heads that a preceding "chief" takes over as the office itself. */
export const CHIEF_HEADED: ReadonlySet<string> = new Set(['officer', 'executive']);

/** Endings of nouns that name a person by what they do ("storekeeper", "porter", "machinist"). */
const AGENT_NOUN = /(?:er|or|ist|ian|man|men)$/;

const LINKING = new Set(['of', 'and', '&', 'the', 'for', 'to', 'in', 'at', 'a', 'an', 'with', 'on', 'by', 'or']);

/** Spellings and abbreviations made uniform before matching (the normalised cache key is unaffected). */
export const CODER_SPELLINGS: Readonly<Record<string, string>> = Object.freeze({
  advisor: 'adviser', advisors: 'advisers', organization: 'organisation', program: 'programme', programs: 'programmes',
  center: 'centre', centers: 'centres', labor: 'labour', defense: 'defence', license: 'licence', analyze: 'analyse',
  supvsr: 'supervisor', supv: 'supervisor', supvr: 'supervisor', spvr: 'supervisor', supt: 'superintendent',
  ofcr: 'officer', offr: 'officer', hd: 'head', mgt: 'management', mgmt: 'management', dept: 'department',
  svc: 'services', svcs: 'services', serv: 'services', tech: 'technician', techn: 'technician', spec: 'specialist',
  splst: 'specialist', insp: 'inspector', maint: 'maintenance', proj: 'project', prog: 'programme', assoc: 'associate',
  rep: 'representative', info: 'information', coordr: 'coordinator', coor: 'coordinator', opr: 'operator', oper: 'operator',
  equip: 'equipment', elec: 'electrical', mech: 'mechanic', adv: 'adviser', wkr: 'worker', attd: 'attendant',
  sgt: 'sergeant', lt: 'lieutenant', capt: 'captain', dep: 'deputy', dpty: 'deputy', govt: 'government',
  intl: 'international', natl: 'national', admr: 'administrator', admin: 'administrator', adm: 'administrative',
  anlyst: 'analyst', acct: 'accountant', acctg: 'accounting', cust: 'customer', dev: 'developer', engr: 'engineer',
  env: 'environment', environmental: 'environment', hum: 'human', res: 'resources', sys: 'systems', tel: 'telephone',
  trans: 'transport', transportation: 'transport', ict: 'information technology', it: 'information technology',
  comms: 'communications', hrbp: 'human resources business partner', pa: 'personal assistant', ceo: 'chief executive',
  cfo: 'chief financial officer', cio: 'chief information officer', coo: 'chief operating officer', cto: 'chief technology officer',
  dg: 'director general',
  // US public payroll abbreviations ("Fire Emergency Veh Drvr", "Contract Srvc Specialist", "Bldg Inspector").
  veh: 'vehicle', drvr: 'driver', srvc: 'service', srvcs: 'services', emerg: 'emergency', bldg: 'building', bldgs: 'buildings',
  commr: 'commissioner', enforc: 'enforcement', enfor: 'enforcement', opns: 'operations', lib: 'library', ww: 'wastewater',
});

/** A title as the coder reads it. */
export interface TitleReading {
  /** Cleaned, normalised and made uniform words. */
  words: string[];
  /** The role head (a word of `words`), or null when no word is a known role noun. */
  head: string | null;
  /** Seniority words present ("senior", "deputy"), other than the head. */
  seniority: string[];
  /** The remaining content words: function, domain and qualifiers. */
  functionWords: string[];
}

/** Words that make a post the deputy of the office that follows ("Assistant Chief", "Deputy Chief"). */
export const DEPUTISING: ReadonlySet<string> = new Set(['assistant', 'deputy', 'vice', 'associate', 'second']);

const TRAINING_WORDS: ReadonlySet<string> = new Set(['trainee', 'apprentice', 'intern', 'graduate']);

const NOT_PLURAL = new Set(['news', 'series', 'species', 'premises', 'lens', 'arms', 'means', 'works', 'sales', 'customs', 'goods', 'savings', 'earnings']);

/** Light stemming so "services"/"service" and "engineers"/"engineer" meet; short words and -ss/-us/-is stay. */
export function stem(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || /(?:ss|us|is|ics|ous|as)$/.test(word) || NOT_PLURAL.has(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The cleaned, normalised words with the coder's spellings and stems (`matched`: the title already cleaned and normalised). */
export function coderWords(title: string, matched?: string): string[] {
  const text = matched ?? normaliseTitle(cleanTitle(title));
  if (!text) return [];
  const out: string[] = [];
  for (const w of text.split(' ')) {
    // Own entries only: "constructor" is a word, not Object.prototype's.
    const spelt = Object.hasOwn(CODER_SPELLINGS, w) ? CODER_SPELLINGS[w] : w;
    if (spelt === w) out.push(stem(w));
    else for (const part of spelt.split(' ')) out.push(stem(part));
  }
  return out;
}

/**
 * Finds the role head: in "X of Y" (or "for", "to") the last role noun before "of" that is not a unit word; else
 * the last role noun of the title; a leading "head" followed by no role noun is the head ("Head Air Support").
 */
export function readTitle(title: string, roleNouns: ReadonlySet<string>, leadingHeads: ReadonlySet<string> = new Set(), matched?: string): TitleReading {
  const isRole = (w: string) => roleNouns.has(w) && !UNIT_WORDS.has(w);
  let words = coderWords(title, matched);
  // "Secretary to the City Clerk", "Personal Assistant to the Director": what follows "to" names whom the post
  // serves, not the job.
  const servesAt = words.findIndex((w, i) => w === 'to' && i > 0 && isRole(words[i - 1]));
  if (servesAt > 0) words = words.slice(0, servesAt);
  let headAt = -1;
  // "Director Infantry", "Deputy Director Drivers & Road Policy", "Head Air Support": a leading senior head,
  // after seniority words only, governs the rest ("Head Teacher", two words ending in a role, does not).
  // "Head" before a job ("Head Pastry Chef", "Head Gardener") only ranks it: the job is the head.
  const lead = words.findIndex((w) => !SENIORITY_WORDS.has(w) || leadingHeads.has(w));
  // So does a lone agent noun the role list lacks ("Head Storekeeper", "Head Porter").
  const ranksAJob = (at: number) =>
    words[at] === 'head' && (words.slice(at + 1).some(isRole) || (words.length === at + 2 && AGENT_NOUN.test(words[at + 1])));
  if (lead >= 0 && leadingHeads.has(words[lead]) && words.length > lead + 1 && !(words.length === lead + 2 && isRole(words[lead + 1])) && !ranksAJob(lead)) {
    headAt = lead;
  } else if (lead >= 0 && ranksAJob(lead) && !words.slice(lead + 1).some(isRole)) {
    headAt = lead + 1;
  }
  const ofAt = words.findIndex((w, i) => i > 0 && (w === 'of' || w === 'for' || w === 'to'));
  // "Assistant Chief of Police", "Deputy Chief of Staff": the chief is the office (a deputy's), of what follows,
  // not an assistant's job.
  if (headAt < 0 && ofAt > 1 && words[ofAt - 1] === 'chief' && words.slice(0, ofAt - 1).every((w) => DEPUTISING.has(w))) headAt = ofAt - 1;
  if (headAt < 0 && ofAt > 0) {
    for (let i = ofAt - 1; i >= 0; i--) if (isRole(words[i])) { headAt = i; break; }
  }
  // The last role noun; but in "Fingerprint Technician Trainee" or "Electrician Apprentice" a trailing word of
  // training names the stage, not the job, when a role noun comes before it.
  if (headAt < 0) {
    const roles = words.flatMap((w, i) => (isRole(w) ? [i] : []));
    headAt = roles.findLast((i) => !TRAINING_WORDS.has(words[i])) ?? roles.at(-1) ?? -1;
  }
  // "Chief Financial Officer", "Chief Executive": the office is the chief, not an officer; read so, an
  // "officer" elsewhere ("Finance Support Officer") is not pulled towards chief executives.
  if (headAt > 0 && CHIEF_HEADED.has(words[headAt])) {
    const chiefAt = words.lastIndexOf('chief', headAt - 1);
    if (chiefAt >= 0) headAt = chiefAt;
  }
  const head = headAt >= 0 ? words[headAt] : null;
  const seniority: string[] = [];
  const functionWords: string[] = [];
  words.forEach((w, i) => {
    if (i === headAt || LINKING.has(w)) return;
    if (SENIORITY_WORDS.has(w)) seniority.push(w);
    else functionWords.push(w);
  });
  return { words, head, seniority, functionWords };
}

/** A feature and the weight its evidence carries. */
export interface WeightedFeature {
  key: string;
  weight: number;
}

export interface FeatureWeights {
  head: number;
  word: number;
  pair: number;
  seniority: number;
  /** Weight of a long word's root (`r:`); absent in versions made before roots were read. */
  root?: number;
}

/** Words at least this long also offer their first ROOT_LENGTH letters as a root. */
const ROOT_LENGTH = 6;

/**
 * A long word's root, its first letters, so related words meet: "statistical", "statistics" and
 * "statistician"; "archival" and "archivist"; "legislative" and "legislator".
 */
export function rootOf(word: string): string | null {
  return word.length > ROOT_LENGTH + 1 && /^\p{L}+$/u.test(word) ? word.slice(0, ROOT_LENGTH) : null;
}

/**
 * The evidence a reading offers: the head (`h:`), each content word (`w:`), each adjacent pair of content
 * words (`p:`) and seniority words (`s:`). A title without a known head offers its last word as head.
 */
export function featuresOf(reading: TitleReading, weights: FeatureWeights): WeightedFeature[] {
  const out: WeightedFeature[] = [];
  const head = reading.head ?? reading.functionWords.at(-1) ?? reading.seniority.at(-1) ?? null;
  if (head) out.push({ key: `h:${head}`, weight: weights.head });
  const content = reading.words.filter((w) => !LINKING.has(w));
  for (const w of new Set(content)) {
    if (SENIORITY_WORDS.has(w) && w !== head) out.push({ key: `s:${w}`, weight: weights.seniority });
    else out.push({ key: `w:${w}`, weight: weights.word });
  }
  if (weights.root) {
    const roots = new Set<string>();
    for (const w of content) {
      // The head has features of its own; its root would only blur it ("specialist" with "special").
      const root = SENIORITY_WORDS.has(w) || w === head ? null : rootOf(w);
      if (root) roots.add(root);
    }
    for (const r of roots) out.push({ key: `r:${r}`, weight: weights.root });
  }
  for (let i = 1; i < content.length; i++) out.push({ key: `p:${content[i - 1]} ${content[i]}`, weight: weights.pair });
  return out;
}

/** Word endings read when no word of a title is known ("Bryologist" → "ogist", like other -ologists). */
const SUFFIX_LENGTHS = [4, 5];

/**
 * The endings of the head word (else the last word) as features (`x:`), the fallback evidence for a title
 * none of whose words the models know: English occupational words share endings with their kind
 * ("-ologist", "-ician", "-smith").
 */
export function suffixFeaturesOf(reading: TitleReading, weight: number): WeightedFeature[] {
  const word = reading.head ?? reading.functionWords.at(-1) ?? reading.words.at(-1);
  if (!word) return [];
  return SUFFIX_LENGTHS.filter((n) => word.length > n + 1).map((n) => ({ key: `x:${word.slice(-n)}`, weight }));
}

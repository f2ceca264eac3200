import { isAscii, normaliseTitle } from './normalise.ts';

/**
 * Staff-list titles carry noise that says nothing about the job: pay bands and grades ("Band 6", "G7"),
 * contract terms ("(Maternity Cover)", "FTC", "Interim"), hours ("37.5 hrs", "0.6 FTE"), head counts
 * ("x2"), pay ("£30k"), locations ("- London") and numbering ("Engineer II"). `cleanTitle` removes it so the
 * rules see the job title alone. The result is lower case, accents folded, and is meant to be normalised
 * with `normaliseTitle` before matching. The shared-cache key stays `normaliseTitle(raw)`; cleaning only
 * feeds the rule classifier.
 *
 * Choices worth knowing:
 * - Words that are noise in one place and a job in another ("Bank", "Agency", "Relief", "Contract", compass
 *   regions) are dropped only when they fill a bracket or a separated segment ("Nurse (Bank)" but not
 *   "Bank Clerk").
 * - Civil-service grades (AA, AO, EO, HEO, SEO, G6, G7, SCS) are dropped in a bracket, a segment or at the
 *   end of the title, not at the start, because "SEO Manager" is search engine optimisation.
 * - "Level 3", "Band 5", "Tier 2" and bare numbers are grades, not part of the job ("Level 3 Technician"
 *   is a technician); ordinals such as "2nd Line" and tokens such as "3D" are kept.
 * - A bracketed qualifier or a separated department is moved in front of the head noun ("Analyst (Credit
 *   Risk)" → "credit risk analyst", "Head - Finance" → "head of finance"), the order the rules are written in.
 * - When everything is noise the folded original is returned, so a title is never emptied by cleaning.
 */

const PLACES = [
  'uk', 'united kingdom', 'great britain', 'gb', 'england', 'scotland', 'wales', 'northern ireland', 'ireland',
  'london', 'central london', 'city of london', 'canary wharf', 'manchester', 'birmingham', 'leeds', 'glasgow',
  'edinburgh', 'bristol', 'liverpool', 'sheffield', 'newcastle', 'cardiff', 'belfast', 'nottingham', 'leicester',
  'southampton', 'reading', 'cambridge', 'oxford', 'milton keynes', 'coventry', 'brighton', 'aberdeen', 'dundee',
  'york', 'hull', 'norwich', 'plymouth', 'derby', 'swindon', 'peterborough', 'ipswich', 'exeter', 'bath',
  'chester', 'warrington', 'luton', 'slough', 'basingstoke', 'guildford', 'croydon', 'stoke', 'wolverhampton',
  'bournemouth', 'portsmouth', 'swansea', 'sunderland', 'bradford', 'preston', 'gloucester', 'cheltenham',
  'dublin', 'india', 'bangalore', 'bengaluru', 'mumbai', 'pune', 'hyderabad', 'chennai', 'delhi', 'gurgaon',
  'noida', 'kolkata', 'manila', 'philippines', 'cebu', 'krakow', 'warsaw', 'poland', 'romania', 'bucharest',
  'lisbon', 'portugal', 'spain', 'madrid', 'barcelona', 'france', 'paris', 'germany', 'berlin', 'frankfurt',
  'munich', 'netherlands', 'amsterdam', 'belgium', 'brussels', 'luxembourg', 'switzerland', 'zurich', 'geneva',
  'usa', 'united states', 'new york', 'chicago', 'boston', 'san francisco', 'canada', 'toronto', 'singapore',
  'hong kong', 'dubai', 'south africa', 'cape town', 'johannesburg', 'malaysia', 'kuala lumpur', 'sydney',
  'melbourne', 'australia', 'emea', 'apac', 'americas', 'latam', 'europe', 'remote', 'hybrid', 'home based',
  'homebased', 'home working', 'homeworking', 'work from home', 'wfh', 'office based', 'field based',
  'nationwide',
];

/** Regional words that are places only when they stand alone in a bracket or segment. */
const REGIONS = [
  'north', 'south', 'east', 'west', 'north east', 'north west', 'south east', 'south west', 'midlands',
  'east midlands', 'west midlands', 'yorkshire', 'east anglia', 'home counties', 'northern', 'southern',
  'eastern', 'western', 'central', 'national', 'international', 'global', 'region', 'regional', 'head office', 'hq',
];

/** Contract and working-pattern phrases that are never part of a job title. */
const CONTRACT_ANYWHERE = [
  '(?:maternity|paternity|parental|adoption|sickness|mat|long term sick)(?: leave)?(?: cover)?',
  'secondment', 'seconded', 'fixed term(?: contract)?', 'ftc', 'temporary', 'temp', 'interim', 'acting',
  'part time', 'full time', 'p t', 'f t', 'job share', 'zero hours?(?: contract)?', 'vacant', 'vacancy',
  'tbc', 'tba', 'new post', 'new role', 'nights', 'weekends', 'term time(?: only)?', 'pro rata', 'per annum',
  'p a', 'doe',
];

/** Words that are noise only when they fill a bracket or a separated segment. */
const CONTRACT_SEGMENT_ONLY = [
  'bank', 'agency', 'relief', 'contract', 'contractor', 'perm', 'casual', 'locum', 'cover', 'days', 'day shift',
  'night shift', 'nights', 'evenings', 'weekend', 'pt', 'ft', 'ooh', 'on call', 'permanent', 'hours', 'hrs',
  'hpw',
  // US payroll pay and bargaining status ("Clerk II - Hourly", "Administrator-Excluded").
  'hourly', 'excluded', 'seasonal', 'per diem', 'intermittent', 'provisional', 'probationary', 'exempt',
  'non exempt', 'union', 'non union', 'salaried', 'limited term',
];

const CIVIL_SERVICE_GRADES = ['aa', 'ao', 'eo', 'heo', 'seo', 'g6', 'g7', 'scs', 'scs1', 'scs2', 'scs3', 'sps'];

/** Grades, bands, hours, counts and numbering, in lower-case text with punctuation already spaced. */
const GRADE_AND_COUNT = new RegExp(
  [
    String.raw`\b(?:(?:afc|nhs|pay)\s+)?band\s*\d+[a-d]?(?:\s+\d+[a-d]?)?\b`,
    String.raw`\bgrade\s*\d+[a-z]?(?:\s+\d+)?\b`,
    // Lettered bands and grades ("Band B", "Grade C2"), as the Environment Agency and others write them.
    String.raw`\b(?:band|grade)\s+[a-h]\d?\b`,
    String.raw`\b(?:level|tier|step|spine point|scp|pb|payband)\s*\d+[a-z]?\b`,
    String.raw`\bx\s?\d+\b`,
    String.raw`\b\d+\s?x\b`,
    String.raw`\bno\s?\d+\b`,
    String.raw`\b\d+\s+(?:posts?|positions?|vacanc(?:y|ies)|roles?|heads?)\b`,
    String.raw`\b\d+(?:\s\d+)?\s*(?:hrs?|hours?|hpw|fte|wte)\b(?:\s+per\s+week|\s+pw)?`,
    String.raw`\b(?:fte|wte)\b(?:\s*\d+(?:\s\d+)?)?`,
    String.raw`\b\d+\s*(?:months?|mths?|weeks?|wks?|years?|yrs?)\b`,
    String.raw`#\s?\d+\b`,
  ].join('|'),
  'g',
);

const MONEY = /[£$€]\s*\d[\d,.]*\s*k?(?:\s*(?:-|–|to)\s*[£$€]?\s*\d[\d,.]*\s*k?)?|\b\d{2,3}(?:\.\d)?\s*k\b|\b\d{1,3}(?:,\d{3})+\b/g;

const SEPARATOR = /\s+[-–—]\s+|\s*[|;:,]\s*|\s+[-–—]$|^[-–—]\s+/;

/** Head nouns that arrive first in "Manager - Finance" or "Analyst, Credit Risk". */
const BARE_HEADS = new Set([
  'manager', 'director', 'analyst', 'engineer', 'officer', 'assistant', 'administrator', 'advisor', 'adviser',
  'consultant', 'specialist', 'coordinator', 'executive', 'lead', 'supervisor', 'associate', 'partner',
  'controller', 'accountant', 'developer', 'architect', 'technician', 'clerk', 'secretary', 'representative',
  'nurse', 'teacher', 'lecturer', 'scientist', 'researcher', 'designer', 'planner', 'buyer', 'surveyor',
  'inspector', 'operative', 'operator', 'worker', 'agent', 'practitioner', 'therapist', 'attendant', 'porter',
  'head', 'chief', 'vp', 'vice president', 'president', 'principal', 'fellow', 'trainee', 'apprentice', 'intern',
]);
const SENIORITY = new Set(['senior', 'snr', 'sr', 'junior', 'jnr', 'jr', 'assistant', 'deputy', 'principal', 'lead', 'chief', 'associate', 'trainee', 'graduate']);

/** Extra expansions the rules rely on, beyond the fixed list of normaliseTitle. */
const EXPANSIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bco ?-? ?ordinat(or|ors|ion|ing)\b/g, 'coordinat$1'],
  [/\bco ?-? ?ord\b/g, 'coordinator'],
  [/\breps?\b/g, 'representative'],
  [/\bmngr\b/g, 'manager'],
  [/\bmgmt\b/g, 'management'],
  [/\bmktg\b/g, 'marketing'],
  [/\bdept\b/g, 'department'],
  [/\bsvcs?\b/g, 'services'],
  [/\bsupvr?\b/g, 'supervisor'],
  [/\bsvp\b/g, 'senior vice president'],
  [/\bevp\b/g, 'executive vice president'],
  [/\bavp\b/g, 'assistant vice president'],
  [/\bvp\b/g, 'vice president'],
  // "Fire Fighter" is the older spelling of the one word; "911" is the US emergency number where it names the
  // call work ("911 Operator", not a "Porsche 911 Technician").
  [/\bfire fighters?\b/g, 'firefighter'],
  [/\b911(?= (?:lead |senior )?(?:operator|dispatcher|call|communications|telecommunicator|specialist|supervisor))/g, 'emergency'],
];
/** Matches where any expansion would: text it misses needs none of them (most titles). */
const ANY_EXPANSION = new RegExp(EXPANSIONS.map(([pattern]) => pattern.source).join('|'));

const words = (list: readonly string[]) => list.map((w) => w.replace(/ /g, '\\s+')).join('|');
const PLACE_WORDS = words(PLACES);
const PLACE_ONLY = new RegExp(String.raw`^(?:(?:based\s+)?(?:in|at)\s+)?(?:${PLACE_WORDS})(?:\s+(?:based|office))?$`);
const PLACE_SET = new Set(PLACES);
const REGION_ONLY = new RegExp(String.raw`^(?:${words(REGIONS)})(?:\s+(?:region|area|team))?$`);
const CONTRACT_ANY = new RegExp(String.raw`\b(?:${CONTRACT_ANYWHERE.join('|')})\b`, 'g');
const CONTRACT_SEGMENT = new RegExp(String.raw`^(?:(?:${words(CONTRACT_SEGMENT_ONLY)}|${CIVIL_SERVICE_GRADES.join('|')})\s*)+$`);
// US payrolls end a title with its pay basis too ("Laborer Hourly", "Clerk II Hourly").
const TRAILING_GRADES = new Set([...CIVIL_SERVICE_GRADES, 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'hourly']);
const LINKING_WORDS = new Set(['of', 'for', 'in', 'at', 'and', '&', 'to', 'the', 'with', 'based']);
const DANGLING = /(?:\s+(?:of|for|in|at|and|&|to|the|with|based))+$|^(?:(?:of|for|in|at|and|&|to|with|based)\s+)+/;

/**
 * Lower case, accents folded, punctuation other than & + # turned to spaces, whitespace collapsed, and
 * abbreviations expanded (normaliseTitle's list and ours), so head nouns are recognised in any spelling.
 */
function plain(text: string): string {
  let t = normaliseTitle(isAscii(text) ? text : text.normalize('NFKD').replace(/\p{M}+/gu, ''));
  if (ANY_EXPANSION.test(t)) for (const [pattern, replacement] of EXPANSIONS) t = t.replace(pattern, replacement);
  return t;
}

/** How many words (one to three) at `end` of `words` name a place, or 0; the longest place wins. */
function placeBefore(words: readonly string[], end: number): number {
  const one = end >= 1 ? words[end - 1] : '';
  const two = end >= 2 ? `${words[end - 2]} ${one}` : '';
  if (end >= 3 && PLACE_SET.has(`${words[end - 3]} ${two}`)) return 3;
  if (end >= 2 && PLACE_SET.has(two)) return 2;
  return end >= 1 && PLACE_SET.has(one) ? 1 : 0;
}

/** Drops "<place> based" anywhere ("London based Accountant"). */
function withoutPlaceBased(text: string): string {
  if (!text.includes('based')) return text;
  const words = text.split(' ');
  for (let i = words.indexOf('based'); i > 0; i = words.indexOf('based', i + 1)) {
    const n = placeBefore(words, i);
    if (n) {
      words.splice(i - n, n + 1);
      i -= n + 1;
    }
  }
  return words.join(' ');
}

/**
 * Drops what trails a title without a separator: a place ("Accountant London", "… in Leeds"), a
 * civil-service grade or a roman numeral ("Engineer II"), and dangling linking words; one word always stays.
 */
function withoutTrailingNoise(text: string): string {
  const words = text.split(' ');
  for (;;) {
    const last = words[words.length - 1];
    const place = placeBefore(words, words.length);
    if (place && place < words.length) words.splice(words.length - place, place);
    else if (words.length > 1 && (TRAILING_GRADES.has(last) || LINKING_WORDS.has(last))) words.pop();
    else break;
  }
  while (words.length > 1 && LINKING_WORDS.has(words[0])) words.shift();
  return words.join(' ');
}

/** Removes noise from one piece of text (already plain); returns '' when nothing but noise was there. */
function stripNoise(text: string, standalone: boolean): string {
  let t = withoutPlaceBased(` ${text} `.replace(GRADE_AND_COUNT, ' ').replace(CONTRACT_ANY, ' ').replace(/\s+/g, ' ').trim())
    .trim()
    .replace(DANGLING, '');
  if (standalone && (CONTRACT_SEGMENT.test(t) || PLACE_ONLY.test(t) || REGION_ONLY.test(t))) return '';
  t = t.replace(/(?:^|\s)\d+(?=\s|$)/g, ' ').replace(/\s+/g, ' ').trim();
  return t.replace(DANGLING, '').trim();
}

/** Inserts a qualifier before the head noun: "senior analyst" + "credit risk" → "senior credit risk analyst". */
function qualify(main: string, qualifier: string): string {
  if (!qualifier) return main;
  if (!main) return qualifier;
  const tokens = main.split(' ');
  if (tokens.length === 1 && tokens[0] === 'head') return `head of ${qualifier}`;
  if (main.endsWith('president')) return `${main} ${qualifier}`;
  const last = tokens.length - 1;
  return [...tokens.slice(0, last), qualifier, tokens[last]].join(' ');
}

function isBareHead(segment: string): boolean {
  const tokens = segment.split(' ');
  if (BARE_HEADS.has(segment)) return true;
  return tokens.length === 2 && SENIORITY.has(tokens[0]) && BARE_HEADS.has(tokens[1]);
}

/** An all-capitals bracket that spells the initials of the words before it, e.g. "Registered General Nurse (RGN)". */
function isAcronymOf(bracket: string, main: string): boolean {
  const initials = plain(main)
    .split(' ')
    .map((w) => w[0])
    .join('');
  const letters = bracket.replace(/\s+/g, '');
  return letters.length >= 2 && initials.includes(letters);
}

/** A bracket that adds at most one word to the title before it, e.g. "Coordinating Clerk (PC Coordinating Clerk)". */
function repeats(content: string, before: string): boolean {
  const seen = new Set(plain(before).split(' '));
  return content.split(' ').filter((w) => !seen.has(w)).length <= 1 && content.includes(' ');
}

/** The non-noise pieces of a text split at separators (" - ", commas, bars, colons, semicolons). */
function segmentsOf(text: string): string[] {
  return text
    .split(SEPARATOR)
    .map((s) => stripNoise(plain(s), true))
    .filter(Boolean);
}

export function cleanTitle(raw: string): string {
  const folded = (isAscii(raw) ? raw : raw.normalize('NFKC')).replace(/\s+/g, ' ').trim();
  let text = folded.replace(MONEY, ' ');

  // Brackets: drop pure noise and acronyms; keep other qualifiers for later insertion.
  const qualifiers: string[] = [];
  text = text.replace(/[([{]([^()[\]{}]*)[)\]}]/g, (_m, inner: string, offset: number, whole: string) => {
    const content = segmentsOf(inner).join(' ');
    const before = whole.slice(0, offset);
    if (!content || isAcronymOf(plain(inner), before) || repeats(content, before)) return ' ';
    qualifiers.push(content);
    return ' ';
  });
  text = text.replace(/[()[\]{}]/g, ' ');

  // Separated segments: the first is the title; later ones are qualifiers unless they are noise.
  const segments = segmentsOf(text);
  let main = segments[0] ?? '';
  const rest = segments.slice(1);
  if (rest.length && isBareHead(main)) main = qualify(main, rest.shift() as string);
  main = [main, ...rest].filter(Boolean).join(' ');
  for (const q of qualifiers) main = qualify(main, q);

  return (main && withoutTrailingNoise(main)) || plain(folded);
}

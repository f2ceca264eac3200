/**
 * The heading rule for extra client groupings (spec, Upload rules 2): a column whose heading looks like
 * personal data or a person is refused. The browser checks it before upload and the server re-checks it on
 * every chunk, so both sides import this one module.
 *
 * A heading is read as lower-case words: normalised (text.ts: NFKC, invisible characters removed), accents
 * dropped, camelCase / snake_case / hyphens / dots split, run-together words split when every part is a known
 * word ("linemanager"), plurals reduced to the singular.
 */
import { normaliseText } from '../../schema/text.ts';

/** Words that are personal whatever surrounds them. */
const PERSONAL_WORDS = new Set([
  'email', 'mail', 'phone', 'telephone', 'tel', 'cellphone', 'fax',
  'address', 'addr', 'street', 'postcode', 'zip', 'zipcode',
  'dob', 'birth', 'birthday', 'birthdate',
  'nino', 'ssn', 'passport',
  'username', 'userid', 'login', 'logon', 'payroll',
  'manager', 'mgr', 'supervisor', 'adviser', 'advisor', 'mentor', 'leader', 'owner', 'colleague', 'boss',
  'surname', 'forename', 'firstname', 'lastname', 'fullname', 'nickname',
]);

/** Contiguous word sequences that are personal. */
const PERSONAL_PHRASES: readonly (readonly string[])[] = [
  ['e', 'mail'],
  ['national', 'insurance'],
  ['social', 'security'],
  ['post', 'code'],
  ['postal', 'code'],
  ['report', 'to'],
  ['reporting', 'to'],
  ['report', 'into'],
  ['reporting', 'into'],
  ['reporting', 'line'],
  ['direct', 'report'],
  ['team', 'lead'],
  ['known', 'as'],
  ['staff', 'member'],
  ['contact', 'number'],
  ['contact', 'detail'],
  ['contact', 'person'],
  ['emergency', 'contact'],
];

/** Headings that, standing alone, name a person or a person's identifier. */
const PERSONAL_ALONE = new Set([
  'name', 'id', 'identifier', 'employee', 'person', 'individual', 'worker', 'staff', 'member', 'user',
  'contact', 'mobile', 'cell', 'lead', 'ni', 'nin',
]);

/** "<person word> <identifier word>" is an employee/staff/person/worker/colleague ID or number. */
const PERSON_WORDS = new Set([
  'employee', 'emp', 'ee', 'staff', 'person', 'personal', 'personnel', 'worker', 'colleague', 'user', 'member',
  'associate', 'badge', 'clock', 'hr', 'pay', 'ni', 'mobile', 'cell',
]);
const ID_WORDS = new Set(['id', 'identifier', 'no', 'num', 'number', 'nr', 'code', 'ref', 'reference', 'key', 'uid']);

/** Nouns for groups of people or organisations: "<group> name" is the name of a group, not of a person. */
const GROUP_NOUNS = new Set([
  'team', 'firm', 'company', 'business', 'department', 'dept', 'division', 'unit', 'group', 'function', 'site',
  'office', 'branch', 'location', 'region', 'area', 'country', 'county', 'state', 'city', 'town', 'entity',
  'organisation', 'organization', 'org', 'centre', 'center', 'project', 'programme', 'program', 'practice',
  'segment', 'sector', 'store', 'shop', 'plant', 'facility', 'building', 'campus', 'grade', 'band', 'level',
  'job', 'role', 'position', 'title', 'brand', 'product', 'service', 'channel', 'vendor', 'supplier', 'agency',
  'subsidiary', 'directorate', 'section', 'squad', 'tribe', 'chapter', 'cluster', 'hub', 'zone', 'territory',
  'market', 'portfolio', 'workstream', 'stream', 'pillar', 'cohort', 'family', 'employer', 'school', 'contract',
]);
/** Words that may precede a group noun in a group name heading ("cost centre name", "legal entity name"). */
const GROUP_QUALIFIERS = new Set(['cost', 'legal', 'parent', 'sub', 'operating', 'primary', 'secondary', 'job', 'business']);

/** Every word the rules know, used to split run-together headings such as "dateofbirth". */
const KNOWN_WORDS = new Set<string>([
  ...PERSONAL_WORDS, ...PERSONAL_ALONE, ...PERSON_WORDS, ...ID_WORDS, ...GROUP_NOUNS, ...GROUP_QUALIFIERS,
  ...PERSONAL_PHRASES.flat().filter((w) => w.length > 1),
  'first', 'last', 'full', 'given', 'middle', 'preferred', 'display', 'date', 'of', 'line', 'home', 'work',
]);

export function headingLooksPersonal(heading: string): boolean {
  const words = headingWords(heading);
  if (words.length === 0) return false;
  if (words.length === 1 && PERSONAL_ALONE.has(words[0]!)) return true;
  if (words.some((w) => PERSONAL_WORDS.has(w))) return true;
  if (PERSONAL_PHRASES.some((phrase) => containsPhrase(words, phrase))) return true;
  for (let i = 0; i + 1 < words.length; i++) {
    if (PERSON_WORDS.has(words[i]!) && ID_WORDS.has(words[i + 1]!)) return true;
  }
  if (words[words.length - 1] === 'lead') return true;
  if (words.includes('name') && !isGroupName(words)) return true;
  return false;
}

/** The heading as lower-case singular words, exported for the tests and the mapping page's explanations. */
export function headingWords(heading: string): string[] {
  const spaced = normaliseText(heading)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’]s\b/gu, '')
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .toLowerCase();
  return spaced
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .flatMap(splitRunTogether)
    .map(singular);
}

/** "team name", "cost centre name": group words then "name" and nothing else. "family name" alone is a surname. */
function isGroupName(words: readonly string[]): boolean {
  const last = words.length - 1;
  if (last < 1 || words[last] !== 'name') return false;
  const before = words.slice(0, last);
  if (before.length === 1 && before[0] === 'family') return false;
  if (!GROUP_NOUNS.has(before[before.length - 1]!)) return false;
  return before.every((w) => GROUP_NOUNS.has(w) || GROUP_QUALIFIERS.has(w));
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.every((p, j) => words[i + j] === p)) return true;
  }
  return false;
}

function singular(word: string): string {
  if (word.length < 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Splits a token into known words (each optionally plural) when it is made of them entirely; else keeps it. */
function splitRunTogether(token: string): string[] {
  if (KNOWN_WORDS.has(singular(token)) || token.length < 4) return [token];
  // best[i] = a split of token.slice(0, i) into known words, or undefined.
  const best: (string[] | undefined)[] = [[]];
  for (let end = 2; end <= token.length; end++) {
    for (let start = end - 2; start >= 0; start--) {
      const prefix = best[start];
      if (!prefix) continue;
      const part = token.slice(start, end);
      if (KNOWN_WORDS.has(part) || (part.length > 2 && KNOWN_WORDS.has(singular(part)))) {
        best[end] = [...prefix, part];
        break;
      }
    }
  }
  const split = best[token.length];
  return split && split.length > 1 ? split : [token];
}

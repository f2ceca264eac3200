/**
 * Readings of the generic job nouns of office staff lists when nothing more specific matches: "Partnerships
 * Officer", "Platform Lead", "Enablement Manager", "Summer Intern". Staff lists are full of company words
 * the public title lists have never seen, and then the generic noun decides. Learned from O*NET and the ONS
 * index, those nouns take their commonest public reading ("officer" a police officer, "lead" the metal,
 * "intern" a junior doctor, "manager" a leisure-centre manager), which is wrong for nearly every title of
 * this kind on a company's list.
 *
 * So these are the scored coder's head defaults (classification.coder.headDefaults): a title whose other
 * words the models do not know takes its noun's office reading, while a known phrase ("police officer",
 * "medical intern") still decides. The induction also drops the one-word features of these nouns, so its
 * role pairs do not learn the public readings. Codes were chosen from the SOC 2018 and SOC 2020
 * definitions; the UK codes have ASHE pay.
 */

export interface FallbackRule {
  /** Generic nouns, as normalised words. */
  words: string[];
  us: string;
  uk: string;
  name: string;
}

export const FALLBACK_RULES: readonly FallbackRule[] = [
  // Heads of functions and managers of an unnamed area: Managers, All Other; functional managers n.e.c.
  { words: ['head', 'manager', 'director'], us: '11-9199', uk: '1139', name: 'Manager of an Unnamed Function' },
  // A lead or leader runs a team: first-line supervisors of office work; office supervisors.
  { words: ['lead', 'leader'], us: '43-1011', uk: '4142', name: 'Team Leader' },
  // Officers, specialists and advisers of an unnamed business area: business associate professionals n.e.c.
  { words: ['officer', 'specialist', 'advisor', 'adviser'], us: '13-1199', uk: '3549', name: 'Business Officer or Specialist' },
  { words: ['consultant'], us: '13-1111', uk: '2431', name: 'Management Consultant and Business Analyst' },
  { words: ['coordinator', 'assistant', 'intern', 'graduate', 'trainee'], us: '43-9061', uk: '4159', name: 'Administrator' },
  { words: ['agent'], us: '43-4051', uk: '7219', name: 'Customer Service Adviser' },
  { words: ['technician'], us: '17-3029', uk: '3119', name: 'Technician' },
  { words: ['operative'], us: '51-9199', uk: '8149', name: 'Production Operative' },
];

/**
 * Words that only say how senior a job is. Learned alone they took a job of their own ("principal" a head
 * teacher, so "Principal Engineer" was a school head); unlearned, the rest of the title decides.
 */
const SENIORITY_WORDS = ['senior', 'junior', 'principal', 'deputy'];

/** Feature keys the build must not learn: the generic nouns, so that these rules are reached, and seniority words. */
export const FALLBACK_FEATURES: ReadonlySet<string> = new Set(
  [...FALLBACK_RULES.flatMap((r) => r.words), ...SENIORITY_WORDS].flatMap((w) => [`p:${w}`, `h:${w}`]),
);

/** Role names by "US|UK" pair. */
export const FALLBACK_ROLE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  FALLBACK_RULES.map((r) => [`${r.us}|${r.uk}`, r.name]),
);

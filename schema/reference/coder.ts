import { z } from 'zod';
import { label, share, ukSocCode, usSocCode } from './primitives.ts';

/**
 * The scored title coder's knowledge (reference section classification.coder): naive Bayes models learned
 * from coded public title lists, the role nouns and senior heads it reads titles by, the management code of
 * each business function, the ISCO-08 links used to pair US and UK codes, and the calibration table. A
 * dataset pinned to a version codes with that version's knowledge forever; admins edit it through drafts.
 */

const word = z.string().min(1).max(60).regex(/^[\p{Ll}\p{Lo}\p{M}\p{Nd}&+#]+$/u, 'a lower-case word without spaces');

/** ISCO-08 unit (four digits) or minor group (three, where a crosswalk links no finer). */
const iscoCode = z.string().regex(/^\d{3,4}$/, 'an ISCO-08 code has three or four digits');

const storedModel = z.strictObject({
  codes: z.array(z.string().min(1).max(10)).min(1).max(2_000),
  titles: z.array(z.number().int().min(0)),
  /** Feature key → flat [codeIndex, count, …] pairs. */
  features: z.record(z.string().min(3).max(200), z.array(z.number().int().min(0)).min(2).max(4_000)),
});

export const coderSettingsSchema = z.strictObject({
  head: z.number().min(0).max(5),
  word: z.number().min(0).max(5),
  pair: z.number().min(0).max(5),
  seniority: z.number().min(0).max(5),
  /** Weight of a long word's root; versions without it read no roots. */
  root: z.number().min(0).max(5).optional(),
  smoothing: z.number().positive().max(10_000),
  prior: z.number().min(0).max(5),
  temperature: z.number().positive().max(10),
  unitBonus: z.number().min(0).max(20),
  subMajorBonus: z.number().min(0).max(20),
  functionBonus: z.number().min(0).max(20),
  defaultBonus: z.number().min(0).max(20),
  /**
   * Weights of a row's context (workers/classify/context.ts): field words of the professional group, of the
   * unit or department and of the organisation (each times how much the word points to one occupation
   * family), the level a grade names, and the fit of the pay to each occupation's pay table. Versions
   * without them code titles alone.
   */
  contextGroup: z.number().min(0).max(5).optional(),
  contextDivision: z.number().min(0).max(5).optional(),
  contextOrganisation: z.number().min(0).max(5).optional(),
  grade: z.number().min(0).max(5).optional(),
  pay: z.number().min(0).max(5).optional(),
});

export const coderFunctionSchema = z.strictObject({
  name: label,
  words: z.array(word).min(1).max(40),
  us: usSocCode,
  uk: ukSocCode,
});

/** The start of a code ("55-" for US military occupations, "1161" for one UK unit group). */
const codePrefix = z.string().regex(/^\d{1,2}(?:-\d{0,4})?$|^\d{1,4}$/, 'digits, optionally with the US hyphen');

/**
 * Occupation families a title enters only with a word of their context: an "Operations Support Officer"
 * is not a military officer unless the title names the forces; a government "Minister" is not clergy.
 */
export const coderGateSchema = z.strictObject({
  name: label,
  us: z.array(codePrefix).max(20),
  uk: z.array(codePrefix).max(20),
  cues: z.array(word).min(1).max(200),
});

/**
 * How the coder reached a pair, calibrated apart since the paths differ in how often they are right: an
 * index title, a named function of a managing head, a senior head with no function, a generic head's
 * default, the models reading a head word, the models reading words with no head, or one model reading the
 * title and the other side taking its ISCO-08 partners (bridged: the other model knew none of its words).
 */
export const coderPathSchema = z.enum(['index', 'function', 'senior', 'generic', 'head', 'words', 'bridged']);
export type CoderPath = z.infer<typeof coderPathSchema>;

export const coderSchema = z.strictObject({
  settings: coderSettingsSchema,
  roleNouns: z.array(word).max(5_000),
  /** Head words read as another head ("head" of a unit reads as "director"). */
  headAliases: z.record(word, word),
  /** Heads that make a post a management post ("director", "head"). */
  seniorHeads: z.array(word).max(100),
  /**
   * Heads that manage a function without making the post a senior one ("manager"): a named function lifts
   * its US management code ("Communications Manager" → Public Relations Managers). The UK side is left to
   * the models, since SOC 2020 codes most such managers as professionals.
   */
  functionHeads: z.array(word).max(100).optional(),
  functions: z.array(coderFunctionSchema).max(200),
  /**
   * The office reading of a generic head when the rest of the title is unknown to the models ("Onboarding
   * Lead" is a team leader, "Partnerships Officer" a business officer): head → [US code, UK code].
   */
  headDefaults: z.record(word, z.tuple([usSocCode, ukSocCode])),
  /** A senior head naming no function: a general manager of a part of the body. */
  seniorDefault: z.strictObject({ us: usSocCode, uk: ukSocCode }),
  /** A senior head with one of these words ("director general", "chief executive"): the top of a body. */
  seniorTop: z.strictObject({ words: z.array(word).max(20), us: usSocCode, uk: ukSocCode }),
  us: storedModel,
  uk: storedModel,
  isco: z.strictObject({
    us: z.record(usSocCode, z.array(iscoCode).max(20)),
    uk: z.record(ukSocCode, z.array(iscoCode).max(20)),
  }),
  /**
   * Index titles the models alone would code otherwise (cleaned words joined by spaces → [US code or '',
   * UK code or '']): a title found here takes the index's codes, as a coder looks a title up first.
   */
  exact: z.record(z.string().min(1).max(200), z.tuple([z.string().max(7), z.string().max(4)])),
  /**
   * US annual pay by SOC 2018 code, [25th percentile, median, 75th percentile] in dollars (BLS OEWS, May
   * 2024), against which a dollar list's pay is read (UK pay comes from occupations.uk). Older versions have none.
   */
  usPay: z.record(usSocCode, z.tuple([z.number().positive(), z.number().positive(), z.number().positive()])).optional(),
  /**
   * Titles named plainly, as the cleaned words the coder reads ("police officer"): common staff-list titles
   * hand-coded from the catalogues (the build's commonTitles.ts), and US catalogue titles the catalogues give one
   * code that the coder reads as it ("911 operator"), so never sent to review. Older versions have none.
   */
  plainTitles: z.array(z.string().min(1).max(200)).max(20_000).optional(),
  /**
   * Index titles the ONS coding index codes by industry or qualifier (cleaned words → [SOC 2020 code, qualifiers]
   * per entry, '' for the entry with none): read against a row's unit, organisation, professional group and
   * sector, and a title whose entries all need a qualifier is not coded confidently without one. Older versions have none.
   */
  indexQualifiers: z.record(z.string().min(1).max(200), z.array(z.tuple([ukSocCode, z.string().max(160)])).min(2).max(60)).optional(),
  /** Context gates (older versions have none). */
  gates: z.array(coderGateSchema).max(50).optional(),
  /** Raw joint share → calibrated confidence, increasing in both. */
  calibration: z.array(z.tuple([share, share])).max(50),
  /**
   * The same table measured apart for each way the coder reaches a pair that the validation titles hold
   * often enough (coder.ts CoderPath); a path without its own table uses `calibration`. Older versions have none.
   */
  calibrationByPath: z.partialRecord(coderPathSchema, z.array(z.tuple([share, share])).max(50)).optional(),
  /**
   * Highest confidence of a title coded by its head word's ending alone (no word known): that path's
   * measured US major-group accuracy; older versions have none (such titles then get confidence 0).
   */
  endingConfidence: share.optional(),
  /**
   * Raw weight of a reading the row's context chose over the title's own (its share among the readings
   * weighed) → calibrated confidence, measured on hand-labelled real staff rows with their context. Older
   * versions have none (the raw share is then the confidence).
   */
  contextCalibration: z.array(z.tuple([share, share])).max(50).optional(),
  /**
   * The confidence of a reading in context (classify.ts contextConfidence), a logistic regression fitted on
   * hand-labelled real staff rows with their context: log-odds of the US major group being right = intercept +
   * confidence × log-odds of the title's (or the weighing's) own chance + fit × the grade's and pay's fit to the
   * reading's codes (log units, -4 to 0) + moved when the context moved the reading off the title's own + spread
   * × the log of one more than the number of the list's units holding the title (listUnitSpread; versions made
   * before it have no spread). Older versions have none (`contextCalibration` then applies).
   */
  contextModel: z
    .strictObject({
      intercept: z.number().min(-20).max(20),
      confidence: z.number().min(-20).max(20),
      fit: z.number().min(-20).max(20),
      moved: z.number().min(-20).max(20),
      spread: z.number().min(-20).max(20).optional(),
    })
    .optional(),
  /** Confidence given to a curated rule's hit (its measured precision). */
  curatedConfidence: share,
  /**
   * The same measured apart for the roles whose rules real staff titles hit often enough, by the role's
   * subcategory ("Administrator" is right less often than "Finance Manager"); other roles' rules take
   * `curatedConfidence`. Older versions have none.
   */
  curatedConfidenceByRole: z.record(z.string().min(1).max(200), share).optional(),
  /**
   * The confidence, at most, of a curated rule's hit whose US major group the coder's own reading of the title
   * barely holds (under a fifth of its readings' weight: "Laborer" read as a construction laborer by the rule, a
   * material mover about as often by the coder): the measured precision of such hits. Older versions have none.
   */
  curatedDisputedConfidence: share.optional(),
});

export type CoderKnowledge = z.infer<typeof coderSchema>;

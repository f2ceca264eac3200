import { z } from 'zod';
import { guardedText, guardedTextOrNull } from '../../../schema/guardedText.ts';
import { headingLooksPersonal } from '../../../workers/guards/personalHeadings.ts';
import { firstPersonNameInContext, MAX_GROUPINGS } from '../../../workers/guards/personalValues.ts';
import { holdsEmail, normaliseText } from '../../../schema/text.ts';
import { MAX_SCOPE_VALUES, SCOPE_KINDS } from '../../../workers/classify/variants.ts';

export const MAX_ATTRIBUTE_VALUE_LENGTH = 120;
export const MAX_ROWS_PER_CHUNK = 2000;
export const MAX_DATASET_ROWS = 50_000;

// Employee and manager IDs are never emails: an @ once normalised (full-width look-alikes too) refuses the chunk.
const personId = guardedText({ max: 200, noEmail: 'An employee or manager ID may not contain @: IDs are never emails. Map an ID column instead.' });

export const MAX_CONTEXT_LENGTH = 120;

/**
 * A value of the row's coding context (division, organisation, grade, professional group) as the coder and the
 * database read it: normalised, and blank is none. Like an ID it is never an email.
 */
const contextText = (max: number) =>
  guardedTextOrNull({ max, noEmail: 'A unit, organisation, grade or professional group may not contain @: it is never an email. Map the column that holds it instead.' });

/** The row fields the coder reads beside the title; the personal-data guards hold for each (spec, minimisation rules). */
export const CONTEXT_FIELDS = ['division', 'organisation', 'grade', 'group'] as const;
const CONTEXT_FIELD_NAMES: Record<(typeof CONTEXT_FIELDS)[number], string> = {
  division: 'division', organisation: 'organisation', grade: 'grade', group: 'professional group',
};

const MAX_HEADING_LENGTH = 200;

const DISTINCT_HEADINGS = 'Grouping headings must be distinct and filled once normalised (spaces trimmed, invisible characters removed).';

/** A grouping heading as judged on its own: its normalised form, and the refusal it earns whatever the row. */
interface HeadingJudgement {
  key: string;
  refusal: string | null;
}

// Every row repeats the same few grouping headings: each is judged once, not 2,000 times a chunk.
const headingJudgements = new Map<string, HeadingJudgement>();

function judgeHeading(heading: string): HeadingJudgement {
  let judged = headingJudgements.get(heading);
  if (!judged) {
    if (headingJudgements.size > 10_000) headingJudgements.clear();
    const key = normaliseText(heading);
    let refusal: string | null = null;
    if (!key) refusal = DISTINCT_HEADINGS;
    else if (key.length > MAX_HEADING_LENGTH) refusal = `A grouping heading may have at most ${MAX_HEADING_LENGTH} characters.`;
    else if (headingLooksPersonal(key) || holdsEmail(key)) refusal = `The grouping "${key}" looks like personal data; untick it.`;
    headingJudgements.set(heading, (judged = { key, refusal }));
  }
  return judged;
}

const refuseGrouping = (ctx: z.RefinementCtx, heading: string, message: string) => ctx.addIssue({ code: 'custom', path: [heading], message });

/**
 * Client groupings by heading. Headings and values are normalised (a blank value is none), headings must stay
 * distinct once normalised, and neither may name a person or hold an email. The loop makes no function per
 * heading: a row of a 50,000-row list passes here, and each closure cost more than its checks.
 */
const attributes = z
  .record(z.string(), z.union([z.string(), z.number(), z.null()]))
  .nullable()
  .default(null)
  .transform((groups, ctx) => {
    if (!groups) return null;
    const headings = Object.keys(groups);
    if (headings.length > MAX_GROUPINGS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_GROUPINGS} client groupings per dataset.` });
    const kept: Record<string, string | number | null> = {};
    for (const heading of headings) {
      const { key, refusal } = judgeHeading(heading);
      const headingRefusal = key && !(key in kept) ? refusal : DISTINCT_HEADINGS;
      if (headingRefusal) refuseGrouping(ctx, heading, headingRefusal);
      const value = groups[heading]!;
      const text = typeof value === 'string' ? normaliseText(value) : value;
      if (typeof text === 'string' && (holdsEmail(text) || text.length > MAX_ATTRIBUTE_VALUE_LENGTH)) {
        refuseGrouping(ctx, heading, `Grouping values may not contain @ or exceed ${MAX_ATTRIBUTE_VALUE_LENGTH} characters.`);
      }
      kept[key] = text === '' ? null : text;
    }
    return kept;
  });

/**
 * One employee row. FTE is kept to two decimals and a value that rounds to 0 means unknown; a
 * value outside 0 to 1 is left for the database to refuse (400 bad_request, spec: Employee rows).
 */
export const employeeRow = z.strictObject({
  employeeId: personId,
  managerEmployeeId: personId.nullable().default(null),
  title: guardedText({ max: 500 }),
  salary: z.number().finite().nonnegative().max(100_000_000).nullable().default(null),
  fte: z
    .number()
    .finite()
    .nullable()
    .default(null)
    .transform((v) => (v === null ? null : Math.round(v * 100) / 100 || null)),
  location: guardedTextOrNull({ max: 200 }),
  // Division keeps its earlier length limit; the fields added with the coding context take the grouping value's.
  division: contextText(200),
  organisation: contextText(MAX_CONTEXT_LENGTH),
  grade: contextText(MAX_CONTEXT_LENGTH),
  group: contextText(MAX_CONTEXT_LENGTH),
  attributes,
});

const MAX_NAME_LENGTH = 200;
const MAX_EMAIL_LENGTH = 320;

/** Normalised as row values are (an employee ID must match its row's), and blank is no value. */
const normalisedOrNull = (value: string | null | undefined) => (value ? normaliseText(value) || null : null);
/** An email is kept as sent, trimmed: its blind index normalises it on its own (workers/import/managers.ts). */
const trimmedOrNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * People's names and emails, sent only when the store-names-and-emails option is ticked; never in a row.
 * zod checks only their shape and the list is trimmed in one pass; the rules are checked in chunkBody's
 * refinement, in the loop it runs anyway. A chain of zod steps a field cost three times as much.
 */
const identities = z
  .array(z.strictObject({ employeeId: z.string(), name: z.string().nullish(), email: z.string().nullish() }))
  .min(1)
  .max(MAX_ROWS_PER_CHUNK)
  .transform((people) => people.map(({ employeeId, name, email }) => ({ employeeId: normaliseText(employeeId), name: normalisedOrNull(name), email: trimmedOrNull(email) })))
  .meta({
    description: `Each names one employee ID of the chunk, once, with a name (at most ${MAX_NAME_LENGTH} characters), an email (at most ${MAX_EMAIL_LENGTH}) or both; IDs and names are normalised as row values are, emails trimmed, and blank is none.`,
  });

const chunkFields = {
  chunk: z.number().int().min(0).max(MAX_DATASET_ROWS / MAX_ROWS_PER_CHUNK - 1),
  rows: z.array(employeeRow).min(1).max(MAX_ROWS_PER_CHUNK),
  identities: identities.optional(),
};

type ChunkFields = z.infer<z.ZodObject<typeof chunkFields>>;

/** The rules over a chunk's rows and identities together, once each field has its shape. */
function chunkRules(body: ChunkFields, ctx: z.RefinementCtx<ChunkFields>): void {
  // A column of people's names mapped as context is refused where it first shows, by the same rule the browser checks before upload.
  for (const field of CONTEXT_FIELDS) {
    const first = firstPersonNameInContext(body.rows.map((r) => r[field]));
    if (first !== -1) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows', first, field],
        message: `Most values of the ${CONTEXT_FIELD_NAMES[field]} look like people's names, which are never uploaded. Map the column that holds the ${CONTEXT_FIELD_NAMES[field]} instead.`,
      });
    }
  }
  if (!body.identities) return;
  const ids = new Set(body.rows.map((r) => r.employeeId));
  const seen = new Set<string>();
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path: ['identities', ...path], message });
  body.identities.forEach(({ employeeId, name, email }, i) => {
    // Each identity belongs to one of this chunk's people, once.
    if (!ids.has(employeeId) || seen.has(employeeId)) issue([i, 'employeeId'], 'Each identity names one employee ID of this chunk, once.');
    seen.add(employeeId);
    if (name === null && email === null) issue([i], 'An identity needs a name or an email.');
    if (name !== null && name.length > MAX_NAME_LENGTH) issue([i, 'name'], `A name may have at most ${MAX_NAME_LENGTH} characters.`);
    if (email !== null && email.length > MAX_EMAIL_LENGTH) issue([i, 'email'], `An email may have at most ${MAX_EMAIL_LENGTH} characters.`);
  });
}

export const chunkBody = z.strictObject(chunkFields).superRefine(chunkRules);

/**
 * chunkBody in parts, for parseInSlices: the chunk with its rows unchecked, one row, and the rules over the
 * chunk whose rows are checked. Checking 2,000 rows took 20-25 ms of the request thread in one go.
 */
export const chunkBodyParts = {
  envelope: z.strictObject({ ...chunkFields, rows: z.array(z.unknown()).min(1).max(MAX_ROWS_PER_CHUNK) }),
  item: employeeRow,
  list: 'rows',
  rules: z.custom<ChunkFields>().superRefine(chunkRules),
} as const;

const FIELDS = ['employeeId', 'managerEmployeeId', 'managerEmail', 'title', 'salary', 'fte', 'division', 'organisation', 'grade', 'group', 'location', 'grouping'] as const;

/** The home region's key; the currency follows from it (the server never takes a currency on its own). */
const regionKey = z.string().min(1).max(40).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a region key of the reference, such as uk or united-states');

export const settingsBody = z.strictObject({ employerCostMultiplier: z.number().min(1).max(3), region: regionKey.optional() });

const count = z.number().int().min(0).max(200_000);

/** A dataset's name is shown to the model beside its figures (spec: AI data flows), so it never holds an email. */
const datasetName = guardedText({ max: 200, noEmail: true });

export const createDatasetBody = z.strictObject({
  name: datasetName,
  expectedRows: z.number().int().min(1).max(MAX_DATASET_ROWS),
  useAi: z.boolean().default(true),
  withIdentities: z.boolean().default(false),
  settings: settingsBody.partial().default({}),
  /** Header name → the field it was mapped to; only mapped columns are listed. */
  columnMapping: z.record(z.string().max(200), z.enum(FIELDS)).refine((m) => Object.keys(m).length <= 256).nullable().default(null),
  importStats: z
    .strictObject({
      rowsRead: count, implausibleFte: count, skippedNoTitle: count, generatedIds: count, unresolvedManagers: count, unmatchedManagers: count,
      sharedEmails: count, unreadableCells: count,
    })
    .partial()
    .default({}),
});

export const updateDatasetBody = z.union([
  z.strictObject({ name: datasetName }),
  z.strictObject({ settings: settingsBody }),
]);

export const rowsPageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

/** GET /datasets/:id/titles/contexts: the exact title, as the titles list gives it. */
export const titleContextsQuery = z.object({ title: guardedText({ max: 500 }) });

export const classifyBody = z.strictObject({ useAi: z.boolean().optional() });

export const referenceChangeBody = z.strictObject({ version: z.number().int().min(1).optional() });

/** A value of a scope names rows' context, so it follows the context's own rules. */
const scopeValues = z.array(contextText(MAX_CONTEXT_LENGTH).pipe(z.string({ error: 'A scope value may not be blank.' }))).min(1).max(MAX_SCOPE_VALUES);

/**
 * The rows an override is limited to: those whose context of one kind (not pay: the client names no pay band)
 * holds one of the values. Absent or null: the title everywhere.
 */
export const overrideScope = z.strictObject({ kind: z.enum(SCOPE_KINDS), values: scopeValues });

/** Without a role, the server derives one from the codes (CompiledReference.roleForCodes). */
export const putOverrideBody = z
  .strictObject({
    title: guardedText({ max: 500 }),
    usSoc2018: z.string().regex(/^\d{2}-\d{4}$/, 'A US SOC 2018 code looks like 43-3051.'),
    ukSoc2020: z.string().regex(/^\d{4}$/, 'A UK SOC 2020 code looks like 4122.'),
    category: guardedText({ max: 200 }).optional(),
    subcategory: guardedText({ max: 200 }).optional(),
    scope: overrideScope.nullable().optional(),
  })
  .refine((body) => (body.category === undefined) === (body.subcategory === undefined), {
    message: 'Send both category and subcategory, or neither to take the role of the codes.',
    path: ['subcategory'],
  });

/** An override of one scope is named by its kind and values (scopeValue repeated once a value); without them, the title's override everywhere. */
export const deleteOverrideQueryFields = z.object({
  title: guardedText({ max: 500 }),
  scopeKind: z.enum(SCOPE_KINDS).optional(),
  scopeValue: z.union([z.string(), z.array(z.string())]).optional(),
});

export const deleteOverrideQuery = deleteOverrideQueryFields
  .refine((q) => (q.scopeKind === undefined) === (q.scopeValue === undefined), {
    message: 'Send scopeKind with at least one scopeValue, or neither for the override of the title everywhere.',
    path: ['scopeValue'],
  })
  .transform(({ title, scopeKind, scopeValue }, ctx) => {
    if (scopeKind === undefined || scopeValue === undefined) return { title, scope: null };
    const values = scopeValues.safeParse(typeof scopeValue === 'string' ? [scopeValue] : scopeValue);
    if (!values.success) {
      for (const issue of values.error.issues) ctx.addIssue({ code: 'custom', path: ['scopeValue', ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { title, scope: { kind: scopeKind, values: values.data } };
  });

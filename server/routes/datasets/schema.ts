import { z } from 'zod';
import { headingLooksPersonal } from '../../../workers/guards/personalHeadings.ts';
import { firstPersonNameInContext } from '../../../workers/guards/personalValues.ts';
import { MAX_SCOPE_VALUES, SCOPE_KINDS } from '../../../workers/classify/variants.ts';

export const MAX_ATTRIBUTES = 5;
export const MAX_ATTRIBUTE_VALUE_LENGTH = 120;
export const MAX_ROWS_PER_CHUNK = 2000;
export const MAX_DATASET_ROWS = 50_000;

// NFKC changes only non-ASCII text (full-width ＠ and other look-alikes), so pure ASCII skips it:
// it is run on every ID and grouping value of up to 50,000 rows.
const NON_ASCII = /[^\x00-\x7f]/;
const holdsAt = (value: string) => value.includes('@') || (NON_ASCII.test(value) && value.normalize('NFKC').includes('@'));

// Every row repeats the same few grouping headings: each heading is judged once, not 2,000 times a chunk.
const headingVerdicts = new Map<string, boolean>();
function looksPersonal(heading: string): boolean {
  let verdict = headingVerdicts.get(heading);
  if (verdict === undefined) {
    if (headingVerdicts.size > 10_000) headingVerdicts.clear();
    verdict = headingLooksPersonal(heading);
    headingVerdicts.set(heading, verdict);
  }
  return verdict;
}

// Employee and manager IDs are never emails: '@' after NFKC (full-width look-alikes too) refuses the chunk.
const personId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((v) => !holdsAt(v), 'An employee or manager ID may not contain @: IDs are never emails. Map an ID column instead.');

const optionalText = z.string().trim().max(200).nullable().default(null).transform((v) => (v === '' ? null : v));

export const MAX_CONTEXT_LENGTH = 120;
/** Control and format characters (zero-width spaces and joiners, direction marks, soft hyphens): invisible, so never part of a value. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * A value of the row's coding context (division, organisation, grade, professional group) as the coder and the
 * database read it: NFKC, invisible characters removed, spaces collapsed and trimmed; blank is none. Like an
 * ID it is never an email: an @ after NFKC refuses the chunk.
 */
const contextText = (max: number) =>
  z
    .string()
    .nullable()
    .default(null)
    .transform((v) => (v === null ? null : v.normalize('NFKC').replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim() || null))
    .pipe(
      z
        .string()
        .max(max)
        .refine((v) => !v.includes('@'), 'A unit, organisation, grade or professional group may not contain @: it is never an email. Map the column that holds it instead.')
        .nullable(),
    );

/** The row fields the coder reads beside the title; the personal-data guards hold for each (spec, minimisation rules). */
export const CONTEXT_FIELDS = ['division', 'organisation', 'grade', 'group'] as const;
const CONTEXT_FIELD_NAMES: Record<(typeof CONTEXT_FIELDS)[number], string> = {
  division: 'division', organisation: 'organisation', grade: 'grade', group: 'professional group',
};

const attributes = z
  .record(z.string(), z.union([z.string(), z.number(), z.null()]))
  .nullable()
  .default(null)
  .superRefine((groups, ctx) => {
    if (!groups) return;
    const headings = Object.keys(groups);
    if (headings.length > MAX_ATTRIBUTES) ctx.addIssue({ code: 'custom', message: `At most ${MAX_ATTRIBUTES} client groupings per dataset.` });
    const seen = new Set<string>();
    for (const heading of headings) {
      const trimmed = heading.trim();
      if (!trimmed || seen.has(trimmed)) ctx.addIssue({ code: 'custom', path: [heading], message: 'Grouping headings must be distinct after trimming.' });
      seen.add(trimmed);
      if (looksPersonal(trimmed)) {
        ctx.addIssue({ code: 'custom', path: [heading], message: `The grouping "${trimmed}" looks like personal data; untick it.` });
      }
      const value = groups[heading];
      if (typeof value === 'string' && (holdsAt(value) || value.length > MAX_ATTRIBUTE_VALUE_LENGTH)) {
        ctx.addIssue({ code: 'custom', path: [heading], message: `Grouping values may not contain @ or exceed ${MAX_ATTRIBUTE_VALUE_LENGTH} characters.` });
      }
    }
  });

/**
 * One employee row. FTE is kept to two decimals and a value that rounds to 0 means unknown; a
 * value outside 0 to 1 is left for the database to refuse (400 bad_request, spec: Employee rows).
 */
export const employeeRow = z.strictObject({
  employeeId: personId,
  managerEmployeeId: personId.nullable().default(null),
  title: z.string().trim().min(1).max(500),
  salary: z.number().finite().nonnegative().max(100_000_000).nullable().default(null),
  fte: z
    .number()
    .finite()
    .nullable()
    .default(null)
    .transform((v) => (v === null ? null : Math.round(v * 100) / 100 || null)),
  location: optionalText,
  // Division keeps its earlier length limit; the fields added with the coding context take the grouping value's.
  division: contextText(200),
  organisation: contextText(MAX_CONTEXT_LENGTH),
  grade: contextText(MAX_CONTEXT_LENGTH),
  group: contextText(MAX_CONTEXT_LENGTH),
  attributes,
});

const MAX_NAME_LENGTH = 200;
const MAX_EMAIL_LENGTH = 320;

/** Trimmed, and blank is no value. */
const trimmedOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * People's names and emails, sent only when the store-names-and-emails option is ticked; never in a row.
 * zod checks only their shape and the list is trimmed in one pass; the rules are checked in chunkBody's
 * refinement, in the loop it runs anyway. A chain of zod steps a field cost three times as much.
 */
const identities = z
  .array(z.strictObject({ employeeId: z.string(), name: z.string().nullish(), email: z.string().nullish() }))
  .min(1)
  .max(MAX_ROWS_PER_CHUNK)
  .transform((people) => people.map(({ employeeId, name, email }) => ({ employeeId: employeeId.trim(), name: trimmedOrNull(name), email: trimmedOrNull(email) })))
  .meta({
    description: `Each names one employee ID of the chunk, once, with a name (at most ${MAX_NAME_LENGTH} characters), an email (at most ${MAX_EMAIL_LENGTH}) or both; values are trimmed and blank is none.`,
  });

export const chunkBody = z
  .strictObject({
    chunk: z.number().int().min(0).max(MAX_DATASET_ROWS / MAX_ROWS_PER_CHUNK - 1),
    rows: z.array(employeeRow).min(1).max(MAX_ROWS_PER_CHUNK),
    identities: identities.optional(),
  })
  .superRefine((body, ctx) => {
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
  });

const FIELDS = ['employeeId', 'managerEmployeeId', 'managerEmail', 'title', 'salary', 'fte', 'division', 'organisation', 'grade', 'group', 'location', 'grouping'] as const;

/** The home region's key; the currency follows from it (the server never takes a currency on its own). */
const regionKey = z.string().min(1).max(40).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a region key of the reference, such as uk or united-states');

export const settingsBody = z.strictObject({ employerCostMultiplier: z.number().min(1).max(3), region: regionKey.optional() });

const count = z.number().int().min(0).max(200_000);

export const createDatasetBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
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
  z.strictObject({ name: z.string().trim().min(1).max(200) }),
  z.strictObject({ settings: settingsBody }),
]);

export const rowsPageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

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
    title: z.string().trim().min(1).max(500),
    usSoc2018: z.string().regex(/^\d{2}-\d{4}$/, 'A US SOC 2018 code looks like 43-3051.'),
    ukSoc2020: z.string().regex(/^\d{4}$/, 'A UK SOC 2020 code looks like 4122.'),
    category: z.string().trim().min(1).max(200).optional(),
    subcategory: z.string().trim().min(1).max(200).optional(),
    scope: overrideScope.nullable().optional(),
  })
  .refine((body) => (body.category === undefined) === (body.subcategory === undefined), {
    message: 'Send both category and subcategory, or neither to take the role of the codes.',
    path: ['subcategory'],
  });

/** An override of one scope is named by its kind and values (scopeValue repeated once a value); without them, the title's override everywhere. */
export const deleteOverrideQueryFields = z.object({
  title: z.string().trim().min(1).max(500),
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

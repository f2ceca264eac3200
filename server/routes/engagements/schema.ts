import { z } from 'zod';
import { guardedText } from '../../../schema/guardedText.ts';
import { engagementRole } from '../../../schema/roles.ts';
import { REPORT_NOTES_LIMITS as NOTES, termHasFigures, termHasLetter } from '../../../schema/reportNotes.ts';

/** Pack and region ids are lower-case slugs, as in the reference document. */
export const slug = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'Use a lower-case id such as "general" or "financial-services".');
const NAME_LENGTH = 200;
const name = guardedText({ max: NAME_LENGTH, noEmail: true });
const retentionDays = z.number().int().min(1).max(3650);

// Report wording is printed in deliverables, which never hold emails (spec, minimisation rule 8).
const wording = (max: number) => guardedText({ min: 0, max, multiline: true, noEmail: true });

// A swap rewrites wording in reports, never figures: its "from" needs a letter and may not hold digits or money/percent signs.
const swap = z.strictObject({
  from: guardedText({ max: NOTES.termLength, noEmail: true })
    .refine(termHasLetter, 'A term to replace needs at least one letter.')
    .refine((v) => !termHasFigures(v), 'A term to replace may not contain digits or the characters £ $ € %.'),
  to: guardedText({ min: 0, max: NOTES.termLength, noEmail: true }),
});

export const reportNotes = z
  .strictObject({
    sections: z.record(z.string().regex(/^[a-z][a-zA-Z0-9-]{0,40}$/), wording(NOTES.sectionLength)).default({}),
    valueConcentration: wording(NOTES.valueConcentrationLength).optional(),
    terms: z.array(swap).max(NOTES.terms).default([]),
  })
  .nullable();

export const createEngagementBody = z.strictObject({
  name,
  clientId: z.uuid().nullable().optional(),
  pack: slug.default('general'),
  region: slug.nullable().optional(),
  shareClassificationCache: z.boolean().default(true),
  benchmarkParticipation: z.boolean().default(true),
  retentionDays: retentionDays.default(90),
});

export const updateEngagementBody = z
  .strictObject({
    name: name.optional(),
    pack: slug.optional(),
    region: slug.nullable().optional(),
    shareClassificationCache: z.boolean().optional(),
    benchmarkParticipation: z.boolean().optional(),
    retentionDays: retentionDays.optional(),
    reportNotes: reportNotes.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });

/** The engagement's name as typed, compared once both are normalised. */
export const purgeBody = z.strictObject({ confirm: guardedText({ min: 0, max: NAME_LENGTH }) });

export const putMemberBody = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(320),
  role: engagementRole,
  piiAccess: z.boolean().default(false),
});

export const auditPageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

import { z } from 'zod';

// What the reference-data administration routes answer. A draft's data is the reference document as last
// saved: the server checked its shape then, and the editor reads each section by its own form, so the reply
// leaves it an open object (the whole document's schema, schema/reference/, is far larger than a reply check needs).

export const referenceIssue = z
  .object({
    severity: z.enum(['error', 'warning']),
    /** Dot path into the document, e.g. `taxonomy.rules.12.pattern`. */
    path: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ReferenceIssue' });
export type ReferenceIssue = z.infer<typeof referenceIssue>;

export const referenceVersionMeta = z
  .object({ version: z.number().int().min(1), notes: z.string().nullable(), publishedAt: z.string() })
  .meta({ id: 'ReferenceVersionMeta' });
export type ReferenceVersionMeta = z.infer<typeof referenceVersionMeta>;

const draftDates = { basedOn: z.number().int().nullable(), notes: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() };

/** GET /admin/reference: metadata only. */
export const referenceOverviewReply = z.object({
  current: referenceVersionMeta.nullable(),
  draft: z.object(draftDates).nullable(),
  versions: z.array(referenceVersionMeta),
});
export type ReferenceOverview = z.infer<typeof referenceOverviewReply>;

export const referenceDraft = z
  .object({ ...draftDates, data: z.record(z.string(), z.unknown()), issues: z.array(referenceIssue) })
  .meta({ id: 'ReferenceDraft' });
export type ReferenceDraft = z.infer<typeof referenceDraft>;

/** POST and PUT /admin/reference/draft. */
export const referenceDraftReply = z.object({ draft: referenceDraft });
/** GET /admin/reference/draft: null when there is none. */
export const maybeReferenceDraftReply = z.object({ draft: referenceDraft.nullable() });
/** POST /admin/reference/draft/publish: the new version and how many warnings it was published with. */
export const publishReferenceReply = z.object({ version: z.number().int().min(1), warnings: z.number().int().min(0) });
export type PublishedReference = z.infer<typeof publishReferenceReply>;

/**
 * GET /reference/versions/:version: a published version's document, or (administrators) the draft's. The data is
 * left an open object here for the reason the draft's is: it was checked when saved, and the browser reads the
 * sections it needs.
 */
const referenceDocument = z.record(z.string(), z.unknown());
/** A published version, as the browser asks for one by number. */
export const publishedReferenceVersion = referenceVersionMeta.extend({ status: z.literal('published'), data: referenceDocument });
export const referenceVersionReply = z
  .discriminatedUnion('status', [
    publishedReferenceVersion,
    z.object({ version: z.null(), status: z.literal('draft'), notes: z.string().nullable(), publishedAt: z.null(), data: referenceDocument }),
  ])
  .meta({ id: 'ReferenceVersion' });
export type ReferenceVersionReply = z.infer<typeof referenceVersionReply>;

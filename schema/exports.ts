import { z } from 'zod';

/**
 * What the browser reports after generating a deliverable (POST /datasets/:id/exports). Deliverables are made
 * in the browser; the server only records that one was made, so these lists are the whole contract.
 */

/** The file format of an export. */
export const EXPORT_KINDS = ['xlsx', 'csv', 'report'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Which deliverable it is, and the one format each comes in. */
export const EXPORT_ARTEFACTS = {
  'analysis-workbook': 'xlsx',
  titles: 'csv',
  people: 'csv',
  'client-report': 'report',
  'copilot-allocation': 'xlsx',
} as const satisfies Record<string, ExportKind>;
export type ExportArtefact = keyof typeof EXPORT_ARTEFACTS;

/** Only the Copilot allocation workbook may carry names and emails (spec: personal-data rule 8). */
export const NAMED_ARTEFACTS: readonly ExportArtefact[] = ['copilot-allocation'];

export const exportRecordBody = z
  .strictObject({
    kind: z.enum(EXPORT_KINDS),
    artefact: z.enum(Object.keys(EXPORT_ARTEFACTS) as [ExportArtefact, ...ExportArtefact[]]),
    /** Whether the file holds names or emails. */
    named: z.boolean(),
    /** Whether the user ticked client grouping values into this export. */
    groupings: z.boolean().default(false),
    /** Data rows in the file, when it has rows. */
    rows: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((body) => EXPORT_ARTEFACTS[body.artefact] === body.kind, {
    path: ['kind'],
    message: 'That artefact is not made in that format.',
  })
  .refine((body) => !body.named || NAMED_ARTEFACTS.includes(body.artefact), {
    path: ['named'],
    message: 'Only the Copilot allocation workbook may contain names or emails.',
  });

export type ExportRecord = z.infer<typeof exportRecordBody>;

import { z } from 'zod';

// What the dataset routes answer about a dataset itself (see schema/api/engagements.ts for why here). Its
// summary, titles and rows are compute's shapes (workers/) and are typed there.

export const datasetStatus = z.enum(['uploading', 'classifying', 'ready', 'purged']);
export type DatasetStatus = z.infer<typeof datasetStatus>;

/** The counts of the browser's reading of the spreadsheet that the server keeps (workers/import/rows.ts says what each counts). */
export const storedImportStats = z
  .object({
    rowsRead: z.number(),
    implausibleFte: z.number(),
    skippedNoTitle: z.number(),
    generatedIds: z.number(),
    unresolvedManagers: z.number(),
    unmatchedManagers: z.number(),
    sharedEmails: z.number(),
    unreadableCells: z.number(),
  })
  .meta({ id: 'ImportStats' });
export type StoredImportStats = z.infer<typeof storedImportStats>;

/** Home region and its currency are absent for datasets made before lists had them (the baseline, pounds). */
export const datasetSettings = z.object({
  employerCostMultiplier: z.number().optional(),
  region: z.string().optional(),
  currency: z.string().optional(),
});
export type DatasetSettings = z.infer<typeof datasetSettings>;

export const dataset = z
  .object({
    id: z.uuid(),
    engagementId: z.uuid(),
    name: z.string(),
    status: datasetStatus,
    referenceVersion: z.number(),
    settings: datasetSettings,
    /** Header name → mapped field, as recorded at creation; offered for reuse on the next import. */
    columnMapping: z.record(z.string(), z.string()).nullable(),
    expectedRows: z.number(),
    uploadedRows: z.number(),
    useAi: z.boolean(),
    withIdentities: z.boolean(),
    headcount: z.number().nullable(),
    /** Annual employer cost once finalised, in the dataset's own currency (settings.currency; pounds when absent). */
    totalCogs: z.number().nullable(),
    duplicateEmployeeIds: z.number(),
    importStats: storedImportStats,
    createdAt: z.string(),
    finalizedAt: z.string().nullable(),
  })
  .meta({ id: 'Dataset' });
export type Dataset = z.infer<typeof dataset>;

export const datasetReply = z.object({ dataset });
export const datasetsReply = z.object({ datasets: z.array(dataset) });

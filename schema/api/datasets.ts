import { z } from 'zod';
import { datasetSummarySchema } from '../datasetSummary.ts';

// What the dataset routes answer (see schema/api/engagements.ts for why here). The titles list's wire shape is
// schema/titlesList.ts; its records, and the rows, are compute's shapes (workers/) and are typed there.

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

/** Title counts by classification source (schema/titlesList.ts names them); `pending` counts titles not yet classified. */
const bySource = z.record(z.string(), z.number().int().min(0));

export const datasetProgress = z.object({ total: z.number().int().min(0), pending: z.number().int().min(0), bySource }).meta({ id: 'DatasetProgress' });
export type DatasetProgress = z.infer<typeof datasetProgress>;

export const datasetWithSummary = dataset
  .extend({ summary: datasetSummarySchema.nullable() })
  .meta({ id: 'DatasetWithSummary', description: 'The dataset with its stored summary (null until it is finalised).' });
export type DatasetWithSummary = z.infer<typeof datasetWithSummary>;

/** GET /datasets/:id: the dataset page. */
export const datasetDetailReply = z.object({ dataset: datasetWithSummary, progress: datasetProgress, latestReferenceVersion: z.number().int().min(1) });
export type DatasetDetail = z.infer<typeof datasetDetailReply>;

/** POST /datasets/:id/rows: a chunk number the server already holds answers duplicate and is harmless. */
export const chunkReply = z.object({ duplicate: z.boolean(), uploadedRows: z.number().int().min(0) });
export type ChunkReply = z.infer<typeof chunkReply>;

/** POST /datasets/:id/complete: the distinct titles grouped, and employee IDs seen more than once. */
export const completeReply = z.object({ titles: z.number().int().min(0), duplicateEmployeeIds: z.number().int().min(0) });
export type CompleteReply = z.infer<typeof completeReply>;

/** POST /datasets/:id/classify: one step's progress; repeat until pending is 0. */
export const classifyReply = datasetProgress
  .extend({ status: datasetStatus, classifiedThisCall: z.number().int().min(0), aiUsed: z.boolean(), aiUnavailableReason: z.string().nullable() })
  .meta({ id: 'ClassifyProgress' });
export type ClassifyProgress = z.infer<typeof classifyReply>;

/** One value of a kind of context a title's rows hold, with the rows holding it (workers/classify/variants.ts scopeChoices). */
const scopeChoice = z.object({ value: z.string(), headcount: z.number().int().min(1) });

/**
 * GET /datasets/:id/titles/contexts: the units, organisations, grades and professional groups a title's rows
 * hold, each most people first and at most 200, so a correction can be limited to some of them.
 */
export const titleContextsReply = z
  .object({
    title: z.string(),
    headcount: z.number().int().min(1),
    choices: z.object({ division: z.array(scopeChoice), organisation: z.array(scopeChoice), grade: z.array(scopeChoice), group: z.array(scopeChoice) }),
  })
  .meta({ id: 'TitleContexts' });
export type TitleContextsReply = z.infer<typeof titleContextsReply>;

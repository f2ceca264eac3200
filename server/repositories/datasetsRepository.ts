import type { EngagementRole } from '../../schema/roles.ts';
import { sql, type RawBuilder } from 'kysely';
import { compiledOnce, readAsIdentified, type Database, type Dialect, type Slot, type Tx } from '../db/connection.ts';
import { bindBool, bindJson, nowIso, readBool, readIso, readIsoOrNull, readJson } from '../db/convert.ts';
import { JOINED_ENGAGEMENT_COLUMNS, readJoinedEngagement, type Engagement } from './engagementsRepository.ts';
import type { Membership } from './membersRepository.ts';
import { callerIdQuery, callerSlots, callerValues, userOfRow, type Credential, type User } from './usersRepository.ts';
import type { ListContext } from '../../workers/classify/context.ts';
import type { DatasetSettings, DatasetStatus, StoredImportStats } from '../../schema/api/datasets.ts';

/** Counts from the browser's reading of the spreadsheet, as the server keeps them. */
export type ImportStats = StoredImportStats;

export const EMPTY_IMPORT_STATS: ImportStats = {
  rowsRead: 0, implausibleFte: 0, skippedNoTitle: 0, generatedIds: 0, unresolvedManagers: 0, unmatchedManagers: 0, sharedEmails: 0, unreadableCells: 0,
};

export type { DatasetStatus };

export interface Dataset {
  id: string;
  engagementId: string;
  name: string;
  status: DatasetStatus;
  referenceVersion: number;
  settings: DatasetSettings;
  columnMapping: Record<string, string> | null;
  expectedRows: number;
  uploadedRows: number;
  useAi: boolean;
  withIdentities: boolean;
  headcount: number | null;
  totalCogs: number | null;
  summary: Record<string, unknown> | null;
  duplicateEmployeeIds: number;
  importStats: ImportStats;
  createdBy: string;
  createdAt: string;
  finalizedAt: string | null;
  /** One more on every change a reader can see (its row, its titles, its rows): what the replies' ETags say. */
  version: number;
}

const columns = [
  'id', 'engagement_id', 'name', 'status', 'reference_version', 'settings', 'column_mapping', 'expected_rows',
  'uploaded_rows', 'use_ai', 'with_identities', 'headcount', 'total_cogs', 'summary', 'duplicate_employee_ids', 'import_stats',
  'created_by', 'created_at', 'finalized_at', 'version',
] as const;

function toDataset(r: Record<(typeof columns)[number], unknown>): Dataset {
  return { ...toDatasetWithoutSummary(r), summary: r.summary === null ? null : readJson(r.summary) };
}

function toDatasetWithoutSummary(r: Record<(typeof columns)[number], unknown>): Omit<Dataset, 'summary'> {
  return {
    id: r.id as string,
    engagementId: r.engagement_id as string,
    name: r.name as string,
    status: r.status as DatasetStatus,
    // Older datasets without a pinned version read as version 1 (spec: Versioning 2).
    referenceVersion: r.reference_version === null ? 1 : Number(r.reference_version),
    settings: readJson(r.settings),
    columnMapping: r.column_mapping === null ? null : readJson(r.column_mapping),
    expectedRows: Number(r.expected_rows),
    uploadedRows: Number(r.uploaded_rows),
    useAi: readBool(r.use_ai),
    withIdentities: readBool(r.with_identities),
    headcount: r.headcount === null ? null : Number(r.headcount),
    totalCogs: r.total_cogs === null ? null : Number(r.total_cogs),
    duplicateEmployeeIds: Number(r.duplicate_employee_ids),
    importStats: r.import_stats === null ? EMPTY_IMPORT_STATS : { ...EMPTY_IMPORT_STATS, ...readJson<Partial<ImportStats>>(r.import_stats) },
    createdBy: r.created_by as string,
    createdAt: readIso(r.created_at),
    finalizedAt: readIsoOrNull(r.finalized_at),
    version: Number(r.version),
  };
}

export interface NewDataset {
  id: string;
  engagementId: string;
  name: string;
  referenceVersion: number;
  settings: Record<string, unknown>;
  columnMapping: Record<string, string> | null;
  expectedRows: number;
  useAi: boolean;
  withIdentities: boolean;
  importStats: ImportStats;
  createdBy: string;
}

export async function insertDataset(tx: Tx, d: NewDataset): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('datasets')
    .values({
      id: d.id, engagement_id: d.engagementId, name: d.name, status: 'uploading', reference_version: d.referenceVersion,
      settings: bindJson(d.settings), column_mapping: d.columnMapping ? bindJson(d.columnMapping) : null,
      expected_rows: d.expectedRows, uploaded_rows: 0, use_ai: bindBool(d.useAi), with_identities: bindBool(d.withIdentities),
      duplicate_employee_ids: 0, import_stats: bindJson(d.importStats), created_by: d.createdBy, created_at: now, updated_at: now,
    } as never)
    .execute();
}

export async function findDataset(tx: Tx, id: string): Promise<Dataset | null> {
  const row = await tx.selectFrom('datasets').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toDataset(row as never) : null;
}

export interface DatasetForReader {
  dataset: Omit<Dataset, 'summary'>;
  /** The summary as the database holds it: JSON text (on Postgres jsonb's spaced form), for a response to carry without parsing it. */
  summaryJson: string | null;
  /** The dataset's engagement; null when the reader cannot see it. */
  engagement: Engagement | null;
  /** The reader's membership of the dataset's engagement; null when not a member. */
  membership: Membership | null;
}

// Fixed SQL text: built through the query builder, this read's forty-odd selections cost more to compile
// than to run (every dataset request makes it). Postgres hands jsonb back parsed unless asked for its text.
const READER_COLUMNS = sql.raw(
  [...columns.filter((c) => c !== 'summary').map((c) => `d.${c}`), JOINED_ENGAGEMENT_COLUMNS, 'm.role as member_role', 'm.pii_access as member_pii'].join(', '),
);
const SUMMARY_TEXT = { postgres: sql.raw('d.summary::text as summary'), sqlite: sql.raw('d.summary') };

/** The reader's row of a dataset, its engagement and membership, with `more` selected beside them in the same statement. */
async function readerRow(tx: Tx, id: string, userId: string, dialect: Dialect, more: RawBuilder<unknown> = sql``): Promise<Record<string, unknown> | undefined> {
  const {
    rows: [row],
  } = await sql<Record<string, unknown>>`select ${READER_COLUMNS}, ${SUMMARY_TEXT[dialect]}${more} from datasets d
    left join engagements e on e.id = d.engagement_id
    left join engagement_members m on m.engagement_id = d.engagement_id and m.user_id = ${userId}
    where d.id = ${id}`.execute(tx);
  return row;
}

/** A dataset, its engagement and the reader's membership of it in one read (every dataset request starts here). */
export async function findDatasetForReader(tx: Tx, id: string, userId: string, dialect: Dialect): Promise<DatasetForReader | null> {
  const row = await readerRow(tx, id, userId, dialect);
  return row ? toDatasetForReader(row) : null;
}

function toDatasetForReader(row: Record<string, unknown>): DatasetForReader {
  return {
    dataset: toDatasetWithoutSummary(row as never),
    summaryJson: (row.summary as string | null) ?? null,
    engagement: readJoinedEngagement(row),
    membership: row.member_role === null ? null : { role: row.member_role as EngagementRole, piiAccess: readBool(row.member_pii) },
  };
}

/**
 * findDatasetForReader with the engagement's wrapped data key (null once destroyed), for a chunk with
 * names and emails: its sealing starts once this one read has checked access, not after a second read.
 */
export async function findDatasetWithWrappedKey(tx: Tx, id: string, userId: string, dialect: Dialect): Promise<(DatasetForReader & { wrappedDataKey: string | null }) | null> {
  const row = await readerRow(tx, id, userId, dialect, sql`, e.dek_wrapped`);
  return row ? { ...toDatasetForReader(row), wrappedDataKey: (row.dek_wrapped as string | null) ?? null } : null;
}

export interface DatasetPageForReader extends DatasetForReader {
  /** The dataset's titles counted per source, sources in the database's grouping order. */
  titlesBySource: Record<string, number>;
  /** The newest published reference version; null when none is published. */
  latestReferenceVersion: number | null;
}

// The dataset page's counts as JSON text from a subquery, so the page is one statement.
const TITLES_BY_SOURCE = {
  postgres: sql.raw(`(select json_object_agg(t.source, t.n)::text from (select source, count(*) as n from dataset_titles where dataset_id = d.id group by source) t) as titles_by_source`),
  sqlite: sql.raw(`(select json_group_object(t.source, t.n) from (select source, count(*) as n from dataset_titles where dataset_id = d.id group by source) t) as titles_by_source`),
};

/** findDatasetForReader with the page's title counts and the newest published reference version, in the same statement. */
export async function findDatasetPageForReader(tx: Tx, id: string, userId: string, dialect: Dialect): Promise<DatasetPageForReader | null> {
  const row = await readerRow(
    tx,
    id,
    userId,
    dialect,
    sql`, ${TITLES_BY_SOURCE[dialect]}, (select max(version) from reference_versions where status = 'published') as latest_reference_version`,
  );
  if (!row) return null;
  const found = toDatasetForReader(row);
  // jsonb's text form spaces its items ({"a": 1}); the page carries the summary as JSON.stringify writes it.
  if (dialect === 'postgres' && found.summaryJson !== null) found.summaryJson = JSON.stringify(JSON.parse(found.summaryJson));
  return {
    ...found,
    titlesBySource: row.titles_by_source === null ? {} : readJson<Record<string, number>>(row.titles_by_source),
    latestReferenceVersion: row.latest_reference_version === null ? null : Number(row.latest_reference_version),
  };
}

/** A change to a dataset's titles: its readers' copies of the page and titles are out of date. */
export async function raiseDatasetVersion(tx: Tx, id: string): Promise<void> {
  await tx.updateTable('datasets').set({ version: NEXT_VERSION } as never).where('id', '=', id).execute();
}

export interface DatasetVersionForReader {
  version: number;
  /** The newest published reference version (the dataset page names it); null when none is published. */
  latestReferenceVersion: number | null;
  member: boolean;
}

/**
 * Only what a revalidation needs: the dataset's version, the newest published reference version, and whether
 * the reader may see the dataset (its membership: see VERSION_COLUMNS).
 */
export async function findDatasetVersionForReader(tx: Tx, id: string, userId: string): Promise<DatasetVersionForReader | null> {
  const {
    rows: [row],
  } = await sql<Record<string, unknown>>`select ${VERSION_COLUMNS}
    from datasets d
    left join engagement_members m on m.engagement_id = d.engagement_id and m.user_id = ${userId}
    where d.id = ${id}`.execute(tx);
  return row ? toVersionForReader(row) : null;
}

/**
 * findDatasetVersionForReader for a caller not yet identified: the user the credential names and the version as
 * they may see it, in one statement (one round trip on Postgres, readAsIdentified); null when the credential
 * names nobody, `version` null when there is no such dataset.
 */
export async function findCallerAndDatasetVersion(
  database: Database,
  credential: Credential,
  id: string,
): Promise<{ user: User; version: DatasetVersionForReader | null } | null> {
  const kind = 'email' in credential ? 'email' : 'session';
  const values = { ...callerValues(credential), id };
  const callerId = (slot: Slot) => callerIdQuery(database, callerSlots(credential, slot));
  const [row] = await readAsIdentified(
    database,
    compiledOnce(database, `caller by ${kind}`, callerId, values),
    compiledOnce(
      database,
      `dataset version by ${kind}`,
      (slot) => sql<Record<string, unknown>>`select u.id, u.email, u.name, u.role, u.active, u.created_at, ${VERSION_COLUMNS}
      from users u
      left join datasets d on d.id = ${slot('id')}
      left join engagement_members m on m.engagement_id = d.engagement_id and m.user_id = u.id
      where u.id = (${callerId(slot)})`,
      values,
    ),
  );
  if (!row) return null;
  return { user: userOfRow(row), version: row.version === null ? null : toVersionForReader(row) };
}

// The version, whether the reader is a member, and the newest published reference version. Membership is all
// the reader's access to the dataset: the engagement is not joined, as a dataset's engagement always exists (a
// foreign key) and on Postgres a member sees it by the same policy test that shows them their membership row
// (app_is_member). Joining it ran that policy's two helpers for nothing: a quarter of the database's work for
// the dataset page's version check.
const VERSION_COLUMNS = sql`d.version, m.role as member_role,
  (select max(version) from reference_versions where status = 'published') as latest_reference_version`;

function toVersionForReader(row: Record<string, unknown>): DatasetVersionForReader {
  return {
    version: Number(row.version),
    latestReferenceVersion: row.latest_reference_version === null ? null : Number(row.latest_reference_version),
    member: row.member_role !== null,
  };
}

export async function listDatasets(tx: Tx, engagementId: string): Promise<Dataset[]> {
  const rows = await tx.selectFrom('datasets').select(columns).where('engagement_id', '=', engagementId).orderBy('created_at', 'desc').execute();
  return rows.map((r) => toDataset(r as never));
}

export async function listDatasetsWithStatus(tx: Tx, engagementId: string, status: DatasetStatus): Promise<Dataset[]> {
  const rows = await tx.selectFrom('datasets').select(columns).where('engagement_id', '=', engagementId).where('status', '=', status).execute();
  return rows.map((r) => toDataset(r as never));
}

export interface DatasetPatch {
  name?: string;
  status?: DatasetStatus;
  settings?: Record<string, unknown>;
  referenceVersion?: number;
  headcount?: number;
  totalCogs?: number;
  summary?: Record<string, unknown>;
  duplicateEmployeeIds?: number;
  finalizedAt?: string;
}

/** Raises a dataset's version: what its readers see has changed. */
export const NEXT_VERSION = sql`version + 1`;

export async function updateDataset(tx: Tx, id: string, patch: DatasetPatch): Promise<void> {
  const values: Record<string, unknown> = { updated_at: nowIso(), version: NEXT_VERSION };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.settings !== undefined) values.settings = bindJson(patch.settings);
  if (patch.referenceVersion !== undefined) values.reference_version = patch.referenceVersion;
  if (patch.headcount !== undefined) values.headcount = patch.headcount;
  if (patch.totalCogs !== undefined) values.total_cogs = patch.totalCogs;
  if (patch.summary !== undefined) values.summary = bindJson(patch.summary);
  if (patch.duplicateEmployeeIds !== undefined) values.duplicate_employee_ids = patch.duplicateEmployeeIds;
  if (patch.finalizedAt !== undefined) values.finalized_at = patch.finalizedAt;
  await tx.updateTable('datasets').set(values as never).where('id', '=', id).execute();
}

/** The list's coding context stored on the dataset, or null before its first classify step. */
export async function readCodingContext(tx: Tx, id: string): Promise<ListContext | null> {
  const row = await tx.selectFrom('datasets').select('coding_context').where('id', '=', id).executeTakeFirst();
  return row?.coding_context ? readJson<ListContext>(row.coding_context) : null;
}

export async function storeCodingContext(tx: Tx, id: string, context: ListContext): Promise<void> {
  await tx.updateTable('datasets').set({ coding_context: bindJson(context) } as never).where('id', '=', id).execute();
}

/**
 * Adds a chunk's rows to the count only while the total stays within expected_rows; the
 * condition sits in the UPDATE itself so parallel chunks cannot overshoot together.
 */
/** The dataset's new uploaded count; null (nothing changed) when the rows would pass expected_rows. */
export async function addUploadedRows(tx: Tx, id: string, count: number): Promise<number | null> {
  const row = await tx
    .updateTable('datasets')
    .set({ uploaded_rows: sql`uploaded_rows + ${count}`, updated_at: nowIso(), version: NEXT_VERSION } as never)
    .where('id', '=', id)
    .where(sql<boolean>`uploaded_rows + ${count} <= expected_rows`)
    .returning('uploaded_rows')
    .executeTakeFirst();
  return row ? Number(row.uploaded_rows) : null;
}

export async function deleteDataset(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('datasets').where('id', '=', id).execute();
}

export async function deleteAiOutputs(tx: Tx, datasetId: string): Promise<void> {
  await tx.deleteFrom('ai_outputs').where('dataset_id', '=', datasetId).execute();
}

export interface ReadyDatasetListing {
  id: string;
  name: string;
  engagementId: string;
  engagementName: string;
  headcount: number | null;
  finalizedAt: string | null;
}

/** Ready datasets across every engagement the caller can read, most recently finalised first. */
export async function listReadyDatasets(tx: Tx, limit: number): Promise<ReadyDatasetListing[]> {
  const rows = await tx
    .selectFrom('datasets as d')
    .innerJoin('engagements as e', 'e.id', 'd.engagement_id')
    .select(['d.id', 'd.name', 'd.engagement_id', 'e.name as engagement_name', 'd.headcount', 'd.finalized_at'])
    .where('d.status', '=', 'ready')
    .orderBy('d.finalized_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id as string,
    name: r.name as string,
    engagementId: r.engagement_id as string,
    engagementName: r.engagement_name as string,
    headcount: r.headcount === null ? null : Number(r.headcount),
    finalizedAt: readIsoOrNull(r.finalized_at),
  }));
}

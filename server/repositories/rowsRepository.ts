import { sql } from 'kysely';
import { sqliteHandle, yieldToRequests, type Dialect, type Tx } from '../db/connection.ts';
import { bindJson, nowIso, readJson } from '../db/convert.ts';
import type { RowContext } from '../../workers/classify/context.ts';
import type { ScoringRow } from '../../workers/scoring/index.ts';

export const CHUNK_SIZE = 2000;

/** A stored row: what scoring reads, plus the client groupings scoring never sees. */
export interface EmployeeRowInput extends ScoringRow {
  organisation: string | null;
  grade: string | null;
  group: string | null;
  attributes: Record<string, string | number | null> | null;
}

export interface StoredRow extends EmployeeRowInput {
  rowNo: number;
}

/** Registers a chunk number once; false when it was already stored (a repeated upload). */
export async function registerChunk(tx: Tx, datasetId: string, engagementId: string, chunk: number, rowCount: number): Promise<boolean> {
  const result = await tx
    .insertInto('upload_chunks')
    .values({ dataset_id: datasetId, engagement_id: engagementId, chunk, row_count: rowCount, created_at: nowIso() } as never)
    .onConflict((oc) => oc.columns(['dataset_id', 'chunk']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

const INSERT_ROW = `insert into employee_rows (dataset_id, engagement_id, row_no, employee_id, manager_employee_id, title, salary, fte, location, division,
    organisation, grade, professional_group, attributes)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * Inserts a chunk's rows at row_no = chunk × 2000 + index. On Postgres one statement binds a
 * column array each (unnest), far cheaper than 22,000 scalar parameters. On SQLite one row
 * statement, prepared once (the connection's statement cache), runs per row: building and preparing
 * a 22,000-parameter statement through Kysely cost more than the inserts themselves.
 */
export async function insertRows(tx: Tx, dialect: Dialect, datasetId: string, engagementId: string, chunk: number, rows: EmployeeRowInput[]): Promise<void> {
  if (rows.length === 0) return;
  const base = chunk * CHUNK_SIZE;
  if (dialect === 'postgres') {
    await sql`insert into employee_rows (dataset_id, engagement_id, row_no, employee_id, manager_employee_id, title, salary, fte, location, division,
        organisation, grade, professional_group, attributes)
      select ${datasetId}::uuid, ${engagementId}::uuid, r.* from unnest(
        ${rows.map((_, i) => base + i)}::int[], ${rows.map((r) => r.employeeId)}::text[], ${rows.map((r) => r.managerEmployeeId)}::text[],
        ${rows.map((r) => r.title)}::text[], ${rows.map((r) => r.salary)}::float8[], ${rows.map((r) => r.fte)}::float8[],
        ${rows.map((r) => r.location)}::text[], ${rows.map((r) => r.division)}::text[], ${rows.map((r) => r.organisation)}::text[],
        ${rows.map((r) => r.grade)}::text[], ${rows.map((r) => r.group)}::text[],
        ${rows.map((r) => (r.attributes ? bindJson(r.attributes) : null))}::jsonb[]) as r`.execute(tx);
    return;
  }
  const insert = sqliteHandle(tx).prepare(INSERT_ROW);
  for (let i = 0; i < rows.length; i += 1) {
    // A chunk's 2,000 inserts run on this thread: reads waiting meanwhile run every 500.
    if (i > 0 && i % 500 === 0) await yieldToRequests();
    const r = rows[i];
    insert.run(
      datasetId, engagementId, base + i, r.employeeId, r.managerEmployeeId, r.title, r.salary, r.fte, r.location, r.division,
      r.organisation, r.grade, r.group, r.attributes ? bindJson(r.attributes) : null,
    );
  }
}

// The reply's rows share the field mapping; the last field is assigned, not spread, which would copy every field again.
function toStoredRow(r: Record<string, unknown>): StoredRow {
  const row = toStoredRowWithoutAttributes(r) as StoredRow;
  row.attributes = r.attributes === null ? null : readJson(r.attributes);
  return row;
}

function toStoredRowWithoutAttributes(r: Record<string, unknown>): Omit<StoredRow, 'attributes'> {
  const context = toTitleContext(r);
  return {
    rowNo: Number(r.row_no),
    employeeId: r.employee_id as string,
    managerEmployeeId: (r.manager_employee_id as string | null) ?? null,
    title: context.title,
    salary: context.salary,
    fte: r.fte === null ? null : Number(r.fte),
    location: (r.location as string | null) ?? null,
    division: context.division,
    organisation: context.organisation,
    grade: context.grade,
    group: context.group,
  };
}

/** A row's title and coding context as stored (the professional group's column is professional_group). */
function toTitleContext(r: Record<string, unknown>): TitleRowContext {
  return {
    title: r.title as string,
    division: (r.division as string | null) ?? null,
    organisation: (r.organisation as string | null) ?? null,
    grade: (r.grade as string | null) ?? null,
    group: (r.professional_group as string | null) ?? null,
    salary: r.salary === null ? null : Number(r.salary),
  };
}

const scoringColumns = [
  'row_no', 'employee_id', 'manager_employee_id', 'title', 'salary', 'fte', 'location', 'division', 'organisation', 'grade', 'professional_group',
] as const;
const rowColumns = [...scoringColumns, 'attributes'] as const;

/** A stored row with its groupings as the JSON text SQLite stores ('null' when it has none), for a reply to carry. */
export interface RowWithAttributesText extends Omit<StoredRow, 'attributes'> {
  attributesJson: string;
}

/**
 * A page of rows in upload order for the rows reply. SQLite holds the groupings as the text JSON.stringify
 * wrote, which the reply carries as it is; Postgres hands jsonb back parsed, so there they come parsed.
 */
export type RowsForReply = { dialect: 'sqlite'; rows: RowWithAttributesText[] } | { dialect: 'postgres'; rows: StoredRow[] };

export async function readRowsPage(tx: Tx, dialect: Dialect, datasetId: string, offset: number, limit: number): Promise<RowsForReply> {
  const rows = await tx.selectFrom('employee_rows').select(rowColumns).where('dataset_id', '=', datasetId).orderBy('row_no').offset(offset).limit(limit).execute();
  if (dialect === 'postgres') return { dialect, rows: rows.map((r) => toStoredRow(r as never)) };
  return {
    dialect,
    rows: rows.map((r) => {
      const row = toStoredRowWithoutAttributes(r) as RowWithAttributesText;
      row.attributesJson = (r.attributes as string | null) ?? 'null';
      return row;
    }),
  };
}

export async function readAllRows(tx: Tx, datasetId: string): Promise<StoredRow[]> {
  const rows = await tx.selectFrom('employee_rows').select(rowColumns).where('dataset_id', '=', datasetId).orderBy('row_no').execute();
  return rows.map((r) => toStoredRow(r as never));
}

/**
 * Every row as scoring reads it, in upload order. Without the client groupings: scoring never reads them, and
 * parsing their JSON for every row was a large share of finalise's read.
 */
export async function readScoringRows(tx: Tx, datasetId: string): Promise<ScoringRow[]> {
  const rows = await tx.selectFrom('employee_rows').select(scoringColumns).where('dataset_id', '=', datasetId).orderBy('row_no').execute();
  return rows.map((r) => toStoredRowWithoutAttributes(r as never));
}

/** A row's title and what the coder reads beside it. */
export interface TitleRowContext extends RowContext {
  title: string;
  division: string | null;
  organisation: string | null;
  grade: string | null;
  group: string | null;
  salary: number | null;
}

const CONTEXT_COLUMNS = ['title', 'division', 'organisation', 'grade', 'professional_group', 'salary'] as const;

/**
 * Titles a statement of readTitleContexts names, well under either backend's limits. Each statement reads through
 * all of the dataset's rows (none are indexed by title), so a classify step's 600 titles are read in one pass.
 */
const TITLES_PER_STATEMENT = 1000;

/**
 * The coding context of every row holding one of `titles` (every row when null), in upload order: what the
 * coder reads per context of a title.
 */
export async function readTitleContexts(tx: Tx, datasetId: string, titles: readonly string[] | null): Promise<TitleRowContext[]> {
  const query = () => tx.selectFrom('employee_rows').select(CONTEXT_COLUMNS).where('dataset_id', '=', datasetId);
  if (titles === null) return (await query().orderBy('row_no').execute()).map(toTitleContext);
  const out: TitleRowContext[] = [];
  for (let i = 0; i < titles.length; i += TITLES_PER_STATEMENT) {
    if (i > 0) await yieldToRequests();
    const rows = await query().where('title', 'in', titles.slice(i, i + TITLES_PER_STATEMENT)).orderBy('row_no').execute();
    for (const r of rows) out.push(toTitleContext(r));
  }
  return out;
}

/** Exact titles with their headcount, for the title list made at complete. */
/**
 * Each distinct title with its headcount, and the number of rows whose employee ID repeats an earlier one. On
 * Postgres two aggregates. On SQLite the rows are read a page at a time in row order and counted here, with
 * waiting requests let run between pages: each aggregate over 50,000 rows held SQLite's one thread, and every
 * read behind it, for 35-80 ms (measured while bench:load's uploads completed).
 */
export async function titleHeadcountsAndDuplicates(
  tx: Tx,
  dialect: Dialect,
  datasetId: string,
): Promise<{ titles: { title: string; headcount: number }[]; duplicateEmployeeIds: number }> {
  if (dialect === 'postgres') {
    const titles = await tx
      .selectFrom('employee_rows')
      .select(['title', sql<number>`count(*)`.as('headcount')])
      .where('dataset_id', '=', datasetId)
      .groupBy('title')
      .execute();
    const row = await tx
      .selectFrom('employee_rows')
      .select(sql<number>`count(*) - count(distinct employee_id)`.as('n'))
      .where('dataset_id', '=', datasetId)
      .executeTakeFirstOrThrow();
    return { titles: titles.map((r) => ({ title: r.title as string, headcount: Number(r.headcount) })), duplicateEmployeeIds: Number(row.n) };
  }
  const headcounts = new Map<string, number>();
  const employeeIds = new Set<string>();
  let rowCount = 0;
  for (let after = -1; ; ) {
    const rows = await tx
      .selectFrom('employee_rows')
      .select(['row_no', 'title', 'employee_id'])
      .where('dataset_id', '=', datasetId)
      .where('row_no', '>', after)
      .orderBy('row_no')
      .limit(ROWS_PAGE)
      .execute();
    for (const r of rows) {
      headcounts.set(r.title as string, (headcounts.get(r.title as string) ?? 0) + 1);
      employeeIds.add(r.employee_id as string);
    }
    rowCount += rows.length;
    if (rows.length < ROWS_PAGE) break;
    after = Number(rows[rows.length - 1]!.row_no);
    await yieldToRequests();
  }
  // In SQLite's GROUP BY order (the titles' text), as the one aggregate gave them.
  const titles = [...headcounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([title, headcount]) => ({ title, headcount }));
  return { titles, duplicateEmployeeIds: rowCount - employeeIds.size };
}

/** Rows read at a time by the reads over a whole dataset that let waiting requests run between pages. */
const ROWS_PAGE = 5000;

/**
 * Each stored groupings record of a dataset's rows, read a page of rows at a time in row order, with waiting
 * requests let run between pages: read and parsed in one go, 50,000 rows held SQLite's one thread for tens of
 * milliseconds, and every read behind them.
 */
export async function forEachAttributes(tx: Tx, datasetId: string, fn: (attributes: Record<string, unknown>) => void): Promise<void> {
  for (let after = -1; ; ) {
    const rows = await tx
      .selectFrom('employee_rows')
      .select(['row_no', 'attributes'])
      .where('dataset_id', '=', datasetId)
      .where('row_no', '>', after)
      .orderBy('row_no')
      .limit(ROWS_PAGE)
      .execute();
    for (const r of rows) if (r.attributes !== null) fn(readJson<Record<string, unknown>>(r.attributes));
    if (rows.length < ROWS_PAGE) return;
    after = Number(rows[rows.length - 1]!.row_no);
    await yieldToRequests();
  }
}

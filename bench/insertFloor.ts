/**
 * The floor a pipeline is measured against: the same rows inserted straight into the same database,
 * with nothing in between (no HTTP, JSON or validation), in one transaction. SQLite: one prepared
 * row statement, as the server's own insert now runs. PostgreSQL: the server's unnest statement per
 * 2,000 rows, sent with pg directly.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { sqliteFilePath } from '../server/db/connection.ts';
import type { GeneratedRow } from './staffListGenerator.ts';

const CHUNK = 2000;
const attributes = (r: GeneratedRow) => (r.attributes ? JSON.stringify(r.attributes) : null);

export function sqliteInsertFloor(dataDir: string, datasetId: string, engagementId: string, rows: GeneratedRow[]): number {
  const file = new SqliteDatabase(sqliteFilePath(dataDir));
  try {
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('busy_timeout = 5000');
    const insert = file.prepare(`insert into employee_rows (dataset_id, engagement_id, row_no, employee_id, manager_employee_id, title, salary, fte, location, division, attributes)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const started = performance.now();
    file.transaction(() => {
      rows.forEach((r, i) => insert.run(datasetId, engagementId, i, r.employeeId, r.managerEmployeeId, r.title, r.salary, r.fte, r.location, r.division, attributes(r)));
    })();
    return (performance.now() - started) / 1000;
  } finally {
    file.close();
  }
}

export async function postgresInsertFloor(databaseUrl: string, datasetId: string, engagementId: string, rows: GeneratedRow[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    for (let base = 0; base < rows.length; base += CHUNK) {
      const part = rows.slice(base, base + CHUNK);
      await client.query(
        `insert into employee_rows (dataset_id, engagement_id, row_no, employee_id, manager_employee_id, title, salary, fte, location, division, attributes)
         select $1::uuid, $2::uuid, r.* from unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::text[], $10::text[], $11::jsonb[]) as r`,
        [datasetId, engagementId, part.map((_, i) => base + i), part.map((r) => r.employeeId), part.map((r) => r.managerEmployeeId), part.map((r) => r.title),
          part.map((r) => r.salary), part.map((r) => r.fte), part.map((r) => r.location), part.map((r) => r.division), part.map(attributes)],
      );
    }
    await client.query('commit');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

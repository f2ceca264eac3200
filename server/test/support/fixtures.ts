import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { asOwner, type Database } from '../../db/connection.ts';

/**
 * Row data for an engagement, written straight into the database as the owner: the dataset
 * pipeline's own endpoints arrive later, and purge must clear whatever they will write.
 */
export async function insertDatasetWithRows(database: Database, engagementId: string, createdBy: string, summary: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await asOwner(database, async (tx) => {
    await sql`insert into datasets (id, engagement_id, name, status, reference_version, settings, expected_rows, uploaded_rows, use_ai, with_identities, headcount, total_cogs, summary, created_by, created_at, updated_at, finalized_at)
      values (${id}, ${engagementId}, ${'Staff list'}, ${'ready'}, ${1}, ${'{}'}, ${2}, ${2}, ${1}, ${1}, ${2}, ${100000}, ${JSON.stringify(summary)}, ${createdBy}, ${now}, ${now}, ${now})`.execute(tx);
    await sql`insert into upload_chunks (dataset_id, engagement_id, chunk, row_count, created_at) values (${id}, ${engagementId}, ${0}, ${2}, ${now})`.execute(tx);
    for (const [rowNo, employeeId] of ['E1', 'E2'].entries()) {
      await sql`insert into employee_rows (dataset_id, engagement_id, row_no, employee_id, manager_employee_id, title, salary, fte)
        values (${id}, ${engagementId}, ${rowNo}, ${employeeId}, ${rowNo === 0 ? null : 'E1'}, ${'Payroll Clerk'}, ${50000}, ${1})`.execute(tx);
      await sql`insert into employee_identities (dataset_id, engagement_id, employee_id, name_enc, email_enc, email_hash, created_at)
        values (${id}, ${engagementId}, ${employeeId}, ${'ciphertext-name'}, ${'ciphertext-email'}, ${'hash'}, ${now})`.execute(tx);
    }
    await sql`insert into dataset_titles (dataset_id, engagement_id, title, normalised, headcount, source, review_required, updated_at)
      values (${id}, ${engagementId}, ${'Payroll Clerk'}, ${'payroll clerk'}, ${2}, ${'pending'}, ${0}, ${now})`.execute(tx);
    await sql`insert into copilot_plans (id, dataset_id, engagement_id, name, config, created_by, created_at, updated_at)
      values (${randomUUID()}, ${id}, ${engagementId}, ${'Plan'}, ${'{}'}, ${createdBy}, ${now}, ${now})`.execute(tx);
  });
  return id;
}

/** Counts rows of an engagement per table, as the owner. */
export async function countEngagementRows(database: Database, engagementId: string): Promise<Record<string, number>> {
  const tables = ['employee_rows', 'employee_identities', 'dataset_titles', 'upload_chunks', 'copilot_plans', 'overrides', 'datasets'];
  const counts: Record<string, number> = {};
  await asOwner(database, async (tx) => {
    for (const table of tables) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where engagement_id = ${engagementId}`.execute(tx);
      counts[table] = Number(rows[0].n);
    }
  });
  return counts;
}

/** Moves an engagement's close date into the past, as if it had been closed days ago. */
export async function backdateClose(database: Database, engagementId: string, daysAgo: number): Promise<void> {
  const closedAt = new Date(Date.now() - daysAgo * 24 * 3600_000).toISOString();
  await asOwner(database, (tx) => sql`update engagements set closed_at = ${closedAt} where id = ${engagementId}`.execute(tx));
}

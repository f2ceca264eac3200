import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB, MemberRole } from '../tables.ts';

/** Valid rows with defaults, so each test changes only the field whose rule it proves. */
type Db = Kysely<DB>;

export async function addUser(db: Db, fields: Partial<Insertable<DB['users']>> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await db.insertInto('users').values({ id, email: `${id}@example.org`, name: 'Test user', role: 'user', ...fields }).execute();
  return id;
}

export async function addEngagement(db: Db, createdBy: string, fields: Partial<Insertable<DB['engagements']>> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await db.insertInto('engagements').values({ id, name: 'Engagement', created_by: createdBy, ...fields }).execute();
  return id;
}

export async function addMember(db: Db, engagementId: string, userId: string, role: MemberRole, piiAccess: 0 | 1 = 0): Promise<void> {
  await db.insertInto('engagement_members').values({ engagement_id: engagementId, user_id: userId, role, pii_access: piiAccess }).execute();
}

export async function addDataset(db: Db, engagementId: string, createdBy: string, fields: Partial<Insertable<DB['datasets']>> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await db
    .insertInto('datasets')
    .values({ id, engagement_id: engagementId, name: 'Staff list', settings: '{}', expected_rows: 10, use_ai: 1, created_by: createdBy, ...fields })
    .execute();
  return id;
}

/** A dataset that went through upload and classification: all rows in, summary stored. */
export async function addReadyDataset(db: Db, engagementId: string, createdBy: string, fields: Partial<Insertable<DB['datasets']>> = {}): Promise<string> {
  return addDataset(db, engagementId, createdBy, {
    status: 'ready',
    expected_rows: 2,
    uploaded_rows: 2,
    summary: JSON.stringify({ headcount: 2 }),
    finalized_at: new Date().toISOString(),
    ...fields,
  });
}

export function employeeRow(datasetId: string, engagementId: string, rowNo: number, fields: Partial<Insertable<DB['employee_rows']>> = {}): Insertable<DB['employee_rows']> {
  return { dataset_id: datasetId, engagement_id: engagementId, row_no: rowNo, employee_id: `row-${rowNo + 1}`, title: 'Analyst', salary: 40000, fte: 1, ...fields };
}

export async function addRows(db: Db, datasetId: string, engagementId: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => employeeRow(datasetId, engagementId, i));
  for (let start = 0; start < rows.length; start += 500) {
    await db.insertInto('employee_rows').values(rows.slice(start, start + 500)).execute();
  }
}

export async function addAudit(db: Db, fields: Partial<Insertable<DB['audit_events']>> = {}): Promise<void> {
  await db.insertInto('audit_events').values({ actor: null, action: 'engagement_updated', details: '{}', ...fields }).execute();
}

export function referenceVersion(fields: Partial<Insertable<DB['reference_versions']>> = {}): Insertable<DB['reference_versions']> {
  return { id: randomUUID(), status: 'draft', data: '{"schemaVersion":1}', ...fields };
}

export function promptVersion(fields: Partial<Insertable<DB['prompt_versions']>> = {}): Insertable<DB['prompt_versions']> {
  return { id: randomUUID(), key: 'classifier', status: 'draft', system: 'System text', template: 'Classify {{titles}}', temperature: 0.1, max_output_tokens: 16384, ...fields };
}

export function published(version: number) {
  return { status: 'published' as const, version, published_at: new Date().toISOString() };
}

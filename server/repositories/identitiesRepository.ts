import { sql } from 'kysely';
import { isPostgres } from '../../schema/db/dialect.ts';
import type { SealedRowsJson } from '../crypto/identityCipher.ts';
import { sqliteHandle, type Dialect, type Tx } from '../db/connection.ts';
import { nowIso } from '../db/convert.ts';

/**
 * One person's stored identity, never clear text: the sealed record (format i2) or, in rows stored before
 * it, one ciphertext per field (format i1).
 */
export interface StoredIdentity {
  employeeId: string;
  identityEnc: string | null;
  nameEnc: string | null;
  emailEnc: string | null;
}

export async function readWrappedDataKey(tx: Tx, engagementId: string): Promise<string | null> {
  const row = await tx.selectFrom('engagements').select('dek_wrapped').where('id', '=', engagementId).executeTakeFirst();
  return row?.dek_wrapped ?? null;
}

const INSERT_PEOPLE = `insert into employee_identities (dataset_id, engagement_id, employee_id, identity_enc, email_hash, created_at)
  select ?, ?, value ->> 0, value ->> 1, value ->> 2, ? from json_each(jsonb(?))`;

/**
 * A chunk's sealed identities, part by part, each part one statement that reads its people from the JSON
 * text the sealing thread wrote, parsed once into the binary JSON form (as text, each element is parsed again
 * for each of its three ->>). On SQLite that takes about half the time of binding six values a person, ten
 * people a statement; on Postgres the driver sends one string instead of escaping three arrays of 2,000.
 */
export async function insertIdentities(tx: Tx, dialect: Dialect, datasetId: string, engagementId: string, parts: SealedRowsJson[]): Promise<void> {
  const now = nowIso();
  for (const part of parts) {
    if (dialect === 'postgres') {
      await sql`insert into employee_identities (dataset_id, engagement_id, employee_id, identity_enc, email_hash, created_at)
        select ${datasetId}::uuid, ${engagementId}::uuid, p ->> 0, p ->> 1, p ->> 2, ${now}::timestamptz from jsonb_array_elements(${part}::jsonb) as p`.execute(tx);
    } else {
      sqliteHandle(tx).prepare(INSERT_PEOPLE).run(datasetId, engagementId, now, part);
    }
  }
}

/** Every identity of a dataset, in employee order (a dataset holds at most 50,000), as reveal opens them. */
export function listIdentities(tx: Tx, datasetId: string): Promise<StoredIdentity[]> {
  return tx
    .selectFrom('employee_identities')
    .select(['employee_id as employeeId', 'identity_enc as identityEnc', 'name_enc as nameEnc', 'email_enc as emailEnc'])
    .where('dataset_id', '=', datasetId)
    .orderBy('employee_id')
    .execute();
}

/** Blind index → the employee IDs holding that email (two people may share one). */
export async function emailIndex(tx: Tx, datasetId: string): Promise<Map<string, string[]>> {
  const rows = await tx
    .selectFrom('employee_identities')
    .select(['employee_id', 'email_hash'])
    .where('dataset_id', '=', datasetId)
    .where('email_hash', 'is not', null)
    .execute();
  const index = new Map<string, string[]>();
  for (const { employee_id, email_hash } of rows) {
    const holders = index.get(email_hash!);
    if (holders) holders.push(employee_id);
    else index.set(email_hash!, [employee_id]);
  }
  return index;
}

/**
 * Purge's deletion of an engagement's identities, dataset by dataset through the primary key (migration 0012
 * dropped the engagement_id index). The application role may not delete them directly unless it has PII
 * access (migration 0007), so a lead's purge on Postgres goes through app_purge_identities, which deletes
 * the same way; the owner's retention job deletes under its maintenance policy.
 */
export async function deleteEngagementIdentities(tx: Tx, engagementId: string, as: 'lead' | 'owner'): Promise<void> {
  if (as === 'lead' && isPostgres(tx)) {
    await sql`select app_purge_identities(${engagementId}::uuid)`.execute(tx);
    return;
  }
  await tx
    .deleteFrom('employee_identities')
    .where('dataset_id', 'in', (eb) => eb.selectFrom('datasets').select('id').where('engagement_id', '=', engagementId))
    .execute();
}

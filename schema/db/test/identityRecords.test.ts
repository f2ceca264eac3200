import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../tables.ts';
import { BACKENDS, openAt, type Backend } from './backends.ts';
import { REFUSED, refusalCode } from './errors.ts';
import { addDataset, addEngagement, addUser } from './fixtures.ts';

/**
 * Migration 0013: identities sealed as one record (identity_enc) beside the rows stored one ciphertext per
 * field before it. The database is built to 0012, given a row of the earlier form, then migrated.
 */
describe.each(BACKENDS)('identity records (migration 0013) on %s', (backend: Backend) => {
  const refused = REFUSED[backend];
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  let engagementId: string;
  let datasetId: string;
  const earlier = { employee_id: 'E1', name_enc: 'i1.name', email_enc: 'i1.email', email_hash: 'hash-1' };
  const identity = (employeeId: string, fields: Partial<Record<'identity_enc' | 'name_enc' | 'email_enc' | 'email_hash', string | null>>) =>
    db.insertInto('employee_identities').values({ dataset_id: datasetId, engagement_id: engagementId, employee_id: employeeId, ...fields }).execute();
  const stored = (employeeId: string) =>
    db.selectFrom('employee_identities').select(['identity_enc', 'name_enc', 'email_enc', 'email_hash']).where('dataset_id', '=', datasetId).where('employee_id', '=', employeeId).executeTakeFirst();

  beforeAll(async () => {
    const opened = await openAt(backend, '0012_identity_purge_by_dataset');
    ({ db, close } = opened);
    const userId = await addUser(db);
    engagementId = await addEngagement(db, userId);
    datasetId = await addDataset(db, engagementId, userId, { with_identities: 1 });
    await identity(earlier.employee_id, earlier);
    expect(await opened.migrateTo('0013_identity_records')).toEqual(['0013_identity_records']);
  });
  afterAll(() => close?.());

  it('keeps a row stored one ciphertext per field as it was', async () => {
    expect(await stored('E1')).toEqual({ identity_enc: null, name_enc: 'i1.name', email_enc: 'i1.email', email_hash: 'hash-1' });
  });

  it('accepts a record with the blind index of its email, and a record of a person without an email', async () => {
    await identity('E2', { identity_enc: 'i2.record', email_hash: 'hash-2' });
    await identity('E3', { identity_enc: 'i2.record-without-email' });
    expect(await stored('E2')).toEqual({ identity_enc: 'i2.record', name_enc: null, email_enc: null, email_hash: 'hash-2' });
  });

  it('refuses a record beside a ciphertext of a single field', async () => {
    expect(await refusalCode(identity('E4', { identity_enc: 'i2.record', name_enc: 'i1.name' }))).toBe(refused.check);
    expect(await refusalCode(identity('E4', { identity_enc: 'i2.record', email_enc: 'i1.email', email_hash: 'hash-4' }))).toBe(refused.check);
  });

  it('still refuses a field-form row whose email has no blind index, or whose blind index has no email', async () => {
    expect(await refusalCode(identity('E5', { name_enc: 'i1.name', email_enc: 'i1.email' }))).toBe(refused.check);
    expect(await refusalCode(identity('E5', { name_enc: 'i1.name', email_hash: 'hash-5' }))).toBe(refused.check);
  });

  it('refuses an empty record', async () => {
    expect(await refusalCode(identity('E6', { identity_enc: '' }))).toBe(refused.check);
  });

  it('keeps the dataset key: a second row for the same employee is refused, and deleting the dataset deletes its identities', async () => {
    expect(await refusalCode(identity('E2', { identity_enc: 'i2.again' }))).toBe(refused.primaryKey);
    await db.deleteFrom('datasets').where('id', '=', datasetId).execute();
    expect(await db.selectFrom('employee_identities').select('employee_id').execute()).toEqual([]);
  });
});

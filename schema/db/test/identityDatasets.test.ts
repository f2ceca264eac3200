import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../tables.ts';
import { asUser } from './asUser.ts';
import { BACKENDS, openMigrated, type Backend, type TestDatabase } from './backends.ts';
import { REFUSED, refusalCode } from './errors.ts';
import { addDataset, addEngagement, addMember, addUser } from './fixtures.ts';

/**
 * An identity belongs to a dataset of its engagement and goes with it: the composite foreign key on SQLite,
 * the statement triggers of migration 0014 on Postgres, with the same refusals and deletions.
 */
describe.each(BACKENDS)('identities tied to their dataset on %s', (backend: Backend) => {
  const refused = REFUSED[backend];
  let database: TestDatabase;
  let userId: string;
  let engagementId: string;
  const db = () => database.db;
  const identity = (datasetId: string, engagement: string, employeeId: string) => ({
    dataset_id: datasetId, engagement_id: engagement, employee_id: employeeId, identity_enc: 'i2.record', email_hash: `h-${employeeId}`,
  });
  const identitiesOf = async (datasetId: string, on: Kysely<DB> = db()) =>
    (await on.selectFrom('employee_identities').select('employee_id').where('dataset_id', '=', datasetId).orderBy('employee_id').execute()).map((r) => r.employee_id);

  beforeAll(async () => {
    database = await openMigrated(backend);
    userId = await addUser(db());
    engagementId = await addEngagement(db(), userId);
  });
  afterAll(() => database?.close());

  it('refuses identities of a dataset that does not exist, or of a dataset of another engagement', async () => {
    const datasetId = await addDataset(db(), engagementId, userId, { with_identities: 1 });
    const otherEngagement = await addEngagement(db(), userId);
    const missing = db().insertInto('employee_identities').values(identity(crypto.randomUUID(), engagementId, 'E1')).execute();
    expect(await refusalCode(missing)).toBe(refused.foreignKey);
    const elsewhere = db().insertInto('employee_identities').values([identity(datasetId, engagementId, 'E1'), identity(datasetId, otherEngagement, 'E2')]).execute();
    expect(await refusalCode(elsewhere)).toBe(refused.foreignKey);
    expect(await identitiesOf(datasetId)).toEqual([]);
  });

  it('refuses moving identities to another engagement than their dataset’s', async () => {
    const datasetId = await addDataset(db(), engagementId, userId, { with_identities: 1 });
    const otherEngagement = await addEngagement(db(), userId);
    await db().insertInto('employee_identities').values(identity(datasetId, engagementId, 'E1')).execute();
    const moved = db().updateTable('employee_identities').set({ engagement_id: otherEngagement }).where('dataset_id', '=', datasetId).execute();
    expect(await refusalCode(moved)).toBe(refused.foreignKey);
  });

  it('deletes a dataset’s identities with the dataset, and an engagement’s with the engagement', async () => {
    const engagement = await addEngagement(db(), userId);
    const [first, second, kept] = [await addDataset(db(), engagement, userId), await addDataset(db(), engagement, userId), await addDataset(db(), engagementId, userId)];
    for (const datasetId of [first, second]) await db().insertInto('employee_identities').values(identity(datasetId, engagement, 'E1')).execute();
    await db().insertInto('employee_identities').values(identity(kept, engagementId, 'E1')).execute();
    await db().deleteFrom('datasets').where('id', '=', first).execute();
    expect(await identitiesOf(first)).toEqual([]);
    expect(await identitiesOf(second)).toEqual(['E1']);
    await db().deleteFrom('engagements').where('id', '=', engagement).execute();
    expect(await identitiesOf(second)).toEqual([]);
    expect(await identitiesOf(kept)).toEqual(['E1']);
  });

  it('refuses a new id for a dataset holding identities', async () => {
    const datasetId = await addDataset(db(), engagementId, userId);
    await db().insertInto('employee_identities').values(identity(datasetId, engagementId, 'E1')).execute();
    const rekeyed = db().updateTable('datasets').set({ id: crypto.randomUUID() }).where('id', '=', datasetId).execute();
    expect(await refusalCode(rekeyed)).toBe(refused.foreignKey);
  });

  if (backend !== 'postgres') return;

  it('as the application role: stores the identities of a member with PII access, and a writer without it deleting the dataset deletes them', async () => {
    const [withPii, withoutPii] = [await addUser(db()), await addUser(db())];
    await addMember(db(), engagementId, withPii, 'analyst', 1);
    await addMember(db(), engagementId, withoutPii, 'lead');
    const datasetId = await addDataset(db(), engagementId, userId, { with_identities: 1 });
    const actAs = (trx: Kysely<DB>, user: string) => sql`SELECT set_config('app.user_id', ${user}, true)`.execute(trx);
    const [stored, left] = await asUser(db(), withPii, async (trx) => {
      await trx.insertInto('employee_identities').values([identity(datasetId, engagementId, 'E1'), identity(datasetId, engagementId, 'E2')]).execute();
      const stored = await identitiesOf(datasetId, trx);
      await actAs(trx, withoutPii);
      await trx.deleteFrom('datasets').where('id', '=', datasetId).execute();
      await actAs(trx, withPii);
      return [stored, await identitiesOf(datasetId, trx)];
    });
    expect(stored).toEqual(['E1', 'E2']);
    expect(left).toEqual([]);
  });

  it('deletes identities stored while their dataset was being deleted: the delete waits for them, then takes them', async () => {
    const datasetId = await addDataset(db(), engagementId, userId, { with_identities: 1 });
    const inserting = await db().startTransaction().execute();
    await inserting.insertInto('employee_identities').values(identity(datasetId, engagementId, 'E1')).execute();
    const deleting = db().deleteFrom('datasets').where('id', '=', datasetId).execute();
    // The delete waits on the dataset's key-share lock until the insert commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await inserting.commit().execute();
    await deleting;
    expect(await identitiesOf(datasetId)).toEqual([]);
  });

  it('refuses identities of a dataset deleted meanwhile, once that delete commits', async () => {
    const datasetId = await addDataset(db(), engagementId, userId, { with_identities: 1 });
    const deleting = await db().startTransaction().execute();
    await deleting.deleteFrom('datasets').where('id', '=', datasetId).execute();
    // Its refusal is caught from the start: it can arrive before the delete's commit reply does.
    const inserting = refusalCode(db().insertInto('employee_identities').values(identity(datasetId, engagementId, 'E1')).execute());
    await new Promise((resolve) => setTimeout(resolve, 200));
    await deleting.commit().execute();
    expect(await inserting).toBe(refused.foreignKey);
  });
});


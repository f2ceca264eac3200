import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_PII_REFUSAL } from '../migrations/0002-row-security/functions.ts';
import { asUser } from './asUser.ts';
import { openMigrated, type TestDatabase } from './backends.ts';
import { INSUFFICIENT_PRIVILEGE, refusal, refusalCode } from './errors.ts';
import { addAudit, addDataset, addEngagement, addMember, addReadyDataset, addRows, addUser } from './fixtures.ts';

/**
 * Postgres as the second wall: every query here runs as the application role with app.user_id
 * set, inside a transaction that is rolled back. The data is seeded by the (superuser) owner.
 */
describe('row-level security on Postgres', () => {
  let database: TestDatabase;
  const ids = {} as Record<'admin' | 'alice' | 'bob' | 'vic' | 'carol' | 'dave' | 'engagementA' | 'engagementB' | 'datasetA' | 'datasetB', string>;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openMigrated('postgres');
    const seed = database.db;
    ids.admin = await addUser(seed, { role: 'admin' });
    for (const name of ['alice', 'bob', 'vic', 'carol', 'dave'] as const) ids[name] = await addUser(seed);
    ids.engagementA = await addEngagement(seed, ids.alice);
    await addMember(seed, ids.engagementA, ids.alice, 'lead', 1);
    await addMember(seed, ids.engagementA, ids.bob, 'analyst');
    await addMember(seed, ids.engagementA, ids.vic, 'viewer');
    ids.engagementB = await addEngagement(seed, ids.carol);
    await addMember(seed, ids.engagementB, ids.carol, 'lead');
    ids.datasetA = await addReadyDataset(seed, ids.engagementA, ids.alice, { expected_rows: 5, uploaded_rows: 5 });
    ids.datasetB = await addReadyDataset(seed, ids.engagementB, ids.carol, { expected_rows: 3, uploaded_rows: 3 });
    await addRows(seed, ids.datasetA, ids.engagementA, 5);
    await addRows(seed, ids.datasetB, ids.engagementB, 3);
    await seed
      .insertInto('employee_identities')
      .values([
        { dataset_id: ids.datasetA, engagement_id: ids.engagementA, employee_id: 'row-1', name_enc: 'n1', email_enc: 'e1', email_hash: 'h1' },
        { dataset_id: ids.datasetA, engagement_id: ids.engagementA, employee_id: 'row-2', name_enc: 'n2', email_enc: null, email_hash: null },
      ])
      .execute();
    await addAudit(seed, { actor: ids.alice, action: 'dataset_created', engagement_id: ids.engagementA, dataset_id: ids.datasetA });
    await addAudit(seed, { actor: ids.carol, action: 'dataset_created', engagement_id: ids.engagementB, dataset_id: ids.datasetB });
    await addAudit(seed, { actor: ids.admin, action: 'user_created' });
  });
  afterAll(() => database?.close());

  async function visible(userId: string) {
    return asUser(db(), userId, async (trx) => ({
      engagements: (await trx.selectFrom('engagements').select('id').execute()).map((r) => r.id).sort(),
      datasets: (await trx.selectFrom('datasets').select('id').execute()).map((r) => r.id).sort(),
      rows: (await trx.selectFrom('employee_rows').select('row_no').execute()).length,
      audit: (await trx.selectFrom('audit_events').select('action').execute()).length,
    }));
  }

  describe('visibility', () => {
    it('shows a user on no engagement nothing of anyone else’s engagements', async () => {
      expect(await visible(ids.dave)).toEqual({ engagements: [], datasets: [], rows: 0, audit: 0 });
    });

    it('shows a member of another engagement only that engagement', async () => {
      expect(await visible(ids.carol)).toEqual({ engagements: [ids.engagementB], datasets: [ids.datasetB], rows: 3, audit: 1 });
    });

    it('shows an analyst their engagement, datasets and rows but not its audit trail', async () => {
      expect(await visible(ids.bob)).toEqual({ engagements: [ids.engagementA], datasets: [ids.datasetA], rows: 5, audit: 0 });
    });

    it('shows a lead their engagement’s audit trail and no other', async () => {
      const actions = await asUser(db(), ids.alice, (trx) => trx.selectFrom('audit_events').select(['engagement_id']).execute());
      expect(actions).toEqual([{ engagement_id: ids.engagementA }]);
    });

    it('shows an admin every engagement, dataset and audit row but no employee rows of engagements they are not on', async () => {
      expect(await visible(ids.admin)).toEqual({
        engagements: [ids.engagementA, ids.engagementB].sort(),
        datasets: [ids.datasetA, ids.datasetB].sort(),
        rows: 0,
        audit: 3,
      });
    });

    it('shows nothing when no user is set', async () => {
      expect(await visible('')).toEqual({ engagements: [], datasets: [], rows: 0, audit: 0 });
    });

    it('shows a deactivated member nothing of their engagement', async () => {
      await db().updateTable('users').set({ active: 0 }).where('id', '=', ids.vic).execute();
      try {
        expect(await visible(ids.vic)).toEqual({ engagements: [], datasets: [], rows: 0, audit: 0 });
      } finally {
        await db().updateTable('users').set({ active: 1 }).where('id', '=', ids.vic).execute();
      }
    });

    it('shows identities to members with PII access only, not to a lead or admin without it', async () => {
      const count = (userId: string) =>
        asUser(db(), userId, async (trx) => (await trx.selectFrom('employee_identities').select('employee_id').execute()).length);
      expect({ alice: await count(ids.alice), bob: await count(ids.bob), vic: await count(ids.vic), admin: await count(ids.admin) }).toEqual({
        alice: 2,
        bob: 0,
        vic: 0,
        admin: 0,
      });
    });
  });

  describe('audit trail', () => {
    it('refuses to update an audit row', async () => {
      const update = asUser(db(), ids.alice, (trx) => trx.updateTable('audit_events').set({ details: '{}' }).execute());
      expect(await refusalCode(update)).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('refuses to delete an audit row', async () => {
      const remove = asUser(db(), ids.admin, (trx) => trx.deleteFrom('audit_events').execute());
      expect(await refusalCode(remove)).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('refuses an audit row whose actor is someone else', async () => {
      const insert = asUser(db(), ids.bob, (trx) => addAudit(trx, { actor: ids.alice, action: 'export_generated', engagement_id: ids.engagementA }));
      expect(await refusalCode(insert)).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('refuses an audit row without an actor', async () => {
      const insert = asUser(db(), ids.bob, (trx) => addAudit(trx, { actor: null, action: 'export_generated' }));
      expect(await refusalCode(insert)).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('records an audit row whose actor is the current user, time included', async () => {
      const inserted = asUser(db(), ids.vic, (trx) =>
        addAudit(trx, { actor: ids.vic, action: 'export_generated', engagement_id: ids.engagementA, at: new Date().toISOString() }),
      );
      await expect(inserted).resolves.toBeUndefined();
    });
  });

  describe('PII access', () => {
    it('refuses a lead turning on their own PII access', async () => {
      const update = asUser(db(), ids.carol, (trx) =>
        trx.updateTable('engagement_members').set({ pii_access: 1 }).where('engagement_id', '=', ids.engagementB).where('user_id', '=', ids.carol).execute(),
      );
      expect(await refusal(update)).toEqual({ code: INSUFFICIENT_PRIVILEGE, message: OWN_PII_REFUSAL });
    });

    it('lets a lead turn on someone else’s PII access', async () => {
      const updated = await asUser(db(), ids.alice, (trx) =>
        trx.updateTable('engagement_members').set({ pii_access: 1 }).where('engagement_id', '=', ids.engagementA).where('user_id', '=', ids.bob).executeTakeFirst(),
      );
      expect(Number(updated.numUpdatedRows)).toBe(1);
    });

    it('lets a lead keep the PII access they already hold', async () => {
      const updated = await asUser(db(), ids.alice, (trx) =>
        trx.updateTable('engagement_members').set({ pii_access: 1, role: 'lead' }).where('engagement_id', '=', ids.engagementA).where('user_id', '=', ids.alice).executeTakeFirst(),
      );
      expect(Number(updated.numUpdatedRows)).toBe(1);
    });

    it('lets the creator of a new engagement become its first member, lead with PII access', async () => {
      const seen = await asUser(db(), ids.dave, async (trx) => {
        const created = await trx
          .insertInto('engagements')
          .values({ id: crypto.randomUUID(), name: 'New engagement', created_by: ids.dave })
          .returning('id')
          .executeTakeFirstOrThrow();
        await addMember(trx, created.id, ids.dave, 'lead', 1);
        return trx.selectFrom('engagement_members').select(['role', 'pii_access']).where('engagement_id', '=', created.id).execute();
      });
      expect(seen).toEqual([{ role: 'lead', pii_access: true }]);
    });

    it('refuses a second self-made membership once the engagement is staffed', async () => {
      const attempt = asUser(db(), ids.dave, async (trx) => {
        const engagementId = await addEngagement(trx, ids.dave);
        await addMember(trx, engagementId, ids.dave, 'lead', 0);
        await trx.updateTable('engagement_members').set({ pii_access: 1 }).where('engagement_id', '=', engagementId).execute();
      });
      expect(await refusal(attempt)).toEqual({ code: INSUFFICIENT_PRIVILEGE, message: OWN_PII_REFUSAL });
    });
  });

  describe('writes', () => {
    it('refuses an engagement created on someone else’s behalf', async () => {
      expect(await refusalCode(asUser(db(), ids.dave, (trx) => addEngagement(trx, ids.alice)))).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('refuses membership rows from anyone but a lead or the creator of an unstaffed engagement', async () => {
      const byAnalyst = asUser(db(), ids.bob, (trx) => addMember(trx, ids.engagementA, ids.dave, 'viewer'));
      const byOutsider = asUser(db(), ids.dave, (trx) => addMember(trx, ids.engagementA, ids.dave, 'lead'));
      expect([await refusalCode(byAnalyst), await refusalCode(byOutsider)]).toEqual([INSUFFICIENT_PRIVILEGE, INSUFFICIENT_PRIVILEGE]);
    });

    it('refuses a dataset from a viewer', async () => {
      expect(await refusalCode(asUser(db(), ids.vic, (trx) => addDataset(trx, ids.engagementA, ids.vic)))).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('refuses a dataset with identities from a member without PII access', async () => {
      const insert = asUser(db(), ids.bob, (trx) => addDataset(trx, ids.engagementA, ids.bob, { with_identities: 1 }));
      expect(await refusalCode(insert)).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('refuses to switch a dataset’s AI choice (no privilege on use_ai)', async () => {
      const update = asUser(db(), ids.alice, (trx) => trx.updateTable('datasets').set({ use_ai: 1 } as never).where('id', '=', ids.datasetA).execute());
      expect(await refusalCode(update)).toBe(INSUFFICIENT_PRIVILEGE);
    });

    it('changes nothing in another engagement', async () => {
      const updated = await asUser(db(), ids.carol, (trx) => trx.updateTable('datasets').set({ name: 'Renamed' }).where('id', '=', ids.datasetA).executeTakeFirst());
      expect(Number(updated.numUpdatedRows)).toBe(0);
    });

    it('lets a lead lock their engagement for update', async () => {
      const locked = await asUser(db(), ids.alice, (trx) => trx.selectFrom('engagements').select('id').where('id', '=', ids.engagementA).forUpdate().execute());
      expect(locked).toEqual([{ id: ids.engagementA }]);
    });

    it('lets a lead purge: identities, rows and titles go, datasets and engagement are marked purged', async () => {
      const after = await asUser(db(), ids.alice, async (trx) => {
        for (const table of ['employee_identities', 'employee_rows', 'dataset_titles', 'upload_chunks', 'copilot_plans', 'overrides'] as const) {
          await trx.deleteFrom(table).where('engagement_id', '=', ids.engagementA).execute();
        }
        await trx.updateTable('datasets').set({ status: 'purged' }).where('engagement_id', '=', ids.engagementA).execute();
        const now = new Date().toISOString();
        await trx.updateTable('engagements').set({ status: 'purged', closed_at: now, purged_at: now, dek_wrapped: null, report_notes: null }).where('id', '=', ids.engagementA).execute();
        await addAudit(trx, { actor: ids.alice, action: 'engagement_purged', engagement_id: ids.engagementA });
        return sql<{ identities: number; rows: number; status: string }>`
          SELECT (SELECT count(*)::int FROM employee_identities) AS identities,
                 (SELECT count(*)::int FROM employee_rows) AS rows,
                 (SELECT status FROM engagements WHERE id = ${ids.engagementA}) AS status`.execute(trx);
      });
      expect(after.rows).toEqual([{ identities: 0, rows: 0, status: 'purged' }]);
    });

    it('lets an admin delete an engagement they are not on', async () => {
      const deleted = await asUser(db(), ids.admin, (trx) => trx.deleteFrom('engagements').where('id', '=', ids.engagementB).executeTakeFirst());
      expect(Number(deleted.numDeletedRows)).toBe(1);
    });

    it('refuses an engagement deletion from its own lead', async () => {
      const deleted = await asUser(db(), ids.carol, (trx) => trx.deleteFrom('engagements').where('id', '=', ids.engagementB).executeTakeFirst());
      expect(Number(deleted.numDeletedRows)).toBe(0);
    });
  });

  describe('shared views', () => {
    it('shows every user platform-wide AI token totals but only their own usage rows', async () => {
      const month = new Date().toISOString().slice(0, 7);
      await db()
        .insertInto('ai_usage')
        .values([
          { id: crypto.randomUUID(), user_id: ids.alice, engagement_id: ids.engagementA, feature: 'ask', model: 'model-a', input_tokens: 100, output_tokens: 40 },
          { id: crypto.randomUUID(), user_id: ids.carol, engagement_id: ids.engagementB, feature: 'ask', model: 'model-a', input_tokens: 10, output_tokens: 4 },
        ])
        .execute();
      const seen = await asUser(db(), ids.carol, async (trx) => ({
        own: (await trx.selectFrom('ai_usage').select('input_tokens').execute()).map((r) => r.input_tokens),
        totals: await trx.selectFrom('ai_usage_monthly').select(['month', 'feature', 'calls', 'input_tokens', 'output_tokens']).execute(),
      }));
      expect(seen).toEqual({ own: [10], totals: [{ month, feature: 'ask', calls: 2, input_tokens: 110, output_tokens: 44 }] });
    });

    it('shows any user the latest ready dataset of each participating engagement, for benchmarks', async () => {
      const later = await addReadyDataset(db(), ids.engagementA, ids.alice, { created_at: new Date(Date.now() + 60_000).toISOString() });
      const optedOut = await addEngagement(db(), ids.carol, { benchmark_participation: 0 });
      await addReadyDataset(db(), optedOut, ids.carol);
      try {
        const seen = await asUser(db(), ids.dave, (trx) => trx.selectFrom('benchmark_contributions').select(['engagement_id', 'dataset_id']).orderBy('dataset_id').execute());
        expect(seen).toEqual(
          [
            { engagement_id: ids.engagementA, dataset_id: later },
            { engagement_id: ids.engagementB, dataset_id: ids.datasetB },
          ].sort((a, b) => a.dataset_id.localeCompare(b.dataset_id)),
        );
      } finally {
        await db().deleteFrom('engagements').where('id', '=', optedOut).execute();
        await db().deleteFrom('datasets').where('id', '=', later).execute();
      }
    });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../auditActions.ts';
import { migrate } from '../../../test/support/databases.ts';
import { BACKENDS, openMigrated, type TestDatabase } from './backends.ts';
import { REFUSED, refusalCode } from './errors.ts';
import {
  addAudit,
  addDataset,
  addEngagement,
  addReadyDataset,
  addRows,
  addUser,
  employeeRow,
  promptVersion,
  published,
  referenceVersion,
} from './fixtures.ts';

describe.each(BACKENDS)('schema on %s', (backend) => {
  const refused = REFUSED[backend];
  let database: TestDatabase;
  let userId: string;
  let engagementId: string;
  let datasetId: string;

  beforeAll(async () => {
    database = await openMigrated(backend);
    userId = await addUser(database.db);
    engagementId = await addEngagement(database.db, userId);
    datasetId = await addDataset(database.db, engagementId, userId);
  });
  afterAll(() => database?.close());

  const db = () => database.db;

  describe('migrations', () => {
    it('apply every migration in order on a new database', () => {
      expect(database.applied).toEqual(['0001_core', '0002_row_security', '0003_shared_views', '0004_dataset_import_stats', '0005_title_review', '0007_identities', '0009_benchmarks_copilot', '0011_reliability', '0012_identity_purge_by_dataset', '0013_identity_records', '0014_identity_dataset_triggers', '0015_benchmark_currency', '0016_coding_context', '0017_sqlite_wall', '0018_dataset_version', '0019_policy_helpers_plpgsql', '0020_policy_helpers_inline']);
    });

    it('apply nothing the second time', async () => {
      expect(await migrate(db())).toEqual([]);
    });
  });

  describe('people and engagements', () => {
    it('refuses an email holding upper-case letters', async () => {
      expect(await refusalCode(addUser(db(), { email: 'Someone@example.org' }))).toBe(refused.check);
    });

    it('refuses a second user with the same email', async () => {
      await addUser(db(), { email: 'twice@example.org' });
      expect(await refusalCode(addUser(db(), { email: 'twice@example.org' }))).toBe(refused.unique);
    });

    it('refuses a platform role other than admin or user', async () => {
      expect(await refusalCode(addUser(db(), { role: 'owner' as never }))).toBe(refused.check);
    });

    it('refuses a flag value other than 0 or 1', async () => {
      expect(await refusalCode(addUser(db(), { active: 2 as never }))).toBe(refused.badFlag);
    });

    it('refuses a retention period outside 1 to 3650 days', async () => {
      expect(await refusalCode(addEngagement(db(), userId, { retention_days: 0 }))).toBe(refused.check);
      expect(await refusalCode(addEngagement(db(), userId, { retention_days: 3651 }))).toBe(refused.check);
    });

    it('refuses a purged engagement that still holds its wrapped data key', async () => {
      const purge = { status: 'purged' as const, closed_at: new Date().toISOString(), purged_at: new Date().toISOString() };
      expect(await refusalCode(addEngagement(db(), userId, { ...purge, dek_wrapped: 'wrapped-key' }))).toBe(refused.check);
      await addEngagement(db(), userId, purge);
    });

    it('refuses a member row for a user that does not exist', async () => {
      const insert = db().insertInto('engagement_members').values({ engagement_id: engagementId, user_id: crypto.randomUUID(), role: 'analyst' }).execute();
      expect(await refusalCode(insert)).toBe(refused.foreignKey);
    });
  });

  describe('datasets and rows', () => {
    it('refuses an expected row count above 50,000', async () => {
      expect(await refusalCode(addDataset(db(), engagementId, userId, { expected_rows: 50001 }))).toBe(refused.check);
    });

    it('refuses more uploaded rows than expected', async () => {
      expect(await refusalCode(addDataset(db(), engagementId, userId, { expected_rows: 5, uploaded_rows: 6 }))).toBe(refused.check);
    });

    it('refuses a ready dataset without a stored summary', async () => {
      expect(await refusalCode(addReadyDataset(db(), engagementId, userId, { summary: null }))).toBe(refused.check);
    });

    it('refuses settings that are not a JSON object', async () => {
      expect(await refusalCode(addDataset(db(), engagementId, userId, { settings: '[1,2]' }))).toBe(refused.check);
    });

    it('refuses a chunk number above 24', async () => {
      const insert = db().insertInto('upload_chunks').values({ dataset_id: datasetId, engagement_id: engagementId, chunk: 25, row_count: 10 }).execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('refuses an FTE above 1', async () => {
      const insert = db().insertInto('employee_rows').values(employeeRow(datasetId, engagementId, 100, { fte: 1.5 })).execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('refuses an employee id or manager id holding any form of @', async () => {
      for (const [rowNo, fields] of [
        [101, { employee_id: 'someone@example.org' }],
        [102, { employee_id: 'someone\uFF20example.org' }],
        [103, { manager_employee_id: 'boss\uFE6Bexample.org' }],
      ] as const) {
        const insert = db().insertInto('employee_rows').values(employeeRow(datasetId, engagementId, rowNo, fields)).execute();
        expect(await refusalCode(insert)).toBe(refused.check);
      }
    });

    it('refuses a row that claims another engagement than its dataset', async () => {
      const otherEngagement = await addEngagement(db(), userId);
      const insert = db().insertInto('employee_rows').values(employeeRow(datasetId, otherEngagement, 104)).execute();
      expect(await refusalCode(insert)).toBe(refused.foreignKey);
    });

    it('refuses a title confidence above 1', async () => {
      const insert = db()
        .insertInto('dataset_titles')
        .values({ dataset_id: datasetId, engagement_id: engagementId, title: 'Clerk', normalised: 'clerk', headcount: 1, confidence: 1.2 })
        .execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('refuses a classified title without a UK code', async () => {
      const insert = db()
        .insertInto('dataset_titles')
        .values({ dataset_id: datasetId, engagement_id: engagementId, title: 'Porter', normalised: 'porter', headcount: 1, source: 'rules', category: 'Other', subcategory: 'Uncategorised' })
        .execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('refuses title alternatives that are not a JSON array', async () => {
      const insert = db()
        .insertInto('dataset_titles')
        .values({ dataset_id: datasetId, engagement_id: engagementId, title: 'Cook', normalised: 'cook', headcount: 1, alternatives: '{"usSoc2018":"35-2014"}' })
        .execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('refuses an override whose US code is not of the form NN-NNNN', async () => {
      const insert = db()
        .insertInto('overrides')
        .values({ engagement_id: engagementId, normalised_title: 'clerk', title: 'Clerk', us_soc2018: '431234', uk_soc2020: '4159', category: 'Admin', subcategory: 'Clerical', created_by: userId })
        .execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('deleting an engagement removes its datasets and rows but keeps its audit rows', async () => {
      const doomed = await addEngagement(db(), userId);
      const dataset = await addDataset(db(), doomed, userId);
      await addRows(db(), dataset, doomed, 3);
      await addAudit(db(), { engagement_id: doomed, dataset_id: dataset, action: 'dataset_created' });
      await db().deleteFrom('engagements').where('id', '=', doomed).execute();
      expect(await db().selectFrom('employee_rows').select('row_no').where('dataset_id', '=', dataset).execute()).toEqual([]);
      expect(await db().selectFrom('datasets').select('id').where('id', '=', dataset).execute()).toEqual([]);
      const audit = await db().selectFrom('audit_events').select(['action', 'dataset_id']).where('engagement_id', '=', doomed).execute();
      expect(audit).toEqual([{ action: 'dataset_created', dataset_id: dataset }]);
    });
  });

  describe('reference and prompt versions', () => {
    beforeAll(async () => {
      await db().insertInto('reference_versions').values([referenceVersion(published(1)), referenceVersion(published(2))]).execute();
    });
    afterEach(async () => {
      await db().deleteFrom('reference_versions').where('status', '=', 'draft').execute();
    });

    it('refuses a second reference draft while one exists', async () => {
      await db().insertInto('reference_versions').values(referenceVersion({ based_on: 2 })).execute();
      expect(await refusalCode(db().insertInto('reference_versions').values(referenceVersion()).execute())).toBe(refused.unique);
    });

    it('refuses a draft based on a version that does not exist', async () => {
      expect(await refusalCode(db().insertInto('reference_versions').values(referenceVersion({ based_on: 7 })).execute())).toBe(refused.foreignKey);
    });

    it('refuses a published reference version without a version number', async () => {
      const insert = db().insertInto('reference_versions').values(referenceVersion({ ...published(9), version: null })).execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('refuses to change or delete a published reference version', async () => {
      const update = db().updateTable('reference_versions').set({ notes: 'edited' }).where('version', '=', 1).execute();
      expect(await refusalCode(update)).toBe(refused.trigger);
      expect(await refusalCode(db().deleteFrom('reference_versions').where('version', '=', 1).execute())).toBe(refused.trigger);
    });

    it('deletes a reference draft', async () => {
      await db().insertInto('reference_versions').values(referenceVersion()).execute();
      const removed = await db().deleteFrom('reference_versions').where('status', '=', 'draft').executeTakeFirst();
      expect(Number(removed.numDeletedRows)).toBe(1);
    });

    it('refuses a second draft for one prompt key but keeps one per key', async () => {
      await db().insertInto('prompt_versions').values([promptVersion({ key: 'ask' }), promptVersion({ key: 'lifecycle' })]).execute();
      expect(await refusalCode(db().insertInto('prompt_versions').values(promptVersion({ key: 'ask' })).execute())).toBe(refused.unique);
    });

    it('refuses a prompt temperature above 2 and an output budget below 64 tokens', async () => {
      expect(await refusalCode(db().insertInto('prompt_versions').values(promptVersion({ key: 'exec-summary', temperature: 2.5 })).execute())).toBe(refused.check);
      expect(await refusalCode(db().insertInto('prompt_versions').values(promptVersion({ key: 'exec-summary', max_output_tokens: 63 })).execute())).toBe(refused.check);
    });

    it('refuses publishing a prompt with an empty template', async () => {
      const insert = db().insertInto('prompt_versions').values(promptVersion({ ...published(1), template: '' })).execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });
  });

  describe('usage and audit', () => {
    it('refuses an AI usage record with no tokens', async () => {
      const insert = db()
        .insertInto('ai_usage')
        .values({ id: crypto.randomUUID(), user_id: userId, feature: 'ask', model: 'model-a', input_tokens: 0, output_tokens: 0 })
        .execute();
      expect(await refusalCode(insert)).toBe(refused.check);
    });

    it('accepts every audit action code the service uses', async () => {
      await db()
        .insertInto('audit_events')
        .values(AUDIT_ACTIONS.map((action) => ({ actor: userId, action, details: '{}' })))
        .execute();
      const stored = await db().selectFrom('audit_events').select('action').where('actor', '=', userId).execute();
      expect(new Set(stored.map((row) => row.action))).toEqual(new Set(AUDIT_ACTIONS));
    });

    it('refuses an audit action code the specification does not list', async () => {
      expect(await refusalCode(addAudit(db(), { action: 'engagement_renamed' as never }))).toBe(refused.check);
    });

    it('refuses audit details that are not a JSON object', async () => {
      expect(await refusalCode(addAudit(db(), { details: '"free text"' }))).toBe(refused.check);
    });
  });
});

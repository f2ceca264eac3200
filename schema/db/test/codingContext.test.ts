import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../tables.ts';
import { asUser } from './asUser.ts';
import { BACKENDS, openAt, type Backend } from './backends.ts';
import { REFUSED, refusalCode } from './errors.ts';
import { addDataset, addEngagement, addMember, addUser, employeeRow } from './fixtures.ts';

/**
 * Migration 0016: a row's coding context (organisation, grade, professional group), the list's coding context,
 * a title's variants, and overrides limited to the rows of one context. The database is built to 0014, given
 * an override of the earlier form, then migrated.
 */
describe.each(BACKENDS)('coding context (migration 0016) on %s', (backend: Backend) => {
  const refused = REFUSED[backend];
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  let userId: string;
  let engagementId: string;
  let datasetId: string;
  const override = (fields: Partial<Record<'normalised_title' | 'scope' | 'scope_key', string | null>>) =>
    db
      .insertInto('overrides')
      .values({
        engagement_id: engagementId, normalised_title: 'associate', title: 'Associate', us_soc2018: '43-3051', uk_soc2020: '4122',
        category: 'Finance', subcategory: 'Payroll', created_by: userId, ...fields,
      } as never)
      .execute();
  const row = (rowNo: number, fields: Partial<Record<'organisation' | 'grade' | 'professional_group', string>>) =>
    db.insertInto('employee_rows').values(employeeRow(datasetId, engagementId, rowNo, fields)).execute();

  beforeAll(async () => {
    const opened = await openAt(backend, '0015_benchmark_currency');
    ({ db, close } = opened);
    userId = await addUser(db);
    engagementId = await addEngagement(db, userId);
    datasetId = await addDataset(db, engagementId, userId);
    await db
      .insertInto('overrides')
      .values({ engagement_id: engagementId, normalised_title: 'clerk', title: 'Clerk', us_soc2018: '43-3051', uk_soc2020: '4122', category: 'Finance', subcategory: 'Payroll', created_by: userId } as never)
      .execute();
    expect(await opened.migrateTo('0016_coding_context')).toEqual(['0016_coding_context']);
  });
  afterAll(() => close?.());

  it('keeps an override made before it as the override of its title everywhere', async () => {
    expect(await db.selectFrom('overrides').select(['title', 'scope', 'scope_key']).execute()).toEqual([{ title: 'Clerk', scope: null, scope_key: '' }]);
  });

  it('takes an override everywhere and one per scope for the same title, but not two for one scope', async () => {
    await override({});
    await override({ scope: JSON.stringify({ kind: 'division', values: ['Sales'] }), scope_key: 'k1' });
    await override({ scope: JSON.stringify({ kind: 'division', values: ['Legal'] }), scope_key: 'k2' });
    expect(await refusalCode(override({ scope: JSON.stringify({ kind: 'division', values: ['Sales'] }), scope_key: 'k1' }))).toBe(refused.primaryKey);
  });

  it('refuses a scope without its key, or a key without a scope', async () => {
    expect(await refusalCode(override({ normalised_title: 'porter', scope: JSON.stringify({ kind: 'grade', values: ['AO'] }) }))).toBe(refused.check);
    expect(await refusalCode(override({ normalised_title: 'porter', scope_key: 'k3' }))).toBe(refused.check);
  });

  it('stores a row with its organisation, grade and professional group', async () => {
    await row(0, { organisation: 'Environment Agency', grade: 'SCS1', professional_group: 'Finance' });
    expect(await db.selectFrom('employee_rows').select(['organisation', 'grade', 'professional_group']).where('row_no', '=', 0).executeTakeFirst()).toEqual({
      organisation: 'Environment Agency', grade: 'SCS1', professional_group: 'Finance',
    });
  });

  it('refuses a context value holding an @ in any NFKC form, one over 120 characters, and an empty one', async () => {
    expect(await refusalCode(row(1, { organisation: 'hr@agency.example' }))).toBe(refused.check);
    expect(await refusalCode(row(1, { grade: 'a＠b' }))).toBe(refused.check);
    expect(await refusalCode(row(1, { professional_group: 'x'.repeat(121) }))).toBe(refused.check);
    expect(await refusalCode(row(1, { grade: '' }))).toBe(refused.check);
  });

  it("refuses a title's variants that are not a list, and a coding context that is not an object", async () => {
    await db.insertInto('dataset_titles').values({ dataset_id: datasetId, engagement_id: engagementId, title: 'Clerk', normalised: 'clerk', headcount: 1 } as never).execute();
    expect(await refusalCode(db.updateTable('dataset_titles').set({ variants: '{}' } as never).where('title', '=', 'Clerk').execute())).toBe(refused.check);
    expect(await refusalCode(db.updateTable('datasets').set({ coding_context: '[]' } as never).where('id', '=', datasetId).execute())).toBe(refused.check);
  });
});

/** The application role's grants on the new columns: Postgres only, where requests run as that role. */
describe('coding context (migration 0016) for the application role on postgres', () => {
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  let userId: string;
  let datasetId: string;

  beforeAll(async () => {
    ({ db, close } = await openAt('postgres', '0016_coding_context'));
    userId = await addUser(db);
    const engagementId = await addEngagement(db, userId);
    datasetId = await addDataset(db, engagementId, userId);
    await addMember(db, engagementId, userId, 'lead');
    await db.insertInto('dataset_titles').values({ dataset_id: datasetId, engagement_id: engagementId, title: 'Clerk', normalised: 'clerk', headcount: 1 } as never).execute();
  });
  afterAll(() => close?.());

  it("lets a lead's request write a dataset's coding context and a title's variants", async () => {
    const written = await asUser(db, userId, async (trx) => {
      await trx.updateTable('datasets').set({ coding_context: JSON.stringify({ currency: 'GBP', payScale: 1 }) } as never).where('id', '=', datasetId).execute();
      await trx.updateTable('dataset_titles').set({ variants: '[]' } as never).where('title', '=', 'Clerk').execute();
      return sql<{ n: number }>`select count(*)::int as n from dataset_titles where variants is not null`.execute(trx);
    });
    expect(written.rows[0].n).toBe(1);
  });
});

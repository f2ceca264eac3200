import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

/** GET/PATCH/DELETE /admin/cache (spec: Administration): the shared title cache, for administrators. */
describe.each(BACKENDS)('the shared cache administration on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com', lead: 'lead@example.com' });

  const seed = (title: string, context: string, hits: number) =>
    asOwner(api.server.database, (tx) =>
      sql`insert into classification_cache (normalised_title, context, us_soc2018, uk_soc2020, prompt_version, verified, hit_count, created_at, updated_at)
          values (${title}, ${context}, ${'43-3051'}, ${'4122'}, ${1}, ${backend === 'postgres' ? false : 0}, ${hits}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(tx));
  const lastAudit = async () => (await api.server.call('/api/admin/audit?limit=1', { cookie: api.admin })).body.events[0];

  beforeAll(async () => {
    await seed('payroll clerk', 'general', 3);
    await seed('wages clerk', 'general', 9);
    await seed('payroll clerk', 'retail', 1);
    await seed('100% clerk', 'general', 0);
  });

  it('lists entries most used first, with the prompt version and hit count', async () => {
    const reply = await api.server.call('/api/admin/cache', { cookie: api.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.total).toBe(4);
    expect(reply.body.entries.map((e: any) => [e.normalisedTitle, e.context, e.hitCount])).toEqual([
      ['wages clerk', 'general', 9], ['payroll clerk', 'general', 3], ['payroll clerk', 'retail', 1], ['100% clerk', 'general', 0],
    ]);
    expect(reply.body.entries[0]).toMatchObject({ usSoc2018: '43-3051', ukSoc2020: '4122', promptVersion: 1, verified: false });
  });

  it('filters by part of the title, a % in the query matched literally, and pages', async () => {
    expect((await api.server.call('/api/admin/cache?q=Payroll', { cookie: api.admin })).body).toMatchObject({ total: 2 });
    expect((await api.server.call('/api/admin/cache?q=%25', { cookie: api.admin })).body.entries.map((e: any) => e.normalisedTitle)).toEqual(['100% clerk']);
    const page = (await api.server.call('/api/admin/cache?offset=1&limit=1', { cookie: api.admin })).body;
    expect(page).toMatchObject({ total: 4, offset: 1, limit: 1 });
    expect(page.entries.map((e: any) => e.normalisedTitle)).toEqual(['payroll clerk']);
  });

  it('verifies an entry and audits cache_entry_verified without the title', async () => {
    const reply = await api.server.call('/api/admin/cache', { method: 'PATCH', cookie: api.admin, body: { normalisedTitle: 'payroll clerk', context: 'retail', verified: true } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.entry).toMatchObject({ normalisedTitle: 'payroll clerk', context: 'retail', verified: true });
    const event = await lastAudit();
    expect(event).toMatchObject({ action: 'cache_entry_verified', details: { context: 'retail', verified: true, usSoc2018: '43-3051' } });
    expect(JSON.stringify(event.details)).not.toContain('payroll');
  });

  it('deletes an entry and audits cache_entry_deleted', async () => {
    const reply = await api.server.call('/api/admin/cache', { method: 'DELETE', cookie: api.admin, body: { normalisedTitle: 'wages clerk', context: 'general' } });
    expect(reply.status).toBe(204);
    expect((await api.server.call('/api/admin/cache?q=wages', { cookie: api.admin })).body.total).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'cache_entry_deleted', details: { context: 'general' } });
  });

  it('answers 404 for an entry that does not exist', async () => {
    const reply = await api.server.call('/api/admin/cache', { method: 'DELETE', cookie: api.admin, body: { normalisedTitle: 'nobody', context: 'general' } });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('not_found');
  });

  it('refuses a body without the verified flag with 400 validation_error', async () => {
    const reply = await api.server.call('/api/admin/cache', { method: 'PATCH', cookie: api.admin, body: { normalisedTitle: 'payroll clerk', context: 'general' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
  });

  it('is for administrators only: 403 forbidden for anyone else', async () => {
    for (const [method, body] of [['GET', undefined], ['PATCH', { normalisedTitle: 'payroll clerk', context: 'general', verified: true }], ['DELETE', { normalisedTitle: 'payroll clerk', context: 'general' }]] as const) {
      const reply = await api.server.call('/api/admin/cache', { method, cookie: api.lead, body });
      expect(reply.status, method).toBe(403);
      expect(reply.body.error).toBe('forbidden');
    }
  });
});

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { insertDatasetWithRows } from '../support/fixtures.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('platform figures and the filtered platform trail on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com', lead: 'lead@example.com' });
  let engagementId: string;

  beforeAll(async () => {
    const created = await api.server.call('/api/engagements', { body: { name: 'Figures review' }, cookie: api.lead });
    engagementId = created.body.engagement.id;
    const me = await api.server.call('/api/me', { cookie: api.lead });
    // Two finalised datasets of 2 people each; one is then marked purged, whose headcount still counts.
    await insertDatasetWithRows(api.server.database, engagementId, me.body.user.id, {});
    const purged = await insertDatasetWithRows(api.server.database, engagementId, me.body.user.id, {});
    const now = new Date().toISOString();
    await asOwner(api.server.database, async (tx) => {
      await sql`update datasets set status = 'purged' where id = ${purged}`.execute(tx);
      for (const [title, verified] of [['payroll clerk', 1], ['data analyst', 0], ['nurse', 0]] as const) {
        await sql`insert into classification_cache (normalised_title, context, us_soc2018, uk_soc2020, verified, hit_count, created_at, updated_at)
          values (${title}, ${'general'}, ${'43-3051'}, ${'4122'}, ${verified}, ${0}, ${now}, ${now})`.execute(tx);
      }
    });
  });

  it('counts engagements, datasets, people analysed, cache entries and verified entries for an admin', async () => {
    const reply = await api.server.call('/api/admin/stats', { cookie: api.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.stats).toEqual({ engagements: 1, datasets: 2, peopleAnalysed: 4, cacheEntries: 3, verifiedEntries: 1 });
  });

  it('answers 403 forbidden when a non-admin asks for the platform figures', async () => {
    const reply = await api.server.call('/api/admin/stats', { cookie: api.lead });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('forbidden');
  });

  it('answers 401 unauthenticated for the platform figures without a sign-in', async () => {
    const reply = await api.server.call('/api/admin/stats');
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('unauthenticated');
  });

  it('filters the platform trail by engagement', async () => {
    const reply = await api.server.call(`/api/admin/audit?engagementId=${engagementId}`, { cookie: api.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.events.map((e: { action: string }) => e.action).sort()).toEqual(['engagement_created', 'member_added']);
    expect(reply.body.events.every((e: { engagementName: string }) => e.engagementName === 'Figures review')).toBe(true);
  });

  it('filters the platform trail by UTC day, both ends inclusive', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const sameDay = await api.server.call(`/api/admin/audit?from=${today}&to=${today}&engagementId=${engagementId}`, { cookie: api.admin });
    expect(sameDay.body.total).toBe(2);
    const before = await api.server.call(`/api/admin/audit?to=2000-01-01`, { cookie: api.admin });
    expect(before.body).toMatchObject({ total: 0, events: [] });
  });

  it('answers 400 validation_error for a date that is not YYYY-MM-DD', async () => {
    const reply = await api.server.call('/api/admin/audit?from=24/11/2026', { cookie: api.admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues[0].path).toBe('query.from');
  });

  it('answers 400 validation_error for an engagement filter that is not an id', async () => {
    const reply = await api.server.call('/api/admin/audit?engagementId=not-an-id', { cookie: api.admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues[0].path).toBe('query.engagementId');
  });

  it('answers 400 validation_error for a day that is not on the calendar', async () => {
    const reply = await api.server.call('/api/admin/audit?to=2026-02-31', { cookie: api.admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues[0].path).toBe('query.to');
  });

  it('takes a leap day as a calendar day', async () => {
    const reply = await api.server.call('/api/admin/audit?from=2024-02-29&to=2024-02-29', { cookie: api.admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ total: 0, events: [] });
  });
});

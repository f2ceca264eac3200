import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../db/connection.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('engagement members on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com', admin: 'admin@example.com' });
  const ids: Record<string, string> = {};

  const newEngagement = async (cookie = api.lead) => (await api.server.call('/api/engagements', { body: { name: 'Members test' }, cookie })).body.engagement.id as string;
  const put = (engagementId: string, body: Record<string, unknown>, cookie = api.lead) =>
    api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body, cookie });
  const lastAudit = async (engagementId: string) => (await api.server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: api.lead })).body.events[0];

  beforeAll(async () => {
    for (const user of (await api.server.call('/api/users', { cookie: api.admin })).body.users) ids[user.email] = user.id;
  });

  it('adds a member (201, member_added) and updates one (200, member_updated)', async () => {
    const engagement = await newEngagement();
    const added = await put(engagement, { email: 'analyst@example.com', role: 'analyst', piiAccess: false });
    expect(added.status).toBe(201);
    expect(added.body.member).toMatchObject({ userId: ids['analyst@example.com'], role: 'analyst', piiAccess: false });
    expect(await lastAudit(engagement)).toMatchObject({ action: 'member_added', details: { userId: ids['analyst@example.com'], role: 'analyst', piiAccess: false } });
    const updated = await put(engagement, { email: 'analyst@example.com', role: 'analyst', piiAccess: true });
    expect(updated.status).toBe(200);
    expect(updated.body.member.piiAccess).toBe(true);
    expect(await lastAudit(engagement)).toMatchObject({ action: 'member_updated', details: { piiAccess: true, previousPiiAccess: false } });
  });

  it('answers 404 not_found for an email no user has', async () => {
    const reply = await put(await newEngagement(), { email: 'nobody@example.com', role: 'analyst' });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('not_found');
  });

  it('refuses a deactivated user with 400', async () => {
    const created = await api.server.call('/api/users', { body: { email: 'inactive-member@example.com', name: 'Inactive' }, cookie: api.admin });
    await api.server.call(`/api/users/${created.body.user.id}`, { method: 'PATCH', body: { active: false }, cookie: api.admin });
    const reply = await put(await newEngagement(), { email: 'inactive-member@example.com', role: 'analyst' });
    expect(reply.status).toBe(400);
  });

  it('answers 403 forbidden when an analyst changes members', async () => {
    const engagement = await newEngagement();
    await put(engagement, { email: 'analyst@example.com', role: 'analyst' });
    const reply = await put(engagement, { email: 'viewer@example.com', role: 'viewer' }, api.analyst);
    expect(reply.status).toBe(403);
  });

  it('keeps the last lead: demoting the only lead is refused', async () => {
    const engagement = await newEngagement();
    const reply = await put(engagement, { email: 'lead@example.com', role: 'analyst', piiAccess: true });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/at least one lead/);
  });

  it('keeps the last lead: removing the only lead is refused, removing a second lead is allowed', async () => {
    const engagement = await newEngagement();
    const refused = await api.server.call(`/api/engagements/${engagement}/members/${ids['lead@example.com']}`, { method: 'DELETE', cookie: api.lead });
    expect(refused.status).toBe(409);
    await put(engagement, { email: 'analyst@example.com', role: 'lead' });
    const removed = await api.server.call(`/api/engagements/${engagement}/members/${ids['analyst@example.com']}`, { method: 'DELETE', cookie: api.lead });
    expect(removed.status).toBe(204);
    expect(await lastAudit(engagement)).toMatchObject({ action: 'member_removed', details: { userId: ids['analyst@example.com'], role: 'lead' } });
  });

  it('answers 403 when a lead switches on their own PII access', async () => {
    const engagement = await newEngagement();
    await put(engagement, { email: 'analyst@example.com', role: 'lead', piiAccess: false });
    const reply = await put(engagement, { email: 'analyst@example.com', role: 'lead', piiAccess: true }, api.analyst);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('forbidden');
    const members = (await api.server.call(`/api/engagements/${engagement}/members`, { cookie: api.lead })).body.members;
    expect(members.find((m: { email: string }) => m.email === 'analyst@example.com').piiAccess).toBe(false);
  });

  it('lets a lead keep or drop PII access already held', async () => {
    const engagement = await newEngagement();
    expect((await put(engagement, { email: 'lead@example.com', role: 'lead', piiAccess: true })).status).toBe(200);
    const dropped = await put(engagement, { email: 'lead@example.com', role: 'lead', piiAccess: false });
    expect(dropped.status).toBe(200);
    expect(dropped.body.member.piiAccess).toBe(false);
    expect((await put(engagement, { email: 'lead@example.com', role: 'lead', piiAccess: true })).status).toBe(403);
  });

  it('answers 404 to an admin who is not a member', async () => {
    const engagement = await newEngagement();
    const reply = await put(engagement, { email: 'admin@example.com', role: 'lead', piiAccess: true }, api.admin);
    expect(reply.status).toBe(404);
  });

  if (backend === 'postgres') {
    it('refuses the own PII turn-on in the database too, bypassing the service layer', async () => {
      const engagement = await newEngagement();
      await put(engagement, { email: 'analyst@example.com', role: 'lead', piiAccess: false });
      const attempt = asUser(api.server.database, ids['analyst@example.com'], (tx) =>
        sql`update engagement_members set pii_access = true where engagement_id = ${engagement} and user_id = ${ids['analyst@example.com']}`.execute(tx),
      );
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
    });

    it('hides another engagement from a non-member in the database itself', async () => {
      const engagement = await newEngagement();
      const seen = await asUser(api.server.database, ids['analyst@example.com'], (tx) =>
        sql<{ n: number }>`select count(*)::int as n from engagements where id = ${engagement}`.execute(tx),
      );
      expect(seen.rows[0].n).toBe(0);
      const members = await asUser(api.server.database, ids['analyst@example.com'], (tx) =>
        sql<{ n: number }>`select count(*)::int as n from engagement_members where engagement_id = ${engagement}`.execute(tx),
      );
      expect(members.rows[0].n).toBe(0);
    });
  }
});

import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('engagements on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com', admin: 'admin@example.com', viewer: 'viewer@example.com' }, { IDENTITY_KEK: randomBytes(32).toString('base64') });
  let leadId: string;

  const create = async (body: Record<string, unknown> = {}, cookie = api.lead) =>
    (await api.server.call('/api/engagements', { body: { name: 'Northwind review', ...body }, cookie })).body.engagement;
  const audit = async (engagementId: string) =>
    (await api.server.call(`/api/engagements/${engagementId}/audit`, { cookie: api.lead })).body.events as any[];
  const addMember = (engagementId: string, email: string, role: string, piiAccess = false) =>
    api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email, role, piiAccess }, cookie: api.lead });

  beforeAll(async () => {
    leadId = (await api.server.call('/api/me', { cookie: api.lead })).body.user.id;
  });

  describe('POST /api/engagements', () => {
    it('makes the creator lead with PII access and audits engagement_created and member_added', async () => {
      const reply = await api.server.call('/api/engagements', { body: { name: 'Acme workforce', pack: 'general', region: 'london' }, cookie: api.lead });
      expect(reply.status).toBe(201);
      expect(reply.body.engagement).toMatchObject({
        name: 'Acme workforce', status: 'active', pack: 'general', region: 'london', retentionDays: 90,
        shareClassificationCache: true, benchmarkParticipation: true, reportNotes: null, role: 'lead', piiAccess: true,
      });
      const id = reply.body.engagement.id;
      const events = await audit(id);
      expect(events.map((e) => e.action)).toEqual(['member_added', 'engagement_created']);
      expect(events.every((e) => e.actor === leadId && e.engagementId === id)).toBe(true);
      expect(events[0].details).toEqual({ userId: leadId, role: 'lead', piiAccess: true });
      expect(JSON.stringify(events.map((e) => e.details))).not.toContain('Acme workforce');
    });

    it('creates a wrapped data key when a master secret is configured, and never shows it', async () => {
      const engagement = await create();
      expect(engagement.identityStorage).toBe(true);
      expect(JSON.stringify(engagement)).not.toMatch(/dek|wrapped/i);
    });

    it('answers 400 validation_error for a retention outside 1 to 3650 days', async () => {
      const reply = await api.server.call('/api/engagements', { body: { name: 'X', retentionDays: 0 }, cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body.issues[0].path).toBe('retentionDays');
    });
  });

  describe('reading', () => {
    it('lists only engagements the caller is staffed on, with role and PII flag; admins alike', async () => {
      const mine = await create({ name: 'Staffed one' });
      await addMember(mine.id, 'analyst@example.com', 'analyst');
      const analystList = (await api.server.call('/api/engagements', { cookie: api.analyst })).body.engagements;
      expect(analystList.map((e: { id: string }) => e.id)).toContain(mine.id);
      expect(analystList.find((e: { id: string }) => e.id === mine.id)).toMatchObject({ role: 'analyst', piiAccess: false });
      const adminList = (await api.server.call('/api/engagements', { cookie: api.admin })).body.engagements;
      expect(adminList.map((e: { id: string }) => e.id)).not.toContain(mine.id);
    });

    it('answers 404 to a non-member, admins included, without revealing the engagement', async () => {
      const engagement = await create();
      for (const cookie of [api.viewer, api.admin]) {
        const reply = await api.server.call(`/api/engagements/${engagement.id}`, { cookie });
        expect(reply.status).toBe(404);
        expect(reply.body.error).toBe('not_found');
      }
    });

    it('shows a member the engagement with its members', async () => {
      const engagement = await create();
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { cookie: api.lead });
      expect(reply.status).toBe(200);
      expect(reply.body.members).toEqual([{ userId: leadId, email: 'lead@example.com', name: 'Lee Lead', active: true, role: 'lead', piiAccess: true }]);
    });
  });

  describe('PATCH /api/engagements/:id', () => {
    it('changes only the fields sent and audits their names', async () => {
      const engagement = await create({ region: 'london' });
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { shareClassificationCache: false, retentionDays: 30 }, cookie: api.lead });
      expect(reply.status).toBe(200);
      expect(reply.body.engagement).toMatchObject({ shareClassificationCache: false, retentionDays: 30, region: 'london', benchmarkParticipation: true, name: engagement.name });
      const [event] = await audit(engagement.id);
      expect(event).toMatchObject({ action: 'engagement_updated', details: { fields: ['shareClassificationCache', 'retentionDays'], shareClassificationCache: false, retentionDays: 30 } });
    });

    it('answers 403 forbidden to an analyst', async () => {
      const engagement = await create();
      await addMember(engagement.id, 'analyst@example.com', 'analyst');
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { name: 'Renamed' }, cookie: api.analyst });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden');
    });

    it('stores report notes and audits only that they were updated', async () => {
      const engagement = await create();
      const notes = { sections: { summary: 'Focus on the finance shared service centre.' }, terms: [{ from: 'employees', to: 'colleagues' }] };
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { reportNotes: notes }, cookie: api.lead });
      expect(reply.status).toBe(200);
      expect(reply.body.engagement.reportNotes).toEqual(notes);
      const [event] = await audit(engagement.id);
      expect(event.details).toEqual({ fields: ['reportNotes'], reportNotes: 'updated' });
      expect(JSON.stringify(event)).not.toMatch(/finance|colleagues/);
    });

    it('clears report notes when sent null or empty', async () => {
      const engagement = await create();
      const path = `/api/engagements/${engagement.id}`;
      await api.server.call(path, { method: 'PATCH', body: { reportNotes: { sections: { summary: 'x' }, terms: [] } }, cookie: api.lead });
      const empty = await api.server.call(path, { method: 'PATCH', body: { reportNotes: { sections: { summary: '  ' }, terms: [] } }, cookie: api.lead });
      expect(empty.body.engagement.reportNotes).toBeNull();
      expect((await audit(engagement.id))[0].details.reportNotes).toBe('cleared');
      await api.server.call(path, { method: 'PATCH', body: { reportNotes: { sections: { summary: 'x' }, terms: [] } }, cookie: api.lead });
      const cleared = await api.server.call(path, { method: 'PATCH', body: { reportNotes: null }, cookie: api.lead });
      expect(cleared.body.engagement.reportNotes).toBeNull();
    });

    it('refuses a swap whose from holds a digit, a currency or percent sign, or no letter', async () => {
      const engagement = await create();
      for (const from of ['FY24 cost', '£ saving', 'rate%', '—']) {
        const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { reportNotes: { sections: {}, terms: [{ from, to: 'x' }] } }, cookie: api.lead });
        expect(reply.status, from).toBe(400);
        expect(reply.body.error).toBe('validation_error');
        expect(reply.body.issues[0].path).toBe('reportNotes.terms.0.from');
      }
    });

    it('refuses report notes over their limits, naming the field: a section over 4,000 characters, a 51st swap, a term over 80', async () => {
      const engagement = await create();
      const cases: [unknown, string][] = [
        [{ sections: { summary: 'x'.repeat(4001) }, terms: [] }, 'reportNotes.sections.summary'],
        [{ sections: {}, valueConcentration: 'x'.repeat(4001), terms: [] }, 'reportNotes.valueConcentration'],
        [{ sections: {}, terms: Array.from({ length: 51 }, (_, i) => ({ from: `term ${'abcdefghij'[i % 10]}`, to: 'x' })) }, 'reportNotes.terms'],
        [{ sections: {}, terms: [{ from: 'a'.repeat(81), to: 'x' }] }, 'reportNotes.terms.0.from'],
        [{ sections: {}, terms: [{ from: 'staff', to: 'b'.repeat(81) }] }, 'reportNotes.terms.0.to'],
      ];
      for (const [notes, path] of cases) {
        const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { reportNotes: notes }, cookie: api.lead });
        expect(reply.status, path).toBe(400);
        expect(reply.body.error).toBe('validation_error');
        expect(reply.body.issues[0].path).toBe(path);
      }
      const unchanged = await api.server.call(`/api/engagements/${engagement.id}`, { cookie: api.lead });
      expect(unchanged.body.engagement.reportNotes).toBeNull();
    });

    it('answers 409 conflict for report notes on an engagement that is not active', async () => {
      const engagement = await create();
      await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.lead });
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { reportNotes: null }, cookie: api.lead });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe('conflict');
    });
  });

  describe('lifecycle', () => {
    it('closes an active engagement and reopens it, auditing both', async () => {
      const engagement = await create();
      const closed = await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.lead });
      expect(closed.body.engagement).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
      const reopened = await api.server.call(`/api/engagements/${engagement.id}/reopen`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reopened.body.engagement).toMatchObject({ status: 'active', closedAt: null });
      expect((await audit(engagement.id)).slice(0, 2).map((e) => e.action)).toEqual(['engagement_reopened', 'engagement_closed']);
    });

    it('answers 409 conflict to reopen an active engagement or close a closed one', async () => {
      const engagement = await create();
      expect((await api.server.call(`/api/engagements/${engagement.id}/reopen`, { method: 'POST', body: {}, cookie: api.lead })).status).toBe(409);
      await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.lead });
      expect((await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.lead })).status).toBe(409);
    });

    it('answers 409 conflict to purge an active engagement', async () => {
      const engagement = await create();
      const reply = await api.server.call(`/api/engagements/${engagement.id}/purge`, { method: 'POST', body: { confirm: engagement.name }, cookie: api.lead });
      expect(reply.status).toBe(409);
    });

    it('answers 400 bad_request when the purge confirmation is not the exact name', async () => {
      const engagement = await create({ name: 'Exact Name' });
      await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.lead });
      const reply = await api.server.call(`/api/engagements/${engagement.id}/purge`, { method: 'POST', body: { confirm: 'exact name' }, cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('bad_request');
    });

    it('answers 403 forbidden to an analyst closing the engagement', async () => {
      const engagement = await create();
      await addMember(engagement.id, 'analyst@example.com', 'analyst');
      const reply = await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.analyst });
      expect(reply.status).toBe(403);
    });
  });

  describe('DELETE /api/engagements/:id', () => {
    it('answers 403 forbidden to a lead who is not an admin', async () => {
      const engagement = await create();
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'DELETE', cookie: api.lead });
      expect(reply.status).toBe(403);
    });

    it('lets an admin delete it and keeps its audit rows', async () => {
      const engagement = await create();
      const reply = await api.server.call(`/api/engagements/${engagement.id}`, { method: 'DELETE', cookie: api.admin });
      expect(reply.status).toBe(204);
      expect((await api.server.call(`/api/engagements/${engagement.id}`, { cookie: api.lead })).status).toBe(404);
      const trail = (await api.server.call('/api/admin/audit?limit=500', { cookie: api.admin })).body.events.filter((e: { engagementId: string }) => e.engagementId === engagement.id);
      expect(trail.map((e: { action: string }) => e.action)).toEqual(['engagement_deleted', 'member_added', 'engagement_created']);
    });
  });

  describe('GET /api/engagements/:id/audit', () => {
    it('answers 403 forbidden to an analyst', async () => {
      const engagement = await create();
      await addMember(engagement.id, 'analyst@example.com', 'analyst');
      expect((await api.server.call(`/api/engagements/${engagement.id}/audit`, { cookie: api.analyst })).status).toBe(403);
    });

    it('pages 100 rows by default, newest first, only of that engagement', async () => {
      const engagement = await create();
      const other = await create();
      for (let i = 0; i < 51; i += 1) {
        await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { retentionDays: 10 + i }, cookie: api.lead });
      }
      const page = (await api.server.call(`/api/engagements/${engagement.id}/audit`, { cookie: api.lead })).body;
      expect(page).toMatchObject({ total: 53, offset: 0, limit: 100 });
      expect(page.events).toHaveLength(53);
      expect(page.events[0].details.retentionDays).toBe(60);
      expect(page.events.every((e: { engagementId: string }) => e.engagementId === engagement.id)).toBe(true);
      expect(other.id).not.toBe(engagement.id);
    });
  });
});

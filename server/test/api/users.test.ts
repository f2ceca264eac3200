import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('users and the audit trail on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com', lead: 'lead@example.com' });

  const auditOf = async (action: string) =>
    (await api.server.call(`/api/admin/audit?action=${action}&limit=500`, { cookie: api.admin })).body.events as any[];

  it('creates a user as admin and audits user_created without name or email', async () => {
    const reply = await api.server.call('/api/users', { body: { email: 'New.Person@Example.com', name: 'New Person', role: 'user' }, cookie: api.admin });
    expect(reply.status).toBe(201);
    expect(reply.body.user).toEqual({ id: expect.any(String), email: 'new.person@example.com', name: 'New Person', role: 'user', active: true });
    const [event] = await auditOf('user_created');
    expect(event).toMatchObject({ action: 'user_created', actorName: 'Avery Admin', engagementId: null, details: { userId: reply.body.user.id, role: 'user' } });
    expect(JSON.stringify(event.details)).not.toMatch(/New Person|new\.person/i);
  });

  it('answers 403 forbidden when a non-admin adds a user', async () => {
    const reply = await api.server.call('/api/users', { body: { email: 'nope@example.com', name: 'Nope' }, cookie: api.lead });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('forbidden');
  });

  it('answers 400 validation_error with issues for a malformed user', async () => {
    const reply = await api.server.call('/api/users', { body: { email: 'not-an-email', name: '' }, cookie: api.admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'name']);
  });

  it('answers 409 conflict for a second user with the same email', async () => {
    const reply = await api.server.call('/api/users', { body: { email: 'LEAD@example.com', name: 'Copy' }, cookie: api.admin });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
  });

  it('hides deactivated users from non-admins and shows them to admins', async () => {
    const created = await api.server.call('/api/users', { body: { email: 'leaver@example.com', name: 'Leaver' }, cookie: api.admin });
    await api.server.call(`/api/users/${created.body.user.id}`, { method: 'PATCH', body: { active: false }, cookie: api.admin });
    const asLead = await api.server.call('/api/users', { cookie: api.lead });
    const asAdmin = await api.server.call('/api/users', { cookie: api.admin });
    expect(asLead.body.users.some((u: { email: string }) => u.email === 'leaver@example.com')).toBe(false);
    expect(asAdmin.body.users.find((u: { email: string }) => u.email === 'leaver@example.com')).toMatchObject({ active: false });
  });

  it('updates role, active and name and audits only which fields changed', async () => {
    const created = await api.server.call('/api/users', { body: { email: 'promote@example.com', name: 'Promote Me' }, cookie: api.admin });
    const id = created.body.user.id;
    const reply = await api.server.call(`/api/users/${id}`, { method: 'PATCH', body: { role: 'admin', name: 'Promoted' }, cookie: api.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ role: 'admin', name: 'Promoted' });
    const [event] = await auditOf('user_updated');
    expect(event.details).toEqual({ userId: id, fields: ['name', 'role'], role: 'admin' });
  });

  it('answers 404 for a user id that does not exist', async () => {
    const reply = await api.server.call('/api/users/8f1c2a6e-0000-4000-8000-000000000000', { method: 'PATCH', body: { name: 'X' }, cookie: api.admin });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('not_found');
  });

  it('answers 403 deactivated for a deactivated user, on sign-in and on an open session', async () => {
    const created = await api.server.call('/api/users', { body: { email: 'soon-gone@example.com', name: 'Soon Gone' }, cookie: api.admin });
    const session = await api.server.signIn('soon-gone@example.com');
    await api.server.call(`/api/users/${created.body.user.id}`, { method: 'PATCH', body: { active: false }, cookie: api.admin });
    const me = await api.server.call('/api/me', { cookie: session });
    expect(me.status).toBe(403);
    expect(me.body.error).toBe('deactivated');
    const signIn = await api.server.call('/api/dev/sign-in', { body: { email: 'soon-gone@example.com' } });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toBe('deactivated');
  });
});

describe.each(BACKENDS)('last active administrator on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com' });
  let adminId: string;

  beforeAll(async () => {
    adminId = (await api.server.call('/api/me', { cookie: api.admin })).body.user.id;
  });

  it('refuses to demote the last active admin, and writes no audit row for the refusal', async () => {
    const reply = await api.server.call(`/api/users/${adminId}`, { method: 'PATCH', body: { role: 'user' }, cookie: api.admin });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
    const audit = await api.server.call('/api/admin/audit?action=user_updated', { cookie: api.admin });
    expect(audit.body.events).toEqual([]);
    const me = await api.server.call('/api/me', { cookie: api.admin });
    expect(me.body.user.role).toBe('admin');
  });

  it('refuses to deactivate the last active admin', async () => {
    const reply = await api.server.call(`/api/users/${adminId}`, { method: 'PATCH', body: { active: false }, cookie: api.admin });
    expect(reply.status).toBe(409);
  });

  it('lets an admin step down once another admin is active', async () => {
    const second = await api.server.call('/api/users', { body: { email: 'second-admin@example.com', name: 'Second', role: 'admin' }, cookie: api.admin });
    expect(second.status).toBe(201);
    const reply = await api.server.call(`/api/users/${adminId}`, { method: 'PATCH', body: { role: 'user' }, cookie: api.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.user.role).toBe('user');
  });
});

describe.each(BACKENDS)('GET /api/admin/audit on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com' });

  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      await api.server.call('/api/users', { body: { email: `page${n}@example.com`, name: `Page ${n}` }, cookie: api.admin });
    }
  });

  it('answers 403 forbidden to a non-admin', async () => {
    const reply = await api.server.call('/api/admin/audit', { cookie: await api.server.signIn('analyst@example.com') });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('forbidden');
  });

  it('pages newest first with offset and limit', async () => {
    const first = await api.server.call('/api/admin/audit?action=user_created&limit=2', { cookie: api.admin });
    expect(first.body.total).toBe(3);
    expect(first.body.events).toHaveLength(2);
    const rest = await api.server.call('/api/admin/audit?action=user_created&limit=2&offset=2', { cookie: api.admin });
    expect(rest.body.events).toHaveLength(1);
    const ids = [...first.body.events, ...rest.body.events].map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('answers 400 validation_error for an unknown action filter', async () => {
    const reply = await api.server.call('/api/admin/audit?action=made_up', { cookie: api.admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues[0].path).toBe('query.action');
  });
});

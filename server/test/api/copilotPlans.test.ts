import { beforeAll, describe, expect, it } from 'vitest';
import { readyDataset, smallStaffList, newEngagement, uploadedDataset } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

const CONFIG = {
  licenceCount: 3,
  pricePerLicencePerMonth: 25,
  currency: 'GBP',
  licensedTiers: ['high'],
  horizons: ['now', 'near'],
  pilotGroups: [{ dimension: 'category', value: 'Finance' }],
  termMonths: 12,
  weeklyHours: 37.5,
  adoptionPercent: 80,
};

describe.each(BACKENDS)('Copilot plans on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com', viewer: 'viewer@example.com', admin: 'admin@example.com' });
  let engagementId: string;
  let datasetId: string;
  let tiers: string[];

  const plan = (overrides: Record<string, unknown> = {}) => ({ name: 'Finance pilot', config: { ...CONFIG, licensedTiers: [tiers[0]], ...overrides } });
  const create = (cookie: string, body: unknown = plan(), id = datasetId) => api.server.call(`/api/datasets/${id}/copilot-plans`, { body, cookie });
  const trail = async () => (await api.server.call(`/api/engagements/${engagementId}/audit?limit=500`, { cookie: api.lead })).body.events;

  beforeAll(async () => {
    engagementId = await newEngagement(api.server, api.lead);
    for (const [email, role] of [['analyst@example.com', 'analyst'], ['viewer@example.com', 'viewer']]) {
      await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email, role }, cookie: api.lead });
    }
    datasetId = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
    const reference = (await api.server.call('/api/reference/versions/1', { cookie: api.lead })).body;
    tiers = reference.data.copilot.tiers.map((t: { key: string }) => t.key);
  });

  it('saves a plan for a lead and audits copilot_plan_saved without its name', async () => {
    const reply = await create(api.lead);
    expect(reply.status).toBe(201);
    expect(reply.body.plan).toMatchObject({ id: expect.any(String), datasetId, name: 'Finance pilot', config: { licenceCount: 3, licensedTiers: [tiers[0]] } });
    const event = (await trail()).find((e: any) => e.action === 'copilot_plan_saved' && e.details.planId === reply.body.plan.id);
    expect(event).toMatchObject({ datasetId, details: { created: true, licenceCount: 3, licensedTiers: [tiers[0]], pilotGroups: 1 } });
    expect(JSON.stringify(event)).not.toContain('Finance pilot');
  });

  it('lets an analyst save, update and delete', async () => {
    const created = await create(api.analyst);
    expect(created.status).toBe(201);
    const id = created.body.plan.id;
    const updated = await api.server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: plan({ licenceCount: null }), cookie: api.analyst });
    expect(updated.status).toBe(200);
    expect(updated.body.plan.config.licenceCount).toBeNull();
    expect((await api.server.call(`/api/copilot-plans/${id}`, { method: 'DELETE', cookie: api.analyst })).status).toBe(204);
    expect((await api.server.call(`/api/copilot-plans/${id}`, { cookie: api.analyst })).status).toBe(404);
    const actions = (await trail()).filter((e: any) => e.details.planId === id).map((e: any) => [e.action, e.details.created ?? null]);
    expect(actions).toEqual(expect.arrayContaining([['copilot_plan_saved', true], ['copilot_plan_saved', false], ['copilot_plan_deleted', null]]));
  });

  it('lets a viewer list and read plans but refuses a viewer saving one with 403 forbidden', async () => {
    const { id } = (await create(api.lead)).body.plan;
    const list = await api.server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: api.viewer });
    expect(list.status).toBe(200);
    expect(list.body.plans.map((p: { id: string }) => p.id)).toContain(id);
    expect((await api.server.call(`/api/copilot-plans/${id}`, { cookie: api.viewer })).body.plan.id).toBe(id);
    const refused = await create(api.viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
  });

  it('refuses a viewer updating or deleting a plan with 403, leaving it as it was', async () => {
    const { id } = (await create(api.lead)).body.plan;
    expect((await api.server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: plan({ licenceCount: 9 }), cookie: api.viewer })).status).toBe(403);
    expect((await api.server.call(`/api/copilot-plans/${id}`, { method: 'DELETE', cookie: api.viewer })).status).toBe(403);
    expect((await api.server.call(`/api/copilot-plans/${id}`, { cookie: api.lead })).body.plan.config.licenceCount).toBe(3);
  });

  it('answers 404 to a non-member, administrators included', async () => {
    const { id } = (await create(api.lead)).body.plan;
    expect((await api.server.call(`/api/copilot-plans/${id}`, { cookie: api.admin })).status).toBe(404);
    expect((await api.server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: api.admin })).status).toBe(404);
    expect((await create(api.admin)).status).toBe(404);
  });

  it('answers 404 for a plan id that is not a UUID', async () => {
    expect((await api.server.call('/api/copilot-plans/not-a-uuid', { cookie: api.lead })).status).toBe(404);
  });

  it('refuses a config outside its shape with 400 validation_error and the path', async () => {
    const reply = await create(api.lead, plan({ adoptionPercent: 120 }));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues.map((i: { path: string }) => i.path)).toContain('config.adoptionPercent');
  });

  it('refuses a plan named with an email, full-width too, with 400 validation_error naming it, and stores nothing', async () => {
    const before = (await api.server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: api.lead })).body.plans.length;
    for (const name of ['Plan for someone@client.com', 'Plan for someone＠client．com', 'Plan for some\u200bone@client.com']) {
      const reply = await create(api.lead, { ...plan(), name });
      expect([reply.status, reply.body.error, reply.body.issues.map((i: { path: string }) => i.path)], name).toEqual([400, 'validation_error', ['name']]);
    }
    const pilot = await create(api.lead, plan({ pilotGroups: [{ dimension: 'location', value: 'ann＠client.com' }] }));
    expect(pilot.body.issues.map((i: { path: string }) => i.path)).toEqual(['config.pilotGroups.0.value']);
    expect((await api.server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: api.lead })).body.plans).toHaveLength(before);
  });

  it('refuses a plan renamed with an email, leaving its name as it was', async () => {
    const { id } = (await create(api.lead)).body.plan;
    const reply = await api.server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: { ...plan(), name: 'Plan for ｓｏｍｅｏｎｅ＠ｃｌｉｅｎｔ．ｃｏｍ' }, cookie: api.lead });
    expect([reply.status, reply.body.issues[0].path]).toEqual([400, 'name']);
    expect((await api.server.call(`/api/copilot-plans/${id}`, { cookie: api.lead })).body.plan.name).toBe('Finance pilot');
  });

  it('refuses a tier the pinned reference version does not define', async () => {
    const reply = await create(api.lead, plan({ licensedTiers: ['platinum'] }));
    expect(reply.status).toBe(400);
    expect(reply.body.issues).toEqual([{ path: 'config.licensedTiers.0', message: expect.stringContaining('platinum') }]);
  });

  it('refuses a plan on a dataset that is not ready with 409 conflict', async () => {
    const pending = await uploadedDataset(api.server, api.lead, engagementId, smallStaffList());
    const reply = await create(api.lead, plan(), pending);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
  });

  it('accepts a plan body above the 256 KB default and refuses one above 4 MB with 413', async () => {
    const big = (bytes: number) => ({ ...plan(), name: 'Big', config: { ...plan().config, pilotGroups: [] }, padding: 'x'.repeat(bytes) });
    // A strict body refuses the extra field (400), which proves the 300 KB body was read rather than cut off at 256 KB.
    expect((await create(api.lead, big(300_000))).status).toBe(400);
    expect((await create(api.lead, big(4_300_000))).status).toBe(413);
  });

  it('refuses changes once the engagement is closed, with 409 conflict', async () => {
    const closing = await newEngagement(api.server, api.lead, { name: 'Closing' });
    const dataset = await readyDataset(api.server, api.lead, closing, smallStaffList());
    const { id } = (await create(api.lead, plan(), dataset)).body.plan;
    await api.server.call(`/api/engagements/${closing}/close`, { method: 'POST', body: {}, cookie: api.lead });
    expect((await api.server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: plan(), cookie: api.lead })).status).toBe(409);
    expect((await api.server.call(`/api/copilot-plans/${id}`, { cookie: api.lead })).status).toBe(200);
  });

  describe('the allocation workbook', () => {
    const record = (cookie: string, named: boolean) =>
      api.server.call(`/api/datasets/${datasetId}/exports`, { body: { kind: 'xlsx', artefact: 'copilot-allocation', named, rows: 3 }, cookie });
    const exportEvents = async () => (await trail()).filter((e: any) => e.action === 'export_generated' && e.details.artefact === 'copilot-allocation');

    it('refuses the reveal behind a named workbook to a member without PII access with 403 forbidden', async () => {
      const reply = await api.server.call(`/api/datasets/${datasetId}/identities/reveal`, { body: { purpose: 'Copilot licence assignment', employeeIds: ['E1'] }, cookie: api.analyst });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden');
    });

    it('refuses recording a named allocation export without PII access, and audits nothing', async () => {
      const before = (await exportEvents()).length;
      const reply = await record(api.analyst, true);
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden');
      expect(await exportEvents()).toHaveLength(before);
    });

    it('records an allocation by employee ID from any member, a viewer included, as an unnamed export', async () => {
      expect((await record(api.viewer, false)).status).toBe(204);
      const [last] = (await exportEvents()).filter((e: any) => e.details.named === false);
      expect(last.details).toMatchObject({ kind: 'xlsx', artefact: 'copilot-allocation', named: false, rows: 3 });
    });

    it('records a named allocation export by a member with PII access as export_generated with named true', async () => {
      expect((await record(api.lead, true)).status).toBe(204);
      const named = (await exportEvents()).filter((e: any) => e.details.named === true);
      expect(named).toHaveLength(1);
      expect(named[0].details).toMatchObject({ kind: 'xlsx', artefact: 'copilot-allocation', named: true });
    });
  });
});

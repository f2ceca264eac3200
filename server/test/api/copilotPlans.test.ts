import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyDataset, smallStaffList, newEngagement, uploadedDataset } from '../support/staffList.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

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
  let server: TestServer;
  const cookies: Record<string, string> = {};
  let engagementId: string;
  let datasetId: string;
  let tiers: string[];

  const plan = (overrides: Record<string, unknown> = {}) => ({ name: 'Finance pilot', config: { ...CONFIG, licensedTiers: [tiers[0]], ...overrides } });
  const create = (cookie: string, body: unknown = plan(), id = datasetId) => server.call(`/api/datasets/${id}/copilot-plans`, { body, cookie });
  const trail = async () => (await server.call(`/api/engagements/${engagementId}/audit?limit=500`, { cookie: cookies.lead })).body.events;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const who of ['lead', 'analyst', 'viewer', 'admin']) cookies[who] = await server.signIn(`${who}@example.com`);
    engagementId = await newEngagement(server, cookies.lead);
    for (const [email, role] of [['analyst@example.com', 'analyst'], ['viewer@example.com', 'viewer']]) {
      await server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email, role }, cookie: cookies.lead });
    }
    datasetId = await readyDataset(server, cookies.lead, engagementId, smallStaffList());
    const reference = (await server.call('/api/reference/versions/1', { cookie: cookies.lead })).body;
    tiers = reference.data.copilot.tiers.map((t: { key: string }) => t.key);
  });
  afterAll(() => server.stop());

  it('saves a plan for a lead and audits copilot_plan_saved without its name', async () => {
    const reply = await create(cookies.lead);
    expect(reply.status).toBe(201);
    expect(reply.body.plan).toMatchObject({ id: expect.any(String), datasetId, name: 'Finance pilot', config: { licenceCount: 3, licensedTiers: [tiers[0]] } });
    const event = (await trail()).find((e: any) => e.action === 'copilot_plan_saved' && e.details.planId === reply.body.plan.id);
    expect(event).toMatchObject({ datasetId, details: { created: true, licenceCount: 3, licensedTiers: [tiers[0]], pilotGroups: 1 } });
    expect(JSON.stringify(event)).not.toContain('Finance pilot');
  });

  it('lets an analyst save, update and delete', async () => {
    const created = await create(cookies.analyst);
    expect(created.status).toBe(201);
    const id = created.body.plan.id;
    const updated = await server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: plan({ licenceCount: null }), cookie: cookies.analyst });
    expect(updated.status).toBe(200);
    expect(updated.body.plan.config.licenceCount).toBeNull();
    expect((await server.call(`/api/copilot-plans/${id}`, { method: 'DELETE', cookie: cookies.analyst })).status).toBe(204);
    expect((await server.call(`/api/copilot-plans/${id}`, { cookie: cookies.analyst })).status).toBe(404);
    const actions = (await trail()).filter((e: any) => e.details.planId === id).map((e: any) => [e.action, e.details.created ?? null]);
    expect(actions).toEqual(expect.arrayContaining([['copilot_plan_saved', true], ['copilot_plan_saved', false], ['copilot_plan_deleted', null]]));
  });

  it('lets a viewer list and read plans but refuses a viewer saving one with 403 forbidden', async () => {
    const { id } = (await create(cookies.lead)).body.plan;
    const list = await server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: cookies.viewer });
    expect(list.status).toBe(200);
    expect(list.body.plans.map((p: { id: string }) => p.id)).toContain(id);
    expect((await server.call(`/api/copilot-plans/${id}`, { cookie: cookies.viewer })).body.plan.id).toBe(id);
    const refused = await create(cookies.viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
  });

  it('refuses a viewer updating or deleting a plan with 403, leaving it as it was', async () => {
    const { id } = (await create(cookies.lead)).body.plan;
    expect((await server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: plan({ licenceCount: 9 }), cookie: cookies.viewer })).status).toBe(403);
    expect((await server.call(`/api/copilot-plans/${id}`, { method: 'DELETE', cookie: cookies.viewer })).status).toBe(403);
    expect((await server.call(`/api/copilot-plans/${id}`, { cookie: cookies.lead })).body.plan.config.licenceCount).toBe(3);
  });

  it('answers 404 to a non-member, administrators included', async () => {
    const { id } = (await create(cookies.lead)).body.plan;
    expect((await server.call(`/api/copilot-plans/${id}`, { cookie: cookies.admin })).status).toBe(404);
    expect((await server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: cookies.admin })).status).toBe(404);
    expect((await create(cookies.admin)).status).toBe(404);
  });

  it('answers 404 for a plan id that is not a UUID', async () => {
    expect((await server.call('/api/copilot-plans/not-a-uuid', { cookie: cookies.lead })).status).toBe(404);
  });

  it('refuses a config outside its shape with 400 validation_error and the path', async () => {
    const reply = await create(cookies.lead, plan({ adoptionPercent: 120 }));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues.map((i: { path: string }) => i.path)).toContain('config.adoptionPercent');
  });

  it('refuses a plan named with an email, full-width too, with 400 validation_error naming it, and stores nothing', async () => {
    const before = (await server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: cookies.lead })).body.plans.length;
    for (const name of ['Plan for someone@client.com', 'Plan for someone＠client．com', 'Plan for some\u200bone@client.com']) {
      const reply = await create(cookies.lead, { ...plan(), name });
      expect([reply.status, reply.body.error, reply.body.issues.map((i: { path: string }) => i.path)], name).toEqual([400, 'validation_error', ['name']]);
    }
    const pilot = await create(cookies.lead, plan({ pilotGroups: [{ dimension: 'location', value: 'ann＠client.com' }] }));
    expect(pilot.body.issues.map((i: { path: string }) => i.path)).toEqual(['config.pilotGroups.0.value']);
    expect((await server.call(`/api/datasets/${datasetId}/copilot-plans`, { cookie: cookies.lead })).body.plans).toHaveLength(before);
  });

  it('refuses a plan renamed with an email, leaving its name as it was', async () => {
    const { id } = (await create(cookies.lead)).body.plan;
    const reply = await server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: { ...plan(), name: 'Plan for ｓｏｍｅｏｎｅ＠ｃｌｉｅｎｔ．ｃｏｍ' }, cookie: cookies.lead });
    expect([reply.status, reply.body.issues[0].path]).toEqual([400, 'name']);
    expect((await server.call(`/api/copilot-plans/${id}`, { cookie: cookies.lead })).body.plan.name).toBe('Finance pilot');
  });

  it('refuses a tier the pinned reference version does not define', async () => {
    const reply = await create(cookies.lead, plan({ licensedTiers: ['platinum'] }));
    expect(reply.status).toBe(400);
    expect(reply.body.issues).toEqual([{ path: 'config.licensedTiers.0', message: expect.stringContaining('platinum') }]);
  });

  it('refuses a plan on a dataset that is not ready with 409 conflict', async () => {
    const pending = await uploadedDataset(server, cookies.lead, engagementId, smallStaffList());
    const reply = await create(cookies.lead, plan(), pending);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
  });

  it('accepts a plan body above the 256 KB default and refuses one above 4 MB with 413', async () => {
    const big = (bytes: number) => ({ ...plan(), name: 'Big', config: { ...plan().config, pilotGroups: [] }, padding: 'x'.repeat(bytes) });
    // A strict body refuses the extra field (400), which proves the 300 KB body was read rather than cut off at 256 KB.
    expect((await create(cookies.lead, big(300_000))).status).toBe(400);
    expect((await create(cookies.lead, big(4_300_000))).status).toBe(413);
  });

  it('refuses changes once the engagement is closed, with 409 conflict', async () => {
    const closing = await newEngagement(server, cookies.lead, { name: 'Closing' });
    const dataset = await readyDataset(server, cookies.lead, closing, smallStaffList());
    const { id } = (await create(cookies.lead, plan(), dataset)).body.plan;
    await server.call(`/api/engagements/${closing}/close`, { method: 'POST', body: {}, cookie: cookies.lead });
    expect((await server.call(`/api/copilot-plans/${id}`, { method: 'PUT', body: plan(), cookie: cookies.lead })).status).toBe(409);
    expect((await server.call(`/api/copilot-plans/${id}`, { cookie: cookies.lead })).status).toBe(200);
  });

  describe('the allocation workbook', () => {
    const record = (cookie: string, named: boolean) =>
      server.call(`/api/datasets/${datasetId}/exports`, { body: { kind: 'xlsx', artefact: 'copilot-allocation', named, rows: 3 }, cookie });
    const exportEvents = async () => (await trail()).filter((e: any) => e.action === 'export_generated' && e.details.artefact === 'copilot-allocation');

    it('refuses the reveal behind a named workbook to a member without PII access with 403 forbidden', async () => {
      const reply = await server.call(`/api/datasets/${datasetId}/identities/reveal`, { body: { purpose: 'Copilot licence assignment', employeeIds: ['E1'] }, cookie: cookies.analyst });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden');
    });

    it('refuses recording a named allocation export without PII access, and audits nothing', async () => {
      const before = (await exportEvents()).length;
      const reply = await record(cookies.analyst, true);
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden');
      expect(await exportEvents()).toHaveLength(before);
    });

    it('records an allocation by employee ID from any member, a viewer included, as an unnamed export', async () => {
      expect((await record(cookies.viewer, false)).status).toBe(204);
      const [last] = (await exportEvents()).filter((e: any) => e.details.named === false);
      expect(last.details).toMatchObject({ kind: 'xlsx', artefact: 'copilot-allocation', named: false, rows: 3 });
    });

    it('records a named allocation export by a member with PII access as export_generated with named true', async () => {
      expect((await record(cookies.lead, true)).status).toBe(204);
      const named = (await exportEvents()).filter((e: any) => e.details.named === true);
      expect(named).toHaveLength(1);
      expect(named[0].details).toMatchObject({ kind: 'xlsx', artefact: 'copilot-allocation', named: true });
    });
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_AREAS } from '../../server/routes/openapi.ts';
import { sensibleModel } from '../../server/test/support/fakeNarratives.ts';
import { fakeModelServer } from '../../server/test/support/fakeModelServer.ts';
import { newEngagement, readyDataset, smallStaffList } from '../../server/test/support/staffList.ts';
import { decodeTitlesList } from '../../workers/classify/titlesList.ts';
import { startTestServer, type TestServer } from '../../server/test/support/testServer.ts';

// The replies the OpenAPI document describes by schema/api/ are what the server sends: each is checked here over
// real HTTP against the schema its route names, the one the browser reads it by.

const replyOf = (key: string): z.ZodType => {
  const route = API_AREAS.flatMap((area) => Object.entries(area.routes)).find(([k]) => k === key)?.[1];
  if (!route?.reply) throw new Error(`${key} names no reply schema`);
  return route.reply;
};

/** Calls the route over HTTP, expects success, and checks the reply against the schema the route names; returns the body. */
const replyChecker = (server: TestServer) => async (key: string, path: string, init: { method?: string; body?: unknown; cookie: string }) => {
  const reply = await server.call(`/api${path}`, init);
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  const parsed = replyOf(key).safeParse(reply.body);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  return reply.body;
};

describe('replies match the schemas the API describes them by', () => {
  let server: TestServer;
  let checked: ReturnType<typeof replyChecker>;
  let lead: string;
  let admin: string;
  let engagementId: string;

  beforeAll(async () => {
    // With a master secret, so names and emails can be stored and the identities replies read.
    server = await startTestServer('sqlite', 'local', { IDENTITY_KEK: randomBytes(32).toString('base64') });
    checked = replyChecker(server);
    [lead, admin] = await Promise.all([server.signIn('lead@example.com'), server.signIn('admin@example.com')]);
    engagementId = (await checked('POST /engagements', '/engagements', { body: { name: 'Northwind review' }, cookie: lead })).engagement.id;
  });
  afterAll(() => server.stop());

  it('the session and the development sign-in', async () => {
    await checked('GET /me', '/me', { cookie: lead });
    await checked('GET /dev/users', '/dev/users', { cookie: lead });
    await checked('POST /dev/sign-in', '/dev/sign-in', { body: { email: 'viewer@example.com' }, cookie: lead });
  });

  it('engagements: list, one, change, close, reopen', async () => {
    await checked('GET /engagements', '/engagements', { cookie: lead });
    await checked('GET /engagements/:id', `/engagements/${engagementId}`, { cookie: lead });
    await checked('PATCH /engagements/:id', `/engagements/${engagementId}`, { method: 'PATCH', body: { name: 'Northwind' }, cookie: lead });
    await checked('POST /engagements/:id/close', `/engagements/${engagementId}/close`, { method: 'POST', body: {}, cookie: lead });
    await checked('POST /engagements/:id/reopen', `/engagements/${engagementId}/reopen`, { method: 'POST', body: {}, cookie: lead });
  });

  it("audit trails: the engagement's and the platform's", async () => {
    await checked('GET /engagements/:id/audit', `/engagements/${engagementId}/audit`, { cookie: lead });
    await checked('GET /admin/audit', '/admin/audit', { cookie: admin });
  });

  it('datasets: create, list, rename', async () => {
    const { dataset } = await checked('POST /engagements/:id/datasets', `/engagements/${engagementId}/datasets`, { body: { name: 'March list', expectedRows: 2 }, cookie: lead });
    await checked('GET /engagements/:id/datasets', `/engagements/${engagementId}/datasets`, { cookie: lead });
    await checked('PATCH /datasets/:id', `/datasets/${dataset.id}`, { method: 'PATCH', body: { name: 'April list' }, cookie: lead });
  });

  it('the upload: chunk, complete, classify steps, then the dataset page and its titles', async () => {
    const rows = smallStaffList();
    const created = await checked('POST /engagements/:id/datasets', `/engagements/${engagementId}/datasets`, { body: { name: 'May list', expectedRows: rows.length }, cookie: lead });
    const datasetId: string = created.dataset.id;
    await checked('GET /datasets/:id', `/datasets/${datasetId}`, { cookie: lead });
    await checked('POST /datasets/:id/rows', `/datasets/${datasetId}/rows`, { body: { chunk: 0, rows }, cookie: lead });
    await checked('POST /datasets/:id/rows', `/datasets/${datasetId}/rows`, { body: { chunk: 0, rows }, cookie: lead });
    await checked('POST /datasets/:id/complete', `/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: lead });
    for (let step = 0; step < 20; step += 1) {
      if ((await checked('POST /datasets/:id/classify', `/datasets/${datasetId}/classify`, { body: {}, cookie: lead })).pending === 0) break;
    }
    const page = await checked('GET /datasets/:id', `/datasets/${datasetId}`, { cookie: lead });
    expect(page.dataset.summary).not.toBeNull();
    await checked('GET /datasets/:id/titles', `/datasets/${datasetId}/titles`, { cookie: lead });
    const stored = await checked('GET /datasets/:id/rows', `/datasets/${datasetId}/rows`, { cookie: lead });
    expect(stored.rows).toHaveLength(rows.length);
  });

  it('overrides: set everywhere and for one scope, list, remove', async () => {
    const datasetId = await readyDataset(server, lead, engagementId, smallStaffList());
    const titles = decodeTitlesList((await server.call(`/api/datasets/${datasetId}/titles`, { cookie: lead })).body);
    const coded = titles.find((t) => t.usSoc2018 !== null && t.ukSoc2020 !== null)!;
    const choice = { title: coded.title, usSoc2018: coded.usSoc2018, ukSoc2020: coded.ukSoc2020 };
    await checked('PUT /engagements/:id/overrides', `/engagements/${engagementId}/overrides`, { method: 'PUT', body: choice, cookie: lead });
    const scope = { kind: 'division', values: ['Finance'] };
    await checked('PUT /engagements/:id/overrides', `/engagements/${engagementId}/overrides`, { method: 'PUT', body: { ...choice, scope }, cookie: lead });
    const { overrides } = await checked('GET /engagements/:id/overrides', `/engagements/${engagementId}/overrides`, { cookie: lead });
    expect(overrides.map((o: { scope: unknown }) => o.scope)).toEqual(expect.arrayContaining([null, scope]));
    const query = new URLSearchParams({ title: coded.title });
    await checked('DELETE /engagements/:id/overrides', `/engagements/${engagementId}/overrides?${query}`, { method: 'DELETE', cookie: lead });
  });

  it('identities: reveal and licence-list match', async () => {
    const rows = smallStaffList();
    const created = await checked('POST /engagements/:id/datasets', `/engagements/${engagementId}/datasets`, { body: { name: 'Named list', expectedRows: rows.length, withIdentities: true }, cookie: lead });
    const datasetId: string = created.dataset.id;
    const identities = [{ employeeId: 'E1', name: 'Ada Lovelace', email: 'ada@client.example' }, { employeeId: 'E2', name: 'Alan Turing', email: null }];
    await checked('POST /datasets/:id/rows', `/datasets/${datasetId}/rows`, { body: { chunk: 0, rows, identities }, cookie: lead });
    const revealed = await checked('POST /datasets/:id/identities/reveal', `/datasets/${datasetId}/identities/reveal`, { body: { purpose: 'Checking the replies' }, cookie: lead });
    expect(revealed.people.length).toBeGreaterThan(0);
    const body = { purpose: 'Checking the replies', emails: ['ada@client.example', 'nobody@client.example'] };
    const matched = await checked('POST /datasets/:id/identities/match', `/datasets/${datasetId}/identities/match`, { body, cookie: lead });
    expect(matched.matched).toBe(1);
  });

  it('AI narratives (rule-based without a provider) and the usage report', async () => {
    const datasetId = await readyDataset(server, lead, await newEngagement(server, lead), smallStaffList());
    for (const kind of ['exec-summary', 'lifecycle']) {
      await checked('GET /datasets/:id/ai/:kind', `/datasets/${datasetId}/ai/${kind}`, { cookie: lead });
      await checked('POST /datasets/:id/ai/:kind', `/datasets/${datasetId}/ai/${kind}`, { body: {}, cookie: lead });
    }
    await checked('GET /admin/ai-usage', '/admin/ai-usage', { cookie: admin });
  });

  it('prompt administration: list, one, draft made, changed and published', async () => {
    await checked('GET /admin/prompts', '/admin/prompts', { cookie: admin });
    await checked('GET /admin/prompts/:key', '/admin/prompts/exec-summary', { cookie: admin });
    await checked('POST /admin/prompts/:key/draft', '/admin/prompts/exec-summary/draft', { body: {}, cookie: admin });
    await checked('PUT /admin/prompts/:key/draft', '/admin/prompts/exec-summary/draft', { method: 'PUT', body: { notes: 'Checked replies' }, cookie: admin });
    await checked('GET /admin/prompts/:key', '/admin/prompts/exec-summary', { cookie: admin });
    await checked('POST /admin/prompts/:key/draft/publish', '/admin/prompts/exec-summary/draft/publish', { body: { notes: 'Checked replies' }, cookie: admin });
    await checked('GET /admin/prompts/datasets', '/admin/prompts/datasets', { cookie: admin });
  });

  it('the prompt lab without a provider: a dry run, and a run that says why AI is unavailable', async () => {
    const body = { version: 1, titles: ['Payroll Clerk'] };
    await checked('POST /admin/prompts/:key/test', '/admin/prompts/classifier/test', { body: { ...body, dryRun: true }, cookie: admin });
    const unavailable = await checked('POST /admin/prompts/:key/test', '/admin/prompts/classifier/test', { body: { ...body, dryRun: false }, cookie: admin });
    expect(unavailable.aiUnavailableReason).toEqual(expect.any(String));
  });

  it('the shared title cache page', async () => {
    await checked('GET /admin/cache', '/admin/cache', { cookie: admin });
  });

  it('Copilot plans: save, list, one, change', async () => {
    const datasetId = await readyDataset(server, lead, await newEngagement(server, lead), smallStaffList());
    const tier = (await server.call('/api/reference/versions/1', { cookie: lead })).body.data.copilot.tiers[0].key;
    const plan = {
      name: 'Finance pilot',
      config: { licenceCount: 3, pricePerLicencePerMonth: 25, currency: 'GBP', licensedTiers: [tier], horizons: ['now'], pilotGroups: [], termMonths: 12, weeklyHours: 37.5, adoptionPercent: 80 },
    };
    const saved = await checked('POST /datasets/:id/copilot-plans', `/datasets/${datasetId}/copilot-plans`, { body: plan, cookie: lead });
    await checked('GET /datasets/:id/copilot-plans', `/datasets/${datasetId}/copilot-plans`, { cookie: lead });
    await checked('GET /copilot-plans/:id', `/copilot-plans/${saved.plan.id}`, { cookie: lead });
    await checked('PUT /copilot-plans/:id', `/copilot-plans/${saved.plan.id}`, { method: 'PUT', body: { ...plan, name: 'Wider pilot' }, cookie: lead });
  });

  it('members: list and put', async () => {
    await checked('GET /engagements/:id/members', `/engagements/${engagementId}/members`, { cookie: lead });
    const member = { email: 'analyst@example.com', role: 'analyst', piiAccess: false };
    await checked('PUT /engagements/:id/members', `/engagements/${engagementId}/members`, { method: 'PUT', body: member, cookie: lead });
  });

  it('users, clients and platform figures', async () => {
    await checked('GET /users', '/users', { cookie: admin });
    const { user } = await checked('POST /users', '/users', { body: { email: 'new.person@example.com', name: 'New Person' }, cookie: admin });
    await checked('PATCH /users/:id', `/users/${user.id}`, { method: 'PATCH', body: { name: 'New Name' }, cookie: admin });
    const { client } = await checked('POST /clients', '/clients', { body: { name: 'Northwind Ltd' }, cookie: lead });
    await checked('PATCH /clients/:id', `/clients/${client.id}`, { method: 'PATCH', body: { notes: 'Public sector' }, cookie: lead });
    await checked('GET /clients', '/clients', { cookie: lead });
    await checked('GET /admin/stats', '/admin/stats', { cookie: admin });
  });

  it('reference administration: overview, draft made, read, changed and published', async () => {
    await checked('GET /reference', '/reference', { cookie: lead });
    await checked('GET /admin/reference', '/admin/reference', { cookie: admin });
    await checked('GET /admin/reference/draft', '/admin/reference/draft', { cookie: admin });
    await checked('POST /admin/reference/draft', '/admin/reference/draft', { body: {}, cookie: admin });
    await checked('GET /admin/reference/draft', '/admin/reference/draft', { cookie: admin });
    await checked('PUT /admin/reference/draft', '/admin/reference/draft', { method: 'PUT', body: { notes: 'Same data, checked replies' }, cookie: admin });
    await checked('GET /reference/versions/:version', '/reference/versions/draft', { cookie: admin });
    await checked('GET /reference/versions/:version', '/reference/versions/1', { cookie: lead });
    await checked('POST /admin/reference/draft/publish', '/admin/reference/draft/publish', { body: { notes: 'Same data, checked replies' }, cookie: admin });
  });

  it("benchmarks, and a client's brand: set, read", async () => {
    const datasetId = await readyDataset(server, lead, await newEngagement(server, lead), smallStaffList());
    await checked('GET /benchmarks', `/benchmarks?datasetId=${datasetId}`, { cookie: lead });
    const { client } = await checked('POST /clients', '/clients', { body: { name: 'Brand Ltd' }, cookie: lead });
    await checked('GET /clients/:id/brand', `/clients/${client.id}/brand`, { cookie: lead });
    await checked('PUT /clients/:id/brand', `/clients/${client.id}/brand`, { method: 'PUT', body: { colours: { primary: '#1f3a5f' } }, cookie: lead });
    await checked('GET /clients/:id/brand', `/clients/${client.id}/brand`, { cookie: lead });
  });

  it('a reply missing a field fails its schema', () => {
    expect(replyOf('GET /admin/stats').safeParse({ stats: { engagements: 1 } }).success).toBe(false);
  });
});

describe("the prompt lab's test runs match their schema when a model answers", () => {
  const provider = fakeModelServer('sqlite', {}, sensibleModel);
  let checked: ReturnType<typeof replyChecker>;
  let admin: string;
  let lead: string;
  const labRun = (key: string, body: Record<string, unknown>) =>
    checked('POST /admin/prompts/:key/test', `/admin/prompts/${key}/test`, { body: { version: 1, dryRun: false, ...body }, cookie: admin });

  beforeAll(async () => {
    checked = replyChecker(provider.server);
    [lead, admin] = await Promise.all([provider.server.signIn('lead@example.com'), provider.server.signIn('admin@example.com')]);
  });

  it('the classifier: codes accepted, and a failed call', async () => {
    expect((await labRun('classifier', { titles: ['Payroll Clerk', 'Wages Officer'] })).outcome.classifications).toHaveLength(2);
    provider.fake.handler = () => ({ status: 500 });
    expect(await labRun('classifier', { titles: ['Payroll Clerk'] })).toMatchObject({ usage: null, raw: null, outcome: { accepted: false } });
  });

  it('the narratives: a summary, a value chain and an answer', async () => {
    const datasetId = await readyDataset(provider.server, lead, await newEngagement(provider.server, lead), smallStaffList());
    expect((await labRun('exec-summary', { datasetId })).outcome.markdown).toEqual(expect.any(String));
    expect((await labRun('lifecycle', { datasetId })).outcome.lifecycle.phases.length).toBeGreaterThan(0);
    expect((await labRun('ask', { datasetId, question: 'How many people?' })).outcome.accepted).toBe(true);
  });
});

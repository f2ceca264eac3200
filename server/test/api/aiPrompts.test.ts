import { beforeAll, describe, expect, it } from 'vitest';
import { fakeModelServer } from '../support/fakeModelServer.ts';
import { messagesOf, titlesSent, type FakeOpenAi } from '../support/fakeOpenAi.ts';
import { sensibleModel } from '../support/fakeNarratives.ts';
import { newEngagement, readyDataset, smallStaffList } from '../support/staffList.ts';
import { BACKENDS, type TestServer } from '../support/testServer.ts';

/** Prompts as versions, the prompt lab and AI usage (spec: Prompts, Prompt rendering and validation, Test run rules). */
describe.each(BACKENDS)('AI prompts and usage on %s', (backend) => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let admin: string;
  let lead: string;

  const call = (path: string, method = 'GET', body?: unknown, cookie = admin) => server.call(`/api/admin/prompts${path}`, { method, body, cookie });
  const lastAudit = async () => (await server.call('/api/admin/audit?limit=1', { cookie: admin })).body.events[0];

  const provider = fakeModelServer(backend, { MODEL_ALLOWED_MODELS: 'other-model, big-model' }, sensibleModel);

  beforeAll(async () => {
    ({ server, fake } = provider);
    admin = await server.signIn('admin@example.com');
    lead = await server.signIn('lead@example.com');
  });

  it('seeds the four built-in prompts as version 1', async () => {
    const reply = await call('');
    expect(reply.status).toBe(200);
    expect(reply.body.prompts.map((p: any) => [p.key, p.live.version, p.draft])).toEqual([
      ['classifier', 1, null], ['exec-summary', 1, null], ['lifecycle', 1, null], ['ask', 1, null],
    ]);
    const detail = (await call('/lifecycle')).body;
    expect(detail.definition.variables.map((v: any) => v.name)).toEqual(['sector', 'roles', 'citationSourceId']);
    expect(detail.versions).toHaveLength(1);
    expect(detail.versions[0]).toMatchObject({ version: 1, temperature: 0.3, maxOutputTokens: 8192, model: null });
  });

  it('creates a draft from the live version, once (409 for a second), audited', async () => {
    const created = await call('/ask/draft', 'POST', {});
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ draft: { status: 'draft', version: null, temperature: 0.2 }, issues: [] });
    expect(await lastAudit()).toMatchObject({ action: 'prompt_draft_created', details: { key: 'ask', from: 1 } });
    expect((await call('/ask/draft', 'POST', {})).status).toBe(409);
  });

  it('reports live issues on save: unknown variables, a missing required one, a model not allowed, text over 20,000 characters', async () => {
    const saved = await call('/ask/draft', 'PUT', { template: 'Facts {{facts}} and {{salary}}', model: 'secret-model', system: 'x'.repeat(20_001) });
    expect(saved.status, saved.text).toBe(200);
    const messages = saved.body.issues.map((i: any) => i.message).join('\n');
    expect(messages).toMatch(/\{\{salary\}\} is not a variable/);
    expect(messages).toMatch(/\{\{question\}\} is used nowhere/);
    expect(messages).toMatch(/secret-model is not in the allowed list/);
    expect(messages).toMatch(/20001 characters/);
    const refused = await call('/ask/draft/publish', 'POST', { notes: 'Try to publish' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_prompt');
  });

  it('refuses settings out of range with 400 validation_error, and a draft over 128 KB with 413', async () => {
    expect((await call('/ask/draft', 'PUT', { temperature: 2.5 })).status).toBe(400);
    expect((await call('/ask/draft', 'PUT', { maxOutputTokens: 32 })).status).toBe(400);
    expect((await call('/ask/draft', 'PUT', { template: 'x'.repeat(130 * 1024) })).status).toBe(413);
  });

  it('discards a draft, audited', async () => {
    expect((await call('/ask/draft', 'DELETE')).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'prompt_draft_discarded', details: { key: 'ask' } });
    expect((await call('/ask')).body.draft).toBeNull();
  });

  it('refuses publish notes holding an email, full-width and behind zero-width spaces too, with 400 validation_error naming notes; publishes and audits nothing', async () => {
    await call('/lifecycle/draft', 'POST', {});
    for (const notes of ['Reviewed by someone@client.com', 'Reviewed by some\u200bone＠client．com', 'Reviewed by someone (at) client (dot) com']) {
      const refused = await call('/lifecycle/draft/publish', 'POST', { notes });
      expect(refused.status, notes).toBe(400);
      expect(refused.body).toMatchObject({ error: 'validation_error', issues: [{ path: 'notes' }] });
    }
    expect((await call('/lifecycle')).body.versions).toHaveLength(1);
    expect(await lastAudit()).toMatchObject({ action: 'prompt_draft_created' });
    expect((await call('/lifecycle/draft', 'DELETE')).status).toBe(204);
  });

  it('publishes a clean draft as the next version, which production then uses and records', async () => {
    await call('/classifier/draft', 'POST', {});
    const system = 'You are a careful occupational coder (version two). Reply with JSON rows {i,u,k,c,z} only.';
    expect((await call('/classifier/draft', 'PUT', { system, model: 'other-model' })).body.issues).toEqual([]);
    const published = await call('/classifier/draft/publish', 'POST', { notes: 'Stricter wording' });
    expect(published.status, published.text).toBe(200);
    expect(published.body.version).toMatchObject({ version: 2, status: 'published', model: 'other-model' });
    expect(await lastAudit()).toMatchObject({ action: 'prompt_published', details: { key: 'classifier', version: 2, notes: 'Stricter wording' } });
    await readyDataset(server, lead, await newEngagement(server, lead, { shareClassificationCache: false }), [{ employeeId: 'A', title: 'Zorbic Prompt Tester', salary: 1 }]);
    expect(fake.requests[0].model).toBe('other-model');
    expect(messagesOf(fake.requests[0])).toContain('version two');
  });

  it('dry-runs a test: the rendered prompt with up to 50 titles, no model call, audited', async () => {
    const titles = Array.from({ length: 60 }, (_, n) => `Lab Title ${n}`);
    const reply = await call('/classifier/test', 'POST', { version: 1, titles, industry: 'Retail', region: 'london', dryRun: true });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.dryRun).toBe(true);
    expect(reply.body.rendered.user).toContain('Sector: Retail');
    expect(reply.body.rendered.user).toContain('50. Lab Title 49');
    expect(reply.body.rendered.user).not.toContain('Lab Title 50');
    expect(fake.requests).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'prompt_tested', details: { key: 'classifier', version: 1, dryRun: true } });
  });

  it('refuses to test a version that does not exist (404) or a draft with issues (400 invalid_prompt), calling no model', async () => {
    const missing = await call('/classifier/test', 'POST', { version: 99, titles: ['Payroll Clerk'], dryRun: true });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    await call('/exec-summary/draft', 'POST', {});
    await call('/exec-summary/draft', 'PUT', { template: 'Facts {{facts}} and {{salary}}' });
    const refused = await call('/exec-summary/test', 'POST', { version: 'draft', datasetId: '00000000-0000-4000-8000-000000000000', dryRun: false });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_prompt');
    expect(refused.body.issues).toContainEqual(expect.objectContaining({ path: 'template' }));
    expect(fake.requests).toEqual([]);
    expect((await call('/exec-summary/draft', 'DELETE')).status).toBe(204);
  });

  it('reads the test industry as an industry pack when one has that id, sending its label as production does', async () => {
    const reply = await call('/classifier/test', 'POST', { version: 1, titles: ['Store Manager'], industry: 'retail', region: 'london', dryRun: true });
    expect(reply.body.rendered.user).toMatch(/^Context:\nSector: not stated\nIndustry pack: \S.*\nRegion: london\n/);
    const packs = (await server.call('/api/reference/versions/1', { cookie: admin })).body.data.packs as { id: string; label: string }[];
    const retail = packs.find((p) => p.id === 'retail')!;
    expect(retail.label).not.toBe(retail.id);
    expect(reply.body.rendered.user).toContain(`\nIndustry pack: ${retail.label}\n`);
  });

  it('runs a test for real: metered under prompt-lab, judged by the production parser', async () => {
    const reply = await call('/classifier/test', 'POST', { version: 1, titles: ['Payroll Clerk', 'Wages Officer'], dryRun: false });
    expect(reply.status, reply.text).toBe(200);
    expect(titlesSent(fake.requests[0])).toEqual(['Payroll Clerk', 'Wages Officer']);
    expect(reply.body).toMatchObject({ dryRun: false, usage: { inputTokens: 100, outputTokens: 50 }, outcome: { accepted: true } });
    expect(reply.body.outcome.classifications).toEqual([
      { title: 'Payroll Clerk', i: 1, usSoc2018: '43-3051', ukSoc2020: '4122', confidence: 0.9 },
      { title: 'Wages Officer', i: 2, usSoc2018: '43-3051', ukSoc2020: '4122', confidence: 0.9 },
    ]);
    expect(await lastAudit()).toMatchObject({ action: 'prompt_tested', details: { dryRun: false, inputTokens: 100, outputTokens: 50 } });
    const usage = (await server.call('/api/admin/ai-usage', { cookie: admin })).body;
    expect(usage.months.at(-1).features['prompt-lab']).toMatchObject({ calls: 1, inputTokens: 100, outputTokens: 50 });
  });

  it('returns a model failure as a rejected outcome, and truncates the raw reply at 20,000 characters', async () => {
    fake.handler = () => ({ status: 500 });
    const failed = await call('/classifier/test', 'POST', { version: 1, titles: ['Payroll Clerk'], dryRun: false });
    expect(failed.status).toBe(200);
    expect(failed.body.outcome).toMatchObject({ accepted: false, summary: expect.stringMatching(/HTTP 500/) });
    fake.handler = () => ({ content: 'z'.repeat(25_000) });
    const long = await call('/classifier/test', 'POST', { version: 1, titles: ['Payroll Clerk'], dryRun: false });
    expect(long.body.raw).toHaveLength(20_000);
    expect(long.body.outcome).toMatchObject({ accepted: false, summary: 'The reply is not valid JSON.' });
  });

  it('tests narrative prompts on any ready dataset listed for administrators, even outside their engagements', async () => {
    const datasetId = await readyDataset(server, lead, await newEngagement(server, lead), smallStaffList());
    const listed = (await call('/datasets')).body.datasets;
    expect(listed.map((d: any) => d.id)).toContain(datasetId);
    const summary = await call('/exec-summary/test', 'POST', { version: 1, datasetId, dryRun: false });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.outcome).toMatchObject({ accepted: true, markdown: expect.stringContaining('people') });
    const chain = await call('/lifecycle/test', 'POST', { version: 1, datasetId, dryRun: false });
    expect(chain.body.outcome).toMatchObject({ accepted: true, lifecycle: { roles: expect.any(Number), evenlySpread: 1 } });
    expect((await call('/ask/test', 'POST', { version: 1, datasetId, dryRun: true })).status).toBe(400);
  });

  it('reports twelve months of AI usage by feature with the month-to-date spend, budget and model', async () => {
    const reply = await server.call('/api/admin/ai-usage', { cookie: admin });
    expect(reply.status).toBe(200);
    expect(reply.body.months).toHaveLength(12);
    expect(reply.body.months.at(-1).month).toBe(new Date().toISOString().slice(0, 7));
    expect(Object.keys(reply.body.months[0].features)).toEqual(['classify', 'exec-summary', 'lifecycle', 'ask', 'prompt-lab']);
    const current = reply.body.months.at(-1);
    const tokens = Object.values(current.features).reduce((sum: number, f: any) => sum + f.inputTokens * 0.4 + f.outputTokens * 1.6, 0) / 1e6;
    expect(reply.body.monthToDate).toBeCloseTo(tokens, 4);
    expect(reply.body).toMatchObject({ model: 'fake-model', aiEnabled: true, budget: { monthly: 50, reached: false } });
  });

  it('is for administrators only', async () => {
    for (const path of ['/api/admin/prompts', '/api/admin/prompts/classifier', '/api/admin/prompts/datasets', '/api/admin/ai-usage']) {
      expect((await server.call(path, { cookie: lead })).status, path).toBe(403);
    }
    expect((await call('/classifier/test', 'POST', { version: 1, titles: ['x'], dryRun: true }, lead)).status).toBe(403);
  });
});

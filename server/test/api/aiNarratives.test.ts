import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { fakeModelServer, withFakeModel } from '../support/fakeModelServer.ts';
import { messagesOf, type FakeOpenAi } from '../support/fakeOpenAi.ts';
import { contractOf, datasetSourceOf, groundedNarrative, rolesSent, sensibleModel, valueChain } from '../support/fakeNarratives.ts';
import { newEngagement, readyDataset, smallStaffList, uploadedDataset } from '../support/staffList.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

/** Executive summary, value chain and Ask the data (spec: Narrative rules) through the real SDK and a local fake provider. */

describe.each(BACKENDS)('AI narratives on %s', (backend) => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let lead: string;
  let analyst: string;
  let engagementId: string;
  let datasetId: string;

  const ai = (kind: string, method = 'GET', cookie = lead) => server.call(`/api/datasets/${datasetId}/ai/${kind}`, { method, cookie, ...(method === 'POST' && { body: {} }) });
  const ask = (question: string, cookie = lead) => server.call(`/api/datasets/${datasetId}/ai/ask`, { body: { question }, cookie });
  const usage = (feature: string) =>
    asOwner(server.database, async (tx) => Number((await sql<any>`select count(*) as n from ai_usage where feature = ${feature} and engagement_id = ${engagementId}`.execute(tx)).rows[0].n));
  const lastAudit = async () => (await server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: lead })).body.events[0];

  const provider = fakeModelServer(backend, { AI_ASK_DAILY_LIMIT: '2', AI_TIMEOUT_MS: '3000' }, sensibleModel);

  beforeAll(async () => {
    ({ server, fake } = provider);
    lead = await server.signIn('lead@example.com');
    analyst = await server.signIn('analyst@example.com');
    const client = (await server.call('/api/clients', { body: { name: 'Shop Co', sector: 'Retail' }, cookie: lead })).body.client;
    engagementId = await newEngagement(server, lead, { clientId: client.id });
    await server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', cookie: lead, body: { email: 'analyst@example.com', role: 'analyst', piiAccess: false } });
    datasetId = await readyDataset(server, lead, engagementId, smallStaffList());
  });

  it('GET gives the rule-based summary until one is generated, opening with the dataset name in bold, and calls no model', async () => {
    const reply = await ai('exec-summary');
    expect(reply.status).toBe(200);
    expect(reply.body.output).toMatchObject({ kind: 'exec-summary', generated: 'rules', confidence: null, citations: [] });
    expect(reply.body.output.markdown).toMatch(/^\*\*Staff list\*\* covers 6 people/);
    expect(reply.body.output.markdown).not.toMatch(/^#/m);
    expect(fake.requests).toEqual([]);
  });

  it('POST writes the summary from aggregate facts, caches it with the prompt version, meters and audits it', async () => {
    const reply = await ai('exec-summary', 'POST');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.output).toMatchObject({ generated: 'ai', promptVersion: 1, confidence: 0.8, citations: [{ source: `dataset:${datasetId}` }] });
    expect(reply.body.output.reviewRequired).toBeUndefined();
    const [body] = fake.requests;
    expect(body).toMatchObject({ temperature: 0.4, max_tokens: 4096 });
    expect(messagesOf(body)).toContain('"sector": "Retail"');
    expect(await usage('exec-summary')).toBe(1);
    expect(await lastAudit()).toMatchObject({ action: 'ai_generated', details: { kind: 'exec-summary', promptVersion: 1, accepted: true } });
    const cached = (await ai('exec-summary')).body.output;
    expect(cached).toMatchObject({ generated: 'ai', promptVersion: 1, markdown: reply.body.output.markdown });
  });

  it('marks low-confidence AI text for review', async () => {
    fake.handler = (body) => groundedNarrative(body, 0.3);
    expect((await ai('exec-summary', 'POST')).body.output).toMatchObject({ generated: 'ai', confidence: 0.3, reviewRequired: true });
  });

  it('falls back to the rule-based text when the model invents a figure, and caches nothing new', async () => {
    await ai('exec-summary', 'POST');
    fake.handler = (body) => groundedNarrative(body, 0.9, ' We could save £4,321,987 next year.');
    const reply = await ai('exec-summary', 'POST');
    expect(reply.status).toBe(200);
    expect(reply.body.output).toMatchObject({ generated: 'rules', rejectedReason: expect.stringContaining('4,321,987') });
    expect((await ai('exec-summary')).body.output).toMatchObject({ generated: 'ai', confidence: 0.8 });
    expect(await lastAudit()).toMatchObject({ action: 'ai_generated', details: { accepted: false } });
  });

  it('falls back with the reason when the provider does not answer in time, metering nothing', async () => {
    const before = await usage('lifecycle');
    fake.handler = () => ({ hang: true });
    const reply = await ai('lifecycle', 'POST');
    expect(reply.status).toBe(200);
    expect(reply.body.output).toMatchObject({ generated: 'rules', aiUnavailableReason: expect.stringMatching(/did not answer in time/) });
    expect(await usage('lifecycle')).toBe(before);
  });

  it('refuses a narrative citing any source but the dataset', async () => {
    fake.handler = () => ({ content: JSON.stringify({ markdown: 'We found a workforce that is mostly in retail stores today.', confidence: 0.9, citations: [{ source: 'https://example.org' }] }) });
    expect((await ai('exec-summary', 'POST')).body.output).toMatchObject({ generated: 'rules', rejectedReason: expect.stringMatching(/citations/) });
  });

  it('refuses a narrative that addresses the reader in the second person', async () => {
    fake.handler = (body) => groundedNarrative(body, 0.9, ' You should review your finance team.');
    expect((await ai('exec-summary', 'POST')).body.output).toMatchObject({ generated: 'rules', rejectedReason: expect.stringMatching(/second person/) });
  });

  it('answers 409 and keeps nothing when the dataset is rescored while the text is written; the tokens are still metered', async () => {
    const before = await usage('exec-summary');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.handler = async (body) => {
      await held;
      return groundedNarrative(body, 0.55);
    };
    const pending = ai('exec-summary', 'POST');
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    const rescore = await server.call(`/api/datasets/${datasetId}`, { method: 'PATCH', cookie: lead, body: { settings: { employerCostMultiplier: 1.31 } } });
    expect(rescore.status, rescore.text).toBe(200);
    release();
    const reply = await pending;
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
    expect((await ai('exec-summary')).body.output.generated).toBe('rules');
    expect(await usage('exec-summary')).toBe(before + 1);
  });

  it('maps the value chain from role types and headcounts: phases kept, unplaced roles spread evenly and reported', async () => {
    const reply = await ai('lifecycle', 'POST');
    expect(reply.status, reply.text).toBe(200);
    const { output } = reply.body;
    expect(output).toMatchObject({ kind: 'lifecycle', generated: 'ai', promptVersion: 1, confidence: 0.7 });
    expect(output.lifecycle.phases.map((p: any) => p.key)).toEqual(['acquire', 'deliver', 'support']);
    const sent = rolesSent(fake.requests[0]);
    const total = sent.reduce((sum: number, r: any) => sum + r.headcount, 0);
    const mapped = output.lifecycle.phases.reduce((sum: number, p: any) => sum + p.headcount, 0);
    expect(mapped).toBeCloseTo(total, 1);
    expect(output.lifecycle.mapping.roles).toBe(sent.length - 1);
    expect(output.lifecycle.mapping.evenlySpread).toEqual([{ role: sent.at(-1)!.role, headcount: sent.at(-1)!.headcount }]);
    expect((await ai('lifecycle')).body.output.generated).toBe('ai');
  });

  it('falls back to the report value chain when the model gives fewer than three phases', async () => {
    fake.handler = (body) => valueChain(body, 2);
    const reply = await ai('lifecycle', 'POST');
    expect(reply.body.output).toMatchObject({ generated: 'rules', rejectedReason: expect.stringMatching(/3 to 7/) });
    expect(reply.body.output.lifecycle.phases.length).toBeGreaterThan(0);
  });

  it('lets any member ask a question and answers with citations; not cached; the audit keeps only its length', async () => {
    const question = 'How many people work here and what do they cost?';
    const reply = await ask(question, analyst);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.answer).toMatchObject({ kind: 'ask', generated: 'ai', citations: [{ source: `dataset:${datasetId}` }] });
    expect(messagesOf(fake.requests[0])).toContain(question);
    expect(await lastAudit()).toMatchObject({ action: 'ai_generated', details: { kind: 'ask', questionLength: question.length, promptVersion: 1 } });
    expect(JSON.stringify(await lastAudit())).not.toContain('cost?');
  });

  it('gives a polite refusal when the answer invents a figure', async () => {
    fake.handler = (body) => groundedNarrative(body, 0.9, ' Turnover is 37%.');
    const reply = await ask('What is the staff turnover?');
    expect(reply.status).toBe(200);
    expect(reply.body.answer).toMatchObject({ generated: 'rules', citations: [], markdown: expect.stringMatching(/could not ground an answer/) });
  });

  it('refuses a question shorter than 3 or longer than 1,000 characters', async () => {
    for (const question of ['hi', 'x'.repeat(1001)]) {
      const reply = await ask(question);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
    }
    expect(fake.requests).toEqual([]);
  });

  it('caps questions per person per UTC day with 429', async () => {
    const reader = await server.signIn('admin@example.com');
    await server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', cookie: lead, body: { email: 'admin@example.com', role: 'viewer', piiAccess: false } });
    expect((await ask('What do they cost?', reader)).status).toBe(200);
    expect((await ask('What do they cost now?', reader)).status).toBe(200);
    const third = await ask('And once more?', reader);
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('ai_budget_exceeded');
    expect((await ask('Still allowed for another person?', lead)).status).toBe(200);
  });

  it('answers 503 ai_unavailable when the provider fails during Ask', async () => {
    fake.handler = () => ({ status: 500 });
    const reply = await ask('What do they cost overall?', analyst);
    expect(reply.status).toBe(503);
    expect(reply.body.error).toBe('ai_unavailable');
  });

  it('lets only leads and analysts generate; a viewer may read', async () => {
    const viewer = await server.signIn('admin@example.com');
    expect((await ai('exec-summary', 'POST', viewer)).status).toBe(403);
    expect((await ai('exec-summary', 'GET', viewer)).status).toBe(200);
  });

  it('answers 409 for a dataset that is not ready, and 404 for an unknown kind', async () => {
    const unfinished = await uploadedDataset(server, lead, engagementId, smallStaffList());
    const reply = await server.call(`/api/datasets/${unfinished}/ai/exec-summary`, { cookie: lead });
    expect(reply.status).toBe(409);
    expect((await server.call(`/api/datasets/${datasetId}/ai/poem`, { cookie: lead })).status).toBe(404);
  });
});

describe.each(BACKENDS)('AI narratives with AI off or the budget spent on %s', (backend) => {
  it('with AI off: POST returns the rule-based text with the reason, and Ask answers 503 ai_unavailable', async () => {
    const server = await startTestServer(backend);
    try {
      const lead = await server.signIn('lead@example.com');
      const datasetId = await readyDataset(server, lead, await newEngagement(server, lead), smallStaffList());
      const post = await server.call(`/api/datasets/${datasetId}/ai/exec-summary`, { body: {}, cookie: lead });
      expect(post.body.output).toMatchObject({ generated: 'rules', aiUnavailableReason: expect.stringMatching(/not configured/) });
      const lifecycle = await server.call(`/api/datasets/${datasetId}/ai/lifecycle`, { cookie: lead });
      expect(lifecycle.body.output).toMatchObject({ generated: 'rules', lifecycle: { phases: expect.any(Array) } });
      const asked = await server.call(`/api/datasets/${datasetId}/ai/ask`, { body: { question: 'How many people?' }, cookie: lead });
      expect(asked.status).toBe(503);
      expect(asked.body.error).toBe('ai_unavailable');
    } finally {
      await server.stop();
    }
  });

  it('with the budget spent: Ask answers 429 ai_budget_exceeded and POST falls back, sending nothing', async () => {
    await withFakeModel(backend, { AI_MONTHLY_BUDGET: '0' }, sensibleModel, async ({ server, fake }) => {
      const lead = await server.signIn('lead@example.com');
      const datasetId = await readyDataset(server, lead, await newEngagement(server, lead), smallStaffList());
      const asked = await server.call(`/api/datasets/${datasetId}/ai/ask`, { body: { question: 'How many people?' }, cookie: lead });
      expect(asked.status).toBe(429);
      expect(asked.body.error).toBe('ai_budget_exceeded');
      const post = await server.call(`/api/datasets/${datasetId}/ai/exec-summary`, { body: {}, cookie: lead });
      expect(post.body.output).toMatchObject({ generated: 'rules', aiUnavailableReason: expect.stringMatching(/budget/) });
      expect(fake.requests).toEqual([]);
    });
  });
});

describe.each(BACKENDS)('what reaches the model on %s', (backend) => {
  it('never carries an employee ID, manager ID, salary, name, email, location, division or grouping value', async () => {
    await withFakeModel(backend, { IDENTITY_KEK: randomBytes(32).toString('base64') }, sensibleModel, async ({ server, fake }) => {
      const lead = await server.signIn('lead@example.com');
      const engagementId = await newEngagement(server, lead);
      const rows = [
        { employeeId: 'EMPQX7781', managerEmployeeId: null, title: 'Chief Executive Officer', salary: 187_654, location: 'Zennorville', division: 'Divzeta Ops', attributes: { Team: 'Grpquartz' } },
        { employeeId: 'EMPQX7782', managerEmployeeId: 'EMPQX7781', title: 'Finance Manager', salary: 76_543, location: 'Zennorville', division: 'Divzeta Ops', attributes: { Team: 'Grpquartz' } },
        { employeeId: 'EMPQX7783', managerEmployeeId: 'EMPQX7782', title: 'Zorbic Payroll Wrangler', salary: 34_567, location: 'Zennorville', division: 'Divzeta Ops', attributes: { Team: 'Grpamber' } },
      ];
      const created = await server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'Staff list', expectedRows: 3, withIdentities: true }, cookie: lead });
      expect(created.status, created.text).toBe(201);
      const datasetId = created.body.dataset.id;
      const identities = [
        { employeeId: 'EMPQX7781', name: 'Philippa Quorndon', email: 'philippa.quorndon@client.example' },
        { employeeId: 'EMPQX7782', name: 'Barnaby Ostrich', email: 'barnaby.ostrich@client.example' },
        { employeeId: 'EMPQX7783', name: 'Ottoline Vexley', email: 'ottoline.vexley@client.example' },
      ];
      const upload = await server.call(`/api/datasets/${datasetId}/rows`, { body: { chunk: 0, rows, identities }, cookie: lead });
      expect(upload.status, upload.text).toBe(201);
      expect((await server.call(`/api/datasets/${datasetId}/complete`, { body: {}, cookie: lead })).status).toBe(200);
      let step;
      do step = (await server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: lead })).body;
      while (step.pending > 0);
      for (const kind of ['exec-summary', 'lifecycle']) expect((await server.call(`/api/datasets/${datasetId}/ai/${kind}`, { body: {}, cookie: lead })).status).toBe(200);
      expect((await server.call(`/api/datasets/${datasetId}/ai/ask`, { body: { question: 'What does the workforce cost?' }, cookie: lead })).status).toBe(200);

      expect(new Set(fake.requests.map(contractOf))).toEqual(new Set(['title_classifications', 'narrative', 'value_chain']));
      const sent = JSON.stringify(fake.requests);
      const forbidden = [
        ...rows.flatMap((r) => [r.employeeId, String(r.salary), r.salary.toLocaleString('en-GB'), r.location, r.division, ...Object.values(r.attributes)]),
        ...identities.flatMap((i) => [i.name, i.email, i.email.split('@')[0]]),
        'Team',
      ];
      for (const value of forbidden) expect(sent, value).not.toContain(value);
      expect(sent).toContain('Zorbic Payroll Wrangler');
      expect(datasetSourceOf(fake.requests.find((b) => contractOf(b) === 'narrative'))).toBe(`dataset:${datasetId}`);
    });
  });
});

import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { codeEvery, FakeOpenAi, messagesOf, titlesSent } from '../support/fakeOpenAi.ts';
import { classifyUntilDone, newEngagement, readyDataset, smallStaffList, uploadedDataset } from '../support/staffList.ts';
import { fakeModelServer } from '../support/fakeModelServer.ts';
import { BACKENDS, serverFor, type TestServer } from '../support/testServer.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';

/**
 * A language model behind the local fake provider, reached through the real SDK: it codes every
 * title it is sent as a payroll clerk, records what it was sent, and can be held mid-call.
 */
class RecordingModel {
  static readonly PAYROLL = { usSoc2018: '43-3051', ukSoc2020: '4122', confidence: 0.9 };
  batches: { titles: string[]; context: string }[] = [];
  hold: Promise<void> | null = null;
  pick: { usSoc2018: string; ukSoc2020: string; confidence: number } = RecordingModel.PAYROLL;
  constructor(readonly fake: FakeOpenAi) {
    fake.handler = async (body) => {
      const text = messagesOf(body);
      this.batches.push({ titles: titlesSent(body), context: text.slice(text.indexOf('Context:'), text.indexOf('Titles:')) });
      if (this.hold) await this.hold;
      return { ...codeEvery(body, { u: this.pick.usSoc2018, k: this.pick.ukSoc2020, c: this.pick.confidence }), model: 'test-model' };
    };
  }
}

describe.each(BACKENDS)('the classify step on %s', (backend) => {
  let server: TestServer;
  let lead: string;
  let fake: FakeOpenAi;
  let ai: RecordingModel;

  const titlesOf = async (datasetId: string) =>
    Object.fromEntries((decodeTitlesList((await server.call(`/api/datasets/${datasetId}/titles`, { cookie: lead })).body) as any[]).map((t) => [t.title, t]));

  const provider = fakeModelServer(backend);

  beforeAll(async () => {
    ({ server, fake } = provider);
    ai = new RecordingModel(fake);
    lead = await server.signIn('lead@example.com');
  });
  beforeEach(() => {
    ai.batches = [];
    ai.hold = null;
    ai.pick = RecordingModel.PAYROLL;
  });

  it('with useAi false on the dataset, never sends titles to the model, even when a call asks for AI', async () => {
    const engagementId = await newEngagement(server, lead);
    const datasetId = await uploadedDataset(server, lead, engagementId, smallStaffList(), { useAi: false });
    const [step] = await classifyUntilDone(server, lead, datasetId, { useAi: true });
    expect(ai.batches).toEqual([]);
    expect(step).toMatchObject({ aiUsed: false, aiUnavailableReason: null, pending: 0, status: 'ready' });
    expect(Object.values(await titlesOf(datasetId)).every((t: any) => t.source === 'rules' || t.source === 'pack')).toBe(true);
  });

  it('with useAi false on the call, leaves the model out of that call', async () => {
    const engagementId = await newEngagement(server, lead);
    const datasetId = await uploadedDataset(server, lead, engagementId, smallStaffList());
    await classifyUntilDone(server, lead, datasetId, { useAi: false });
    expect(ai.batches).toEqual([]);
  });

  it('sends distinct titles with the sector, non-general pack label and region, and marks AI picks', async () => {
    const client = (await server.call('/api/clients', { body: { name: 'Shop Co', sector: 'Retail' }, cookie: lead })).body.client;
    const engagementId = await newEngagement(server, lead, { clientId: client.id, pack: 'retail', region: 'london' });
    const datasetId = await uploadedDataset(server, lead, engagementId, smallStaffList());
    const [step] = await classifyUntilDone(server, lead, datasetId);
    expect(step).toMatchObject({ aiUsed: true, status: 'ready' });
    expect(ai.batches).toHaveLength(1);
    expect(ai.batches[0].context).toMatch(/^Context:\nSector: Retail\nIndustry pack: \S.*\nRegion: london\s*$/);
    const titles = await titlesOf(datasetId);
    expect(titles['Store Manager'].source).toBe('pack');
    expect(ai.batches[0].titles).not.toContain('Store Manager');
    expect(titles['Finance Manager']).toMatchObject({ source: 'ai', usSoc2018: '43-3051', ukSoc2020: '4122', confidence: 0.9, reviewRequired: false });
  });

  it('meters AI usage under the classify feature', async () => {
    const engagementId = await newEngagement(server, lead);
    const datasetId = await uploadedDataset(server, lead, engagementId, smallStaffList());
    await classifyUntilDone(server, lead, datasetId);
    const rows = await asOwner(server.database, async (tx) =>
      (await sql<any>`select feature, model, input_tokens, output_tokens from ai_usage where engagement_id = ${engagementId}`.execute(tx)).rows);
    expect(rows).toEqual([{ feature: 'classify', model: 'test-model', input_tokens: 100, output_tokens: 50 }]);
  });

  it('resolves an override before the pack, the cache, the model and the rules', async () => {
    const engagementId = await newEngagement(server, lead, { pack: 'retail' });
    await server.call(`/api/engagements/${engagementId}/overrides`, {
      method: 'PUT', cookie: lead,
      body: { title: 'store manager', usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance', subcategory: 'Payroll Administrator' },
    });
    const datasetId = await readyDataset(server, lead, engagementId, smallStaffList());
    expect((await titlesOf(datasetId))['Store Manager']).toMatchObject({ source: 'override', usSoc2018: '43-3051', confidence: 1 });
  });

  it('uses the shared cache only for engagements that share, and writes AI picks to it', async () => {
    const sharing = await newEngagement(server, lead);
    await readyDataset(server, lead, sharing, [{ employeeId: 'A', title: 'Quantum Widget Wrangler', salary: 40000 }]);
    ai.batches = [];
    const second = await readyDataset(server, lead, await newEngagement(server, lead), [{ employeeId: 'A', title: 'Quantum Widget Wrangler', salary: 40000 }]);
    expect((await titlesOf(second))['Quantum Widget Wrangler'].source).toBe('cache');
    expect(ai.batches).toEqual([]);
    const privateEngagement = await newEngagement(server, lead, { shareClassificationCache: false });
    const third = await readyDataset(server, lead, privateEngagement, [{ employeeId: 'A', title: 'Quantum Widget Wrangler', salary: 40000 }]);
    expect((await titlesOf(third))['Quantum Widget Wrangler'].source).toBe('ai');
  });

  it('refuses picks whose codes the reference does not know: those titles fall to the rules', async () => {
    ai.pick = { usSoc2018: '99-9998', ukSoc2020: '4122', confidence: 0.9 };
    const engagementId = await newEngagement(server, lead, { shareClassificationCache: false });
    const datasetId = await readyDataset(server, lead, engagementId, smallStaffList());
    expect(ai.batches).toHaveLength(1);
    expect((await titlesOf(datasetId))['Finance Manager'].source).toBe('rules');
  });

  it('sends a low-confidence pick to the review queue', async () => {
    ai.pick = { ...RecordingModel.PAYROLL, confidence: 0.3 };
    const engagementId = await newEngagement(server, lead, { shareClassificationCache: false });
    const datasetId = await readyDataset(server, lead, engagementId, smallStaffList());
    expect((await titlesOf(datasetId))['Finance Manager']).toMatchObject({ source: 'ai', confidence: 0.3, reviewRequired: true });
  });

  it('keeps out of the shared cache a batch of eight or more titles where one US code takes over 60%', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({ employeeId: `D${i}`, title: `Zygomorphic Quibbler Grade ${String.fromCharCode(65 + i)}`, salary: 30000 }));
    await readyDataset(server, lead, await newEngagement(server, lead), rows);
    const again = await readyDataset(server, lead, await newEngagement(server, lead), rows);
    const titles = Object.values(await titlesOf(again)) as any[];
    expect(titles.map((t) => t.source)).not.toContain('cache');
    expect(titles.every((t) => t.source === 'ai')).toBe(true);
  });

  it('writes only titles still pending: an override set while the model works wins', async () => {
    const engagementId = await newEngagement(server, lead, { shareClassificationCache: false });
    const datasetId = await uploadedDataset(server, lead, engagementId, smallStaffList());
    let release!: () => void;
    ai.hold = new Promise((resolve) => (release = resolve));
    const step = server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: lead });
    while (ai.batches.length === 0) await new Promise((r) => setTimeout(r, 10));
    const override = await server.call(`/api/engagements/${engagementId}/overrides`, {
      method: 'PUT', cookie: lead,
      body: { title: 'Sales Assistant', usSoc2018: '41-2031', ukSoc2020: '7111', category: 'Retail', subcategory: 'Sales Assistant' },
    });
    expect(override.status, override.text).toBe(200);
    release();
    expect((await step).status).toBe(200);
    expect((await titlesOf(datasetId))['Sales Assistant']).toMatchObject({ source: 'override', usSoc2018: '41-2031' });
  });
});

describe.each(BACKENDS)('classify without a model on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com' });

  it('reports why AI was unavailable, codes by the rules and finalises with a summary', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await uploadedDataset(api.server, api.lead, engagementId, smallStaffList());
    const [step] = await classifyUntilDone(api.server, api.lead, datasetId);
    expect(step).toMatchObject({ status: 'ready', total: 5, pending: 0, classifiedThisCall: 5, aiUsed: false, aiUnavailableReason: expect.stringMatching(/not configured/) });
    const detail = (await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).body;
    expect(detail.dataset).toMatchObject({ status: 'ready', headcount: 6, referenceVersion: 1, finalizedAt: expect.any(String) });
    expect(detail.dataset.summary.headcount).toBe(6);
    const actions = (await api.server.call(`/api/engagements/${engagementId}/audit?limit=3`, { cookie: api.lead })).body.events.map((e: { action: string }) => e.action);
    expect(actions[0]).toBe('dataset_finalised');
  });

  it('takes 600 titles per step, most people first, so a longer list needs several calls', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => ({ employeeId: `R${i}`, title: `Analyst Grade ${i}`, salary: 30000 }));
    rows.push({ employeeId: 'R-many-1', title: 'Payroll Administrator', salary: 30000 }, { employeeId: 'R-many-2', title: 'Payroll Administrator', salary: 30000 });
    const datasetId = await uploadedDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows);
    const first = (await api.server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: api.lead })).body;
    expect(first).toMatchObject({ total: 701, pending: 101, classifiedThisCall: 600, status: 'classifying' });
    const titles = decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body);
    expect(titles.find((t) => t.title === 'Payroll Administrator')?.source).not.toBe('pending');
    const second = (await api.server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: api.lead })).body;
    expect(second).toMatchObject({ pending: 0, status: 'ready' });
    const again = (await api.server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: api.lead })).body;
    expect(again).toMatchObject({ pending: 0, classifiedThisCall: 0, status: 'ready' });
  });
});

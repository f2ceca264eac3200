import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { codeEvery, FakeOpenAi, titlesSent, type FakeHandler } from '../support/fakeOpenAi.ts';
import { classifyUntilDone, newEngagement, readyDataset, uploadedDataset, type TestRow } from '../support/staffList.ts';
import { fakeModelServer } from '../support/fakeModelServer.ts';
import { BACKENDS, type TestServer } from '../support/testServer.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';

/** Title classification through the real openai SDK against a local fake provider (spec: Classification step rules). */

const PAYROLL = { u: '43-3051', k: '4122' };
const cite = (u: string, k: string) => [`us-soc-2018:${u}`, `uk-soc-2020:${k}`];
const reply = (rows: unknown[]) => ({ content: JSON.stringify({ rows }) });
const rowsOf = (titles: string[]): TestRow[] => titles.map((title, n) => ({ employeeId: `P${n}`, title, salary: 30000 }));
const THREE = ['Zorbic Ledger Keeper', 'Zorbic Pay Clerk', 'Zorbic Wage Checker'];

describe.each(BACKENDS)('AI title classification on %s', (backend) => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let lead: string;

  const titlesOf = async (datasetId: string) =>
    Object.fromEntries((decodeTitlesList((await server.call(`/api/datasets/${datasetId}/titles`, { cookie: lead })).body) as any[]).map((t) => [t.title, t]));
  const usageOf = (engagementId: string) =>
    asOwner(server.database, async (tx) =>
      (await sql<any>`select feature, input_tokens, output_tokens from ai_usage where engagement_id = ${engagementId}`.execute(tx)).rows.map((r) => ({
        feature: r.feature, input: Number(r.input_tokens), output: Number(r.output_tokens),
      })));
  /** A private engagement (no shared cache) so every title reaches the model. */
  const classifyWith = async (handler: FakeHandler, titles = THREE) => {
    fake.handler = handler;
    fake.requests.length = 0;
    const engagementId = await newEngagement(server, lead, { shareClassificationCache: false });
    const datasetId = await uploadedDataset(server, lead, engagementId, rowsOf(titles));
    const steps = await classifyUntilDone(server, lead, datasetId);
    return { engagementId, datasetId, steps, titles: await titlesOf(datasetId) };
  };

  const provider = fakeModelServer(backend, { AI_TIMEOUT_MS: '400' });

  beforeAll(async () => {
    ({ server, fake } = provider);
    lead = await server.signIn('lead@example.com');
  });

  it('accepts a good batch: each title coded by the model with source ai and its confidence', async () => {
    const { steps, titles } = await classifyWith((body) => codeEvery(body, { ...PAYROLL, c: 0.92 }));
    expect(steps.at(-1)).toMatchObject({ aiUsed: true, aiUnavailableReason: null, status: 'ready' });
    for (const title of THREE) expect(titles[title]).toMatchObject({ source: 'ai', usSoc2018: '43-3051', ukSoc2020: '4122', confidence: 0.92, reviewRequired: false });
  });

  it('sends titles as a numbered list, whitespace collapsed and cut to 300 characters, with the built-in classifier prompt settings', async () => {
    const long = `Zorbic   Senior\tLedger ${'x'.repeat(400)}`;
    await classifyWith((body) => codeEvery(body, PAYROLL), [long, 'Zorbic Pay Clerk']);
    const [body] = fake.requests;
    expect(titlesSent(body)).toEqual(expect.arrayContaining(['Zorbic Pay Clerk', `Zorbic Senior Ledger ${'x'.repeat(400)}`.slice(0, 300)]));
    expect(body).toMatchObject({ model: 'fake-model', temperature: 0.1, max_tokens: 16384, response_format: { type: 'json_schema' } });
  });

  it('falls back to the rules for a reply that is not JSON, and still meters its tokens', async () => {
    const { engagementId, steps, titles } = await classifyWith(() => ({ content: 'Sure! Here are the codes: 43-3051', usage: { input: 321, output: 12 } }));
    expect(Object.values(titles).map((t: any) => t.source)).not.toContain('ai');
    expect(steps.at(-1)).toMatchObject({ status: 'ready', aiUsed: true });
    expect(await usageOf(engagementId)).toEqual([{ feature: 'classify', input: 321, output: 12 }]);
  });

  it('refuses rows whose index is outside the batch or used twice; the other rows stand', async () => {
    const { titles } = await classifyWith(() =>
      reply([
        { i: 1, u: '43-3051', k: '4122', c: 0.9, z: cite('43-3051', '4122') },
        { i: 2, u: '43-3051', k: '4122', c: 0.9, z: cite('43-3051', '4122') },
        { i: 2, u: '43-3031', k: '4122', c: 0.9, z: cite('43-3031', '4122') },
        { i: 4, u: '43-3051', k: '4122', c: 0.9, z: cite('43-3051', '4122') },
        { i: 0, u: '43-3051', k: '4122', c: 0.9, z: cite('43-3051', '4122') },
      ]),
    );
    const sources = THREE.map((t) => titles[t].source);
    expect(sources.filter((s) => s === 'ai')).toHaveLength(1);
    expect(sources.filter((s) => s !== 'ai').every((s) => s === 'rules' || s === 'pack')).toBe(true);
  });

  it('refuses a US code outside the catalogue and a UK code without pay data', async () => {
    const { titles } = await classifyWith(() =>
      reply([
        { i: 1, u: '99-9998', k: '4122', c: 0.9, z: cite('99-9998', '4122') },
        { i: 2, u: '43-3051', k: '9999', c: 0.9, z: cite('43-3051', '9999') },
        { i: 3, u: '43-3051', k: '4122', c: 0.9, z: cite('43-3051', '4122') },
      ]),
    );
    expect(THREE.map((t) => titles[t].source === 'ai')).toEqual(expect.arrayContaining([true, false, false]));
    expect(THREE.filter((t) => titles[t].source === 'ai')).toHaveLength(1);
  });

  it('refuses rows whose citations are not exactly us-soc-2018:<u> and uk-soc-2020:<k>', async () => {
    const { titles } = await classifyWith(() =>
      reply([
        { i: 1, u: '43-3051', k: '4122', c: 0.9, z: ['us-soc-2018:43-3031', 'uk-soc-2020:4122'] },
        { i: 2, u: '43-3051', k: '4122', c: 0.9, z: ['us-soc-2018:43-3051'] },
        { i: 3, u: '43-3051', k: '4122', c: 0.9, z: [...cite('43-3051', '4122'), 'dataset:x'] },
      ]),
    );
    expect(THREE.map((t) => titles[t].source)).not.toContain('ai');
  });

  it('clamps confidence to 0–1 and reads a missing one as 0.5, sending low confidence to review', async () => {
    const { titles } = await classifyWith(() =>
      reply([
        { i: 1, u: '43-3051', k: '4122', c: 7, z: cite('43-3051', '4122') },
        { i: 2, u: '43-3051', k: '4122', c: -2, z: cite('43-3051', '4122') },
        { i: 3, u: '43-3051', k: '4122', z: cite('43-3051', '4122') },
      ]),
    );
    expect(titles[THREE[0]]).toMatchObject({ source: 'ai', confidence: 1, reviewRequired: false });
    expect(titles[THREE[1]]).toMatchObject({ source: 'ai', confidence: 0, reviewRequired: true });
    expect(titles[THREE[2]]).toMatchObject({ source: 'ai', confidence: 0.5, reviewRequired: true });
  });

  it('falls back to the rules when the provider times out, saying why, and meters nothing', async () => {
    const { engagementId, steps, titles } = await classifyWith(() => ({ hang: true }));
    expect(steps.at(-1)).toMatchObject({ status: 'ready', aiUsed: false, aiUnavailableReason: expect.stringMatching(/did not answer in time/) });
    expect(Object.values(titles).map((t: any) => t.source)).not.toContain('ai');
    expect(fake.requests).toHaveLength(1);
    expect(await usageOf(engagementId)).toEqual([]);
  });

  it('retries once after a 429 (the provider did no work) and uses the answer', async () => {
    let calls = 0;
    const { titles } = await classifyWith((body) => (++calls === 1 ? { status: 429, headers: { 'retry-after': '0' } } : codeEvery(body, PAYROLL)));
    expect(fake.requests).toHaveLength(2);
    expect(titles[THREE[0]].source).toBe('ai');
  });

  it('does not retry a 500 (it may have been processed): the batch falls to the rules', async () => {
    const { steps, titles } = await classifyWith(() => ({ status: 500 }));
    expect(fake.requests).toHaveLength(1);
    expect(steps.at(-1)).toMatchObject({ status: 'ready', aiUnavailableReason: expect.stringMatching(/HTTP 500/) });
    expect(Object.values(titles).map((t: any) => t.source)).not.toContain('ai');
  });

  it('sends 150 titles a batch, four batches at once, for a step of 600 titles', async () => {
    const titles = Array.from({ length: 650 }, (_, n) => `Zorbic Role Number ${n}`);
    fake.handler = (body) => codeEvery(body, PAYROLL);
    fake.requests.length = 0;
    const datasetId = await uploadedDataset(server, lead, await newEngagement(server, lead, { shareClassificationCache: false }), rowsOf(titles));
    const first = (await server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: lead })).body;
    expect(first).toMatchObject({ classifiedThisCall: 600, pending: 50 });
    expect(fake.requests.map((b) => titlesSent(b).length)).toEqual([150, 150, 150, 150]);
  });

  it('writes AI picks to the shared cache with the prompt version used', async () => {
    fake.handler = (body) => codeEvery(body, PAYROLL);
    await readyDataset(server, lead, await newEngagement(server, lead), rowsOf(['Zorbic Cache Keeper']));
    const rows = await asOwner(server.database, async (tx) =>
      (await sql<any>`select us_soc2018, prompt_version, verified from classification_cache where normalised_title = ${'zorbic cache keeper'}`.execute(tx)).rows);
    expect(rows).toEqual([{ us_soc2018: '43-3051', prompt_version: 1, verified: backend === 'postgres' ? false : 0 }]);
  });

  /** Shares ten titles' engagement cache; the model codes the first `placed` of them payroll clerks and leaves the rest. */
  const cachedOfBatch = async (prefix: string, placed: number) => {
    fake.handler = () => reply(Array.from({ length: placed }, (_, n) => ({ i: n + 1, u: PAYROLL.u, k: PAYROLL.k, c: 0.9, z: cite(PAYROLL.u, PAYROLL.k) })));
    const titles = Array.from({ length: 10 }, (_, n) => `${prefix} ${n + 1}`);
    await readyDataset(server, lead, await newEngagement(server, lead), rowsOf(titles));
    return asOwner(server.database, async (tx) =>
      (await sql<any>`select normalised_title from classification_cache where normalised_title like ${`${prefix.toLowerCase()}%`}`.execute(tx)).rows.length);
  };

  it('keeps a batch of ten titles out of the shared cache when one US code takes seven of them, though the model placed only those seven', async () => {
    expect(await cachedOfBatch('Zorbic Anomaly Seven', 7)).toBe(0);
  });

  it('shares a batch of ten titles where one US code takes six: 60% is not above the limit', async () => {
    expect(await cachedOfBatch('Zorbic Anomaly Six', 6)).toBe(6);
  });

  it('never overwrites a verified cache entry, even one verified while the model was working', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.handler = async (body) => {
      await held;
      return codeEvery(body, PAYROLL);
    };
    fake.requests.length = 0;
    const datasetId = await uploadedDataset(server, lead, await newEngagement(server, lead), rowsOf(['Zorbic Verified Clerk']));
    const step = server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: lead });
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    await asOwner(server.database, (tx) =>
      sql`insert into classification_cache (normalised_title, context, us_soc2018, uk_soc2020, verified, hit_count, created_at, updated_at)
          values (${'zorbic verified clerk'}, ${'general'}, ${'13-2011'}, ${'2421'}, ${backend === 'postgres' ? true : 1}, ${0}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(tx));
    release();
    expect((await step).status).toBe(200);
    const rows = await asOwner(server.database, async (tx) =>
      (await sql<any>`select us_soc2018 from classification_cache where normalised_title = ${'zorbic verified clerk'}`.execute(tx)).rows);
    expect(rows).toEqual([{ us_soc2018: '13-2011' }]);
  });
});

describe.each(BACKENDS)('the AI budget on %s', (backend) => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let lead: string;

  // Priced at 1 a million tokens each way, a budget of 1 is spent by a million tokens.
  const provider = fakeModelServer(backend, { AI_MONTHLY_BUDGET: '1', AI_INPUT_PRICE_PER_MTOK: '1', AI_OUTPUT_PRICE_PER_MTOK: '1' });

  beforeAll(async () => {
    ({ server, fake } = provider);
    lead = await server.signIn('lead@example.com');
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('pauses AI once the month is spent mid-classify: later steps use the rules and say why', async () => {
    fake.handler = (body) => ({ ...codeEvery(body, PAYROLL), usage: { input: 300_000, output: 0 } });
    const titles = Array.from({ length: 700 }, (_, n) => `Zorbic Budget Role ${n}`);
    const datasetId = await uploadedDataset(server, lead, await newEngagement(server, lead, { shareClassificationCache: false }), rowsOf(titles));
    const first = (await server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: lead })).body;
    expect(first).toMatchObject({ aiUsed: true, pending: 100 });
    expect(fake.requests).toHaveLength(4);
    const second = (await server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: lead })).body;
    expect(second).toMatchObject({ aiUsed: false, pending: 0, status: 'ready', aiUnavailableReason: expect.stringMatching(/budget has been spent/) });
    expect(fake.requests).toHaveLength(4);
  });
});

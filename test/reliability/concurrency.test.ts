import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from '../../server/test/support/testServer.ts';
import { apiUser, type ApiUser } from '../support/serverProcess.ts';
import { chunkBodies, classifyUntilDone, staffList } from './pipeline.ts';

const UPLOADS = 10;
const ROWS = 600;
const CHUNK_ROWS = 200;

describe.each(BACKENDS)('ten uploads at once on %s', (backend) => {
  let server: TestServer;
  let lead: ApiUser;
  let datasets: string[];
  let replies: { dataset: string; chunk: number; status: number; duplicate: boolean }[];

  beforeAll(async () => {
    server = await startTestServer(backend);
    lead = apiUser({ cookie: await server.signIn('lead@example.com') });
    const engagementId = (await lead.call(server.url, '/api/engagements', { name: 'Ten at once' })).body.engagement.id;
    datasets = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => (await lead.call(server.url, `/api/engagements/${engagementId}/datasets`, { name: `List ${i}`, expectedRows: ROWS })).body.dataset.id as string),
    );
    const send = async (dataset: string, body: { chunk: number; rows: unknown[] }) => {
      const reply = await lead.call(server.url, `/api/datasets/${dataset}/rows`, body);
      return { dataset, chunk: body.chunk, status: reply.status, duplicate: reply.body?.duplicate === true };
    };
    // Every chunk of every dataset at once, each sent twice (a duplicate racing its twin)...
    const rows = staffList(ROWS, 40);
    const first = await Promise.all(datasets.flatMap((d) => chunkBodies(rows, CHUNK_ROWS).flatMap((body) => [send(d, body), send(d, body)])));
    // ...then every chunk retried, as a client does when a reply is lost.
    const retried = await Promise.all(datasets.flatMap((d) => chunkBodies(rows, CHUNK_ROWS).map((body) => send(d, body))));
    replies = [...first, ...retried];
  }, 120_000);
  afterAll(() => server?.stop());

  it('stores each chunk once: one 201 per chunk, every repeat 200 { duplicate: true }', () => {
    expect(replies.filter((r) => r.status !== 200 && r.status !== 201)).toEqual([]);
    for (const dataset of datasets) {
      for (let chunk = 0; chunk < ROWS / CHUNK_ROWS; chunk += 1) {
        const mine = replies.filter((r) => r.dataset === dataset && r.chunk === chunk);
        expect(mine.filter((r) => r.status === 201 && !r.duplicate)).toHaveLength(1);
        expect(mine.filter((r) => r.status === 200 && r.duplicate)).toHaveLength(2);
      }
    }
  });

  it('ends with exact headcounts once completed and classified, all ten at once', async () => {
    await Promise.all(
      datasets.map(async (id) => {
        expect((await lead.call(server.url, `/api/datasets/${id}/complete`, {})).status).toBe(200);
        await classifyUntilDone(lead, [server.url], id);
      }),
    );
    for (const id of datasets) {
      const { dataset } = (await lead.call(server.url, `/api/datasets/${id}`)).body;
      expect(dataset).toMatchObject({ status: 'ready', uploadedRows: ROWS, headcount: ROWS });
      expect((await lead.call(server.url, `/api/datasets/${id}/rows?limit=10000`)).body.rows).toHaveLength(ROWS);
    }
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyUntilDone, newDataset, newEngagement, smallStaffList, uploadRows } from '../support/staffList.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

describe.each(BACKENDS)('dataset page, titles and rows reads on %s', (backend) => {
  let server: TestServer;
  let lead: string;
  let analyst: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    lead = await server.signIn('lead@example.com');
    analyst = await server.signIn('analyst@example.com');
  });
  afterAll(() => server.stop());

  const page = async (datasetId: string) => {
    const reply = await server.call(`/api/datasets/${datasetId}`, { cookie: lead });
    expect(reply.status, reply.text).toBe(200);
    return reply.body;
  };

  it('counts the titles per source on the dataset page as the upload completes and classification runs', async () => {
    const engagementId = await newEngagement(server, lead);
    const rows = smallStaffList();
    const datasetId = await newDataset(server, lead, engagementId, rows.length);

    const uploading = await page(datasetId);
    expect(uploading.dataset).toMatchObject({ id: datasetId, status: 'uploading', summary: null });
    expect(uploading.progress).toEqual({ total: 0, pending: 0, bySource: {} });
    expect(uploading.latestReferenceVersion).toBe(1);

    await uploadRows(server, lead, datasetId, rows);
    expect((await server.call(`/api/datasets/${datasetId}/complete`, { body: {}, cookie: lead })).status).toBe(200);
    const distinctTitles = new Set(rows.map((r) => r.title)).size;
    expect((await page(datasetId)).progress).toEqual({ total: distinctTitles, pending: distinctTitles, bySource: { pending: distinctTitles } });

    await classifyUntilDone(server, lead, datasetId);
    const ready = await page(datasetId);
    expect(ready.dataset.status).toBe('ready');
    expect(ready.dataset.summary.headcount).toBe(rows.length);
    const titles = (await server.call(`/api/datasets/${datasetId}/titles`, { cookie: lead })).body.titles as { source: string }[];
    const expected: Record<string, number> = {};
    for (const { source } of titles) expected[source] = (expected[source] ?? 0) + 1;
    expect(ready.progress).toEqual({ total: distinctTitles, pending: 0, bySource: expected });
  });

  it('answers 404 to a non-member for the page, titles and rows, and for a dataset that does not exist', async () => {
    const engagementId = await newEngagement(server, lead);
    const datasetId = await newDataset(server, lead, engagementId, 6);
    for (const suffix of ['', '/titles', '/rows']) {
      const outsider = await server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: analyst });
      expect(outsider.status, suffix).toBe(404);
      expect(outsider.text).not.toContain('Pipeline test');
      expect((await server.call(`/api/datasets/${randomUUID()}${suffix}`, { cookie: lead })).status, suffix).toBe(404);
    }
  });
});

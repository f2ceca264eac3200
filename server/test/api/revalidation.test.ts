import { beforeAll, describe, expect, it } from 'vitest';
import { newEngagement, readyDataset, smallStaffList } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('revalidating dataset replies by their version on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com', admin: 'admin@example.com' });
  let engagementId: string;
  let datasetId: string;

  beforeAll(async () => {
    engagementId = await newEngagement(api.server, api.lead);
    datasetId = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
  });

  const reads = () => [`/api/datasets/${datasetId}`, `/api/datasets/${datasetId}/titles`, `/api/datasets/${datasetId}/rows?limit=3`];
  const get = (path: string, etag?: string, cookie = api.lead) => api.server.call(path, { cookie, headers: { 'if-none-match': etag } });

  it('answers 304 without a body to a copy of the current version, still marked no-store', async () => {
    for (const path of reads()) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.etag, path).toMatch(/^W\/"/);

      const again = await get(path, first.headers.etag);
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.headers.etag, path).toBe(first.headers.etag);
      expect(again.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('answers in full, with a new ETag, once the dataset changes', async () => {
    const before = await Promise.all(reads().map((path) => get(path)));

    const override = await api.server.call(`/api/engagements/${engagementId}/overrides`, {
      method: 'PUT', cookie: api.lead,
      body: { title: 'Store Manager', usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance', subcategory: 'Payroll Administrator' },
    });
    expect(override.status, override.text).toBe(200);

    const [page, titles] = await Promise.all(reads().slice(0, 2).map((path, i) => get(path, before[i].headers.etag)));
    expect(page.status).toBe(200);
    expect(page.headers.etag).not.toBe(before[0].headers.etag);
    expect(titles.status).toBe(200);
    expect(titles.headers.etag).not.toBe(before[1].headers.etag);
    expect(titles.text).not.toBe(before[1].text);
    expect((await get(reads()[1], titles.headers.etag)).status).toBe(304);
  });

  it('answers 404, not 304, to a non-member sending a copy of the current version', async () => {
    for (const path of reads()) {
      const { etag } = (await get(path)).headers;
      const outsider = await get(path, etag, api.analyst);
      expect(outsider.status, path).toBe(404);
    }
  });

  it('answers 404 to a non-member for a reply the server has built already for a member', async () => {
    for (const path of reads()) {
      expect((await get(path)).status, path).toBe(200);
      const outsider = await get(path, undefined, api.analyst);
      expect(outsider.status, path).toBe(404);
      expect(outsider.text, path).not.toContain('Store Manager');
    }
  });

  it('sends the same text again for a version already built, and a new text once the version changes', async () => {
    const path = `/api/datasets/${datasetId}/titles`;
    const first = await get(path);
    expect((await get(path)).text).toBe(first.text);
    const rename = await api.server.call(`/api/datasets/${datasetId}`, { method: 'PATCH', body: { name: 'Renamed list' }, cookie: api.lead });
    expect(rename.status).toBe(200);
    const page = await get(`/api/datasets/${datasetId}`);
    expect(page.body.dataset.name).toBe('Renamed list');
    expect((await get(path)).headers.etag).not.toBe(first.headers.etag);
  });

  // The page carries the latest published reference version (spec: GET /datasets/:id), which publishing does
  // not write into the dataset: the page's tag must change with it, the titles' and rows' need not.
  it('answers the page in full, with the new latest reference version, once a version is published', async () => {
    const before = await get(`/api/datasets/${datasetId}`);
    expect(before.body.latestReferenceVersion).toBe(1);
    expect((await api.server.call('/api/admin/reference/draft', { method: 'POST', body: {}, cookie: api.admin })).status).toBe(201);
    const published = await api.server.call('/api/admin/reference/draft/publish', { body: { notes: 'Version two' }, cookie: api.admin });
    expect(published.status, published.text).toBe(200);

    const after = await get(`/api/datasets/${datasetId}`, before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.latestReferenceVersion).toBe(2);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

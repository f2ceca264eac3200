import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { findDataset } from '../../repositories/datasetsRepository.ts';
import { readAllRows } from '../../repositories/rowsRepository.ts';
import { listTitles } from '../../repositories/titlesRepository.ts';
import { presentDataset } from '../../routes/datasets/present.ts';
import { classifyUntilDone, newDataset, newEngagement, readyDataset, smallStaffList, uploadRows, type TestRow } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';
import { decodeTitlesList, encodeTitlesList } from '../../../workers/classify/titlesList.ts';

describe.each(BACKENDS)('dataset page, titles and rows reads on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com' });

  const page = async (datasetId: string) => {
    const reply = await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead });
    expect(reply.status, reply.text).toBe(200);
    return reply.body;
  };

  it('counts the titles per source on the dataset page as the upload completes and classification runs', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const rows = smallStaffList();
    const datasetId = await newDataset(api.server, api.lead, engagementId, rows.length);

    const uploading = await page(datasetId);
    expect(uploading.dataset).toMatchObject({ id: datasetId, status: 'uploading', summary: null });
    expect(uploading.progress).toEqual({ total: 0, pending: 0, bySource: {} });
    expect(uploading.latestReferenceVersion).toBe(1);

    await uploadRows(api.server, api.lead, datasetId, rows);
    expect((await api.server.call(`/api/datasets/${datasetId}/complete`, { body: {}, cookie: api.lead })).status).toBe(200);
    const distinctTitles = new Set(rows.map((r) => r.title)).size;
    expect((await page(datasetId)).progress).toEqual({ total: distinctTitles, pending: distinctTitles, bySource: { pending: distinctTitles } });

    await classifyUntilDone(api.server, api.lead, datasetId);
    const ready = await page(datasetId);
    expect(ready.dataset.status).toBe('ready');
    expect(ready.dataset.summary.headcount).toBe(rows.length);
    const titles = decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as { source: string }[];
    const expected: Record<string, number> = {};
    for (const { source } of titles) expected[source] = (expected[source] ?? 0) + 1;
    expect(ready.progress).toEqual({ total: distinctTitles, pending: 0, bySource: expected });
  });

  it('answers the titles as the compact list of the stored records, and rows exactly as JSON.stringify writes them', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    // Two associates the division reads apart, so one title carries variants.
    const associates: TestRow[] = [
      { employeeId: 'E7', managerEmployeeId: 'E1', title: 'Associate', division: 'Legal', organisation: 'Firm "A"', grade: 'G7', group: 'Law' },
      { employeeId: 'E8', managerEmployeeId: 'E1', title: 'Associate', division: 'Sales' },
    ];
    const rows: TestRow[] = [...smallStaffList(), ...associates].map((row, i) => ({
      ...row,
      fte: i === 2 ? 0.35 : row.fte,
      division: row.division ?? (i % 2 ? 'Operations "North"' : null),
      // Groupings with quotes, backslashes, non-Latin text, integer-like headings, numbers and nulls; one row has none.
      // Text is sent as the server stores it, normalised (schema/text.ts).
      attributes: i === 1 ? null : { team: `Équipe ${i} \\ "α" 😀`, '2': i, band: i % 3 ? null : 1.25, Région: 'Île-de-France' },
    }));
    const datasetId = await readyDataset(api.server, api.lead, engagementId, rows);
    const stored = await asOwner(api.server.database, async (tx) => ({ titles: await listTitles(tx, datasetId), rows: await readAllRows(tx, datasetId) }));
    expect(stored.titles.some((t) => t.alternatives.length > 0)).toBe(true);
    expect(stored.titles.find((t) => t.title === 'Associate')?.variants).toHaveLength(2);
    expect(stored.rows.map((r) => r.attributes)).toEqual(rows.map((r) => r.attributes));

    const titles = await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead });
    expect(titles.status).toBe(200);
    expect(titles.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(titles.text).toBe(JSON.stringify(encodeTitlesList(stored.titles)));
    expect(decodeTitlesList(titles.body)).toEqual(stored.titles);

    for (const [offset, limit] of [[0, 1000], [1, 3], [6, 10], [7, 1]]) {
      const page = await api.server.call(`/api/datasets/${datasetId}/rows?offset=${offset}&limit=${limit}`, { cookie: api.lead });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(page.text).toBe(JSON.stringify({ rows: stored.rows.slice(offset, offset + limit), offset, limit }));
    }
  });

  it('answers the dataset page exactly as JSON.stringify writes the stored dataset and its summary', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
    const stored = (await asOwner(api.server.database, (tx) => findDataset(tx, datasetId)))!;
    expect(stored.summary).not.toBeNull();

    const reply = await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const { progress, latestReferenceVersion } = reply.body;
    expect(reply.text).toBe(JSON.stringify({ dataset: { ...presentDataset(stored), summary: stored.summary }, progress, latestReferenceVersion }));
  });

  it('answers 404 to a non-member for the page, titles and rows, and for a dataset that does not exist', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await newDataset(api.server, api.lead, engagementId, 6);
    for (const suffix of ['', '/titles', '/rows']) {
      const outsider = await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: api.analyst });
      expect(outsider.status, suffix).toBe(404);
      expect(outsider.text).not.toContain('Pipeline test');
      expect((await api.server.call(`/api/datasets/${randomUUID()}${suffix}`, { cookie: api.lead })).status, suffix).toBe(404);
    }
  });

  /** A viewer staffed on a new engagement's dataset, holding the current copy of its page, titles and rows (their ETags). */
  async function viewerHoldingCopies(name: string) {
    const admin = await api.server.signIn('admin@example.com');
    const email = `reader-${randomUUID()}@example.com`;
    const created = await api.server.call('/api/users', { body: { email, name }, cookie: admin });
    const engagementId = await newEngagement(api.server, api.lead);
    expect((await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email, role: 'viewer' }, cookie: api.lead })).status).toBe(201);
    const datasetId = await newDataset(api.server, api.lead, engagementId, 6);
    const member = await api.server.signIn(email);
    const tags: Record<string, string> = {};
    for (const suffix of ['', '/titles', '/rows']) {
      const reply = await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: member });
      expect(reply.status, suffix).toBe(200);
      tags[suffix] = String(reply.headers.etag);
    }
    return { admin, userId: created.body.user.id as string, engagementId, datasetId, member, tags };
  }

  // Membership alone decides these reads: the row policies show datasets to administrators too.
  it('answers 404 to an administrator not staffed on the engagement, and to a member at once when removed, even one holding the current copy', async () => {
    const { admin, userId, engagementId, datasetId, member, tags } = await viewerHoldingCopies('Soon Removed');
    for (const suffix of ['', '/titles', '/rows']) expect((await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: admin })).status, suffix).toBe(404);
    const removed = await api.server.call(`/api/engagements/${engagementId}/members/${userId}`, { method: 'DELETE', cookie: api.lead });
    expect(removed.status).toBe(204);
    for (const suffix of ['', '/titles', '/rows']) {
      expect((await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: member })).status, suffix).toBe(404);
      const holding = await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: member, headers: { 'if-none-match': tags[suffix] } });
      expect(holding.status, suffix).toBe(404);
    }
  });

  // These three reads identify their caller in the statement that reads the version (one round trip on Postgres).
  it('refuses the page, titles and rows to a member once deactivated (403), even one holding the current copy', async () => {
    const { admin, userId, datasetId, member, tags } = await viewerHoldingCopies('Soon Gone');
    await api.server.call(`/api/users/${userId}`, { method: 'PATCH', body: { active: false }, cookie: admin });
    for (const suffix of ['', '/titles', '/rows']) {
      const refused = await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: member, headers: { 'if-none-match': tags[suffix] } });
      expect(refused.status, suffix).toBe(403);
      expect(refused.body.error, suffix).toBe('deactivated');
    }
  });

  it('answers 401 to the page, titles and rows once the session ends or without one', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await newDataset(api.server, api.lead, engagementId, 6);
    const session = await api.server.signIn('lead@example.com');
    expect((await api.server.call(`/api/datasets/${datasetId}`, { cookie: session })).status).toBe(200);
    expect((await api.server.call('/api/dev/sign-out', { method: 'POST', body: {}, cookie: session })).status).toBe(204);
    for (const suffix of ['', '/titles', '/rows']) {
      const ended = await api.server.call(`/api/datasets/${datasetId}${suffix}`, { cookie: session });
      expect([ended.status, ended.body.error], suffix).toEqual([401, 'unauthenticated']);
      expect((await api.server.call(`/api/datasets/${datasetId}${suffix}`)).status, suffix).toBe(401);
    }
  });

  it('answers an ended session 401 on rows even with a page query it would refuse, and a live one 400 for it', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await newDataset(api.server, api.lead, engagementId, 6);
    const session = await api.server.signIn('lead@example.com');
    const badPage = `/api/datasets/${datasetId}/rows?limit=0`;
    expect((await api.server.call(badPage, { cookie: session })).status).toBe(400);
    expect((await api.server.call('/api/dev/sign-out', { method: 'POST', body: {}, cookie: session })).status).toBe(204);
    const ended = await api.server.call(badPage, { cookie: session });
    expect([ended.status, ended.body.error]).toEqual([401, 'unauthenticated']);
  });
});

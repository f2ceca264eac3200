import { beforeAll, describe, expect, it } from 'vitest';
import { newEngagement, readyDataset, smallStaffList, uploadedDataset } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

/** POST /datasets/:id/exports (issue 11): the browser reports an export; the server audits export_generated. */
describe.each(BACKENDS)('export records on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', viewer: 'viewer@example.com', outsider: 'analyst@example.com' });
  let engagementId: string;
  let datasetId: string;

  const record = (body: Record<string, unknown>, cookie = api.lead, id = datasetId) => api.server.call(`/api/datasets/${id}/exports`, { body, cookie });
  const exportEvents = async (id = engagementId) =>
    ((await api.server.call(`/api/engagements/${id}/audit`, { cookie: api.lead })).body.events as any[]).filter((e) => e.action === 'export_generated');

  beforeAll(async () => {
    engagementId = await newEngagement(api.server, api.lead);
    const added = await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email: 'viewer@example.com', role: 'viewer' }, cookie: api.lead });
    if (added.status !== 200 && added.status !== 201) throw new Error(`member: ${added.status} ${added.text}`);
    datasetId = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
  });

  it('audits export_generated with what the client reported', async () => {
    const reply = await record({ kind: 'xlsx', artefact: 'analysis-workbook', named: false, rows: 6 });
    expect(reply.status, reply.text).toBe(204);
    const [event] = await exportEvents();
    expect(event).toMatchObject({ datasetId, details: { kind: 'xlsx', artefact: 'analysis-workbook', named: false, groupings: false, rows: 6 } });
  });

  it('lets a viewer export', async () => {
    const reply = await record({ kind: 'csv', artefact: 'people', named: false, groupings: true }, api.viewer);
    expect(reply.status, reply.text).toBe(204);
    expect((await exportEvents())[0].details).toEqual({ kind: 'csv', artefact: 'people', named: false, groupings: true });
  });

  it('refuses an unknown kind or artefact with 400 validation_error', async () => {
    for (const body of [
      { kind: 'pdf', artefact: 'client-report', named: false },
      { kind: 'csv', artefact: 'everything', named: false },
      { kind: 'csv', artefact: 'titles' },
    ]) {
      const reply = await record(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error).toBe('validation_error');
    }
  });

  it('refuses an artefact reported in a format it is not made in', async () => {
    const reply = await record({ kind: 'csv', artefact: 'analysis-workbook', named: false });
    expect(reply.status).toBe(400);
    expect(reply.body.issues).toEqual([expect.objectContaining({ path: 'kind' })]);
  });

  it('refuses a named export of anything but the Copilot allocation workbook', async () => {
    const reply = await record({ kind: 'csv', artefact: 'people', named: true });
    expect(reply.status).toBe(400);
    expect(reply.body.issues).toEqual([expect.objectContaining({ path: 'named' })]);
  });

  it('refuses a named export from a member without PII access with 403', async () => {
    const reply = await record({ kind: 'xlsx', artefact: 'copilot-allocation', named: true }, api.viewer);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('forbidden');
  });

  it('answers 404 to a non-member and records nothing', async () => {
    const before = (await exportEvents()).length;
    const reply = await record({ kind: 'report', artefact: 'client-report', named: false }, api.outsider);
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('not_found');
    expect(await exportEvents()).toHaveLength(before);
  });

  it('answers 409 conflict for a dataset that is not ready yet', async () => {
    const uploading = await uploadedDataset(api.server, api.lead, engagementId, smallStaffList());
    const reply = await record({ kind: 'csv', artefact: 'titles', named: false }, api.lead, uploading);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
  });
});

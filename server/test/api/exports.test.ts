import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEngagement, readyDataset, smallStaffList, uploadedDataset } from '../support/staffList.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

/** POST /datasets/:id/exports (issue 11): the browser reports an export; the server audits export_generated. */
describe.each(BACKENDS)('export records on %s', (backend) => {
  let server: TestServer;
  let lead: string;
  let viewer: string;
  let outsider: string;
  let engagementId: string;
  let datasetId: string;

  const record = (body: Record<string, unknown>, cookie = lead, id = datasetId) => server.call(`/api/datasets/${id}/exports`, { body, cookie });
  const exportEvents = async (id = engagementId) =>
    ((await server.call(`/api/engagements/${id}/audit`, { cookie: lead })).body.events as any[]).filter((e) => e.action === 'export_generated');

  beforeAll(async () => {
    server = await startTestServer(backend);
    lead = await server.signIn('lead@example.com');
    viewer = await server.signIn('viewer@example.com');
    outsider = await server.signIn('analyst@example.com');
    engagementId = await newEngagement(server, lead);
    const added = await server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email: 'viewer@example.com', role: 'viewer' }, cookie: lead });
    if (added.status !== 200 && added.status !== 201) throw new Error(`member: ${added.status} ${added.text}`);
    datasetId = await readyDataset(server, lead, engagementId, smallStaffList());
  });
  afterAll(() => server.stop());

  it('audits export_generated with what the client reported', async () => {
    const reply = await record({ kind: 'xlsx', artefact: 'analysis-workbook', named: false, rows: 6 });
    expect(reply.status, reply.text).toBe(204);
    const [event] = await exportEvents();
    expect(event).toMatchObject({ datasetId, details: { kind: 'xlsx', artefact: 'analysis-workbook', named: false, groupings: false, rows: 6 } });
  });

  it('lets a viewer export', async () => {
    const reply = await record({ kind: 'csv', artefact: 'people', named: false, groupings: true }, viewer);
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
    const reply = await record({ kind: 'xlsx', artefact: 'copilot-allocation', named: true }, viewer);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('forbidden');
  });

  it('answers 404 to a non-member and records nothing', async () => {
    const before = (await exportEvents()).length;
    const reply = await record({ kind: 'report', artefact: 'client-report', named: false }, outsider);
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('not_found');
    expect(await exportEvents()).toHaveLength(before);
  });

  it('answers 409 conflict for a dataset that is not ready yet', async () => {
    const uploading = await uploadedDataset(server, lead, engagementId, smallStaffList());
    const reply = await record({ kind: 'csv', artefact: 'titles', named: false }, lead, uploading);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('conflict');
  });
});

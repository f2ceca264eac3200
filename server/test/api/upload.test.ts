import { beforeAll, describe, expect, it } from 'vitest';
import { newDataset, newEngagement, smallStaffList, uploadRows, type TestRow } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';

describe.each(BACKENDS)('datasets and upload on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com', viewer: 'viewer@example.com' });
  let engagementId: string;

  const rowsOf = async (datasetId: string) => (await api.server.call(`/api/datasets/${datasetId}/rows?limit=10000`, { cookie: api.lead })).body.rows as any[];
  const detail = async (datasetId: string) => (await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).body;
  const send = (datasetId: string, chunk: number, rows: TestRow[]) => api.server.call(`/api/datasets/${datasetId}/rows`, { body: { chunk, rows }, cookie: api.lead });
  const row = (n: number, extra: Partial<TestRow> = {}): TestRow => ({ employeeId: `E${n}`, managerEmployeeId: null, title: 'Payroll Administrator', salary: 30000, ...extra });

  beforeAll(async () => {
    engagementId = await newEngagement(api.server, api.lead);
    await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email: 'analyst@example.com', role: 'analyst' }, cookie: api.lead });
    await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email: 'viewer@example.com', role: 'viewer' }, cookie: api.lead });
  });

  describe('POST /api/engagements/:id/datasets', () => {
    it('pins the dataset to the live reference version, defaults the cost multiplier and audits dataset_created', async () => {
      const importStats = { rowsRead: 12, implausibleFte: 2, skippedNoTitle: 1, generatedIds: 0, unresolvedManagers: 2, unmatchedManagers: 1, sharedEmails: 0, unreadableCells: 3 };
      const reply = await api.server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'March list', expectedRows: 10, importStats }, cookie: api.analyst });
      expect(reply.status).toBe(201);
      expect(reply.body.dataset).toMatchObject({ status: 'uploading', referenceVersion: 1, expectedRows: 10, uploadedRows: 0, useAi: true, settings: { employerCostMultiplier: 1.23 }, importStats });
      const [event] = (await api.server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: api.lead })).body.events;
      expect(event).toMatchObject({ action: 'dataset_created', datasetId: reply.body.dataset.id, details: { expectedRows: 10, useAi: true, referenceVersion: 1 } });
    });

    it('answers 403 forbidden to a viewer', async () => {
      const reply = await api.server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'X', expectedRows: 1 }, cookie: api.viewer });
      expect(reply.status).toBe(403);
    });

    it('answers 400 validation_error for an expected row count outside 1 to 50,000', async () => {
      for (const expectedRows of [0, 50_001]) {
        const reply = await api.server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'X', expectedRows }, cookie: api.lead });
        expect(reply.status).toBe(400);
        expect(reply.body.issues[0].path).toBe('expectedRows');
      }
    });

    it('answers 409 conflict on a closed engagement', async () => {
      const closed = await newEngagement(api.server, api.lead);
      await api.server.call(`/api/engagements/${closed}/close`, { method: 'POST', body: {}, cookie: api.lead });
      const reply = await api.server.call(`/api/engagements/${closed}/datasets`, { body: { name: 'X', expectedRows: 1 }, cookie: api.lead });
      expect(reply.status).toBe(409);
    });

    it('answers 503 pii_unconfigured for identities when no master secret is configured', async () => {
      const reply = await api.server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'X', expectedRows: 1, withIdentities: true }, cookie: api.lead });
      expect(reply.status).toBe(503);
      expect(reply.body.error).toBe('pii_unconfigured');
    });
  });

  describe('POST /api/datasets/:id/rows', () => {
    it('stores rows at chunk × 2000 + index, in upload order', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2003);
      const first = Array.from({ length: 2000 }, (_, i) => row(i));
      expect((await send(datasetId, 0, first)).body).toEqual({ duplicate: false, uploadedRows: 2000 });
      expect((await send(datasetId, 1, [row(2000), row(2001), row(2002)])).body.uploadedRows).toBe(2003);
      const rows = await rowsOf(datasetId);
      expect(rows).toHaveLength(2003);
      expect(rows[2001]).toMatchObject({ rowNo: 2001, employeeId: 'E2001' });
    });

    it('refuses rows from a viewer with 403 forbidden, storing nothing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const reply = await api.server.call(`/api/datasets/${datasetId}/rows`, { body: { chunk: 0, rows: [row(1)] }, cookie: api.viewer });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden');
      expect(await rowsOf(datasetId)).toEqual([]);
    });

    it('refuses rows once the engagement is closed with 409 conflict', async () => {
      const closing = await newEngagement(api.server, api.lead);
      const datasetId = await newDataset(api.server, api.lead, closing, 1);
      await api.server.call(`/api/engagements/${closing}/close`, { method: 'POST', body: {}, cookie: api.lead });
      const reply = await send(datasetId, 0, [row(1)]);
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe('conflict');
    });

    it('answers a repeated chunk number with duplicate: true and inserts nothing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 4);
      await send(datasetId, 0, [row(1), row(2)]);
      const again = await send(datasetId, 0, [row(1), row(2)]);
      expect(again.status).toBe(200);
      expect(again.body.duplicate).toBe(true);
      expect(await rowsOf(datasetId)).toHaveLength(2);
      expect((await detail(datasetId)).dataset.uploadedRows).toBe(2);
    });

    it('refuses the whole chunk when it would pass expected_rows, storing nothing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2);
      const reply = await send(datasetId, 0, [row(1), row(2), row(3)]);
      expect(reply.status).toBe(400);
      expect(await rowsOf(datasetId)).toHaveLength(0);
      expect((await send(datasetId, 0, [row(1), row(2)])).body.duplicate).toBe(false);
    });

    it('refuses a chunk whose employeeId holds a full-width @ with 400 validation_error, storing nothing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2);
      const reply = await send(datasetId, 0, [row(1), row(2, { employeeId: 'jane＠example.com' })]);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
      expect(reply.body.issues[0].path).toBe('rows.1.employeeId');
      expect(await rowsOf(datasetId)).toHaveLength(0);
    });

    it('refuses a full chunk whose last row holds an @ in its employeeId, naming that row, storing nothing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2000);
      const reply = await send(datasetId, 0, Array.from({ length: 2000 }, (_, i) => row(i, i === 1999 ? { employeeId: 'last@example.com' } : {})));
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
      expect(reply.body.issues.map((i: { path: string }) => i.path)).toEqual(['rows.1999.employeeId']);
      expect(await rowsOf(datasetId)).toHaveLength(0);
    });

    it('refuses a managerEmployeeId holding @', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const reply = await send(datasetId, 0, [row(1, { managerEmployeeId: 'boss@example.com' })]);
      expect(reply.status).toBe(400);
      expect(reply.body.issues[0].path).toBe('rows.0.managerEmployeeId');
    });

    it('refuses groupings whose heading looks like personal data, whose values hold @ or are over 120 characters, or that are more than five', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const bad: Record<string, unknown>[] = [
        { 'Line Manager': 'A' },
        { Team: 'x@y' },
        { Team: 'x'.repeat(121) },
        { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
      ];
      for (const attributes of bad) {
        const reply = await send(datasetId, 0, [row(1, { attributes: attributes as never })]);
        expect(reply.status, JSON.stringify(attributes)).toBe(400);
        expect(reply.body.error).toBe('validation_error');
      }
      expect(await rowsOf(datasetId)).toHaveLength(0);
    });

    it('refuses grouping headings that are the same once trimmed', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const reply = await send(datasetId, 0, [row(1, { attributes: { Team: 'Payments', ' Team ': 'Payroll' } })]);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
      expect(reply.body.message).toMatch(/distinct and filled once normalised/);
    });

    it('refuses grouping headings that differ only by a zero-width space, naming the heading', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const reply = await send(datasetId, 0, [row(1, { attributes: { Team: 'Payments', 'Te\u200bam': 'Payroll' } })]);
      expect(reply.status).toBe(400);
      expect(reply.body.issues.map((i: { path: string }) => i.path)).toEqual(['rows.0.attributes.Te\u200bam']);
    });

    it('stores IDs, titles, context and groupings normalised: full-width forms folded, invisible characters removed, spaces collapsed', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2);
      const reply = await send(datasetId, 0, [
        row(1, { employeeId: 'Ｅ１', title: ' Payroll\u200b  Administrator\u00a0', organisation: 'Environment\u2060 Agency', attributes: { ' Team\ufeff': 'Pay\u200bments ' } }),
        row(2, { managerEmployeeId: 'E\u200b1', title: '\u202eHead of Payroll', location: '\u200b' }),
      ]);
      expect(reply.status).toBe(201);
      expect((await rowsOf(datasetId)).map((r) => [r.employeeId, r.managerEmployeeId, r.title, r.organisation, r.location, r.attributes])).toEqual([
        ['E1', null, 'Payroll Administrator', 'Environment Agency', null, { Team: 'Payments' }],
        ['E2', 'E1', 'Head of Payroll', null, null, null],
      ]);
    });

    it('refuses a title of invisible characters only, naming the row', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const reply = await send(datasetId, 0, [row(1, { title: '\u200b\u200b\u3164' })]);
      expect(reply.status).toBe(400);
      expect(reply.body.issues.map((i: { path: string }) => i.path)).toEqual(['rows.0.title']);
      expect(await rowsOf(datasetId)).toHaveLength(0);
    });

    it('accepts a group name plus "name" as a grouping heading', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const reply = await send(datasetId, 0, [row(1, { attributes: { 'Team Name': 'Payments', 'Cost Centre': 'CC12' } })]);
      expect(reply.status).toBe(201);
    });

    it('keeps FTE to two decimals and reads one that rounds to 0 as unknown', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2);
      await send(datasetId, 0, [row(1, { fte: 0.456 }), row(2, { fte: 0.004 })]);
      expect((await rowsOf(datasetId)).map((r) => r.fte)).toEqual([0.46, null]);
    });

    it('answers 400 bad_request when the database refuses an FTE above 1, storing nothing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2);
      const reply = await send(datasetId, 0, [row(1), row(2, { fte: 1.5 })]);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('bad_request');
      expect(await rowsOf(datasetId)).toHaveLength(0);
    });

    it('answers 400 validation_error for a chunk of more than 2,000 rows', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2001);
      const reply = await send(datasetId, 0, Array.from({ length: 2001 }, (_, i) => row(i)));
      expect(reply.status).toBe(400);
    });
  });

  describe('POST /api/datasets/:id/complete', () => {
    it('refuses while expected rows are missing', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 3);
      await send(datasetId, 0, [row(1)]);
      const reply = await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/1 of 3/);
    });

    it('answers 400 attribute_identifies_people for a grouping with too much variety, leaving the dataset uploading', async () => {
      const rows = Array.from({ length: 120 }, (_, i) => row(i, { attributes: { Desk: `D${i}` } }));
      const datasetId = await newDataset(api.server, api.lead, engagementId, rows.length);
      await uploadRows(api.server, api.lead, datasetId, rows);
      const reply = await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('attribute_identifies_people');
      expect((await detail(datasetId)).dataset.status).toBe('uploading');
    });

    it('counts groupings over the whole dataset: five a chunk but six across chunks answers 400 validation_error at complete, leaving it uploading', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 2);
      await send(datasetId, 0, [row(1, { attributes: { a: '1', b: '1', c: '1', d: '1', e: '1' } })]);
      await send(datasetId, 1, [row(2, { attributes: { a: '1', b: '1', c: '1', d: '1', f: '1' } })]);
      const reply = await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', issues: [{ path: 'rows.attributes' }] });
      expect(reply.body.message).toMatch(/6 different client groupings; a dataset holds at most 5/);
      expect((await detail(datasetId)).dataset.status).toBe('uploading');
    });

    it('counts groupings over every row of a large dataset, read a page at a time: a sixth grouping on its last row alone answers 400 at complete', async () => {
      const rows = Array.from({ length: 12_000 }, (_, i) => row(i, { attributes: i === 0 ? { a: '1', b: '1', c: '1', d: '1', e: '1' } : i === 11_999 ? { f: '1' } : {} }));
      const datasetId = await newDataset(api.server, api.lead, engagementId, rows.length);
      await uploadRows(api.server, api.lead, datasetId, rows);
      const reply = await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/6 different client groupings; a dataset holds at most 5/);
    });

    it('groups exact titles with headcount and normalised form, counts duplicate IDs, moves to classifying and audits dataset_uploaded', async () => {
      const rows = [...smallStaffList(), { employeeId: 'E4', managerEmployeeId: 'E2', title: 'Snr Payroll Administrator', salary: 35000 }];
      const datasetId = await newDataset(api.server, api.lead, engagementId, rows.length);
      await uploadRows(api.server, api.lead, datasetId, rows);
      const reply = await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reply.body).toEqual({ titles: 6, duplicateEmployeeIds: 1 });
      const titles = decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body);
      expect(titles.find((t: { title: string }) => t.title === 'Payroll Administrator')).toMatchObject({ headcount: 2, normalised: 'payroll administrator', source: 'pending' });
      expect(titles.find((t) => t.title === 'Snr Payroll Administrator')?.normalised).toBe('senior payroll administrator');
      expect((await detail(datasetId)).dataset.status).toBe('classifying');
      const [event] = (await api.server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: api.lead })).body.events;
      expect(event).toMatchObject({ action: 'dataset_uploaded', details: { rows: 7, titles: 6, duplicateEmployeeIds: 1 } });
    });

    it('counts headcounts and duplicate IDs over every row of a list longer than one page of reading', async () => {
      const rows = Array.from({ length: 12_000 }, (_, i) => row(i % 11_000, { title: `Title ${i % 7}` }));
      const datasetId = await newDataset(api.server, api.lead, engagementId, rows.length);
      await uploadRows(api.server, api.lead, datasetId, rows);
      const reply = await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect(reply.body).toEqual({ titles: 7, duplicateEmployeeIds: 1000 });
      const titles = decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body);
      expect(Object.fromEntries(titles.map((t) => [t.title, t.headcount]))).toEqual({
        'Title 0': 1715, 'Title 1': 1715, 'Title 2': 1714, 'Title 3': 1714, 'Title 4': 1714, 'Title 5': 1714, 'Title 6': 1714,
      });
    });

    it('refuses rows once the dataset has left uploading', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      await send(datasetId, 0, [row(1)]);
      await api.server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie: api.lead });
      expect((await send(datasetId, 1, [row(2)])).status).toBe(409);
    });
  });

  describe('reading and deleting', () => {
    it('answers 404 to a non-member and refuses pages over 10,000 rows', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      const outsider = await api.server.signIn('admin@example.com');
      expect((await api.server.call(`/api/datasets/${datasetId}`, { cookie: outsider })).status).toBe(404);
      expect((await api.server.call(`/api/datasets/${datasetId}/rows?limit=10001`, { cookie: api.lead })).status).toBe(400);
    });

    it("answers 404 not_found to a non-member reading a dataset's rows or titles, and to anyone for an unknown dataset", async () => {
      // The analyst is not staffed on this engagement (and, unlike the administrator, reads no dataset at all).
      const datasetId = await newDataset(api.server, api.lead, await newEngagement(api.server, api.lead), 1);
      for (const path of ['rows', 'titles']) {
        const reply = await api.server.call(`/api/datasets/${datasetId}/${path}`, { cookie: api.analyst });
        expect(reply.status).toBe(404);
        expect(reply.body.error).toBe('not_found');
      }
      const unknown = await api.server.call('/api/datasets/00000000-0000-4000-8000-000000000000/rows', { cookie: api.lead });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('not_found');
    });

    it('deletes a dataset and audits dataset_deleted', async () => {
      const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
      expect((await api.server.call(`/api/datasets/${datasetId}`, { method: 'DELETE', cookie: api.analyst })).status).toBe(204);
      expect((await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).status).toBe(404);
      const [event] = (await api.server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: api.lead })).body.events;
      expect(event).toMatchObject({ action: 'dataset_deleted', datasetId });
    });
  });
});

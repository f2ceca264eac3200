import { beforeAll, describe, expect, it } from 'vitest';
import { newEngagement, readyDataset, smallStaffList } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';

describe.each(BACKENDS)('overrides and rescoring on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', admin: 'admin@example.com' });

  const detail = async (datasetId: string) => (await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).body.dataset;
  const titlesOf = async (datasetId: string) =>
    Object.fromEntries((decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as any[]).map((t) => [t.title, t]));
  const lastAudit = async (engagementId: string) => (await api.server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: api.lead })).body.events[0];
  const putOverride = (engagementId: string, body: Record<string, unknown>) => api.server.call(`/api/engagements/${engagementId}/overrides`, { method: 'PUT', body, cookie: api.lead });
  const payrollOverride = { title: 'Sales Assistant', usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance', subcategory: 'Payroll Administrator' };

  /** Publishes version 2 with one extra role that version 1 does not know. */
  async function publishVersionTwo(): Promise<void> {
    await api.server.call('/api/admin/reference/draft', { method: 'POST', body: {}, cookie: api.admin });
    const draft = (await api.server.call('/api/admin/reference/draft', { cookie: api.admin })).body.draft;
    const taxonomy = draft.data.taxonomy;
    taxonomy.roles.push({ category: 'Finance', subcategory: 'Payroll Systems Specialist', ukSoc2020: '4122', anchor: null, rubric: { automation: 0.5, augmentation: 1 } });
    const saved = await api.server.call('/api/admin/reference/draft', { method: 'PUT', body: { section: 'taxonomy', value: taxonomy }, cookie: api.admin });
    expect(saved.status, saved.text).toBe(200);
    const published = await api.server.call('/api/admin/reference/draft/publish', { body: { notes: 'Adds a payroll systems role' }, cookie: api.admin });
    expect(published.body.version).toBe(2);
  }

  it('applies an override to every dataset holding the title, finalises them and audits override_set', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const first = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
    const second = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
    const before = (await detail(first)).finalizedAt;
    const reply = await putOverride(engagementId, payrollOverride);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.datasets).toBe(2);
    for (const id of [first, second]) expect((await titlesOf(id))['Sales Assistant']).toMatchObject({ source: 'override', usSoc2018: '43-3051', confidence: 1 });
    expect((await detail(first)).finalizedAt).not.toBe(before);
    expect(await lastAudit(engagementId)).toMatchObject({ action: 'override_set', details: { usSoc2018: '43-3051', ukSoc2020: '4122', datasets: 2 } });
  });

  it('answers 400 unknown_occupation for a code the live version does not know', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const reply = await putOverride(engagementId, { ...payrollOverride, usSoc2018: '99-9998' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('unknown_occupation');
  });

  it('re-resolves without AI when an override is removed, and audits override_removed', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
    await putOverride(engagementId, payrollOverride);
    const reply = await api.server.call(`/api/engagements/${engagementId}/overrides?title=${encodeURIComponent('sales assistant')}`, { method: 'DELETE', cookie: api.lead });
    expect(reply.status).toBe(200);
    expect((await titlesOf(datasetId))['Sales Assistant'].source).toBe('rules');
    expect(await lastAudit(engagementId)).toMatchObject({ action: 'override_removed', details: { datasets: 1 } });
    expect((await api.server.call(`/api/engagements/${engagementId}/overrides?title=nothing`, { method: 'DELETE', cookie: api.lead })).status).toBe(404);
  });

  it('rescores when assumptions are saved, and audits dataset_rescored', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const rows = [{ employeeId: 'A', title: 'Payroll Administrator', salary: 30000 }, { employeeId: 'B', title: 'Payroll Administrator', salary: 50000 }];
    const datasetId = await readyDataset(api.server, api.lead, engagementId, rows);
    expect((await detail(datasetId)).totalCogs).toBeCloseTo(80000 * 1.23, 2);
    const reply = await api.server.call(`/api/datasets/${datasetId}`, { method: 'PATCH', body: { settings: { employerCostMultiplier: 1.3 } }, cookie: api.lead });
    expect(reply.status, reply.text).toBe(200);
    expect((await detail(datasetId)).totalCogs).toBeCloseTo(80000 * 1.3, 2);
    expect(await lastAudit(engagementId)).toMatchObject({ action: 'dataset_rescored', details: { employerCostMultiplier: 1.3 } });
  });

  it('rescores every ready dataset when the engagement pack changes', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
    expect((await titlesOf(datasetId))['Store Manager'].source).toBe('rules');
    const reply = await api.server.call(`/api/engagements/${engagementId}`, { method: 'PATCH', body: { pack: 'retail' }, cookie: api.lead });
    expect(reply.status, reply.text).toBe(200);
    expect((await titlesOf(datasetId))['Store Manager'].source).toBe('pack');
  });

  it('refuses an unknown pack id', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const reply = await api.server.call(`/api/engagements/${engagementId}`, { method: 'PATCH', body: { pack: 'space-mining' }, cookie: api.lead });
    expect(reply.status).toBe(400);
  });

  describe('across reference versions', () => {
    let engagementId: string;
    let pinnedToOne: string;

    beforeAll(async () => {
      engagementId = await newEngagement(api.server, api.lead);
      pinnedToOne = await readyDataset(api.server, api.lead, engagementId, smallStaffList());
      await publishVersionTwo();
    });

    it('answers 400 override_unknown_in_version naming the pinned version and asking for a rescore', async () => {
      const reply = await putOverride(engagementId, { ...payrollOverride, subcategory: 'Payroll Systems Specialist' });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('override_unknown_in_version');
      expect(reply.body.message).toMatch(/version 1/);
      expect(reply.body.message).toMatch(/[Rr]escore/);
    });

    it('rescores onto the newest version by default and audits dataset_reference_changed from and to', async () => {
      const reply = await api.server.call(`/api/datasets/${pinnedToOne}/reference`, { body: {}, cookie: api.lead });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.dataset.referenceVersion).toBe(2);
      expect((await detail(pinnedToOne)).summary).toBeTruthy();
      expect(await lastAudit(engagementId)).toMatchObject({ action: 'dataset_reference_changed', details: { from: 1, to: 2 } });
      const override = await putOverride(engagementId, { ...payrollOverride, subcategory: 'Payroll Systems Specialist' });
      expect(override.status, override.text).toBe(200);
    });

    it('pins new datasets to the newest version', async () => {
      const created = await api.server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'After v2', expectedRows: 1 }, cookie: api.lead });
      expect(created.body.dataset.referenceVersion).toBe(2);
      expect((await api.server.call(`/api/datasets/${created.body.dataset.id}`, { cookie: api.lead })).body.latestReferenceVersion).toBe(2);
    });
  });
});

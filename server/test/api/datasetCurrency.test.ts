import { beforeAll, describe, expect, it } from 'vitest';
import { newDataset, newEngagement, readyDataset, type TestRow } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

/** A dollar payroll: every salary given, so the cost is their sum × the US on-cost. */
const payroll: TestRow[] = [
  { employeeId: 'P1', title: 'Police Officer', salary: 70_000 },
  { employeeId: 'P2', title: 'Accountant', salary: 60_000 },
  { employeeId: 'P3', title: 'Office Clerk', salary: 40_000 },
];

describe.each(BACKENDS)('a dataset’s region and currency on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com' });
  let engagementId: string;

  const detail = async (datasetId: string) => (await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).body.dataset;
  const create = (settings: Record<string, unknown>) =>
    api.server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'City payroll', expectedRows: 3, settings }, cookie: api.lead });

  beforeAll(async () => {
    engagementId = await newEngagement(api.server, api.lead);
  });

  it('stores and returns the US region, dollars and the US employer cost multiplier for a dataset created with US settings', async () => {
    const reply = await create({ region: 'united-states' });
    expect(reply.status, reply.text).toBe(201);
    const settings = { employerCostMultiplier: 1.24, region: 'united-states', currency: 'USD' };
    expect(reply.body.dataset.settings).toEqual(settings);
    expect((await detail(reply.body.dataset.id)).settings).toEqual(settings);
    const listed = (await api.server.call(`/api/engagements/${engagementId}/datasets`, { cookie: api.lead })).body.datasets;
    expect(listed.find((d: { id: string }) => d.id === reply.body.dataset.id).settings).toEqual(settings);
  });

  it('keeps a chosen multiplier beside the region’s currency', async () => {
    const reply = await create({ region: 'united-states', employerCostMultiplier: 1.35 });
    expect(reply.body.dataset.settings).toEqual({ employerCostMultiplier: 1.35, region: 'united-states', currency: 'USD' });
  });

  it('gives a dataset created without a region the baseline, pounds and the UK multiplier', async () => {
    const id = await newDataset(api.server, api.lead, engagementId, 3);
    expect((await detail(id)).settings).toEqual({ employerCostMultiplier: 1.23, region: 'uk', currency: 'GBP' });
  });

  it('refuses a currency sent on its own with 400 validation_error: it follows the region', async () => {
    const reply = await create({ currency: 'USD' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
  });

  it('refuses with 400 bad_request a region the reference cannot price a list in', async () => {
    for (const region of ['india', 'atlantis']) {
      const reply = await create({ region });
      expect(reply.status, region).toBe(400);
      expect(reply.body.error).toBe('bad_request');
      expect(reply.body.message).toMatch(/cannot price a list whose home is/);
    }
  });

  it('costs a finished US list in dollars with the US on-cost', async () => {
    const id = await readyDataset(api.server, api.lead, engagementId, payroll, { settings: { region: 'united-states' } });
    const dataset = await detail(id);
    // (70,000 + 60,000 + 40,000) × 1.24
    expect(dataset.summary.cost.total).toBe(210_800);
    expect(dataset.totalCogs).toBe(210_800);
    expect(dataset.summary.settings).toEqual({ employerCostMultiplier: 1.24, region: 'united-states', currency: 'USD' });
    expect(dataset.summary.stats.costImputed).toBe(0);
  });

  it('rescores in the currency of a new region saved with the settings, and audits it', async () => {
    const id = await readyDataset(api.server, api.lead, engagementId, payroll);
    expect((await detail(id)).summary.settings.currency).toBe('GBP');
    const reply = await api.server.call(`/api/datasets/${id}`, { method: 'PATCH', body: { settings: { employerCostMultiplier: 1.24, region: 'united-states' } }, cookie: api.lead });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.dataset.settings).toEqual({ employerCostMultiplier: 1.24, region: 'united-states', currency: 'USD' });
    expect((await detail(id)).summary.cost.total).toBe(210_800);
    const audit = (await api.server.call(`/api/engagements/${engagementId}/audit?limit=1`, { cookie: api.lead })).body.events[0];
    expect(audit).toMatchObject({ action: 'dataset_rescored', details: { employerCostMultiplier: 1.24, region: 'united-states', currency: 'USD' } });
  });

  it('keeps the saved region when only the multiplier is saved', async () => {
    const id = await readyDataset(api.server, api.lead, engagementId, payroll, { settings: { region: 'united-states' } });
    const reply = await api.server.call(`/api/datasets/${id}`, { method: 'PATCH', body: { settings: { employerCostMultiplier: 1.3 } }, cookie: api.lead });
    expect(reply.body.dataset.settings).toEqual({ employerCostMultiplier: 1.3, region: 'united-states', currency: 'USD' });
  });
});

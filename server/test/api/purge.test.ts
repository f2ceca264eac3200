import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { purgeDueEngagements } from '../../services/retention.ts';
import { backdateClose, countEngagementRows, insertDatasetWithRows } from '../support/fixtures.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

const SUMMARY = { headcount: 2, cost: { total: 100000 } };

describe.each(BACKENDS)('purge and retention on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', admin: 'admin@example.com' }, { IDENTITY_KEK: randomBytes(32).toString('hex') });
  let leadId: string;

  const newClosedEngagement = async (body: Record<string, unknown> = {}) => {
    const engagement = (await api.server.call('/api/engagements', { body: { name: 'To purge', ...body }, cookie: api.lead })).body.engagement;
    await api.server.call(`/api/engagements/${engagement.id}`, { method: 'PATCH', body: { reportNotes: { sections: { summary: 'wording' }, terms: [] } }, cookie: api.lead });
    const datasetId = await insertDatasetWithRows(api.server.database, engagement.id, leadId, SUMMARY);
    await api.server.call(`/api/engagements/${engagement.id}/close`, { method: 'POST', body: {}, cookie: api.lead });
    return { id: engagement.id as string, name: engagement.name as string, datasetId };
  };
  const engagementRow = (id: string) =>
    asOwner(api.server.database, async (tx) => (await sql<any>`select status, dek_wrapped, report_notes, purged_at from engagements where id = ${id}`.execute(tx)).rows[0]);
  const datasetRow = (id: string) =>
    asOwner(api.server.database, async (tx) => (await sql<any>`select status, summary from datasets where id = ${id}`.execute(tx)).rows[0]);
  const purgeEvents = async (engagementId: string) =>
    (await api.server.call('/api/admin/audit?action=engagement_purged&limit=500', { cookie: api.admin })).body.events.filter((e: { engagementId: string }) => e.engagementId === engagementId);

  beforeAll(async () => {
    leadId = (await api.server.call('/api/me', { cookie: api.lead })).body.user.id;
  });

  it('purges at once on the typed name: no personal or row data left, summaries and audit kept', async () => {
    const { id, name, datasetId } = await newClosedEngagement();
    const reply = await api.server.call(`/api/engagements/${id}/purge`, { method: 'POST', body: { confirm: name }, cookie: api.lead });
    expect(reply.status).toBe(200);
    expect(reply.body.engagement).toMatchObject({ status: 'purged', reportNotes: null, identityStorage: false, purgedAt: expect.any(String) });
    expect(await countEngagementRows(api.server.database, id)).toEqual({
      employee_rows: 0, employee_identities: 0, dataset_titles: 0, upload_chunks: 0, copilot_plans: 0, overrides: 0, datasets: 1,
    });
    const engagement = await engagementRow(id);
    expect(engagement.dek_wrapped).toBeNull();
    expect(engagement.report_notes).toBeNull();
    const dataset = await datasetRow(datasetId);
    expect(dataset.status).toBe('purged');
    expect(typeof dataset.summary === 'string' ? JSON.parse(dataset.summary) : dataset.summary).toEqual(SUMMARY);
    const [event] = await purgeEvents(id);
    expect(event).toMatchObject({ actor: leadId, details: { reason: 'manual', datasets: 1 } });
    const trail = (await api.server.call('/api/admin/audit?limit=500', { cookie: api.admin })).body.events.filter((e: { engagementId: string }) => e.engagementId === id);
    expect(trail.map((e: { action: string }) => e.action)).toContain('engagement_created');
  });

  it('purges only closed engagements whose retention has run out, with actor null and reason retention', async () => {
    const due = await newClosedEngagement({ retentionDays: 1 });
    const notYet = await newClosedEngagement({ retentionDays: 5 });
    await backdateClose(api.server.database, due.id, 2);
    await backdateClose(api.server.database, notYet.id, 2);
    const active = (await api.server.call('/api/engagements', { body: { name: 'Still active', retentionDays: 1 }, cookie: api.lead })).body.engagement;

    const result = await purgeDueEngagements(api.server.database);
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect((await engagementRow(due.id)).status).toBe('purged');
    expect((await engagementRow(notYet.id)).status).toBe('closed');
    expect((await engagementRow(active.id)).status).toBe('active');
    expect((await countEngagementRows(api.server.database, notYet.id)).employee_rows).toBe(2);
    // The job deletes as the owner, not through app_purge_identities: only the due engagement's identities go.
    expect((await countEngagementRows(api.server.database, due.id)).employee_identities).toBe(0);
    expect((await countEngagementRows(api.server.database, notYet.id)).employee_identities).toBe(2);
    const [event] = await purgeEvents(due.id);
    expect(event).toMatchObject({ actor: null, details: { reason: 'retention', datasets: 1 } });
  });

  it('is idempotent: a second run purges nothing more', async () => {
    const due = await newClosedEngagement({ retentionDays: 1 });
    await backdateClose(api.server.database, due.id, 3);
    await purgeDueEngagements(api.server.database);
    const again = await purgeDueEngagements(api.server.database);
    expect(again.purged).toBe(0);
    expect(await purgeEvents(due.id)).toHaveLength(1);
  });

  it('is safe when two runs race: each due engagement is purged and audited once', async () => {
    const due = await Promise.all([1, 2, 3].map(() => newClosedEngagement({ retentionDays: 1 })));
    for (const e of due) await backdateClose(api.server.database, e.id, 2);
    const [a, b] = await Promise.all([purgeDueEngagements(api.server.database), purgeDueEngagements(api.server.database)]);
    expect(a.purged + b.purged).toBe(3);
    for (const e of due) expect(await purgeEvents(e.id)).toHaveLength(1);
  });
});

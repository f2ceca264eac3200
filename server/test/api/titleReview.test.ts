import { describe, expect, it } from 'vitest';
import { classifyInContext, listPayScale } from '../../../workers/classify/classify.ts';
import { compiledSeed } from '../../../workers/reference/test/seed.ts';
import { newEngagement, readyDataset, smallStaffList } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';

/** Review and correction of title coding (issue 10): what GET titles says and how overrides take a role. */
const seed = compiledSeed();
const UNREADABLE = 'Zqxv Blorpwick';
const staff = () => [...smallStaffList(), { employeeId: 'E7', managerEmployeeId: 'E1', title: UNREADABLE, salary: 28000 }];

/** A role whose US anchor an earlier role also holds with another UK code: only the pair names it. */
const roles = seed.data.taxonomy.roles;
const pairedRole = roles.find((role, i) => role.anchor && roles.slice(0, i).some((r) => r.anchor?.usSoc2018 === role.anchor!.usSoc2018 && r.ukSoc2020 !== role.ukSoc2020))!;

describe.each(BACKENDS)('title review on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', viewer: 'viewer@example.com' });

  const titlesOf = async (datasetId: string): Promise<Record<string, any>> =>
    Object.fromEntries((decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as any[]).map((t) => [t.title, t]));
  const putOverride = (engagementId: string, body: Record<string, unknown>, cookie = api.lead) =>
    api.server.call(`/api/engagements/${engagementId}/overrides`, { method: 'PUT', body, cookie });
  const rulesTitles = (titles: Record<string, any>) => Object.values(titles).filter((t) => t.source === 'rules');

  it("returns each rules-coded title's reason and alternatives as the coder gives them in its row's context", async () => {
    const rows = staff();
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows);
    const coded = rulesTitles(await titlesOf(datasetId));
    expect(coded.length).toBeGreaterThan(0);
    // Each title of this list is held by one person, whose context (their pay, in pounds) is the title's.
    const list = { currency: 'GBP', payScale: listPayScale(seed, rows.map((r) => ({ title: r.title, salary: r.salary ?? null })), 'GBP') };
    for (const t of coded) {
      const row = rows.find((r) => r.title === t.title)!;
      const c = classifyInContext(seed, t.title, { salary: row.salary ?? null }, list);
      expect({ title: t.title, reason: t.reason, alternatives: t.alternatives }).toEqual({ title: t.title, reason: c.reason ?? null, alternatives: c.alternatives ?? [] });
    }
  });

  it('flags a rules-coded title for review exactly when its confidence is below the reference review threshold', async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), staff());
    const coded = rulesTitles(await titlesOf(datasetId));
    const threshold = seed.data.classification.reviewThreshold;
    expect(coded.map((t) => [t.title, t.reviewRequired])).toEqual(coded.map((t) => [t.title, t.confidence < threshold]));
    expect(coded.find((t) => t.title === UNREADABLE)).toMatchObject({ reviewRequired: true });
  });

  it('clears review, reason and alternatives when an override codes the title', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, staff());
    const reply = await putOverride(engagementId, { title: UNREADABLE, usSoc2018: '43-3051', ukSoc2020: '4122' });
    expect(reply.status, reply.text).toBe(200);
    expect((await titlesOf(datasetId))[UNREADABLE]).toMatchObject({ source: 'override', confidence: 1, reviewRequired: false, reason: null, alternatives: [] });
  });

  it('gives an override sent without a role the role that holds both codes', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, staff());
    const reply = await putOverride(engagementId, { title: UNREADABLE, usSoc2018: pairedRole.anchor!.usSoc2018, ukSoc2020: pairedRole.ukSoc2020 });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.override).toMatchObject({ category: pairedRole.category, subcategory: pairedRole.subcategory });
    expect((await titlesOf(datasetId))[UNREADABLE]).toMatchObject({ category: pairedRole.category, subcategory: pairedRole.subcategory });
  });

  it('gives an override whose codes no role holds the first role anchored on the US code', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const us = pairedRole.anchor!.usSoc2018;
    const uk = Object.keys(seed.data.occupations.uk).find((code) => !roles.some((r) => r.anchor?.usSoc2018 === us && r.ukSoc2020 === code))!;
    const reply = await putOverride(engagementId, { title: UNREADABLE, usSoc2018: us, ukSoc2020: uk });
    expect(reply.status, reply.text).toBe(200);
    const anchored = seed.roleByAnchor(us)!;
    expect(reply.body.override).toMatchObject({ category: anchored.category, subcategory: anchored.subcategory });
  });

  it('refuses an override that names a category without a subcategory', async () => {
    const reply = await putOverride(await newEngagement(api.server, api.lead), { title: UNREADABLE, usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
  });

  it('lists the engagement overrides with the role they were given', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    await putOverride(engagementId, { title: UNREADABLE, usSoc2018: pairedRole.anchor!.usSoc2018, ukSoc2020: pairedRole.ukSoc2020 });
    const reply = await api.server.call(`/api/engagements/${engagementId}/overrides`, { cookie: api.lead });
    expect(reply.body.overrides).toEqual([
      expect.objectContaining({ title: UNREADABLE, usSoc2018: pairedRole.anchor!.usSoc2018, ukSoc2020: pairedRole.ukSoc2020, category: pairedRole.category, subcategory: pairedRole.subcategory }),
    ]);
  });

  it('refuses a viewer setting or removing an override with 403', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email: 'viewer@example.com', role: 'viewer' }, cookie: api.lead });
    expect((await putOverride(engagementId, { title: UNREADABLE, usSoc2018: '43-3051', ukSoc2020: '4122' }, api.viewer)).status).toBe(403);
    await putOverride(engagementId, { title: UNREADABLE, usSoc2018: '43-3051', ukSoc2020: '4122' });
    const removal = await api.server.call(`/api/engagements/${engagementId}/overrides?title=${encodeURIComponent(UNREADABLE)}`, { method: 'DELETE', cookie: api.viewer });
    expect(removal.status).toBe(403);
    expect((await api.server.call(`/api/engagements/${engagementId}/overrides`, { cookie: api.viewer })).body.overrides).toHaveLength(1);
  });

  it("restores the coder's reason, alternatives and review flag when the override is removed", async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, staff());
    const before = (await titlesOf(datasetId))[UNREADABLE];
    await putOverride(engagementId, { title: UNREADABLE, usSoc2018: '43-3051', ukSoc2020: '4122' });
    await api.server.call(`/api/engagements/${engagementId}/overrides?title=${encodeURIComponent(UNREADABLE)}`, { method: 'DELETE', cookie: api.lead });
    expect((await titlesOf(datasetId))[UNREADABLE]).toEqual(before);
  });
});

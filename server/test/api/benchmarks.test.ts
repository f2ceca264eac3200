import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { contributionSummary, insertFinishedDataset, withdrawAllFromBenchmarks, type ContributionFigures } from '../support/benchmarkFixtures.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('benchmarks on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com' });
  let leadId: string;

  /** An engagement (opted in unless told) whose latest finished dataset carries these figures. */
  const contributor = async (figures: ContributionFigures = {}, options: { optIn?: boolean; name?: string } = {}) => {
    const body = { name: options.name ?? 'Contributor', benchmarkParticipation: options.optIn ?? true };
    const engagement = (await api.server.call('/api/engagements', { body, cookie: api.lead })).body.engagement;
    const datasetId = await insertFinishedDataset(api.server.database, engagement.id, leadId, contributionSummary(figures));
    return { engagementId: engagement.id as string, name: engagement.name as string, datasetId };
  };
  const contributors = (n: number, figures: (i: number) => ContributionFigures = () => ({})) =>
    Promise.all(Array.from({ length: n }, (_, i) => contributor(figures(i))));
  const get = async (query = '', cookie = api.lead) => {
    const reply = await api.server.call(`/api/benchmarks${query}`, { cookie });
    expect(reply.status).toBe(200);
    return reply.body.benchmarks;
  };
  const figure = (section: { figures: { key: string }[] }, key: string) => section.figures.find((f) => f.key === key) as any;
  const group = (b: any, major: string) => b.majorGroups.find((g: { major: string }) => g.major === major);

  beforeAll(async () => {
    leadId = (await api.server.call('/api/me', { cookie: api.lead })).body.user.id;
  });
  beforeEach(() => withdrawAllFromBenchmarks(api.server.database));

  describe('the whole page is judged on its own', () => {
    it('withholds every page figure with 4 contributors, without saying how many', async () => {
      await contributors(4);
      const b = await get();
      expect(b.page).toMatchObject({ withheld: true, contributors: null });
      for (const f of b.page.figures) expect([f.p25, f.median, f.p75]).toEqual([null, null, null]);
    });
    it('publishes the page with 5 contributors', async () => {
      await contributors(5, (i) => ({ costPerHead: 30_000 + i * 5_000 }));
      const b = await get();
      expect(b.page).toMatchObject({ withheld: false, contributors: 5 });
      expect(figure(b.page, 'costPerHead')).toMatchObject({ unit: 'pounds', p25: 35_000, median: 40_000, p75: 45_000 });
    });
    it('publishes the page with 6 contributors', async () => {
      await contributors(6);
      expect((await get()).page).toMatchObject({ withheld: false, contributors: 6 });
    });
  });

  describe('each occupation group is judged on its own', () => {
    // Six contributors publish the page; only n of them have people in group 15.
    const withGroup15 = (n: number) =>
      contributors(6, (i) => ({
        groups: i < n
          ? [{ major: '43', headcountShare: 0.7, averagePercentile: 60 }, { major: '15', headcountShare: 0.3, averagePercentile: 80 + i }]
          : [{ major: '43', headcountShare: 1, averagePercentile: 60 }],
      }));
    it('leaves out a group with 4 contributors while the page and other groups are published', async () => {
      await withGroup15(4);
      const b = await get();
      expect(b.page.withheld).toBe(false);
      expect(group(b, '43')).toMatchObject({ withheld: false, contributors: 6 });
      expect(group(b, '15')).toBeUndefined();
    });
    it('shows the compared dataset its own group as withheld with 4 contributors', async () => {
      await withGroup15(4);
      const own = await contributor({ groups: [{ major: '15', headcountShare: 1, averagePercentile: 90 }] }, { optIn: false });
      const g = group(await get(`?datasetId=${own.datasetId}`), '15');
      expect(g).toMatchObject({ withheld: true, contributors: null });
      expect(figure(g, 'averageExposure')).toMatchObject({ value: 90, median: null });
    });
    it('publishes a group with 5 contributors', async () => {
      await withGroup15(5);
      const g = group(await get(), '15');
      expect(g).toMatchObject({ withheld: false, contributors: 5 });
      expect(figure(g, 'averageExposure')).toMatchObject({ p25: 81, median: 82, p75: 83 });
      expect(figure(g, 'headcountShare')).toMatchObject({ unit: 'percent', median: 30 });
    });
    it('publishes a group with 6 contributors', async () => {
      await withGroup15(6);
      expect(group(await get(), '15')).toMatchObject({ withheld: false, contributors: 6 });
    });
  });

  describe('spans and layers are judged on their own', () => {
    // Six contributors publish the page; only n of them have reporting lines.
    const withOrganisation = (n: number) => contributors(6, (i) => (i < n ? { managers: 8, averageSpan: 3 + i, layerCount: 4 } : { managers: 0, averageSpan: 0, layerCount: 1 }));
    it('withholds spans and layers with 4 contributors while the page is published', async () => {
      await withOrganisation(4);
      const b = await get();
      expect(b.page.withheld).toBe(false);
      expect(b.organisation).toMatchObject({ withheld: true, contributors: null });
      expect(figure(b.organisation, 'averageSpan').median).toBeNull();
    });
    it('publishes spans and layers with 5 contributors', async () => {
      await withOrganisation(5);
      const b = await get();
      expect(b.organisation).toMatchObject({ withheld: false, contributors: 5 });
      expect(figure(b.organisation, 'averageSpan')).toMatchObject({ p25: 4, median: 5, p75: 6 });
      expect(figure(b.organisation, 'layerCount')).toMatchObject({ median: 4 });
    });
    it('publishes spans and layers with 6 contributors', async () => {
      await withOrganisation(6);
      expect((await get()).organisation).toMatchObject({ withheld: false, contributors: 6 });
    });
  });

  describe('the compared engagement is excluded before the threshold', () => {
    it('withholds the page when five contribute and one of them is compared', async () => {
      const five = await contributors(5);
      const b = await get(`?datasetId=${five[0].datasetId}`);
      expect(b.excludedEngagement).toBe(true);
      expect(b.page).toMatchObject({ withheld: true, contributors: null });
    });
    it('publishes over the other five when six contribute, without the compared figures in the quartiles', async () => {
      const six = await contributors(6, (i) => ({ costPerHead: i === 0 ? 400_000 : 30_000 + i * 1_000 }));
      const b = await get(`?datasetId=${six[0].datasetId}`);
      expect(b.page).toMatchObject({ withheld: false, contributors: 5 });
      expect(figure(b.page, 'costPerHead')).toMatchObject({ value: 400_000, p25: 32_000, median: 33_000, p75: 34_000 });
    });
    it('excludes every dataset of the compared engagement, not only the compared one', async () => {
      const five = await contributors(5);
      const older = await insertFinishedDataset(api.server.database, five[0].engagementId, leadId, contributionSummary(), { createdAt: '2020-01-01T00:00:00.000Z' });
      expect((await get(`?datasetId=${older}`)).page.withheld).toBe(true);
    });
  });

  describe('lists in two currencies', () => {
    it('takes cost per head from the lists in pounds only, while a dollar list counts in the other figures', async () => {
      await contributors(6, (i) => (i === 0 ? { costPerHead: 900_000, currency: 'USD', automationShare: 0.3 } : { costPerHead: 30_000 + i * 1_000, automationShare: 0.1 }));
      const page = (await get()).page;
      expect(page.contributors).toBe(6);
      // Pounds: 31,000 … 35,000 → 32,000, 33,000, 34,000; the $900,000 list is left out.
      expect(figure(page, 'costPerHead')).toMatchObject({ p25: 32_000, median: 33_000, p75: 34_000 });
      // Automation shares 10, 10, 10, 10, 10, 30: the dollar list is in them.
      expect(figure(page, 'automationShare').p75).toBe(10);
    });
    it('sets no dollar cost per head against the pound quartiles and says why', async () => {
      await contributors(5);
      const us = await contributor({ costPerHead: 60_000, currency: 'USD' });
      const b = await get(`?datasetId=${us.datasetId}`);
      expect(figure(b.page, 'costPerHead')).toMatchObject({ value: null, median: 40_000 });
      expect(b.notes).toContain('This staff list is in USD, so its cost per head is not set against the pound quartiles.');
    });
  });

  describe('rounding of published quartiles', () => {
    it('rounds pounds to the nearest 500, half-way up', async () => {
      // Five values: p25, median and p75 are the 2nd, 3rd and 4th.
      await contributors(5, (i) => ({ costPerHead: [20_000, 24_749.99, 24_750, 25_249.99, 30_000][i] }));
      expect(figure((await get()).page, 'costPerHead')).toMatchObject({ p25: 24_500, median: 25_000, p75: 25_000 });
    });
    it('rounds percentages to whole numbers at the half', async () => {
      await contributors(5, (i) => ({ automationShare: [0.1, 0.1249, 0.125, 0.135, 0.2][i], averagePercentile: [40, 44.49, 44.5, 45.5, 50][i] }));
      const page = (await get()).page;
      expect(figure(page, 'automationShare')).toMatchObject({ p25: 12, median: 13, p75: 14 });
      expect(figure(page, 'averageExposure')).toMatchObject({ p25: 44, median: 45, p75: 46 });
    });
    it('rounds spans and layers to the nearest 0.5', async () => {
      await contributors(5, (i) => ({ averageSpan: [2, 2.24, 2.25, 2.76, 4][i], layerCount: [3, 4, 4, 5, 9][i] }));
      const organisation = (await get()).organisation;
      expect(figure(organisation, 'averageSpan')).toMatchObject({ p25: 2, median: 2.5, p75: 3 });
      // Interpolated quartiles of whole layers are rounded too: 3, 4, 4, 5, 9 → 4, 4, 5.
      expect(figure(organisation, 'layerCount')).toMatchObject({ p25: 4, median: 4, p75: 5 });
    });
    it('rounds an interpolated quartile', async () => {
      // Six values: p25 = 31,250 (between 2nd and 3rd) → 31,500; median 32,500; p75 = 33,750 → 34,000.
      await contributors(6, (i) => ({ costPerHead: 30_000 + i * 1_000 }));
      expect(figure((await get()).page, 'costPerHead')).toMatchObject({ p25: 31_500, median: 32_500, p75: 34_000 });
    });
  });

  describe('who contributes', () => {
    it('counts only engagements that opted in, and drops one that opts out', async () => {
      const six = await contributors(6);
      await contributor({}, { optIn: false });
      expect((await get()).page.contributors).toBe(6);
      const patch = await api.server.call(`/api/engagements/${six[0].engagementId}`, { method: 'PATCH', body: { benchmarkParticipation: false }, cookie: api.lead });
      expect(patch.status).toBe(200);
      expect((await get()).page.contributors).toBe(5);
      await api.server.call(`/api/engagements/${six[1].engagementId}`, { method: 'PATCH', body: { benchmarkParticipation: false }, cookie: api.lead });
      expect((await get()).page.withheld).toBe(true);
    });
    it('takes the most recently created finished dataset of each engagement', async () => {
      const five = await contributors(5, () => ({ costPerHead: 30_000 }));
      // A newer dataset still classifying does not count; an older finished one does not either.
      await insertFinishedDataset(api.server.database, five[0].engagementId, leadId, null, { status: 'classifying', createdAt: '2999-01-01T00:00:00.000Z' });
      await insertFinishedDataset(api.server.database, five[1].engagementId, leadId, contributionSummary({ costPerHead: 900_000 }), { createdAt: '2000-01-01T00:00:00.000Z' });
      for (const c of five.slice(2)) {
        await insertFinishedDataset(api.server.database, c.engagementId, leadId, contributionSummary({ costPerHead: 90_000 }), { createdAt: '2999-01-01T00:00:00.000Z' });
      }
      const b = await get();
      expect(b.page.contributors).toBe(5);
      // 30,000 twice (the first two keep theirs) and 90,000 three times (the newer datasets).
      expect(figure(b.page, 'costPerHead')).toMatchObject({ p25: 30_000, median: 90_000, p75: 90_000 });
    });
    it('follows a rescore: a rewritten summary is what the dataset contributes', async () => {
      const five = await contributors(5, () => ({ costPerHead: 30_000 }));
      const rescored = JSON.stringify(contributionSummary({ costPerHead: 80_000 }));
      await asOwner(api.server.database, (tx) =>
        sql`update datasets set summary = ${rescored} where id in (${sql.join(five.slice(0, 3).map((c) => c.datasetId))})`.execute(tx),
      );
      expect(figure((await get()).page, 'costPerHead')).toMatchObject({ p25: 30_000, median: 80_000, p75: 80_000 });
    });
    it('keeps a purged engagement contributing its last finished dataset, and says so in the notes', async () => {
      const four = await contributors(4);
      const purged = await contributor();
      await api.server.call(`/api/engagements/${purged.engagementId}/close`, { method: 'POST', body: {}, cookie: api.lead });
      const reply = await api.server.call(`/api/engagements/${purged.engagementId}/purge`, { method: 'POST', body: { confirm: purged.name }, cookie: api.lead });
      expect(reply.status).toBe(200);
      const b = await get();
      expect(b.page).toMatchObject({ withheld: false, contributors: 5 });
      expect(b.notes.join(' ')).toMatch(/purged engagement still contributes/i);
      expect(four).toHaveLength(4);
    });
    it('never names a contributing engagement or its datasets', async () => {
      const six = await Promise.all(Array.from({ length: 6 }, (_, i) => contributor({}, { name: `Secret client ${i}` })));
      const reply = await api.server.call('/api/benchmarks', { cookie: api.analyst });
      expect(reply.status).toBe(200);
      for (const c of six) {
        expect(reply.text).not.toContain(c.engagementId);
        expect(reply.text).not.toContain(c.datasetId);
        expect(reply.text).not.toContain(c.name);
      }
    });
  });

  describe('access', () => {
    it('answers any signed-in user, member or not', async () => {
      await contributors(5);
      expect((await get('', api.analyst)).page.contributors).toBe(5);
    });
    it('answers 404 for a dataset the caller is not a member of', async () => {
      const [c] = await contributors(1);
      const reply = await api.server.call(`/api/benchmarks?datasetId=${c.datasetId}`, { cookie: api.analyst });
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('not_found');
    });
    it('refuses a dataset id that is not a UUID with 400 validation_error', async () => {
      const reply = await api.server.call('/api/benchmarks?datasetId=nope', { cookie: api.lead });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
    });
    it('answers 401 unauthenticated without an identity', async () => {
      expect((await api.server.call('/api/benchmarks')).status).toBe(401);
    });
  });
});

// Offline copies: what a person viewed is kept per user, revalidated with its ETag, answered from the copy
// when the network is gone (and said so), and dropped at sign-out or when the server no longer lets them read it.
import { expect } from '@esm-bundle/chai';
import { Dexie } from 'dexie';
import { getEngagement, listEngagements } from '../api/engagements.ts';
import { fetchDataset } from '../api/datasets.ts';
import { AppDatabase } from './db.ts';
import { OFFLINE_COPY_EVENT, forgetOfflineCopies, keepOfflineCopiesFor, useOfflineDatabase, type OfflineCopyUsed } from './offline-copies.ts';
import { ApiError } from '../api/http.ts';
import { ENGAGEMENT_ID, LEA_MEMBER, datasetOf, detailOf, engagement } from '../test/engagement-fixtures.ts';

const USER = 'u1';
const DATASET_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

interface Reply {
  status: number;
  body?: unknown;
  etag?: string;
}

describe('offline copies', () => {
  const realFetch = window.fetch;
  let db: AppDatabase;
  let name: string;
  /** What the fake server answers by path; a missing path (or `offline`) fails as fetch does without a network. */
  let replies: Record<string, Reply>;
  let offline: boolean;
  let sent: { path: string; ifNoneMatch: string | null }[];
  let used: OfflineCopyUsed[];
  const onCopy = (e: Event) => used.push((e as CustomEvent<OfflineCopyUsed>).detail);

  beforeEach(async () => {
    name = `offline-test-${Math.random().toString(36).slice(2)}`;
    db = new AppDatabase(name);
    useOfflineDatabase(() => db);
    replies = {};
    offline = false;
    sent = [];
    used = [];
    window.addEventListener(OFFLINE_COPY_EVENT, onCopy);
    window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      const path = url.pathname.replace(/^\/api/, '') + url.search;
      sent.push({ path, ifNoneMatch: new Headers(init.headers).get('If-None-Match') });
      const reply = replies[path];
      if (offline || !reply) throw new TypeError('Failed to fetch');
      if (reply.etag && new Headers(init.headers).get('If-None-Match') === reply.etag) return new Response(null, { status: 304 });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json', ...(reply.etag ? { ETag: reply.etag } : {}) } });
    };
    await keepOfflineCopiesFor(USER);
  });

  afterEach(async () => {
    window.fetch = realFetch;
    window.removeEventListener(OFFLINE_COPY_EVENT, onCopy);
    await keepOfflineCopiesFor(null);
    db.close();
    await Dexie.delete(name);
  });

  it('answers a page viewed before from its copy when offline, and says from when', async () => {
    replies[`/engagements/${ENGAGEMENT_ID}`] = { status: 200, body: { engagement: engagement(), members: [LEA_MEMBER] }, etag: 'W/"1"' };
    await getEngagement(ENGAGEMENT_ID);
    offline = true;
    const again = await getEngagement(ENGAGEMENT_ID);
    expect(again.engagement.name).to.equal('Northwind review');
    expect(used.map((u) => u.path)).to.deep.equal([`/engagements/${ENGAGEMENT_ID}`]);
  });

  it('keeps no member names or emails', async () => {
    replies[`/engagements/${ENGAGEMENT_ID}`] = { status: 200, body: { engagement: engagement(), members: [LEA_MEMBER] } };
    await getEngagement(ENGAGEMENT_ID);
    const stored = await db.offlineCopies.get([USER, `/engagements/${ENGAGEMENT_ID}`]);
    expect(stored!.body).to.not.contain(LEA_MEMBER.email);
    expect(stored!.body).to.not.contain(LEA_MEMBER.name);
  });

  it('revalidates with the ETag and reads the copy on a 304', async () => {
    replies['/engagements'] = { status: 200, body: { engagements: [engagement()] }, etag: 'W/"a"' };
    await listEngagements();
    const listed = await listEngagements();
    expect(listed.map((e) => e.id)).to.deep.equal([ENGAGEMENT_ID]);
    expect(sent.map((s) => s.ifNoneMatch)).to.deep.equal([null, 'W/"a"']);
    expect(used).to.deep.equal([]);
  });

  it('fails as before offline when the page was never viewed', async () => {
    offline = true;
    const error = await getEngagement(ENGAGEMENT_ID).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).code).to.equal('network_error');
  });

  it('drops everything kept of an engagement the server no longer lets the person read', async () => {
    replies[`/engagements/${ENGAGEMENT_ID}`] = { status: 200, body: { engagement: engagement(), members: [] } };
    replies[`/datasets/${DATASET_ID}`] = { status: 200, body: detailOf({ ...datasetOf({ id: DATASET_ID }), summary: null }) };
    await getEngagement(ENGAGEMENT_ID);
    await fetchDataset(DATASET_ID);
    expect(await db.offlineCopies.count()).to.equal(2);
    replies[`/engagements/${ENGAGEMENT_ID}`] = { status: 404, body: { error: 'not_found', message: 'Engagement not found.' } };
    await getEngagement(ENGAGEMENT_ID).catch(() => undefined);
    expect(await db.offlineCopies.count()).to.equal(0);
  });

  it('drops a purged engagement’s copies when the list shows it purged', async () => {
    replies[`/datasets/${DATASET_ID}`] = { status: 200, body: detailOf({ ...datasetOf({ id: DATASET_ID }), summary: null }) };
    await fetchDataset(DATASET_ID);
    replies['/engagements'] = { status: 200, body: { engagements: [engagement({ status: 'purged' })] } };
    await listEngagements();
    expect((await db.offlineCopies.toArray()).map((c) => c.path)).to.deep.equal(['/engagements']);
  });

  it('keeps copies per user and drops them all at sign-out', async () => {
    await db.offlineCopies.put({ userId: 'someone-else', path: '/engagements', engagementId: null, etag: null, body: '{"engagements":[]}', savedAt: '2026-01-01T00:00:00.000Z' });
    await keepOfflineCopiesFor(USER);
    expect(await db.offlineCopies.count()).to.equal(0);
    replies['/engagements'] = { status: 200, body: { engagements: [engagement()] } };
    await listEngagements();
    expect(await db.offlineCopies.count()).to.equal(1);
    await forgetOfflineCopies(USER);
    expect(await db.offlineCopies.count()).to.equal(0);
  });
});

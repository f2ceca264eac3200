// What the dataset page's tests share (dataset-page.browser.test.ts, dataset-page.roles.browser.test.ts): the
// person signed in, the seed summary built once before the tests, and the server's answers for a ready dataset,
// its titles and its engagement as the page reads them.
import { encodeTitlesList } from '../../workers/classify/titlesList.ts';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { DatasetTitle, DatasetWithSummary } from '../api/datasets.ts';
import type { MyEngagement } from '../api/engagements.ts';
import type { Session } from '../api/session.ts';
import type { DatasetPage } from '../pages/dataset-page.ts';
import { engagement } from './engagement-fixtures.ts';
import type { FakeReply, FakeRoutes } from './fake-server.ts';
import type { PageHarness } from './harness.ts';
import { DATASET_ID, ENGAGEMENT_ID, datasetRecord, seedSummary } from './summary-fixture.ts';

export const DATASET_GET = `GET /api/datasets/${DATASET_ID}`;
export const TITLES_GET = `GET /api/datasets/${DATASET_ID}/titles`;
export const ENGAGEMENT_GET = `GET /api/engagements/${ENGAGEMENT_ID}`;

/** Mocha's per-test time limit (its context type is not installed). */
export const allow = (context: unknown, ms: number) => (context as { timeout(ms: number): void }).timeout(ms);

/** A person signed in: a platform user (or administrator), with AI on or off. */
export const signedIn = (role: 'admin' | 'user' = 'user', aiEnabled = true): Session => ({
  user: { id: 'u1', email: 'lead@example.com', name: 'Lead', role, active: true },
  environment: 'development',
  aiEnabled,
  signInMode: 'development',
});

/**
 * Builds the seed summary once before the describe's tests (scoring the staff list in the browser takes a few
 * seconds); the returned function gives it to each test.
 */
export function seededSummary(): () => DatasetSummary {
  let summary: DatasetSummary | null = null;
  before(async function (this: unknown) {
    allow(this, 20_000);
    summary = await seedSummary();
  });
  return () => summary!;
}

/** GET /datasets/:id for a ready dataset with this summary. */
export const readyReply = (summary: DatasetSummary, dataset: Partial<DatasetWithSummary> = {}): FakeReply => ({
  status: 200,
  body: { dataset: { ...datasetRecord('ready', summary), ...dataset }, progress: { total: 10, pending: 0, bySource: { rules: 10 } }, latestReferenceVersion: 1 },
});

export const titlesReply = (titles: DatasetTitle[]): FakeReply => ({ status: 200, body: encodeTitlesList(titles) });

/** GET /engagements/:id as a member with this role (and whatever else the test sets). */
export const engagementReply = (member: Partial<MyEngagement>): FakeReply => ({
  status: 200,
  body: { engagement: engagement({ id: ENGAGEMENT_ID, name: 'Northwind', ...member }), members: [] },
});

/** A ready dataset and its titles, with whatever other routes the test adds. */
export const readyRoutes = (summary: DatasetSummary, titles: DatasetTitle[], more: FakeRoutes = {}): FakeRoutes => ({
  [DATASET_GET]: readyReply(summary),
  [TITLES_GET]: titlesReply(titles),
  ...more,
});

/** The dataset page, for this person, added to the test page. */
export const mountDatasetPage = (harness: PageHarness, session: Session) => harness.mount<DatasetPage>('dataset-page', { session, datasetId: DATASET_ID });

// The dataset page for each kind of person: Rename, Save and recalculate, Correct, the reference move,
// AI generation and names and emails are offered only to those the server would let use them.
import { encodeTitlesList } from '../../workers/classify/titlesList.ts';
import type { DatasetTitle } from '../api/datasets.ts';
import { expect } from '@esm-bundle/chai';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { EngagementRole } from '../../schema/roles.ts';
import type { Session } from '../api/session.ts';
import { engagement } from '../test/engagement-fixtures.ts';
import { shadowQuery, waitFor } from '../test/fake-server.ts';
import { pageHarness } from '../test/harness.ts';
import { DATASET_ID, ENGAGEMENT_ID, datasetRecord, seedSummary } from '../test/summary-fixture.ts';
import './dataset-page.ts';
import type { DatasetPage } from './dataset-page.ts';

const allow = (context: unknown, ms: number) => (context as { timeout(ms: number): void }).timeout(ms);

const user = (role: 'admin' | 'user'): Session => ({
  user: { id: 'u1', email: 'someone@example.com', name: 'Someone', role, active: true },
  environment: 'development',
  aiEnabled: true,
  signInMode: 'development',
});

const TITLES: DatasetTitle[] = [
  { title: 'Receptionist', normalised: 'receptionist', headcount: 5, source: 'rules', usSoc2018: '43-4171', ukSoc2020: '4216', category: 'Administration', subcategory: 'Receptionist', confidence: 0.4, reviewRequired: true, reason: 'Matched', alternatives: [], variants: null },
];

const CONTROLS: Record<string, (page: DatasetPage) => Element | null> = {
  rename: (p) => shadowQuery(p, 'dataset-settings', '#dataset-name'),
  'save and recalculate': (p) => shadowQuery(p, 'dataset-settings', '#multiplier'),
  correct: (p) => shadowQuery(p, 'titles-table', 'button[aria-label="Correct Receptionist"]'),
  'names and emails': (p) => p.shadowRoot!.querySelector('identity-reveal-panel'),
};

interface Case {
  who: string;
  session: Session;
  role: EngagementRole;
  piiAccess: boolean;
  status?: 'active' | 'closed';
  offered: string[];
}

const CASES: Case[] = [
  { who: 'a viewer', session: user('user'), role: 'viewer', piiAccess: false, offered: [] },
  { who: 'a viewer with PII access', session: user('user'), role: 'viewer', piiAccess: true, offered: ['names and emails'] },
  { who: 'an analyst', session: user('user'), role: 'analyst', piiAccess: false, offered: ['rename', 'save and recalculate', 'correct'] },
  { who: 'a lead with PII access', session: user('user'), role: 'lead', piiAccess: true, offered: ['rename', 'save and recalculate', 'correct', 'names and emails'] },
  { who: 'a lead of a closed engagement', session: user('user'), role: 'lead', piiAccess: false, status: 'closed', offered: [] },
  { who: 'an administrator staffed as viewer', session: user('admin'), role: 'viewer', piiAccess: false, offered: [] },
];

describe('<dataset-page> controls by role', () => {
  const harness = pageHarness();
  let summary: DatasetSummary;

  before(async function (this: unknown) {
    allow(this, 20_000);
    summary = await seedSummary();
  });

  for (const c of CASES) {
    it(`offers ${c.who} exactly: ${c.offered.join(', ') || 'reading and exports only'}`, async () => {
      const server = harness.serve({
        [`GET /api/datasets/${DATASET_ID}`]: { status: 200, body: { dataset: { ...datasetRecord('ready', summary), withIdentities: true }, progress: { total: 1, pending: 0, bySource: { rules: 1 } }, latestReferenceVersion: 1 } },
        [`GET /api/datasets/${DATASET_ID}/titles`]: { status: 200, body: encodeTitlesList(TITLES) },
        [`GET /api/engagements/${ENGAGEMENT_ID}`]: { status: 200, body: { engagement: engagement({ id: ENGAGEMENT_ID, name: 'Northwind', status: c.status ?? 'active', role: c.role, piiAccess: c.piiAccess, identityStorage: true }), members: [] } },
      });
      const p = harness.mount<DatasetPage>('dataset-page', { session: c.session, datasetId: DATASET_ID });
      await waitFor(() => shadowQuery(p, 'titles-table', '.body .row'), 'the titles');
      await waitFor(() => server.requests.some((r) => r.path === `/api/engagements/${ENGAGEMENT_ID}`), 'the role look-up');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await p.updateComplete;
      await (p.shadowRoot!.querySelector('titles-table') as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      const shown = Object.entries(CONTROLS).filter(([, find]) => find(p) !== null).map(([name]) => name);
      expect(shown).to.deep.equal(c.offered);
      // Exports are for every member.
      expect(p.shadowRoot!.querySelector('dataset-exports')).to.not.equal(null);
    });
  }

  it('tells an administrator whose 404 may mean they are not staffed so, with where to look, and offers no retry', async () => {
    harness.serve({
      [`GET /api/datasets/${DATASET_ID}`]: { status: 404, body: { error: { code: 'not_found', message: 'Dataset not found' } } },
    });
    const p = harness.mount<DatasetPage>('dataset-page', { session: user('admin'), datasetId: DATASET_ID });
    await waitFor(() => p.shadowRoot!.textContent?.includes('not staffed on'), 'the explanation');
    expect(p.shadowRoot!.textContent!.replace(/\s+/g, ' ')).to.contain("administrators see an engagement's datasets only when one of its leads adds them");
    expect(p.shadowRoot!.querySelector('a[href="/admin/audit"]')).to.not.equal(null);
    expect(p.shadowRoot!.querySelector('error-notice')).to.equal(null);
  });
});

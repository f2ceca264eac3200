// The dataset page for each kind of person: Rename, Save and recalculate, Correct, the reference move,
// AI generation and names and emails are offered only to those the server would let use them.
import type { DatasetTitle } from '../api/datasets.ts';
import { expect } from '@esm-bundle/chai';
import type { EngagementRole } from '../../schema/roles.ts';
import type { Session } from '../api/session.ts';
import { DATASET_GET, ENGAGEMENT_GET, engagementReply, mountDatasetPage, readyReply, readyRoutes, seededSummary, signedIn } from '../test/dataset-page-fixtures.ts';
import { shadowQuery, waitFor } from '../test/fake-server.ts';
import { pageHarness } from '../test/harness.ts';
import { ENGAGEMENT_ID } from '../test/summary-fixture.ts';
import './dataset-page.ts';
import type { DatasetPage } from './dataset-page.ts';

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
  { who: 'a viewer', session: signedIn('user'), role: 'viewer', piiAccess: false, offered: [] },
  { who: 'a viewer with PII access', session: signedIn('user'), role: 'viewer', piiAccess: true, offered: ['names and emails'] },
  { who: 'an analyst', session: signedIn('user'), role: 'analyst', piiAccess: false, offered: ['rename', 'save and recalculate', 'correct'] },
  { who: 'a lead with PII access', session: signedIn('user'), role: 'lead', piiAccess: true, offered: ['rename', 'save and recalculate', 'correct', 'names and emails'] },
  { who: 'a lead of a closed engagement', session: signedIn('user'), role: 'lead', piiAccess: false, status: 'closed', offered: [] },
  { who: 'an administrator staffed as viewer', session: signedIn('admin'), role: 'viewer', piiAccess: false, offered: [] },
];

describe('<dataset-page> controls by role', () => {
  const harness = pageHarness();
  const summary = seededSummary();

  for (const c of CASES) {
    it(`offers ${c.who} exactly: ${c.offered.join(', ') || 'reading and exports only'}`, async () => {
      const server = harness.serve(
        readyRoutes(summary(), TITLES, {
          [DATASET_GET]: readyReply(summary(), { withIdentities: true }),
          [ENGAGEMENT_GET]: engagementReply({ status: c.status ?? 'active', role: c.role, piiAccess: c.piiAccess, identityStorage: true }),
        }),
      );
      const p = mountDatasetPage(harness, c.session);
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
    harness.serve({ [DATASET_GET]: { status: 404, body: { error: { code: 'not_found', message: 'Dataset not found' } } } });
    const p = mountDatasetPage(harness, signedIn('admin'));
    await waitFor(() => p.shadowRoot!.textContent?.includes('not staffed on'), 'the explanation');
    expect(p.shadowRoot!.textContent!.replace(/\s+/g, ' ')).to.contain("administrators see an engagement's datasets only when one of its leads adds them");
    expect(p.shadowRoot!.querySelector('a[href="/admin/audit"]')).to.not.equal(null);
    expect(p.shadowRoot!.querySelector('error-notice')).to.equal(null);
  });
});

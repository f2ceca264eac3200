// The engagement page for each kind of person: every control is shown only to a role that may use it
// (client/app/permissions.ts mirrors the server's checks), and an administrator who is not staffed is told so.
import { expect } from '@esm-bundle/chai';
import type { MyEngagement } from '../api/engagements.ts';
import { forgetReferenceSession, referenceChoices } from '../reference/reference-data.ts';
import type { Session } from '../api/session.ts';
import { AVA } from '../test/admin-fixtures.ts';
import { ARI_MEMBER, ENGAGEMENT_ID, LEA, LEA_MEMBER, REFERENCE_ROUTES, datasetOf, engagement, rootText } from '../test/engagement-fixtures.ts';
import { installFakeServer, shadowQuery, waitFor, type FakeRoutes, type FakeServer } from '../test/fake-server.ts';
import './engagement-page.ts';
import type { EngagementPage } from './engagement-page.ts';

const base = `/api/engagements/${ENGAGEMENT_ID}`;
const DATASET = datasetOf({ status: 'ready', uploadedRows: 120, headcount: 120 });

function routes(e: MyEngagement): FakeRoutes {
  return {
    ...REFERENCE_ROUTES,
    [`GET ${base}`]: { status: 200, body: { engagement: e, members: [LEA_MEMBER, ARI_MEMBER] } },
    [`GET ${base}/datasets`]: { status: 200, body: { datasets: [DATASET] } },
    [`GET ${base}/overrides`]: { status: 200, body: { overrides: [] } },
    [`GET ${base}/audit`]: { status: 200, body: { events: [], total: 0, offset: 0, limit: 100 } },
    'GET /api/users': { status: 200, body: { users: [] } },
  };
}

interface Case {
  who: string;
  session: Session;
  membership: Partial<MyEngagement>;
  /** The controls this person is offered, by name. */
  offered: string[];
}

const CONTROLS: Record<string, (page: EngagementPage) => Element | null> = {
  import: (p) => shadowQuery(p, 'datasets-panel', 'a[href$="/import"]'),
  'delete a dataset': (p) => shadowQuery(p, 'datasets-panel', 'dataset-delete'),
  'edit settings': (p) => shadowQuery(p, 'engagement-settings', '#settings-name'),
  'manage members': (p) => shadowQuery(p, 'members-panel', 'form'),
  close: (p) => shadowQuery(p, 'engagement-lifecycle'),
  'audit trail': (p) => shadowQuery(p, 'engagement-audit'),
  'delete the engagement': (p) => shadowQuery(p, 'engagement-delete'),
};

const ADMIN_LEAD: Session = { ...AVA, user: { ...AVA.user, id: LEA.user.id } };

const CASES: Case[] = [
  { who: 'a viewer', session: LEA, membership: { role: 'viewer' }, offered: [] },
  { who: 'a viewer with PII access', session: LEA, membership: { role: 'viewer', piiAccess: true }, offered: [] },
  { who: 'an analyst', session: LEA, membership: { role: 'analyst' }, offered: ['import', 'delete a dataset'] },
  { who: 'a lead', session: LEA, membership: { role: 'lead' }, offered: ['import', 'delete a dataset', 'edit settings', 'manage members', 'close', 'audit trail'] },
  { who: 'a lead of a closed engagement', session: LEA, membership: { role: 'lead', status: 'closed', closedAt: '2026-03-01T00:00:00.000Z' }, offered: ['edit settings', 'manage members', 'close', 'audit trail'] },
  { who: 'an administrator staffed as analyst', session: ADMIN_LEAD, membership: { role: 'analyst' }, offered: ['import', 'delete a dataset', 'delete the engagement'] },
];

describe('<engagement-page> controls by role', () => {
  let server: FakeServer | null = null;
  let page: EngagementPage | null = null;

  beforeEach(() => forgetReferenceSession());

  afterEach(async () => {
    if (server) await referenceChoices().catch(() => undefined);
    page?.remove();
    page = null;
    server?.restore();
    server = null;
  });

  function mount(session: Session): EngagementPage {
    page = document.createElement('engagement-page');
    page.session = session;
    page.engagementId = ENGAGEMENT_ID;
    document.body.append(page);
    return page;
  }

  for (const c of CASES) {
    it(`offers ${c.who} exactly: ${c.offered.join(', ') || 'no changes, only reading'}`, async () => {
      server = installFakeServer(routes(engagement(c.membership)));
      const host = mount(c.session);
      await waitFor(() => shadowQuery(host, 'datasets-panel', 'tbody tr'), 'the datasets');
      // The settings settle on either the form (reference choices loaded) or the read-only note.
      await waitFor(() => shadowQuery(host, 'engagement-settings', '#settings-name') ?? (rootText(shadowQuery(host, 'engagement-settings')).includes('Only the engagement') || null), 'the settings');
      await waitFor(() => shadowQuery(host, 'members-panel', 'tbody tr'), 'the members');
      const shown = Object.entries(CONTROLS).filter(([, find]) => find(host) !== null).map(([name]) => name);
      expect(shown).to.deep.equal(c.offered);
    });
  }

  it('tells an administrator who is not staffed so, with its audit entries and deletion', async () => {
    server = installFakeServer({
      [`GET ${base}`]: { status: 404, body: { error: 'not_found', message: 'Engagement not found.' } },
      'GET /api/admin/audit': {
        status: 200,
        body: { total: 1, offset: 0, limit: 1, events: [{ id: 3, at: '2026-03-05T09:00:00.000Z', actor: LEA.user.id, actorName: 'Lea Lead', action: 'engagement_created', engagementId: ENGAGEMENT_ID, engagementName: 'Northwind review', datasetId: null, details: {} }] },
      },
    });
    const host = mount(AVA);
    const unstaffed = await waitFor(() => shadowQuery(host, 'engagement-unstaffed'), 'the unstaffed view');
    await waitFor(() => unstaffed.shadowRoot?.querySelector('engagement-delete'), 'the delete control');
    expect(rootText(unstaffed)).to.contain('Northwind review');
    expect(rootText(unstaffed)).to.contain('You are not staffed on this engagement');
    expect(rootText(unstaffed)).to.contain('As an administrator you can read its audit entries below and delete it.');
    expect(unstaffed.shadowRoot!.querySelector('audit-trail')).to.not.equal(null);
    expect(rootText(host)).to.not.contain('Retry');
    expect(server.requests.find((r) => r.path === '/api/admin/audit')?.search).to.contain(`engagementId=${ENGAGEMENT_ID}`);
  });

  it('shows a user who is not an administrator the server’s not-found message with a retry', async () => {
    server = installFakeServer({ [`GET ${base}`]: { status: 404, body: { error: 'not_found', message: 'Engagement not found.' } } });
    const host = mount(LEA);
    await waitFor(() => shadowQuery(host, 'error-notice'), 'the notice');
    expect(shadowQuery(host, 'engagement-unstaffed')).to.equal(null);
    expect(server.requests.some((r) => r.path === '/api/admin/audit')).to.equal(false);
  });
});

// The engagement page's audit trail (leads), dataset deletion (leads and analysts) and engagement deletion (administrators).
import { expect } from '@esm-bundle/chai';
import type { MyEngagement } from '../api/engagements.ts';
import { axeViolations } from '../test/axe.ts';
import { AVA } from '../test/admin-fixtures.ts';
import { ARI_MEMBER, ENGAGEMENT_ID, LEA, LEA_MEMBER, REFERENCE_ROUTES, datasetOf, engagement, rootText } from '../test/engagement-fixtures.ts';
import { shadowQuery, textOf, waitFor, type FakeRoutes, type FakeServer } from '../test/fake-server.ts';
import type { Session } from '../api/session.ts';
import './engagement-page.ts';
import type { EngagementPage } from './engagement-page.ts';
import { pageHarness } from '../test/harness.ts';

const base = `/api/engagements/${ENGAGEMENT_ID}`;
const DATASET = datasetOf({ uploadedRows: 40 });
const AUDIT = {
  total: 1,
  offset: 0,
  limit: 100,
  events: [{ id: 7, at: '2026-03-05T09:00:00.000Z', actor: LEA.user.id, actorName: 'Lea Lead', action: 'dataset_created', engagementId: ENGAGEMENT_ID, engagementName: 'Northwind review', datasetId: DATASET.id, details: { useAi: true } }],
};

function routes(e: MyEngagement, extra: FakeRoutes = {}): FakeRoutes {
  return {
    ...REFERENCE_ROUTES,
    [`GET ${base}`]: { status: 200, body: { engagement: e, members: [LEA_MEMBER, ARI_MEMBER] } },
    [`GET ${base}/datasets`]: { status: 200, body: { datasets: [DATASET] } },
    [`GET ${base}/overrides`]: { status: 200, body: { overrides: [] } },
    [`GET ${base}/audit`]: { status: 200, body: AUDIT },
    'GET /api/users': { status: 200, body: { users: [] } },
    ...extra,
  };
}

describe('<engagement-page> audit and deletion', () => {
  const harness = pageHarness({ reference: true });
  let server: FakeServer;

  const mount = (session: Session) => harness.mount<EngagementPage>('engagement-page', { session, engagementId: ENGAGEMENT_ID });

  it('shows a lead the engagement’s audit trail, 100 a page', async () => {
    server = harness.serve(routes(engagement()));
    const host = mount(LEA);
    const trail = await waitFor(() => shadowQuery(host, 'engagement-audit', 'audit-trail'), 'the trail');
    await waitFor(() => trail.shadowRoot?.querySelector('tbody tr'), 'an entry');
    expect([...trail.shadowRoot!.querySelectorAll('tbody td')].slice(0, 3).map(textOf)).to.deep.equal(['5 Mar 2026, 09:00', 'Dataset created', 'Lea Lead']);
    expect(server.requests.find((r) => r.path === `${base}/audit`)?.search).to.equal('?offset=0&limit=100');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('shows an analyst no audit trail and asks the server for none', async () => {
    server = harness.serve(routes(engagement({ role: 'analyst' })));
    const host = mount({ ...LEA, user: { ...LEA.user, id: ARI_MEMBER.userId } });
    await waitFor(() => shadowQuery(host, 'datasets-panel', 'dataset-delete'), 'the datasets');
    expect(shadowQuery(host, 'engagement-audit')).to.equal(null);
    expect(server.requests.some((r) => r.path === `${base}/audit`)).to.equal(false);
  });

  it('deletes a dataset only after the confirmation, and drops it from the list', async () => {
    server = harness.serve(routes(engagement({ role: 'analyst' }), { [`DELETE /api/datasets/${DATASET.id}`]: { status: 204 } }));
    const host = mount(LEA);
    const control = await waitFor(() => shadowQuery(host, 'datasets-panel', 'dataset-delete'), 'the delete control');
    (control.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    const confirm = await waitFor(() => control.shadowRoot!.querySelector('button.danger') as HTMLButtonElement | null, 'the confirmation');
    expect(textOf(control.shadowRoot!.querySelector('p'))).to.equal('Delete “March list” with its rows, titles and plans? This cannot be undone.');
    expect(server.requests.some((r) => r.method === 'DELETE')).to.equal(false);
    expect(await axeViolations(host)).to.deep.equal([]);
    confirm.click();
    await waitFor(() => rootText(shadowQuery(host, 'datasets-panel')).endsWith('No datasets yet.'), 'the emptied list');
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).to.deep.equal([`/api/datasets/${DATASET.id}`]);
  });

  it('offers a viewer no dataset deletion', async () => {
    server = harness.serve(routes(engagement({ role: 'viewer' })));
    const host = mount(LEA);
    await waitFor(() => shadowQuery(host, 'datasets-panel', 'tbody tr'), 'the datasets');
    expect(shadowQuery(host, 'datasets-panel', 'dataset-delete')).to.equal(null);
  });

  it('lets an administrator delete the engagement once its name is typed exactly', async () => {
    server = harness.serve(routes(engagement(), { [`DELETE ${base}`]: { status: 204 } }));
    const host = mount(AVA);
    const control = await waitFor(() => shadowQuery(host, 'engagement-delete'), 'the delete section');
    await waitFor(() => control.shadowRoot?.querySelector('input'), 'the name box');
    const input = control.shadowRoot!.querySelector('input') as HTMLInputElement;
    const submit = control.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement;
    input.value = 'northwind review';
    input.dispatchEvent(new InputEvent('input'));
    await (control as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(submit.disabled).to.equal(true);
    input.value = 'Northwind review';
    input.dispatchEvent(new InputEvent('input'));
    await (control as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(submit.disabled).to.equal(false);
    expect(await axeViolations(host)).to.deep.equal([]);
    submit.click();
    await waitFor(() => window.location.pathname === '/engagements', 'the move to the engagements list');
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).to.deep.equal([base]);
  });

  it('offers a lead who is not an administrator no engagement deletion', async () => {
    server = harness.serve(routes(engagement()));
    const host = mount(LEA);
    await waitFor(() => shadowQuery(host, 'engagement-audit'), 'the page');
    expect(shadowQuery(host, 'engagement-delete')).to.equal(null);
  });
});

import { expect } from '@esm-bundle/chai';
import './app-root.ts';
import type { AppRoot } from './app-root.ts';
import { ENGAGEMENT_ID, LEA, REFERENCE_ROUTES, clientRecord, engagement } from '../test/engagement-fixtures.ts';
import { shadowQuery, waitFor } from '../test/fake-server.ts';
import { pageHarness } from '../test/harness.ts';

describe('<app-root> engagement routes', () => {
  const harness = pageHarness();

  const mountAt = (path: string) => harness.mountAt<AppRoot>(path, 'app-root');

  it('shows the engagements page at /engagements', async () => {
    harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/me': { status: 200, body: LEA },
      'GET /api/engagements': { status: 200, body: { engagements: [] } },
      'GET /api/clients': { status: 200, body: { clients: [] } },
    });
    const host = mountAt('/engagements');
    await waitFor(() => shadowQuery(host, 'engagements-page'), 'the engagements page');
    expect(document.title).to.equal('Engagements · Staff-list analysis');
  });

  it('shows the engagement page at /engagements/<uuid>, passing the id', async () => {
    harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/me': { status: 200, body: LEA },
      [`GET /api/engagements/${ENGAGEMENT_ID}`]: { status: 200, body: { engagement: engagement(), members: [] } },
      [`GET /api/engagements/${ENGAGEMENT_ID}/datasets`]: { status: 200, body: { datasets: [] } },
      'GET /api/users': { status: 200, body: { users: [] } },
    });
    const host = mountAt(`/engagements/${ENGAGEMENT_ID.toUpperCase()}`);
    const page = await waitFor(() => shadowQuery(host, 'engagement-page') as HTMLElementTagNameMap['engagement-page'] | null, 'the engagement page');
    expect(page.engagementId).to.equal(ENGAGEMENT_ID);
    expect(document.title).to.equal('Engagement · Staff-list analysis');
  });

  it('treats an engagement address that is not a UUID as not found', async () => {
    harness.serve({ 'GET /api/me': { status: 200, body: LEA } });
    const host = mountAt('/engagements/not-an-id');
    await waitFor(() => shadowQuery(host, 'not-found-page'), 'the not-found page');
  });

  it("shows the client page at /clients/<uuid>, with the client's name and its brand", async () => {
    const clientId = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    harness.serve({
      'GET /api/me': { status: 200, body: LEA },
      'GET /api/clients': { status: 200, body: { clients: [clientRecord({ id: clientId })] } },
      [`GET /api/clients/${clientId}/brand`]: { status: 200, body: { brand: null, canEdit: false } },
    });
    const host = mountAt(`/clients/${clientId.toUpperCase()}`);
    const page = await waitFor(() => shadowQuery(host, 'client-page') as HTMLElementTagNameMap['client-page'] | null, 'the client page');
    expect(page.clientId).to.equal(clientId);
    await waitFor(() => page.shadowRoot?.querySelector('h1')?.textContent === 'Northwind', "the client's name");
    await waitFor(() => shadowQuery(page, 'brand-editor', '.preview'), 'the brand preview');
    expect(document.title).to.equal('Client · Staff-list analysis');
  });

  it('treats a client address that is not a UUID as not found', async () => {
    harness.serve({ 'GET /api/me': { status: 200, body: LEA } });
    const host = mountAt('/clients/northwind');
    await waitFor(() => shadowQuery(host, 'not-found-page'), 'the not-found page');
  });

  it('links from the home page to the engagements', async () => {
    harness.serve({
      'GET /api/me': { status: 200, body: LEA },
      'GET /api/engagements': { status: 200, body: { engagements: [] } },
      'GET /api/clients': { status: 200, body: { clients: [] } },
    });
    const host = mountAt('/');
    const link = await waitFor(() => shadowQuery(host, 'home-page', 'a[href="/engagements"]') as HTMLAnchorElement | null, 'the link');
    expect(link.getAttribute('href')).to.equal('/engagements');
  });
});

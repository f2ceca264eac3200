import { expect } from '@esm-bundle/chai';
import '../app/app-root.ts';
import type { AppRoot } from '../app/app-root.ts';
import { axeViolations } from '../test/axe.ts';
import { AVA } from '../test/admin-fixtures.ts';
import { LEA } from '../test/engagement-fixtures.ts';
import { shadowQuery, textOf, waitFor, type FakeServer } from '../test/fake-server.ts';
import { pageHarness } from '../test/harness.ts';

const STATS = { engagements: 12, datasets: 31, peopleAnalysed: 48210, cacheEntries: 1532, verifiedEntries: 204 };

describe('the administration area', () => {
  const harness = pageHarness();
  let server: FakeServer;

  const mountAt = (path: string) => harness.mountAt<AppRoot>(path, 'app-root');

  const adminLink = (host: AppRoot) => shadowQuery(host, 'app-header', 'a.admin-link');

  it('links administrators to the administration area from the header', async () => {
    server = harness.serve({ 'GET /api/me': { status: 200, body: AVA } });
    const host = mountAt('/');
    const link = await waitFor(() => adminLink(host) as HTMLAnchorElement | null, 'the administration link');
    expect(link.getAttribute('href')).to.equal('/admin');
  });

  it('shows no administration link to someone who is not an administrator', async () => {
    server = harness.serve({ 'GET /api/me': { status: 200, body: LEA } });
    const host = mountAt('/');
    await waitFor(() => shadowQuery(host, 'app-header', 'p.who'), 'the signed-in header');
    expect(adminLink(host)).to.equal(null);
  });

  it('tells a non-administrator who types /admin that they have no access, and asks the server for nothing', async () => {
    server = harness.serve({ 'GET /api/me': { status: 200, body: LEA } });
    const host = mountAt('/admin/users');
    const heading = await waitFor(() => shadowQuery(host, 'admin-page', 'h1'), 'the refusal');
    expect(textOf(heading)).to.equal('No access');
    expect(server.requests.map((r) => r.path)).to.deep.equal(['/api/me']);
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('shows an administrator the platform figures, en-GB formatted, with the sections listed', async () => {
    server = harness.serve({ 'GET /api/me': { status: 200, body: AVA }, 'GET /api/admin/stats': { status: 200, body: { stats: STATS } } });
    const host = mountAt('/admin');
    const stats = await waitFor(() => shadowQuery(host, 'admin-page', 'admin-stats-page'), 'the overview');
    const figures = await waitFor(() => stats.shadowRoot?.querySelector('dl'), 'the figures');
    const pairs = [...figures.querySelectorAll('div')].map((d) => `${textOf(d.querySelector('dt'))}: ${textOf(d.querySelector('dd'))}`);
    expect(pairs).to.deep.equal([
      'Engagements: 12',
      'Datasets: 31',
      'People analysed: 48,210',
      'Shared cache entries: 1,532',
      'Verified cache entries: 204',
    ]);
    expect(document.title).to.equal('Administration · Staff-list analysis');
    const current = shadowQuery(host, 'admin-page', 'nav a[aria-current="page"]');
    expect(textOf(current)).to.equal('Overview');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('says the server’s message when the figures cannot be loaded', async () => {
    server = harness.serve({
      'GET /api/me': { status: 200, body: AVA },
      'GET /api/admin/stats': { status: 403, body: { error: 'forbidden', message: 'Only administrators can see the platform figures.' } },
    });
    const host = mountAt('/admin');
    const notice = await waitFor(() => shadowQuery(host, 'admin-page', 'admin-stats-page', 'error-notice'), 'the error');
    await waitFor(() => textOf(notice.shadowRoot?.querySelector('p')) !== '', 'the message');
    expect(textOf(notice.shadowRoot?.querySelector('p'))).to.equal('Only administrators can see the platform figures.');
  });

  it('treats an unknown administration section as not found', async () => {
    server = harness.serve({ 'GET /api/me': { status: 200, body: AVA } });
    const host = mountAt('/admin/no-such-section');
    await waitFor(() => shadowQuery(host, 'admin-page', 'not-found-page'), 'the not-found page');
  });
});

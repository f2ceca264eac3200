import { expect } from '@esm-bundle/chai';
import { axeViolations } from '../test/axe.ts';
import { ENGAGEMENT_ID, REFERENCE_ROUTES, clientRecord, engagement, rootText } from '../test/engagement-fixtures.ts';
import { shadowQuery, textOf, waitFor, type FakeServer } from '../test/fake-server.ts';
import './engagements-page.ts';
import type { EngagementsPage } from './engagements-page.ts';
import { pageHarness } from '../test/harness.ts';

describe('<engagements-page>', () => {
  const harness = pageHarness({ reference: true });
  let server: FakeServer;

  const mount = () => harness.mount<EngagementsPage>('engagements-page');

  const form = (host: EngagementsPage) => shadowQuery(host, 'engagement-create-form');
  const inForm = <T extends Element>(host: EngagementsPage, selector: string) => form(host)?.shadowRoot?.querySelector(selector) as T;

  it('lists the engagements the person is staffed on, with status and role', async () => {
    server = harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/engagements': { status: 200, body: { engagements: [engagement(), engagement({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Contoso', status: 'closed', role: 'analyst' })] } },
      'GET /api/clients': { status: 200, body: { clients: [] } },
    });
    const host = mount();
    await waitFor(() => shadowQuery(host, 'tbody'), 'the list');
    const rows = [...host.shadowRoot!.querySelectorAll('tbody tr')].map((tr) => textOf(tr));
    expect(rows).to.deep.equal(['Northwind review active lead 4 Mar 2025', 'Contoso closed analyst 4 Mar 2025']);
    expect(host.shadowRoot!.querySelector('tbody a')!.getAttribute('href')).to.equal(`/engagements/${ENGAGEMENT_ID}`);
  });

  it('says so when the person is on no engagement', async () => {
    server = harness.serve({ ...REFERENCE_ROUTES, 'GET /api/engagements': { status: 200, body: { engagements: [] } }, 'GET /api/clients': { status: 200, body: { clients: [] } } });
    const host = mount();
    await waitFor(() => rootText(host).includes('You are not staffed on any engagement yet.'), 'the empty message');
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    server = harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/engagements': { status: 503, body: { error: 'unavailable', message: 'The database is restarting.' } },
      'GET /api/clients': { status: 200, body: { clients: [] } },
    });
    const host = mount();
    await waitFor(() => textOf(shadowQuery(host, 'error-notice', '[role="alert"]')) === 'The database is restarting. Retry', 'the alert');
  });

  it('offers packs and regions from the live reference version and creates the engagement', async () => {
    server = harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/engagements': { status: 200, body: { engagements: [] } },
      'GET /api/clients': { status: 200, body: { clients: [clientRecord()] } },
      'POST /api/engagements': { status: 201, body: { engagement: engagement() } },
    });
    const host = mount();
    await waitFor(() => inForm(host, '#engagement-client'), 'the client choice');
    await waitFor(() => inForm<HTMLSelectElement>(host, '#engagement-pack')?.disabled === false, 'the pack choices');
    const packs = [...inForm<HTMLSelectElement>(host, '#engagement-pack').options].map((o) => o.textContent);
    const regions = [...inForm<HTMLSelectElement>(host, '#engagement-region').options].map((o) => o.textContent);
    expect(packs).to.deep.equal(['General', 'Financial services']);
    expect(regions).to.deep.equal(['Not set', 'London', 'North of England']);

    inForm<HTMLInputElement>(host, '#engagement-name').value = '  Northwind review ';
    inForm<HTMLSelectElement>(host, '#engagement-client').value = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    inForm<HTMLSelectElement>(host, '#engagement-pack').value = 'financial-services';
    inForm<HTMLSelectElement>(host, '#engagement-region').value = 'uk-north';
    inForm<HTMLButtonElement>(host, 'button[type="submit"]').click();
    await waitFor(() => window.location.pathname === `/engagements/${ENGAGEMENT_ID}`, 'navigation to the new engagement');
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(post.body).to.deep.equal({ name: 'Northwind review', clientId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', pack: 'financial-services', region: 'uk-north' });
  });

  it('shows a refused creation as the server’s message', async () => {
    server = harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/engagements': { status: 200, body: { engagements: [] } },
      'GET /api/clients': { status: 200, body: { clients: [] } },
      'POST /api/engagements': { status: 400, body: { error: 'validation_error', message: 'Unknown pack "x".', issues: [] } },
    });
    const host = mount();
    await waitFor(() => inForm<HTMLSelectElement>(host, '#engagement-pack')?.disabled === false, 'the pack choices');
    inForm<HTMLInputElement>(host, '#engagement-name').value = 'Anything';
    inForm<HTMLButtonElement>(host, 'button[type="submit"]').click();
    await waitFor(() => textOf(shadowQuery(form(host)!, 'error-notice', '[role="alert"]')) === 'Unknown pack "x".', 'the refusal');
  });

  it('has no WCAG A or AA violations', async () => {
    server = harness.serve({
      ...REFERENCE_ROUTES,
      'GET /api/engagements': { status: 200, body: { engagements: [engagement()] } },
      'GET /api/clients': { status: 200, body: { clients: [clientRecord()] } },
    });
    const host = mount();
    await waitFor(() => shadowQuery(host, 'tbody') && inForm<HTMLSelectElement>(host, '#engagement-pack')?.disabled === false, 'the page');
    expect(await axeViolations(host)).to.deep.equal([]);
  });
});

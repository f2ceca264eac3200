import { expect } from '@esm-bundle/chai';
import type { AuditEvent } from '../../api/audit.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './admin-audit-page.ts';
import type { AdminAuditPage } from './admin-audit-page.ts';
import { pageHarness } from '../../test/harness.ts';

const ENGAGEMENT = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

function event(id: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: '2026-03-04T09:15:00.000Z',
    actor: '22222222-2222-4222-8222-222222222222',
    actorName: 'Ava Admin',
    action: 'reference_published',
    engagementId: null,
    engagementName: null,
    datasetId: null,
    details: { version: 2, warnings: 3, notes: 'Refreshed pay data' },
    ...overrides,
  };
}

describe('<admin-audit-page>', () => {
  const harness = pageHarness();
  let server: FakeServer;

  const trail = (host: AdminAuditPage) => host.shadowRoot!.querySelector('audit-trail')!;
  const trailReady = (host: AdminAuditPage) => host.shadowRoot?.querySelector('audit-trail') ?? null;
  const trailStatus = (host: AdminAuditPage) => textOf(trailReady(host)?.shadowRoot?.querySelector('p[role="status"]'));
  const lastQuery = () => new URLSearchParams(server!.requests.at(-1)!.search);

  const mount = () => harness.mount<AdminAuditPage>('admin-audit-page');

  it('shows each entry with its time, action, actor, engagement and details as the server gives them', async () => {
    server = harness.serve({
      'GET /api/admin/audit': {
        status: 200,
        body: {
          total: 2,
          offset: 0,
          limit: 100,
          events: [
            event(2, { action: 'dataset_reference_changed', engagementId: ENGAGEMENT, engagementName: 'Northwind review', datasetId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', details: { from: 1, to: 2 } }),
            event(1, { actor: null, actorName: null, action: 'engagement_purged', engagementId: ENGAGEMENT, engagementName: 'Northwind review', details: { reason: 'retention' } }),
          ],
        },
      },
    });
    const host = mount();
    await waitFor(() => trailStatus(host).startsWith('Showing'), 'the entries');
    const cell = (td: Element) => {
      const terms = [...td.querySelectorAll('dt')];
      return terms.length ? terms.map((dt) => `${textOf(dt)}: ${textOf(dt.nextElementSibling)}`).join('; ') : textOf(td);
    };
    const rows = [...trail(host).shadowRoot!.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map(cell));
    expect(rows).to.deep.equal([
      ['4 Mar 2026, 09:15', 'Dataset reference changed', 'Ava Admin', 'Northwind review (show only this engagement)', 'datasetId: dddddddd-dddd-4ddd-8ddd-dddddddddddd; from: 1; to: 2'],
      ['4 Mar 2026, 09:15', 'Engagement purged', 'System', 'Northwind review (show only this engagement)', 'reason: retention'],
    ]);
    expect(trailStatus(host)).to.equal('Showing 1 to 2 of 2 entries, newest first.');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('filters by action and by UTC day', async () => {
    server = harness.serve({ 'GET /api/admin/audit': { status: 200, body: { total: 0, offset: 0, limit: 100, events: [] } } });
    const host = mount();
    await waitFor(() => trailStatus(host) === 'No audit entries match.', 'the empty trail');
    const root = host.shadowRoot!;
    (root.querySelector('#audit-action') as HTMLSelectElement).value = 'user_updated';
    (root.querySelector('#audit-from') as HTMLInputElement).value = '2026-03-01';
    (root.querySelector('#audit-to') as HTMLInputElement).value = '2026-03-31';
    (root.querySelector('form button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => server!.requests.length === 2, 'the filtered request');
    expect(Object.fromEntries(lastQuery())).to.deep.equal({ action: 'user_updated', from: '2026-03-01', to: '2026-03-31', offset: '0', limit: '100' });
  });

  it('narrows to an engagement chosen from an entry and back to all', async () => {
    server = harness.serve({
      'GET /api/admin/audit': { status: 200, body: { total: 1, offset: 0, limit: 100, events: [event(1, { engagementId: ENGAGEMENT, engagementName: 'Northwind review' })] } },
    });
    const host = mount();
    const button = await waitFor(() => trailReady(host)?.shadowRoot?.querySelector('td button') as HTMLButtonElement | null, 'the engagement button');
    button.click();
    await waitFor(() => server!.requests.length === 2, 'the engagement request');
    expect(lastQuery().get('engagementId')).to.equal(ENGAGEMENT);
    expect(textOf(host.shadowRoot!.querySelector('.engagement-filter span'))).to.equal('Engagement: Northwind review');
    (host.shadowRoot!.querySelector('.engagement-filter button') as HTMLButtonElement).click();
    await waitFor(() => server!.requests.length === 3, 'the unfiltered request');
    expect(lastQuery().has('engagementId')).to.equal(false);
  });

  it('pages through the trail 100 at a time', async () => {
    server = harness.serve({
      'GET /api/admin/audit': (request) => {
        const offset = Number(new URLSearchParams(request.search).get('offset'));
        const events = Array.from({ length: offset === 0 ? 100 : 50 }, (_, i) => event(250 - offset - i));
        return { status: 200, body: { total: 150, offset, limit: 100, events } };
      },
    });
    const host = mount();
    await waitFor(() => trailStatus(host) === 'Showing 1 to 100 of 150 entries, newest first.', 'the first page');
    const [newer, older] = [...trail(host).shadowRoot!.querySelectorAll('.pager button')] as HTMLButtonElement[];
    expect(newer!.disabled).to.equal(true);
    older!.click();
    await waitFor(() => trailStatus(host) === 'Showing 101 to 150 of 150 entries, newest first.', 'the second page');
    expect(lastQuery().get('offset')).to.equal('100');
    expect(textOf(trail(host).shadowRoot!.querySelector('.pager p'))).to.equal('Page 2 of 2');
  });

  it('lets an administrator delete a chosen engagement after typing its name, keeping its entries', async () => {
    server = harness.serve({
      'GET /api/admin/audit': { status: 200, body: { total: 1, offset: 0, limit: 100, events: [event(1, { engagementId: ENGAGEMENT, engagementName: 'Northwind review' })] } },
      [`DELETE /api/engagements/${ENGAGEMENT}`]: { status: 204 },
    });
    const host = mount();
    const button = await waitFor(() => trailReady(host)?.shadowRoot?.querySelector('td button') as HTMLButtonElement | null, 'the engagement button');
    button.click();
    const details = await waitFor(() => host.shadowRoot!.querySelector('details') as HTMLDetailsElement | null, 'the delete disclosure');
    details.open = true;
    const control = host.shadowRoot!.querySelector('engagement-delete')!;
    const input = await waitFor(() => control.shadowRoot?.querySelector('input') as HTMLInputElement | null, 'the name box');
    expect(await axeViolations(host)).to.deep.equal([]);
    input.value = 'Northwind review';
    input.dispatchEvent(new InputEvent('input'));
    await (control as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    (control.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => textOf(host.shadowRoot!.querySelector('p[role="status"]')) === 'Northwind review was deleted; its audit entries are kept.', 'the notice');
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).to.deep.equal([`/api/engagements/${ENGAGEMENT}`]);
    expect(host.shadowRoot!.querySelector('engagement-delete')).to.equal(null);
  });
});

import { expect } from '@esm-bundle/chai';
import type { CacheEntry } from '../../api/admin.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor, type FakeRoutes, type FakeServer } from '../../test/fake-server.ts';
import './admin-cache-page.ts';
import type { AdminCachePage } from './admin-cache-page.ts';
import { pageHarness } from '../../test/harness.ts';

const REFERENCE: FakeRoutes = {
  'GET /api/reference': { status: 200, body: { version: 2, publishedAt: '2026-01-01T00:00:00.000Z', notes: 'Second' } },
  'GET /api/reference/versions/2': {
    status: 200,
    body: {
      version: 2,
      status: 'published',
      publishedAt: '2026-01-01T00:00:00.000Z',
      notes: 'Second',
      data: { occupations: { us: { '43-3051': { title: 'Payroll and Timekeeping Clerks', major: '43' } }, uk: { '4122': { title: 'Book-keepers, payroll managers and wages clerks' } } } },
    },
  },
};

function entry(overrides: Partial<CacheEntry> = {}): CacheEntry {
  return {
    normalisedTitle: 'payroll clerk',
    context: 'general',
    usSoc2018: '43-3051',
    ukSoc2020: '4122',
    category: null,
    subcategory: null,
    verified: false,
    promptVersion: 1,
    hitCount: 1204,
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('<admin-cache-page>', () => {
  const harness = pageHarness({ reference: true });
  let server: FakeServer;

  const mount = () => harness.mount<AdminCachePage>('admin-cache-page');

  const status = (host: AdminCachePage) => textOf(host.shadowRoot?.querySelector('p[role="status"]'));
  const rows = (host: AdminCachePage) =>
    [...host.shadowRoot!.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 6).map(textOf));

  it('lists entries most used first with the occupation names of the live version', async () => {
    server = harness.serve({
      ...REFERENCE,
      'GET /api/admin/cache': { status: 200, body: { total: 2, offset: 0, limit: 50, entries: [entry(), entry({ normalisedTitle: 'wages clerk', hitCount: 3, verified: true, context: 'retail' })] } },
    });
    const host = mount();
    await waitFor(() => host.shadowRoot?.querySelector('.name'), 'the occupation names');
    expect(rows(host)).to.deep.equal([
      ['payroll clerk', 'general', '43-3051Payroll and Timekeeping Clerks', '4122Book-keepers, payroll managers and wages clerks', '1,204', 'Unverified'],
      ['wages clerk', 'retail', '43-3051Payroll and Timekeeping Clerks', '4122Book-keepers, payroll managers and wages clerks', '3', 'Verified'],
    ]);
    expect(status(host)).to.equal('Showing 1 to 2 of 2 entries, most used first.');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('searches by part of the title', async () => {
    server = harness.serve({ ...REFERENCE, 'GET /api/admin/cache': { status: 200, body: { total: 0, offset: 0, limit: 50, entries: [] } } });
    const host = mount();
    await waitFor(() => status(host) === 'The shared cache is empty.', 'the empty cache');
    (host.shadowRoot!.querySelector('#cache-q') as HTMLInputElement).value = 'nurse';
    (host.shadowRoot!.querySelector('form button') as HTMLButtonElement).click();
    await waitFor(() => status(host) === 'No cached title contains “nurse”.', 'the search outcome');
    expect(server.requests.filter((r) => r.path === '/api/admin/cache').at(-1)!.search).to.equal('?offset=0&limit=50&q=nurse');
  });

  it('verifies an entry by its title and pack', async () => {
    server = harness.serve({
      ...REFERENCE,
      'GET /api/admin/cache': { status: 200, body: { total: 1, offset: 0, limit: 50, entries: [entry()] } },
      'PATCH /api/admin/cache': { status: 200, body: { entry: entry({ verified: true }) } },
    });
    const host = mount();
    const verify = await waitFor(() => host.shadowRoot?.querySelector('tbody button') as HTMLButtonElement | null, 'the Verify button');
    verify.click();
    await waitFor(() => status(host) === '“payroll clerk” is verified.', 'the verification');
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).to.deep.equal({ normalisedTitle: 'payroll clerk', context: 'general', verified: true });
    expect(rows(host)[0]![5]).to.equal('Verified');
  });

  it('deletes an entry only after the confirmation', async () => {
    let entries = [entry()];
    server = harness.serve({
      ...REFERENCE,
      'GET /api/admin/cache': () => ({ status: 200, body: { total: entries.length, offset: 0, limit: 50, entries } }),
      'DELETE /api/admin/cache': () => {
        entries = [];
        return { status: 204 };
      },
    });
    const host = mount();
    await waitFor(() => host.shadowRoot?.querySelector('tbody button'), 'the buttons');
    (host.shadowRoot!.querySelectorAll('tbody button')[1] as HTMLButtonElement).click();
    const confirm = await waitFor(() => host.shadowRoot!.querySelector('button.danger') as HTMLButtonElement | null, 'the confirmation');
    expect(server.requests.some((r) => r.method === 'DELETE')).to.equal(false);
    expect(await axeViolations(host)).to.deep.equal([]);
    confirm.click();
    await waitFor(() => status(host) === '“payroll clerk” was deleted from the cache.', 'the deletion');
    expect(server.requests.find((r) => r.method === 'DELETE')?.body).to.deep.equal({ normalisedTitle: 'payroll clerk', context: 'general' });
    expect(host.shadowRoot!.querySelector('tbody')).to.equal(null);
  });
});

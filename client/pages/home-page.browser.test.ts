// The home page: the person's engagements with status, datasets and last activity, and the next step
// for someone new (add a client, start an engagement, import a staff list), offered by what they may do.
import { expect } from '@esm-bundle/chai';
import './home-page.ts';
import type { HomePage } from './home-page.ts';
import type { MyEngagement } from '../api/engagements.ts';
import { axeViolations } from '../test/axe.ts';
import { clientRecord, datasetOf, engagement } from '../test/engagement-fixtures.ts';
import { installFakeServer, shadowQuery, textOf, waitFor, type FakeServer } from '../test/fake-server.ts';

const SESSION = { user: { id: 'u1', email: 'lee.lead@example.com', name: 'Lee Lead', role: 'user', active: true }, environment: 'development', aiEnabled: false, signInMode: 'development' } as const;
const CLIENT = clientRecord({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', name: 'Northwind', archived: false });
const OLDER = engagement({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', name: 'Older review', createdAt: '2025-01-01T00:00:00.000Z' });

describe('<home-page>', () => {
  let page: HomePage | null = null;
  let server: FakeServer | null = null;

  afterEach(() => {
    page?.remove();
    page = null;
    server?.restore();
    server = null;
  });

  function mount(engagements: MyEngagement[], clients: unknown[], datasets: Record<string, unknown[]> = {}): HomePage {
    server = installFakeServer({
      'GET /api/engagements': { status: 200, body: { engagements } },
      'GET /api/clients': { status: 200, body: { clients } },
      ...Object.fromEntries(engagements.map((e) => [`GET /api/engagements/${e.id}/datasets`, { status: 200, body: { datasets: datasets[e.id] ?? [] } }])),
    });
    page = document.createElement('home-page');
    page.session = SESSION;
    document.body.append(page);
    return page;
  }

  const steps = (p: HomePage) => [...(p.shadowRoot!.querySelectorAll('ol.steps li') ?? [])].map((li) => `${li.className === 'done' ? '✓ ' : ''}${textOf(li)}`);

  it('lists the engagements, most recent activity first, with status, role, datasets and last activity', async () => {
    const recent = engagement({ name: 'Northwind review' });
    const p = mount([OLDER, recent], [CLIENT], {
      [recent.id]: [
        datasetOf({ id: 'dddddddd-dddd-4ddd-8ddd-000000000001', name: 'March', status: 'ready', createdAt: '2026-03-05T09:00:00.000Z', finalizedAt: '2026-03-06T10:00:00.000Z' }),
        datasetOf({ id: 'dddddddd-dddd-4ddd-8ddd-000000000002', name: 'April', status: 'classifying', createdAt: '2026-04-01T09:00:00.000Z' }),
      ],
    });
    await waitFor(() => p.shadowRoot!.querySelector('tbody tr'), 'the engagements');
    expect([...p.shadowRoot!.querySelectorAll('tbody tr')].map(textOf)).to.deep.equal([
      'Northwind review active lead 2 (1 ready) 1 Apr 2026',
      'Older review active lead None yet 1 Jan 2025',
    ]);
    expect(p.shadowRoot!.querySelector('#next-heading')).to.equal(null);
    expect(await axeViolations(p)).to.deep.equal([]);
  });

  it('shows someone new the three steps, the first to add a client', async () => {
    const p = mount([], []);
    await waitFor(() => p.shadowRoot!.querySelector('ol.steps'), 'the next steps');
    expect(steps(p)).to.deep.equal([
      'Add a client: the organisation the work is for, and the brand of its reports.',
      'Start an engagement for it, choosing its industry pack and region.',
      'Import a staff list into an engagement where you are lead or analyst.',
    ]);
    expect(textOf(shadowQuery(p, '#home-engagements-heading + error-notice ~ p'))).to.equal('You are not staffed on any engagement yet.');
    expect(await axeViolations(p)).to.deep.equal([]);
  });

  for (const [role, link] of [
    ['lead', true],
    ['analyst', true],
    ['viewer', false],
  ] as const) {
    it(`${link ? 'links' : 'does not link'} ${role === 'analyst' ? 'an' : 'a'} ${role} with no dataset yet to the import`, async () => {
      const e = engagement({ role });
      const p = mount([e], [CLIENT]);
      await waitFor(() => p.shadowRoot!.querySelector('ol.steps'), 'the next steps');
      expect(steps(p).slice(0, 2).every((s) => s.startsWith('✓'))).to.equal(true);
      expect(p.shadowRoot!.querySelector(`a[href="/engagements/${e.id}/import"]`) !== null).to.equal(link);
    });
  }
});

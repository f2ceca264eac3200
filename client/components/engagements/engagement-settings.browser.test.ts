// A lead changes an engagement's settings: the effects are stated before saving, only changed fields are
// sent, and a pack change shows its rescoring in progress until the server answers.
import { expect } from '@esm-bundle/chai';
import { forgetReferenceSession, referenceChoices } from '../../reference/reference-data.ts';
import { ENGAGEMENT_ID, REFERENCE_ROUTES, datasetOf, engagement, rootText } from '../../test/engagement-fixtures.ts';
import { installFakeServer, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './engagement-settings.ts';
import type { EngagementSettings } from './engagement-settings.ts';

const base = `/api/engagements/${ENGAGEMENT_ID}`;
const ready = (n: number) => Array.from({ length: n }, (_, i) => datasetOf({ id: `dddddddd-dddd-4ddd-8ddd-00000000000${i}`, name: `List ${i}`, status: 'ready' }));

describe('<engagement-settings>', () => {
  let server: FakeServer | null = null;
  let element: EngagementSettings | null = null;
  const realFetch = window.fetch;

  beforeEach(() => forgetReferenceSession());

  afterEach(async () => {
    window.fetch = realFetch;
    await referenceChoices().catch(() => undefined);
    element?.remove();
    element = null;
    server?.restore();
    server = null;
  });

  async function mount(overrides = {}): Promise<ShadowRoot> {
    element = document.createElement('engagement-settings');
    element.engagement = engagement(overrides);
    element.canEdit = true;
    document.body.append(element);
    await waitFor(() => element!.shadowRoot!.querySelector('#settings-pack'), 'the form');
    return element.shadowRoot!;
  }

  function choose(root: ShadowRoot, selector: string, value: string): void {
    const select = root.querySelector<HTMLSelectElement>(selector)!;
    select.value = value;
    select.dispatchEvent(new Event('change'));
  }

  it('says before saving that a new pack rescores every ready dataset, then shows the rescoring in progress', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server = installFakeServer({
      ...REFERENCE_ROUTES,
      [`GET ${base}/datasets`]: { status: 200, body: { datasets: [...ready(2), datasetOf({ id: 'dddddddd-dddd-4ddd-8ddd-0000000000ff', name: 'Pending', status: 'classifying' })] } },
      [`PATCH ${base}`]: { status: 200, body: { engagement: engagement({ pack: 'financial-services' }) } },
    });
    const faked = window.fetch;
    window.fetch = async (input, init) => {
      if (init?.method === 'PATCH') await gate;
      return faked(input, init);
    };
    const root = await mount();
    await waitFor(() => server!.requests.some((r) => r.path === `${base}/datasets`), 'the count of ready datasets');
    choose(root, '#settings-pack', 'financial-services');
    await element!.updateComplete;
    expect(rootText(element)).to.contain(
      'Financial services replaces General: 2 ready datasets of this engagement will be rescored',
    );
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => root.querySelector('progress'), 'the progress bar');
    expect(rootText(element)).to.contain('Rescoring 2 ready datasets with the new pack…');
    release();
    await waitFor(() => rootText(element).includes('Saved; 2 ready datasets rescored with the new pack.'), 'the outcome');
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).to.deep.equal({ pack: 'financial-services' });
  });

  it('sends the name, sharing flags and retention that changed, and warns when a closed engagement is past its new retention', async () => {
    server = installFakeServer({
      ...REFERENCE_ROUTES,
      [`GET ${base}/datasets`]: { status: 200, body: { datasets: [] } },
      [`PATCH ${base}`]: { status: 200, body: { engagement: engagement() } },
    });
    const root = await mount({ status: 'closed', closedAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    const days = root.querySelector<HTMLInputElement>('#settings-retention')!;
    days.value = '30';
    days.dispatchEvent(new Event('input'));
    const name = root.querySelector<HTMLInputElement>('#settings-name')!;
    name.value = 'Northwind pay review';
    name.dispatchEvent(new Event('input'));
    const bench = root.querySelector<HTMLInputElement>('input[name="benchmarkParticipation"]')!;
    bench.checked = false;
    bench.dispatchEvent(new Event('change'));
    await element!.updateComplete;
    const effects = rootText(element);
    expect(effects).to.contain('more than 30 days ago: the next retention run will purge it unless it is reopened.');
    expect(effects).to.contain('This engagement’s figures will stop counting in other engagements’ benchmarks.');
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => server!.requests.some((r) => r.method === 'PATCH'), 'the PATCH');
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).to.deep.equal({ name: 'Northwind pay review', benchmarkParticipation: false, retentionDays: 30 });
  });

  it('shows a member who is not a lead the settings without a form', async () => {
    server = installFakeServer({ ...REFERENCE_ROUTES });
    element = document.createElement('engagement-settings');
    element.engagement = engagement({ role: 'analyst' });
    document.body.append(element);
    await waitFor(() => rootText(element).includes('Only the engagement'), 'the read-only settings');
    expect(element.shadowRoot!.querySelectorAll('input, select, button')).to.have.length(0);
    expect(server.requests.some((r) => r.path.endsWith('/datasets'))).to.equal(false);
  });
});

// Changing a dataset's region after import: the pinned version's regions are offered with their currencies,
// choosing one puts its employer cost multiplier in the field, and saving sends the region with it.
import { expect } from '@esm-bundle/chai';
import './dataset-settings.ts';
import type { DatasetSettings } from './dataset-settings.ts';
import type { Dataset } from '../../api/datasets.ts';
import { installFakeServer, waitFor, type FakeServer, type RecordedRequest } from '../../test/fake-server.ts';
import { datasetOf } from '../../test/engagement-fixtures.ts';

const ID = 'dddddddd-dddd-4ddd-8ddd-ddddddddddd7';
// A version number no other test stores, since published versions are kept in IndexedDB.
const VERSION = 77;

const region = (key: string, label: string, currency: string, extra: Record<string, unknown> = {}) => ({ key, label, defaultFactor: 1, countryAliases: [], keywords: [], nativeSalary: true, currency, ...extra });
const data = {
  costs: { employerCostMultiplier: 1.23 },
  locations: {
    baselineRegion: 'uk',
    regions: [region('uk', 'United Kingdom (national)', 'GBP'), region('india', 'India', 'INR'), region('united-states', 'United States', 'USD', { defaultFactor: 1.4, employerCostMultiplier: 1.24 })],
  },
  occupations: { fallbackMedian: 37_430, usPay: { region: 'united-states', medians: {}, proxyMedians: {}, fallbackMedian: 49_500 } },
};

const record: Dataset = datasetOf({ id: ID, name: 'City payroll', status: 'ready', referenceVersion: VERSION, settings: { employerCostMultiplier: 1.23, region: 'uk', currency: 'GBP' } });

describe('<dataset-settings>', () => {
  let server: FakeServer | null = null;
  let element: DatasetSettings | null = null;
  let saved: RecordedRequest | null = null;

  afterEach(() => {
    element?.remove();
    server?.restore();
    element = null;
    server = null;
    saved = null;
  });

  it('offers the regions a list can be priced in, fills in the chosen region’s multiplier and saves the region with it', async () => {
    server = installFakeServer({
      [`GET /api/reference/versions/${VERSION}`]: { status: 200, body: { version: VERSION, status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', notes: 'test', data } },
      [`PATCH /api/datasets/${ID}`]: (request) => {
        saved = request;
        return { status: 200, body: { dataset: { ...record, settings: { employerCostMultiplier: 1.24, region: 'united-states', currency: 'USD' } } } };
      },
    });
    element = document.createElement('dataset-settings');
    element.record = record;
    element.canEdit = true;
    document.body.append(element);
    const select = await waitFor(() => element!.shadowRoot!.querySelector<HTMLSelectElement>('#dataset-region'), 'the region choice');
    expect([...select.options].map((o) => o.textContent?.trim())).to.deep.equal(['United Kingdom (national) (GBP, £)', 'United States (USD, $)']);
    expect(select.value).to.equal('uk');

    select.value = 'united-states';
    select.dispatchEvent(new Event('change'));
    const multiplier = element.shadowRoot!.querySelector<HTMLInputElement>('#multiplier')!;
    await waitFor(() => multiplier.value === '1.24', 'the US multiplier filled in');
    const save = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === 'Save and recalculate')!;
    save.click();
    await waitFor(() => saved, 'the settings saved');
    expect(saved!.body).to.deep.equal({ settings: { employerCostMultiplier: 1.24, region: 'united-states' } });
  });

  it('shows a reader the region and multiplier without Rename or Save and recalculate', async () => {
    server = installFakeServer({
      [`GET /api/reference/versions/${VERSION}`]: { status: 200, body: { version: VERSION, status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', notes: 'test', data } },
    });
    element = document.createElement('dataset-settings');
    element.record = record;
    document.body.append(element);
    await waitFor(() => element!.shadowRoot!.textContent?.includes('United Kingdom (national) (GBP, £)'), 'the region as read');
    expect(element.shadowRoot!.querySelectorAll('button, input, select')).to.have.length(0);
    expect(server.requests.some((r) => r.method !== 'GET')).to.equal(false);
  });
});

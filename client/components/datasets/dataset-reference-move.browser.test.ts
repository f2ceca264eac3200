import { expect } from '@esm-bundle/chai';
import { axeViolations } from '../../test/axe.ts';
import { installFakeServer, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import { DATASET_ID, datasetRecord, seedSummary } from '../../test/summary-fixture.ts';
import { detailOf } from '../../test/engagement-fixtures.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import './dataset-reference-move.ts';
import type { DatasetReferenceMove } from './dataset-reference-move.ts';

describe('<dataset-reference-move>', () => {
  let server: FakeServer | null = null;
  let element: DatasetReferenceMove | null = null;
  let summary: DatasetSummary;

  before(async () => {
    summary = await seedSummary();
  });

  afterEach(() => {
    element?.remove();
    element = null;
    server?.restore();
    server = null;
  });

  function mount(latest: number, canChange = true): DatasetReferenceMove {
    element = document.createElement('dataset-reference-move');
    element.detail = detailOf(datasetRecord('ready', summary), {}, latest);
    element.canChange = canChange;
    document.body.append(element);
    return element;
  }

  it('offers nothing when the dataset is on the live version', async () => {
    const host = mount(1);
    await host.updateComplete;
    expect(host.shadowRoot!.querySelector('section')).to.equal(null);
  });

  it('tells a viewer a newer version is live without offering the move', async () => {
    const host = mount(2, false);
    await host.updateComplete;
    expect(host.shadowRoot!.querySelector('button')).to.equal(null);
    expect(textOf(host.shadowRoot!.querySelector('p.muted'))).to.equal('A lead or analyst of the engagement can move it.');
  });

  it('moves the dataset to the live version and shows each headline figure before and after', async () => {
    const after: DatasetSummary = structuredClone(summary);
    after.referenceVersion = 2;
    after.scenarios.moderate.grossSaving = summary.scenarios.moderate.grossSaving + 12_500;
    after.exposure.averagePercentile = summary.exposure.averagePercentile - 2;
    const moved = { ...datasetRecord('ready', after), referenceVersion: 2 };
    server = installFakeServer({
      [`POST /api/datasets/${DATASET_ID}/reference`]: { status: 200, body: { dataset: moved } },
      [`GET /api/datasets/${DATASET_ID}`]: { status: 200, body: detailOf(moved, {}, 2) },
    });
    const host = mount(2);
    const changed: unknown[] = [];
    host.addEventListener('dataset-changed', (e) => changed.push((e as CustomEvent).detail));
    await host.updateComplete;
    (host.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => host.shadowRoot!.querySelector('tbody tr'), 'the comparison');
    expect(server.requests[0]!.body).to.deep.equal({ version: 2 });
    const row = (label: string) =>
      [...host.shadowRoot!.querySelectorAll('tbody tr')].find((tr) => textOf(tr.querySelector('th')) === label)!.querySelectorAll('td');
    expect(textOf(row('Gross saving, moderate')[2])).to.equal('+£12,500');
    expect(textOf(row('Average exposure percentile')[2])).to.equal('−2.0 points');
    expect(textOf(row('People')[2])).to.equal('No change');
    expect(textOf(host.shadowRoot!.querySelector('p[role="status"]'))).to.equal('Moved from version 1 to version 2. The headline figures changed as follows.');
    expect(changed).to.have.length(1);
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('shows the server’s refusal', async () => {
    server = installFakeServer({
      [`POST /api/datasets/${DATASET_ID}/reference`]: { status: 409, body: { error: 'conflict', message: 'The dataset is not ready.' } },
    });
    const host = mount(2);
    await host.updateComplete;
    (host.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    const notice = host.shadowRoot!.querySelector('error-notice')!;
    await waitFor(() => textOf(notice.shadowRoot?.querySelector('p')) !== '', 'the refusal');
    expect(textOf(notice.shadowRoot!.querySelector('p'))).to.equal('The dataset is not ready.');
  });
});

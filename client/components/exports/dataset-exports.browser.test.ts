// The deliverables panel in Chromium: the real export worker bundle, the server faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import { setExportWorkerUrl } from '../../worker-handles/export-worker.ts';
import { axeViolations } from '../../test/axe.ts';
import { installFakeServer, waitFor, type FakeServer } from '../../test/fake-server.ts';
import { DATASET_ID, datasetRecord, seedSummary, staffList, storedRows } from '../../test/summary-fixture.ts';
import './dataset-exports.ts';
import type { DatasetExports } from './dataset-exports.ts';

describe('dataset deliverables panel', () => {
  let server: FakeServer | null = null;
  let panel: DatasetExports | null = null;

  afterEach(() => {
    panel?.remove();
    server?.restore();
    panel = server = null;
  });

  async function mount(): Promise<DatasetExports> {
    setExportWorkerUrl('/dist/client/workers/export.worker.js');
    const summary = await seedSummary();
    const data = await (await fetch('/seeds/reference-v1.json')).json();
    const rows = storedRows(staffList().map((row, i) => ({ ...row, attributes: { Team: i % 2 ? 'North' : 'South', Band: 'B1' } })));
    server = installFakeServer({
      'GET /api/reference/versions/1': { status: 200, body: { version: 1, status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', notes: 'seed', data } },
      [`GET /api/datasets/${DATASET_ID}/rows`]: { status: 200, body: { rows, offset: 0, limit: 10000 } },
      [`POST /api/datasets/${DATASET_ID}/exports`]: { status: 204 },
    });
    panel = document.createElement('dataset-exports');
    panel.record = { ...datasetRecord('ready', summary), columnMapping: { 'Job title': 'title', Team: 'grouping', Band: 'grouping' } };
    panel.titles = [];
    document.body.append(panel);
    await panel.updateComplete;
    return panel;
  }

  const root = () => panel!.shadowRoot!;
  const button = (text: string) => [...root().querySelectorAll('button')].find((b) => b.textContent?.includes(text))!;

  it('offers the grouping columns unticked, and records a people export with only the ticked ones', async function (this: MochaContext) {
    this.timeout(30_000);
    await mount();
    const boxes = [...root().querySelectorAll<HTMLInputElement>('fieldset input[type=checkbox]')];
    expect(boxes.map((b) => [b.parentElement!.textContent!.trim(), b.checked])).to.deep.equal([
      ['Team', false],
      ['Band', false],
    ]);
    boxes[0]!.click();
    await panel!.updateComplete;
    button('People (CSV)').click();
    const record = await waitFor(() => server!.requests.find((r) => r.method === 'POST'), 'the export record', 20_000);
    expect(record.body).to.deep.equal({ groupings: true, kind: 'csv', artefact: 'people', named: false, rows: 41 });
    await waitFor(() => root().textContent?.includes('People (CSV) downloaded.'), 'the downloaded message');
    expect(await axeViolations(panel!)).to.deep.equal([]);
  });

  it('shows a progress bar while the workbook is built, then records it', async function (this: MochaContext) {
    this.timeout(30_000);
    await mount();
    button('Analysis workbook (XLSX)').click();
    await waitFor(() => root().querySelector('progress'), 'the progress bar');
    expect(button('Titles (CSV)').disabled).to.equal(true);
    const record = await waitFor(() => server!.requests.find((r) => r.method === 'POST'), 'the export record', 20_000);
    expect(record.body).to.deep.equal({ groupings: false, kind: 'xlsx', artefact: 'analysis-workbook', named: false, rows: 41 });
    await waitFor(() => !root().querySelector('progress'), 'the bar to go');
  });
});

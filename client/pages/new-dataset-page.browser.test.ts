// The upload page in Chromium: the import component's result is handed over as its `import-ready` event
// (the worker path itself is tested with the import component), then the upload starts for real against a
// server faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import { appDatabase } from '../db.ts';
import type { Session } from '../session-api.ts';
import { axeViolations } from '../test/axe.ts';
import { ENGAGEMENT_ID, LEA, engagement, rootText } from '../test/engagement-fixtures.ts';
import { installFakeServer, shadowQuery, waitFor, type FakeServer } from '../test/fake-server.ts';
import { DexieUploadQueue } from '../upload/queue-store.ts';
import { sampleRows } from '../upload/test/scripted-fetch.ts';
import type { ImportResult } from '../../workers/import/rows.ts';
import './new-dataset-page.ts';
import type { NewDatasetPage } from './new-dataset-page.ts';

const NEW_DATASET = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const GET_ENGAGEMENT = `GET /api/engagements/${ENGAGEMENT_ID}`;
const DATASETS = `/api/engagements/${ENGAGEMENT_ID}/datasets`;

const prepared = (): ImportResult => ({
  rows: sampleRows(2_100),
  stats: { skippedNoTitle: 1, implausibleFte: 0, generatedIds: 0, unmatchedManagers: 0, sharedEmails: 0 },
  columnMapping: { 'Staff no': 'employeeId', 'Job title': 'title' },
});

describe('new dataset page', () => {
  let server: FakeServer | null = null;
  let page: NewDatasetPage | null = null;
  const startPath = window.location.pathname;

  afterEach(async () => {
    page?.remove();
    page = null;
    server?.restore();
    server = null;
    window.history.replaceState(null, '', startPath);
    await new DexieUploadQueue(appDatabase()).remove(NEW_DATASET);
  });

  async function mount(session: Session): Promise<NewDatasetPage> {
    page = document.createElement('new-dataset-page');
    page.session = session;
    page.engagementId = ENGAGEMENT_ID;
    document.body.append(page);
    await waitFor(() => page!.state.kind !== 'loading', 'the engagement');
    await page.updateComplete;
    return page;
  }

  async function handOver(p: NewDatasetPage): Promise<void> {
    const importer = p.shadowRoot!.querySelector('spreadsheet-import')!;
    importer.dispatchEvent(new CustomEvent('import-ready', { detail: prepared(), bubbles: true, composed: true }));
    await p.updateComplete;
  }

  it('offers the previous ready dataset’s column mapping to the import', async () => {
    server = installFakeServer({
      [GET_ENGAGEMENT]: { status: 200, body: { engagement: engagement(), members: [] } },
      [`GET ${DATASETS}`]: {
        status: 200,
        body: {
          datasets: [
            { id: 'a', status: 'ready', createdAt: '2025-01-01T00:00:00.000Z', columnMapping: { Old: 'title' } },
            { id: 'b', status: 'ready', createdAt: '2025-02-01T00:00:00.000Z', columnMapping: { 'Job title': 'title', 'Staff no': 'employeeId' } },
            { id: 'c', status: 'uploading', createdAt: '2025-03-01T00:00:00.000Z', columnMapping: { Newest: 'title' } },
          ],
        },
      },
    });
    const p = await mount(LEA);
    expect(p.shadowRoot!.querySelector('spreadsheet-import')!.previousMapping).to.deep.equal({ 'Job title': 'title', 'Staff no': 'employeeId' });
  });

  it('creates the dataset from the prepared rows, queues them and opens the dataset page', async () => {
    server = installFakeServer({
      [GET_ENGAGEMENT]: { status: 200, body: { engagement: engagement(), members: [] } },
      [`GET ${DATASETS}`]: { status: 200, body: { datasets: [] } },
      [`POST ${DATASETS}`]: { status: 201, body: { dataset: { id: NEW_DATASET, engagementId: ENGAGEMENT_ID, name: 'April list', status: 'uploading' } } },
    });
    const p = await mount({ ...LEA, aiEnabled: true });
    await handOver(p);
    const form = p.shadowRoot!.querySelector('form')!;
    form.querySelector<HTMLInputElement>('#dataset-name')!.value = 'April list';
    form.querySelector<HTMLInputElement>('input[name=useAi]')!.checked = false;
    expect(form.querySelector('button')!.textContent!.trim()).to.equal('Upload 2,100 rows');
    form.requestSubmit();
    await waitFor(() => window.location.pathname === `/datasets/${NEW_DATASET}`, 'navigation to the dataset page');
    expect(server.requests.find((r) => r.method === 'POST')!.body).to.deep.equal({
      name: 'April list',
      expectedRows: 2_100,
      useAi: false,
      columnMapping: { 'Staff no': 'employeeId', 'Job title': 'title' },
      importStats: prepared().stats,
    });
    expect(await new DexieUploadQueue(appDatabase()).pendingChunks(NEW_DATASET)).to.deep.equal([0, 1]);
  });

  it('shows no AI choice and sends none when AI is off for the service', async () => {
    server = installFakeServer({
      [GET_ENGAGEMENT]: { status: 200, body: { engagement: engagement(), members: [] } },
      [`GET ${DATASETS}`]: { status: 200, body: { datasets: [] } },
      [`POST ${DATASETS}`]: { status: 400, body: { error: 'validation_error', message: 'Name is too long.', issues: [] } },
    });
    const p = await mount(LEA);
    await handOver(p);
    const form = p.shadowRoot!.querySelector('form')!;
    expect(form.querySelector('input[name=useAi]')).to.equal(null);
    form.querySelector<HTMLInputElement>('#dataset-name')!.value = 'April list';
    form.requestSubmit();
    const notice = await waitFor(() => {
      const n = shadowQuery(p, 'form')?.parentElement?.querySelector('error-notice');
      return n && rootText(n) ? n : null;
    }, 'the refusal');
    expect(rootText(notice)).to.equal('Name is too long.');
    expect('useAi' in (server.requests.find((r) => r.method === 'POST')!.body as object)).to.equal(false);
  });

  it('tells a viewer that only a lead or analyst can upload', async () => {
    server = installFakeServer({
      [GET_ENGAGEMENT]: { status: 200, body: { engagement: engagement({ role: 'viewer' }), members: [] } },
      [`GET ${DATASETS}`]: { status: 200, body: { datasets: [] } },
    });
    const p = await mount(LEA);
    expect(p.shadowRoot!.querySelector('spreadsheet-import')).to.equal(null);
    expect(rootText(p)).to.contain('Only a lead or analyst of this engagement can upload staff lists.');
  });

  it('has no WCAG A or AA violations (axe) with the upload form shown', async function (this: unknown) {
    (this as { timeout(ms: number): void }).timeout(15_000);
    server = installFakeServer({
      [GET_ENGAGEMENT]: { status: 200, body: { engagement: engagement(), members: [] } },
      [`GET ${DATASETS}`]: { status: 200, body: { datasets: [] } },
    });
    const p = await mount({ ...LEA, aiEnabled: true });
    await handOver(p);
    expect(await axeViolations(p)).to.deep.equal([]);
  });
});

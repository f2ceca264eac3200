import { expect } from '@esm-bundle/chai';
import './dataset-import-page.ts';
import type { DatasetImportPage } from './dataset-import-page.ts';
import type { Session } from '../api/session.ts';
import { axeViolations } from '../test/axe.ts';
import { installFakeServer, shadowQuery, waitFor, type FakeServer, type RecordedRequest } from '../test/fake-server.ts';
import type { ImportResult } from '../../workers/import/rows.ts';
import { datasetOf, engagement } from '../test/engagement-fixtures.ts';

const ENGAGEMENT_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const DATASET_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const session = (aiEnabled: boolean): Session => ({
  user: { id: 'u1', email: 'lee.lead@example.com', name: 'Lee Lead', role: 'user', active: true },
  environment: 'development',
  aiEnabled,
  signInMode: 'development',
});

const prepared: ImportResult = {
  rows: [
    { employeeId: 'E1', managerEmployeeId: null, title: 'Finance Manager', salary: 60000, fte: null, location: 'London', division: null, attributes: null },
    { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Payroll Clerk', salary: 28000, fte: 0.6, location: 'London', division: null, attributes: null },
  ],
  stats: { implausibleFte: 0, skippedNoTitle: 1, generatedIds: 0, unmatchedManagers: 0, sharedEmails: 0 },
  columnMapping: { 'Job Title': 'title', 'Employee ID': 'employeeId' },
} as unknown as ImportResult;

describe('<dataset-import-page>', () => {
  let server: FakeServer | null = null;
  let page: DatasetImportPage | null = null;
  let created: RecordedRequest | null = null;

  function mount(aiEnabled: boolean): DatasetImportPage {
    server = installFakeServer({
      [`GET /api/engagements/${ENGAGEMENT_ID}/datasets`]: { status: 200, body: { datasets: [] } },
      [`POST /api/engagements/${ENGAGEMENT_ID}/datasets`]: (request) => {
        created = request;
        return { status: 201, body: { dataset: datasetOf({ id: DATASET_ID, engagementId: ENGAGEMENT_ID, expectedRows: 2 }) } };
      },
    });
    page = document.createElement('dataset-import-page');
    page.engagementId = ENGAGEMENT_ID;
    page.session = session(aiEnabled);
    document.body.append(page);
    return page;
  }

  /** What <spreadsheet-import> announces once the rows are prepared in the worker. */
  async function announcePrepared(host: DatasetImportPage): Promise<void> {
    const importer = await waitFor(() => shadowQuery(host, 'spreadsheet-import'), 'the spreadsheet importer');
    importer.dispatchEvent(new CustomEvent('import-ready', { detail: prepared, bubbles: true, composed: true }));
    await waitFor(() => shadowQuery(host, 'form.start'), 'the start form');
  }

  async function upload(host: DatasetImportPage): Promise<void> {
    const name = shadowQuery(host, '#dataset-name') as HTMLInputElement;
    name.value = 'March list';
    name.dispatchEvent(new Event('input'));
    (shadowQuery(host, 'form.start button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => window.location.pathname === `/datasets/${DATASET_ID}`, 'the dataset page address');
  }

  afterEach(() => {
    page?.remove();
    page = null;
    server?.restore();
    server = null;
    created = null;
    history.replaceState(null, '', '/');
  });

  it('tells a viewer that only leads and analysts import, before any file is chosen', async () => {
    const host = mount(false);
    server!.route(`GET /api/engagements/${ENGAGEMENT_ID}`, {
      status: 200,
      body: { engagement: engagement({ id: ENGAGEMENT_ID, name: 'Northwind', status: 'active', role: 'viewer', piiAccess: true, identityStorage: true }), members: [] },
    });
    await waitFor(() => host.shadowRoot!.textContent?.includes('Only the engagement'), 'the refusal');
    expect(shadowQuery(host, 'spreadsheet-import')).to.equal(null);
    expect(host.shadowRoot!.textContent).to.contain("Only the engagement's leads and analysts can import a staff list, while the engagement is active.");
  });

  it('offers the file chooser and passes an axe check', async () => {
    const host = mount(true);
    await waitFor(() => shadowQuery(host, 'spreadsheet-import'), 'the importer');
    expect(shadowQuery(host, 'h1')?.textContent).to.equal('Import a staff list');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('creates the dataset with the import counts and the mapping, then opens its page', async () => {
    const host = mount(true);
    await announcePrepared(host);
    expect((shadowQuery(host, 'form.start button[type="submit"]') as HTMLButtonElement).textContent?.trim()).to.equal('Upload 2 rows');
    expect(await axeViolations(host)).to.deep.equal([]);
    await upload(host);
    expect(created?.body).to.deep.include({ name: 'March list', expectedRows: 2, useAi: true, columnMapping: prepared.columnMapping, importStats: prepared.stats });
  });

  it('creates the dataset with the region confirmed beside the mapping, so the server prices it in that currency', async () => {
    const host = mount(true);
    await announcePrepared(host);
    shadowQuery(host, 'spreadsheet-import')!.dispatchEvent(new CustomEvent('region-change', { detail: 'united-states', bubbles: true, composed: true }));
    await upload(host);
    expect((created?.body as { settings: unknown }).settings).to.deep.equal({ region: 'united-states' });
  });

  it('records an AI refusal only when the consultant unticks the choice', async () => {
    const host = mount(true);
    await announcePrepared(host);
    const choice = shadowQuery(host, 'form.start input[type="checkbox"]') as HTMLInputElement;
    choice.click();
    await upload(host);
    expect((created?.body as { useAi: boolean }).useAi).to.equal(false);
  });

  it('with AI off on the server, hides the choice and keeps the default rather than a permanent refusal', async () => {
    const host = mount(false);
    await announcePrepared(host);
    expect(shadowQuery(host, 'form.start input[type="checkbox"]')).to.equal(null);
    await upload(host);
    expect((created?.body as { useAi: boolean }).useAi).to.equal(true);
  });
});

// The Copilot plans panel in Chromium with the real worker bundle (dist/client/workers/copilot.worker.js)
// scoring a real staff list against the seed reference; the server is faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { encodeTitlesList } from '../../../workers/classify/titlesList.ts';
import type { DatasetTitle } from '../../api/datasets.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { classifyWithoutAi } from '../../../workers/classify/classify.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { appDatabase } from '../../storage/db.ts';
import { axeViolations } from '../../test/axe.ts';
import { engagement } from '../../test/engagement-fixtures.ts';
import type { EngagementRole } from '../../../schema/roles.ts';
import { installFakeServer, textOf, waitFor, type FakeServer, type RecordedRequest } from '../../test/fake-server.ts';
import { DATASET_ID, ENGAGEMENT_ID, datasetRecord, seedSummary, staffList, storedRows } from '../../test/summary-fixture.ts';
import './copilot-plans-panel.ts';
import type { CopilotPlansPanel } from './copilot-plans-panel.ts';

type MochaContext = { timeout(ms: number): void };

let referenceData: ReferenceData;
let summary: DatasetSummary;

const engagementReply = (piiAccess: boolean, role: EngagementRole = 'lead') => ({ status: 200, body: { engagement: engagement({ id: ENGAGEMENT_ID, name: 'Northwind', role, piiAccess }), members: [] } });

function titles(): DatasetTitle[] {
  const reference = compileReference(referenceData, 1);
  const counts = new Map<string, number>();
  for (const row of staffList()) counts.set(row.title, (counts.get(row.title) ?? 0) + 1);
  return [...counts].map(([title, headcount]) => {
    const c = classifyWithoutAi(reference, title, { packId: 'general' });
    return { title, normalised: title.toLowerCase(), headcount, source: c.source, usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020, category: c.category, subcategory: c.subcategory, confidence: c.confidence, reviewRequired: false, reason: null, alternatives: [], variants: null };
  });
}

describe('Copilot plans panel (real worker)', () => {
  let server: FakeServer | null = null;
  let panel: CopilotPlansPanel | null = null;
  let saved: Blob[] = [];
  const realCreateObjectURL = URL.createObjectURL;

  before(async function (this: MochaContext) {
    this.timeout(30_000);
    summary = await seedSummary();
    referenceData = await (await fetch('/seeds/reference-v1.json')).json();
  });

  beforeEach(async () => {
    await appDatabase().referenceVersions.clear();
    saved = [];
    // The download is handed to the browser as an object URL: keep the Blob to look at.
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      saved.push(blob as Blob);
      return realCreateObjectURL.call(URL, blob);
    };
  });

  afterEach(() => {
    panel?.remove();
    server?.restore();
    URL.createObjectURL = realCreateObjectURL;
    panel = null;
    server = null;
  });

  async function open(options: { piiAccess?: boolean; withIdentities?: boolean; role?: EngagementRole } = {}): Promise<CopilotPlansPanel> {
    const rows = storedRows(staffList().map((r) => ({ ...r, location: r.location ?? null, division: null })));
    server = installFakeServer({
      'GET /api/reference/versions/1': { status: 200, body: { version: 1, status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', notes: 'Seed', data: referenceData } },
      [`GET /api/datasets/${DATASET_ID}/copilot-plans`]: { status: 200, body: { plans: [] } },
      [`GET /api/engagements/${ENGAGEMENT_ID}`]: engagementReply(options.piiAccess ?? false, options.role),
      [`GET /api/datasets/${DATASET_ID}/titles`]: { status: 200, body: encodeTitlesList(titles()) },
      [`GET /api/datasets/${DATASET_ID}/rows`]: { status: 200, body: { rows, offset: 0, limit: 10_000 } },
      [`POST /api/datasets/${DATASET_ID}/copilot-plans`]: (r: RecordedRequest) => ({
        status: 201,
        body: { plan: { id: '7d9e3f5a-0b1c-4d2e-8f3a-5b6c7d8e9f01', datasetId: DATASET_ID, createdBy: 'u1', createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z', ...(r.body as object) } },
      }),
      [`POST /api/datasets/${DATASET_ID}/exports`]: { status: 204 },
      [`POST /api/datasets/${DATASET_ID}/identities/reveal`]: (r: RecordedRequest) => ({
        status: 200,
        body: { people: (r.body as { employeeIds: string[] }).employeeIds.map((id) => ({ employeeId: id, name: `Person ${id}`, email: `${id.toLowerCase()}@example.com` })), unreadable: 0 },
      }),
    });
    panel = document.createElement('copilot-plans-panel');
    panel.workerUrl = '/dist/client/workers/copilot.worker.js';
    panel.record = { ...datasetRecord('ready', summary), withIdentities: options.withIdentities ?? false };
    document.body.append(panel);
    await panel.updateComplete;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('button')!.click();
    await waitFor(() => panel!.shadowRoot!.querySelector('.tiles'), 'the allocation', 20_000);
    return panel;
  }

  const tile = (p: CopilotPlansPanel, label: string) =>
    textOf([...p.shadowRoot!.querySelectorAll('.tile')].find((t) => textOf(t.querySelector('dt')) === label)?.querySelector('dd'));
  const button = (p: CopilotPlansPanel, text: string) => [...p.shadowRoot!.querySelectorAll('button')].find((b) => textOf(b) === text) as HTMLButtonElement;
  const posts = (path: string) => server!.requests.filter((r) => r.method === 'POST' && r.path === path);

  it('scores the people and shows the allocation of a new plan sized to everyone eligible', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open();
    // With no count set, everyone eligible is licensed.
    expect(tile(p, 'People licensed')).to.match(/^(\d+) ?of \1 eligible \(41 people\)$/);
    expect(tile(p, 'Cost a month')).to.match(/^£[\d,]+£[\d,]+ a year$/);
    expect(p.shadowRoot!.querySelector('table caption')!.textContent).to.contain('By Copilot tier');
  });

  it('re-allocates when the licence count changes, and saves the plan with its config', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open();
    const form = p.shadowRoot!.querySelector('copilot-plan-form')!;
    const count = form.shadowRoot!.querySelector<HTMLInputElement>('input[type=number]')!;
    count.value = '3';
    count.dispatchEvent(new Event('change'));
    await waitFor(() => /^3(\D|$)/.test(tile(p, 'Licences bought')), 'three licences');
    expect(tile(p, 'People licensed')).to.match(/^3 ?of/);
    button(p, 'Save plan').click();
    await waitFor(() => posts(`/api/datasets/${DATASET_ID}/copilot-plans`).length === 1, 'the save');
    const body = posts(`/api/datasets/${DATASET_ID}/copilot-plans`)[0].body as { name: string; config: { licenceCount: number } };
    expect(body.name).to.equal('Copilot plan');
    expect(body.config.licenceCount).to.equal(3);
  });

  it('downloads the allocation by employee ID and records an unnamed export', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open();
    button(p, 'Download the allocation (employee IDs)').click();
    await waitFor(() => posts(`/api/datasets/${DATASET_ID}/exports`).length === 1, 'the export record', 20_000);
    expect(posts(`/api/datasets/${DATASET_ID}/exports`)[0].body).to.deep.include({ kind: 'xlsx', artefact: 'copilot-allocation', named: false });
    expect(saved).to.have.length(1);
    expect(saved[0].size).to.be.greaterThan(1000);
    expect(posts(`/api/datasets/${DATASET_ID}/identities/reveal`)).to.have.length(0);
  });

  it('offers names and emails only to a member with PII access on a dataset stored with them', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open({ piiAccess: false, withIdentities: true });
    expect(button(p, 'Download with names and emails')).to.equal(undefined);
    expect(textOf(p.shadowRoot!.querySelector('.download'))).to.contain('only by a member with PII access');
  });

  it('reveals the licensed people with a purpose, then records a named export', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open({ piiAccess: true, withIdentities: true });
    const named = button(p, 'Download with names and emails');
    expect(named.disabled).to.equal(true);
    const purpose = p.shadowRoot!.querySelector<HTMLInputElement>('.download input')!;
    purpose.value = 'Licence assignment for the pilot';
    purpose.dispatchEvent(new Event('input'));
    await p.updateComplete;
    named.click();
    await waitFor(() => posts(`/api/datasets/${DATASET_ID}/exports`).length === 1, 'the export record', 20_000);
    const [reveal] = posts(`/api/datasets/${DATASET_ID}/identities/reveal`);
    expect((reveal.body as { purpose: string }).purpose).to.equal('Licence assignment for the pilot');
    expect((reveal.body as { employeeIds: string[] }).employeeIds.length).to.be.greaterThan(0);
    expect(posts(`/api/datasets/${DATASET_ID}/exports`)[0].body).to.deep.include({ artefact: 'copilot-allocation', named: true });
  });

  it('keeps the named download off for a purpose the server would refuse: invisible characters only, or an email', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open({ piiAccess: true, withIdentities: true });
    const purpose = p.shadowRoot!.querySelector<HTMLInputElement>('.download input')!;
    for (const text of ['\u200b\u200b\u200b\u200b', 'Licences for ann＠client.com']) {
      purpose.value = text;
      purpose.dispatchEvent(new Event('input'));
      await p.updateComplete;
      expect(button(p, 'Download with names and emails').disabled, JSON.stringify(text)).to.equal(true);
    }
  });

  it('shows a viewer the allocation without save controls, and is free of WCAG A and AA violations', async function (this: MochaContext) {
    this.timeout(30_000);
    const p = await open({ role: 'viewer' });
    expect(button(p, 'Save plan')).to.equal(undefined);
    expect(await axeViolations(p)).to.deep.equal([]);
  });
});

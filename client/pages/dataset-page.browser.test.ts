// The dataset page in Chromium, with the server faked at the fetch boundary and a summary built by
// workers/scoring from the real seed reference.
import { expect } from '@esm-bundle/chai';
import type { DatasetSummary, ScenarioProgramme } from '../../schema/datasetSummary.ts';
import { formatFte, formatMoney, formatMoneyShort, formatMultiplier, formatPayback, formatPercentile, formatRoi } from '../../workers/format/figures.ts';
import { appDatabase } from '../storage/db.ts';
import type { DatasetTitle } from '../api/datasets.ts';
import { axeViolations } from '../test/axe.ts';
import {
  DATASET_GET as GET, ENGAGEMENT_GET as ENGAGEMENT, TITLES_GET as TITLES, allow, engagementReply, mountDatasetPage, readyReply, readyRoutes, seededSummary, signedIn, titlesReply,
} from '../test/dataset-page-fixtures.ts';
import { NO_IMPORT_STATS, overrideOf } from '../test/engagement-fixtures.ts';
import { shadowQuery, textOf, waitFor, type FakeRoutes, type FakeServer } from '../test/fake-server.ts';
import { pageHarness } from '../test/harness.ts';
import { DATASET_ID, ENGAGEMENT_ID, datasetRecord } from '../test/summary-fixture.ts';
import { DexieUploadQueue } from '../upload/queue-store.ts';
import { sampleRows } from '../upload/test/scripted-fetch.ts';
import './dataset-page.ts';
import type { DatasetPage } from './dataset-page.ts';

const OVERRIDES = `/api/engagements/${ENGAGEMENT_ID}/overrides`;
const titles: DatasetTitle[] = [
  { title: 'Finance Director', normalised: 'finance director', headcount: 4, source: 'rules', usSoc2018: '11-3031', ukSoc2020: '1131', category: 'Finance', subcategory: 'Finance Director', confidence: 0.9, reviewRequired: false, reason: 'Matched "finance director"', alternatives: [], variants: null },
  {
    title: 'Receptionist', normalised: 'receptionist', headcount: 5, source: 'rules', usSoc2018: '43-4171', ukSoc2020: '4216', category: 'Administration', subcategory: 'Receptionist', confidence: 0.4, reviewRequired: true,
    reason: 'Matched "receptionist"', alternatives: [{ usSoc2018: '43-6014', ukSoc2020: '4159', score: 0.3, reason: 'Front-desk administration' }], variants: null,
  },
];
const overridden: DatasetTitle = { ...titles[1], source: 'override', usSoc2018: '43-6014', ukSoc2020: '4159', confidence: 1, reviewRequired: false, reason: null, alternatives: [] };
/** Names for the codes above, as the pinned version would give them. */
const versionOne = {
  status: 200,
  body: {
    version: 1, status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', notes: 'Seed',
    data: {
      occupations: {
        us: { '11-3031': { title: 'Financial Managers' }, '43-4171': { title: 'Receptionists and Information Clerks' }, '43-6014': { title: 'Secretaries and Administrative Assistants' } },
        uk: { '1131': { title: 'Financial managers and directors' }, '4216': { title: 'Receptionists' }, '4159': { title: 'Other administrative occupations n.e.c.' } },
      },
    },
  },
};
const asRole = (role: 'lead' | 'analyst' | 'viewer') => engagementReply({ role });

/** Text of every element matching `selector` inside the results panel `panel`. */
function panelTexts(page: DatasetPage, panel: string, selector: string): string[] {
  const host = shadowQuery(page, 'dataset-results', panel);
  return [...(host?.shadowRoot?.querySelectorAll(selector) ?? [])].map((el) => textOf(el));
}

/** Each table row matching `selector` in the panel, as its cells' texts joined by single spaces. */
function panelRows(page: DatasetPage, panel: string, selector: string): string[] {
  const host = shadowQuery(page, 'dataset-results', panel);
  return [...(host?.shadowRoot?.querySelectorAll(selector) ?? [])].map((row) => [...row.querySelectorAll('th, td')].map((cell) => textOf(cell)).join(' '));
}

describe('dataset page', () => {
  const harness = pageHarness();
  const seeded = seededSummary();
  let summary: DatasetSummary;
  let server: FakeServer;

  beforeEach(() => {
    summary = seeded();
  });

  const mount = async (aiEnabled = true) => mountDatasetPage(harness, signedIn('user', aiEnabled));
  /** The ready dataset and its titles, with whatever else the test serves. */
  const serveReady = (more: FakeRoutes = {}) => (server = harness.serve(readyRoutes(summary, titles, more)));

  const resultsShown = (p: DatasetPage, timeoutMs?: number) => waitFor(() => shadowQuery(p, 'dataset-results', 'results-overview'), 'the results', timeoutMs);

  it('shows headcount and cost from the stored summary, in pounds with thousands separators', async () => {
    serveReady();
    const p = await mount();
    await resultsShown(p);
    const tiles = panelTexts(p, 'results-overview', '.tile');
    expect(tiles.slice(0, 5)).to.deep.equal([
      `Headcount 41 ${formatFte(summary.fteTotal)} FTE`,
      `Total cost ${formatMoneyShort(summary.cost.total, 'GBP')} salary × ${formatMultiplier(summary.settings.employerCostMultiplier)} employer cost, in pounds sterling (GBP)`,
      `Average cost ${formatMoney(summary.cost.average, 'GBP')}`,
      `Median cost ${formatMoney(summary.cost.median, 'GBP')}`,
      `Average AI exposure ${formatPercentile(summary.exposure.averagePercentile)} percentile of occupations`,
    ]);
    expect(formatMoney(summary.cost.average, 'GBP')).to.match(/^£\d{1,3}(,\d{3})+$/);
    expect(formatMoneyShort(summary.cost.total, 'GBP')).to.match(/^£\d+\.\dm$/);
  });

  it('repeats in the data-quality notes the rows the import left out and the people whose manager is not in the list', async () => {
    const shortOfManagers = { ...summary, organisation: { ...summary.organisation, unresolved: 1, missingManagerReferences: 1 } };
    const dataset = { importStats: { ...NO_IMPORT_STATS, rowsRead: 9228, skippedNoTitle: 8135, unreadableCells: 2 }, columnMapping: { 'Underfilled Job Title': 'title' } };
    serveReady({ [GET]: readyReply(shortOfManagers, dataset) });
    const p = await mount();
    await resultsShown(p);
    expect(panelTexts(p, 'results-overview', 'ul li').slice(0, 3)).to.deep.equal([
      '8,135 of the file’s 9,228 rows (88%) were left out: no job title in “Underfilled Job Title”.',
      '2 cells of the workbook could not be read (a formula without a saved result, or an error) and were taken as blank.',
      '1 person reports to 1 manager who is not in the list; they are counted as not connected to the top.',
    ]);
  });

  it('sets the three scenarios side by side with gross, net, FTE, investment, ROI and payback', async () => {
    serveReady();
    const p = await mount();
    await resultsShown(p);
    expect(panelTexts(p, 'scenario-comparison', 'table.comparison thead th')).to.deep.equal(['Figure', 'Conservative', 'Moderate', 'Aggressive']);
    const rows = panelRows(p, 'scenario-comparison', 'table.comparison tbody tr');
    const all = [summary.scenarios.conservative, summary.scenarios.moderate, summary.scenarios.aggressive];
    const line = (label: string, pick: (s: ScenarioProgramme) => string) => `${label} ${all.map(pick).join(' ')}`;
    expect(rows[0]).to.equal(line('Gross annual saving', (s) => formatMoneyShort(s.grossSaving, 'GBP')));
    expect(rows[2]).to.equal(line('Annual saving net of reinvestment', (s) => formatMoneyShort(s.netOfReinvestment, 'GBP')));
    expect(rows[3]).to.equal(line('FTE capacity released', (s) => formatFte(s.fteSaved)));
    expect(rows[5]).to.equal(line('Investment', (s) => formatMoneyShort(s.investment, 'GBP')));
    expect(rows[6]).to.equal(line('Return on investment', (s) => formatRoi(s.roi)));
    expect(rows[7]).to.equal(line('Payback', (s) => formatPayback(s.paybackMonths)));
    expect(all.every((s) => !s.paybackFlagged)).to.equal(true);
  });

  it('prints the missing manager references as the count the summary stores', async () => {
    serveReady();
    const p = await mount();
    await resultsShown(p);
    expect(summary.organisation.missingManagerReferences).to.equal(1);
    const rows = panelRows(p, 'organisation-panel', 'tbody tr');
    expect(rows).to.include('Distinct manager references not in the list 1');
    expect(rows).to.include('People not connected to the top (including a loop) 1');
    expect(textOf(shadowQuery(p, 'dataset-results', 'organisation-panel', 'p'))).to.equal(
      '3 layers of management from the top of the tree; 39 of 41 people reach the top through managers in the list. 1 manager reference named nobody in the list; the people reporting to them are counted as not connected.',
    );
  });

  it('names the US major groups from the summary’s reference version', async () => {
    await appDatabase().referenceVersions.clear();
    const usMajorGroups = Object.fromEntries(summary.usMajorGroups.map((g) => [g.major, `Group title ${g.major}`]));
    serveReady({
      'GET /api/reference/versions/1': { status: 200, body: { version: 1, status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', notes: 'Seed', data: { occupations: { usMajorGroups } } } },
    });
    const p = await mount();
    await resultsShown(p);
    const first = summary.usMajorGroups[0]!;
    await waitFor(() => panelRows(p, 'exposure-panel', 'tbody tr').some((r) => r.startsWith(`${first.major} Group title ${first.major} `)), 'named major groups');
    await appDatabase().referenceVersions.clear();
  });

  it('draws charts as labelled SVG images', async () => {
    serveReady();
    const p = await mount();
    await resultsShown(p);
    const layers = shadowQuery(p, 'dataset-results', 'organisation-panel', 'bar-chart', 'svg');
    expect(layers?.getAttribute('role')).to.equal('img');
    expect(layers?.getAttribute('aria-label')).to.equal('Headcount by layer. Layer 1: 1; Layer 2: 4; Layer 3: 35');
    const programme = shadowQuery(p, 'dataset-results', 'scenario-comparison', 'programme-chart', 'svg');
    expect(programme?.querySelectorAll('path')).to.have.length(2);
  });

  /** Texts of every element matching `selector` in `root` and the shadow roots within it. */
  function deepTexts(root: ParentNode, selector: string): string[] {
    const found = [...root.querySelectorAll(selector)].map((el) => textOf(el));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) found.push(...deepTexts(el.shadowRoot, selector));
    return found;
  }

  const rulesOutput = (kind: 'exec-summary' | 'lifecycle') => ({
    status: 200,
    body: { output: { kind, generated: 'rules', promptVersion: null, confidence: null, citations: [], ...(kind === 'lifecycle' ? { lifecycle: summary.lifecycle } : { markdown: 'Summary.' }) } },
  });

  it('shows the value chain once: its placement by AI is offered inside the section, without a second chart', async () => {
    serveReady({
      [ENGAGEMENT]: asRole('lead'),
      [`GET /api/datasets/${DATASET_ID}/ai/exec-summary`]: rulesOutput('exec-summary'),
      [`GET /api/datasets/${DATASET_ID}/ai/lifecycle`]: rulesOutput('lifecycle'),
    });
    const p = await mount(true);
    await resultsShown(p);
    const offer = await waitFor(() => p.shadowRoot!.querySelector('ai-narrative-panel[kind="lifecycle"]')?.shadowRoot?.querySelector('button'), 'the offer to place it with AI');
    expect(textOf(offer)).to.equal('Write with AI');
    const panel = p.shadowRoot!.querySelector('ai-narrative-panel[kind="lifecycle"]')!;
    expect(((panel.assignedSlot?.assignedSlot?.getRootNode() as ShadowRoot).host as HTMLElement).id).to.equal('value-chain');
    expect(panel.shadowRoot!.querySelector('bar-chart')).to.equal(null);
    expect(deepTexts(p.shadowRoot!, 'h2, h3').filter((t) => /value chain/i.test(t))).to.deep.equal(['Value chain', 'Value chain placed by AI']);
    expect(deepTexts(p.shadowRoot!, 'figcaption').filter((t) => /by phase/i.test(t))).to.deep.equal(['People by phase']);
  });

  it('shows a viewer the value chain once, with nothing about AI when no placement was written', async () => {
    serveReady({
      [ENGAGEMENT]: asRole('viewer'),
      [`GET /api/datasets/${DATASET_ID}/ai/exec-summary`]: rulesOutput('exec-summary'),
      [`GET /api/datasets/${DATASET_ID}/ai/lifecycle`]: rulesOutput('lifecycle'),
    });
    const p = await mount(true);
    await resultsShown(p);
    const panel = await waitFor(() => p.shadowRoot!.querySelector('ai-narrative-panel[kind="lifecycle"]'), 'the value chain placed by AI');
    await waitFor(() => (panel as unknown as { output: unknown }).output, 'its rule-based output');
    await (panel as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(panel.shadowRoot!.children).to.have.length(0);
    expect(deepTexts(p.shadowRoot!, 'h2, h3').filter((t) => /value chain/i.test(t))).to.deep.equal(['Value chain']);
  });

  it('lists the page’s sections in an index that stays in reach, and takes focus to the one chosen', async () => {
    serveReady();
    const p = await mount();
    await resultsShown(p);
    const index = p.shadowRoot!.querySelector('nav.index')!;
    expect(getComputedStyle(index).position).to.equal('sticky');
    const links = [...index.querySelectorAll('a')];
    expect(links.map((a) => textOf(a))).to.deep.equal([
      'Overview', 'AI exposure', 'Savings scenarios', 'Roles and categories', 'Offshoring', 'Spans and layers', 'Value chain',
      'How this client compares', 'Executive summary', 'Deliverables', 'Copilot licences', 'Titles', 'Dataset settings',
    ]);
    links[5]!.click();
    expect(shadowQuery(p, 'dataset-results')!.shadowRoot!.activeElement?.id).to.equal('organisation');
    await p.updateComplete;
    expect(links[5]!.getAttribute('aria-current')).to.equal('location');
    links[11]!.click();
    expect(p.shadowRoot!.activeElement?.id).to.equal('titles');
  });

  it('shows the titles with source, codes, confidence and review flag', async () => {
    serveReady();
    const p = await mount();
    const table = await waitFor(() => shadowQuery(p, 'titles-table'), 'the titles table');
    await waitFor(() => table.shadowRoot?.querySelector('.body .row'), 'title rows');
    const rows = [...table.shadowRoot!.querySelectorAll('.body .row')].map((r) => [...r.querySelectorAll('[role=cell]')].map((c) => textOf(c)));
    expect(rows).to.deep.equal([
      ['Finance Director Finance Director (Finance)', '4', '11-3031', '1131', '90%', 'Rules', 'Matched "finance director"'],
      ['Receptionist Receptionist (Administration)', '5', '43-4171', '4216', '40% Review', 'Rules', 'Matched "receptionist"'],
    ]);
  });

  describe('correcting a title', () => {
    beforeEach(() => appDatabase().referenceVersions.clear());
    afterEach(() => appDatabase().referenceVersions.clear());

    /** Serves the dataset; once `rescored`, with the summary a correction produced and the title overridden. */
    function correctionServer(role: 'lead' | 'analyst' | 'viewer', rescoredSummary: DatasetSummary) {
      let rescored = false;
      server = harness.serve({
        [GET]: () => readyReply(rescored ? rescoredSummary : summary),
        [TITLES]: () => titlesReply(rescored ? [titles[0], overridden] : titles),
        [ENGAGEMENT]: asRole(role),
        'GET /api/reference/versions/1': versionOne,
        [`PUT ${OVERRIDES}`]: () => ((rescored = true), { status: 200, body: { override: overrideOf(), datasets: 1 } }),
        [`DELETE ${OVERRIDES}`]: () => ((rescored = false), { status: 200, body: { datasets: 1 } }),
      });
      return server;
    }

    const table = (p: DatasetPage) => shadowQuery(p, 'titles-table')!;
    const totalCost = (p: DatasetPage) => panelTexts(p, 'results-overview', '.tile').find((t) => t.startsWith('Total cost'));
    const correctButton = (p: DatasetPage, name: string) =>
      waitFor(() => table(p)?.shadowRoot?.querySelector<HTMLButtonElement>(`button[aria-label="Correct ${name}"]`), `Correct ${name}`);
    const dialog = (p: DatasetPage) => shadowQuery(p, 'title-correction')!.shadowRoot!.querySelector('dialog')!;

    it('shows occupation names from the dataset’s pinned reference version', async () => {
      correctionServer('lead', summary);
      const p = await mount();
      await waitFor(() => textOf(table(p)?.shadowRoot?.querySelector('.body .row')).includes('Financial Managers'), 'named occupations');
      const row = table(p).shadowRoot!.querySelector('.body .row')!;
      expect([...row.querySelectorAll('[role=cell]')].slice(2, 4).map((c) => textOf(c))).to.deep.equal(['11-3031 Financial Managers', '1131 Financial managers and directors']);
      // The summary's major groups and the names come from the same version: one request serves both.
      expect(server.requests.filter((r) => r.path === '/api/reference/versions/1')).to.have.length(1);
    });

    it('accepts an alternative in one click, sets the override and shows the rescored figures', async () => {
      const rescoredSummary = { ...summary, cost: { ...summary.cost, total: summary.cost.total + 1_234_567 } };
      correctionServer('analyst', rescoredSummary);
      const p = await mount();
      await resultsShown(p);
      expect(totalCost(p)).to.contain(formatMoneyShort(summary.cost.total, 'GBP'));
      (await correctButton(p, 'Receptionist')).click();
      const use = await waitFor(() => dialog(p).open && dialog(p).querySelector<HTMLButtonElement>('ol.alternatives button'), 'the alternative');
      await waitFor(
        () => textOf(dialog(p).querySelector('ol.alternatives li')).includes('US 43-6014 Secretaries and Administrative Assistants; UK 4159 Other administrative occupations n.e.c. (30% likely)'),
        'the alternative, named',
      );
      use.click();
      await waitFor(() => totalCost(p)?.includes(formatMoneyShort(rescoredSummary.cost.total, 'GBP')), 'the rescored total cost');
      expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).to.deep.equal([{ title: 'Receptionist', usSoc2018: '43-6014', ukSoc2020: '4159' }]);
      expect(dialog(p).open).to.equal(false);
      expect(textOf(p.shadowRoot!.querySelector('.correction-status'))).to.equal('Correction saved for “Receptionist”. The figures now include it.');
      expect(textOf(table(p).shadowRoot!.querySelectorAll('.body .row')[1])).to.contain('Override');
    });

    it('moves focus to the outcome when the corrected title leaves the Needs review view', async () => {
      correctionServer('lead', summary);
      const p = await mount();
      await correctButton(p, 'Receptionist');
      [...table(p).shadowRoot!.querySelectorAll<HTMLButtonElement>('.views button')][1]!.click();
      (await correctButton(p, 'Receptionist')).click();
      (await waitFor(() => dialog(p).open && dialog(p).querySelector<HTMLButtonElement>('ol.alternatives button'), 'the alternative')).click();
      await waitFor(() => textOf(p.shadowRoot!.querySelector('.correction-status')).startsWith('Correction saved'), 'the outcome');
      await waitFor(() => p.shadowRoot!.activeElement?.classList.contains('correction-status'), 'focus on the outcome');
      expect(textOf(table(p).shadowRoot!.querySelector('.empty'))).to.equal('No title needs review.');
    });

    it('removes an override and shows the figures without it', async () => {
      const rescoredSummary = { ...summary, cost: { ...summary.cost, total: summary.cost.total + 1_234_567 } };
      correctionServer('lead', rescoredSummary);
      const p = await mount();
      (await correctButton(p, 'Receptionist')).click();
      (await waitFor(() => dialog(p).open && dialog(p).querySelector<HTMLButtonElement>('ol.alternatives button'), 'the alternative')).click();
      const remove = await waitFor(() => table(p).shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Remove override for Receptionist"]'), 'Remove override');
      remove.click();
      await waitFor(() => totalCost(p)?.includes(formatMoneyShort(summary.cost.total, 'GBP')), 'the figures without the override');
      const removal = server.requests.find((r) => r.method === 'DELETE')!;
      expect(removal.search).to.equal('?title=Receptionist');
      expect(textOf(p.shadowRoot!.querySelector('.correction-status'))).to.equal('Override removed for “Receptionist”. The figures now include it.');
    });

    it('shows a viewer no correction controls', async () => {
      correctionServer('viewer', summary);
      const p = await mount();
      await waitFor(() => table(p)?.shadowRoot?.querySelector('.body .row'), 'title rows');
      await waitFor(() => server.requests.some((r) => r.path === `/api/engagements/${ENGAGEMENT_ID}`), 'the role look-up');
      await p.updateComplete;
      expect(table(p).shadowRoot!.querySelectorAll('.act button')).to.have.length(0);
      expect(p.shadowRoot!.querySelector('title-correction')).to.equal(null);
    });

    it('has no WCAG A or AA violations (axe) with the correction dialog open', async function (this: unknown) {
      allow(this, 15_000);
      correctionServer('lead', summary);
      const p = await mount();
      await resultsShown(p);
      (await correctButton(p, 'Receptionist')).click();
      await waitFor(() => dialog(p).open, 'the dialog');
      expect(await axeViolations(shadowQuery(p, 'title-correction')!)).to.deep.equal([]);
    });
  });

  it('shows the server message when the dataset cannot be read, with a retry', async () => {
    server = harness.serve({ [GET]: { status: 404, body: { error: 'not_found', message: 'Dataset not found.' } } });
    const p = await mount();
    const notice = await waitFor(() => {
      const n = shadowQuery(p, 'error-notice');
      return n && textOf(n.shadowRoot?.querySelector('[role=alert]')) ? n : null;
    }, 'the error');
    expect(textOf(notice.shadowRoot!.querySelector('p'))).to.equal('Dataset not found.');
    expect(notice.shadowRoot!.querySelector('button')?.textContent?.trim()).to.equal('Retry');
  });

  it('shows no section index while the dataset is being prepared, only its progress', async () => {
    server = harness.serve({
      [GET]: { status: 200, body: { dataset: datasetRecord('classifying', null), progress: { total: 10, pending: 10, bySource: { pending: 10 } }, latestReferenceVersion: 1 } },
      [`POST /api/datasets/${DATASET_ID}/classify`]: { status: 503, body: { error: 'unavailable', message: 'Try again later.' } },
    });
    const p = await mount();
    await waitFor(() => p.shadowRoot!.querySelector('#progress-heading'), 'the progress panel');
    expect(p.shadowRoot!.querySelector('nav.index')).to.equal(null);
    expect(p.shadowRoot!.querySelector('.with-index')).to.equal(null);
  });

  it('drives a classifying dataset to ready, showing counts by source, then shows the results', async function (this: unknown) {
    // Two classify steps, then the dataset, its summary and its titles are read and drawn: on a busy machine
    // (the whole suite on two cores) that takes longer than one read's two seconds.
    allow(this, 10_000);
    let pending = 10;
    server = harness.serve({
      [GET]: () =>
        pending > 0
          ? { status: 200, body: { dataset: datasetRecord('classifying', null), progress: { total: 10, pending, bySource: { pending } }, latestReferenceVersion: 1 } }
          : readyReply(summary),
      [`POST /api/datasets/${DATASET_ID}/classify`]: () => {
        pending -= 5;
        return {
          status: 200,
          body: { status: pending === 0 ? 'ready' : 'classifying', total: 10, pending, classifiedThisCall: 5, aiUsed: true, aiUnavailableReason: null, bySource: { pending, ai: 2 * (2 - pending / 5), rules: 3 * (2 - pending / 5) } },
        };
      },
      [TITLES]: titlesReply(titles),
    });
    const p = await mount();
    await resultsShown(p, 8_000);
    const classifyCalls = server.requests.filter((r) => r.path.endsWith('/classify'));
    expect(classifyCalls.map((r) => r.body)).to.deep.equal([{}, {}]);
  });

  it('resumes an upload queued in this browser: sends the chunks, completes and classifies', async function (this: unknown) {
    allow(this, 10_000);
    const queue = new DexieUploadQueue(appDatabase());
    await queue.enqueue({ datasetId: DATASET_ID, engagementId: ENGAGEMENT_ID, datasetName: 'Head office staff list' }, sampleRows(2_500));
    let stage: 'uploading' | 'classifying' | 'ready' = 'uploading';
    server = harness.serve({
      [GET]: () => (stage === 'ready' ? readyReply(summary) : { status: 200, body: { dataset: datasetRecord(stage, null), progress: { total: 0, pending: 0, bySource: {} }, latestReferenceVersion: 1 } }),
      [`POST /api/datasets/${DATASET_ID}/rows`]: { status: 201, body: { duplicate: false, uploadedRows: 0 } },
      [`POST /api/datasets/${DATASET_ID}/complete`]: () => ((stage = 'classifying'), { status: 200, body: { titles: 2, duplicateEmployeeIds: 0 } }),
      [`POST /api/datasets/${DATASET_ID}/classify`]: () => ((stage = 'ready'), { status: 200, body: { status: 'ready', total: 2, pending: 0, classifiedThisCall: 2, aiUsed: false, aiUnavailableReason: null, bySource: { rules: 2 } } }),
      [TITLES]: titlesReply(titles),
    });
    const p = await mount();
    await resultsShown(p);
    expect(server.requests.map((r) => `${r.method} ${r.path.split('/').pop()}`).filter((s) => !s.startsWith('GET'))).to.deep.equal([
      'POST rows',
      'POST rows',
      'POST complete',
      'POST classify',
    ]);
    expect(await queue.upload(DATASET_ID)).to.equal(undefined);
  });

  it('has no WCAG A or AA violations (axe) with results and titles shown', async function (this: unknown) {
    allow(this, 15_000);
    serveReady();
    const p = await mount();
    await resultsShown(p);
    await waitFor(() => shadowQuery(p, 'titles-table')?.shadowRoot?.querySelector('.body .row'), 'title rows');
    expect(await axeViolations(p)).to.deep.equal([]);
  });
});

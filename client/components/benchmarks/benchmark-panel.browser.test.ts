// The benchmark panel in Chromium, with GET /benchmarks faked at the fetch boundary by replies that the
// workers' own benchmark computation builds, so the panel reads what the server sends.
import { expect } from '@esm-bundle/chai';
import { computeBenchmarks, type BenchmarkSummary } from '../../../workers/benchmarks/benchmarks.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './benchmark-panel.ts';
import type { BenchmarkPanel } from './benchmark-panel.ts';
import { pageHarness } from '../../test/harness.ts';

const DATASET_ID = '6f0c1c9e-1b7a-4f0e-9d55-2a8e7f1c0b11';

function summary(costPerHead: number, options: { managers?: number; groups?: BenchmarkSummary['usMajorGroups'] } = {}): BenchmarkSummary {
  return {
    headcount: 100,
    cost: { total: costPerHead * 100, average: costPerHead },
    exposure: { averagePercentile: 55, automationShare: 0.12, augmentationShare: 0.21 },
    scenarios: { moderate: { grossSaving: costPerHead * 100 * 0.08 } },
    offshore: { headcountShare: 0.06 },
    organisation: { managers: options.managers ?? 12, averageSpan: 5, layerCount: 6 },
    usMajorGroups: options.groups ?? [{ major: '43', headcount: 100, headcountShare: 1, averagePercentile: 60 }],
  };
}

const compared = summary(48_000, {
  groups: [
    { major: '43', headcount: 70, headcountShare: 0.7, averagePercentile: 64 },
    { major: '15', headcount: 30, headcountShare: 0.3, averagePercentile: 88 },
  ],
});

describe('benchmark panel', () => {
  const harness = pageHarness();
  let server: FakeServer;

  async function show(contributors: BenchmarkSummary[]): Promise<BenchmarkPanel> {
    const benchmarks = computeBenchmarks(contributors, compared, { excludedEngagement: true });
    server = harness.serve({ 'GET /api/benchmarks': { status: 200, body: { benchmarks } } });
    const panel = harness.mount<BenchmarkPanel>('benchmark-panel', { majorGroupNames: { '43': 'Office and Administrative Support Occupations' }, datasetId: DATASET_ID });
    await waitFor(() => panel.shadowRoot?.querySelector('benchmark-chart, .withheld'), 'the benchmark');
    return panel;
  }
  const text = (p: BenchmarkPanel) => textOf(p.shadowRoot!.querySelector('section'));
  const rows = (p: BenchmarkPanel) =>
    [...p.shadowRoot!.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => textOf(c)).join(' | '));

  it('asks for the benchmark of this dataset', async () => {
    await show([]);
    expect(server!.requests.map((r) => `${r.path}${r.search}`)).to.deep.equal([`/api/benchmarks?datasetId=${DATASET_ID}`]);
  });

  it('shows the client beside the quartiles of other clients, in pounds and percentages', async () => {
    const p = await show([40_000, 42_000, 44_000, 46_000, 48_000, 50_000].map((c) => summary(c)));
    expect(text(p)).to.contain('Against 6 other clients');
    expect(rows(p)).to.include('Cost per head | £48,000 | £42,500 | £45,000 | £47,500');
    expect(rows(p)).to.include('Share of work AI could automate | 12% | 12% | 12% | 12%');
    expect(p.shadowRoot!.querySelectorAll('benchmark-chart').length).to.be.greaterThan(1);
  });

  it('says plainly that the whole benchmark is withheld below five other clients, and why', async () => {
    const p = await show([1, 2, 3, 4].map(() => summary(40_000)));
    expect(text(p)).to.contain('The benchmark is withheld: fewer than 5 other clients have a finished staff list in it');
    expect(p.shadowRoot!.querySelector('benchmark-chart')).to.equal(null);
  });

  it('withholds one occupation group and spans and layers on their own, naming the reason', async () => {
    const p = await show([1, 2, 3, 4, 5].map((i) => summary(40_000, { managers: i <= 4 ? 0 : 8 })));
    const t = text(p);
    expect(t).to.contain('Withheld: fewer than 5 other clients have a staff list with reporting lines');
    expect(t).to.contain('Major group 15: withheld, because fewer than 5 other clients have people in this group');
    const captions = [...p.shadowRoot!.querySelectorAll('benchmark-chart')].map((c) => c.caption);
    expect(captions).to.include('43 Office and Administrative Support Occupations (5 other clients)');
    expect(captions).not.to.include('Span of control and layers');
  });

  it('explains how the benchmark is built, including purged engagements', async () => {
    const p = await show([1, 2, 3, 4, 5].map(() => summary(40_000)));
    expect(textOf(p.shadowRoot!.querySelector('details'))).to.match(/purged engagement still contributes/);
  });

  it('is free of WCAG A and AA violations', async () => {
    const p = await show([40_000, 42_000, 44_000, 46_000, 48_000].map((c) => summary(c)));
    expect(await axeViolations(p)).to.deep.equal([]);
  });
});

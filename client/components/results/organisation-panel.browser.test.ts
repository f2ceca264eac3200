// <organisation-panel> in Chromium over summaries built by workers/scoring from the seed reference: layers and
// spans where the list has reporting lines, and a plain statement instead where it has none.
import { expect } from '@esm-bundle/chai';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf } from '../../test/fake-server.ts';
import { seedSummary, staffList, summaryOf } from '../../test/summary-fixture.ts';
import './organisation-panel.ts';
import type { OrganisationPanel } from './organisation-panel.ts';

/** Mocha's per-test time limit (its context type is not installed). */
const allow = (context: unknown, ms: number) => (context as { timeout(ms: number): void }).timeout(ms);

describe('organisation panel', () => {
  let panel: OrganisationPanel | null = null;
  let withLines: DatasetSummary;
  let noManagerColumn: DatasetSummary;
  let mostlyMissing: DatasetSummary;

  before(async function (this: unknown) {
    allow(this, 20_000);
    withLines = await seedSummary();
    noManagerColumn = await summaryOf(staffList().map((r) => ({ ...r, managerEmployeeId: null })));
    // E2–E5 report to E1; everyone else names a manager who is not in the list: 4 of 41 linked.
    mostlyMissing = await summaryOf(staffList().map((r, i) => ({ ...r, managerEmployeeId: i === 0 ? null : i < 5 ? 'E1' : `GONE-${i % 6}` })));
  });

  afterEach(() => {
    panel?.remove();
    panel = null;
  });

  async function mount(summary: DatasetSummary): Promise<ShadowRoot> {
    panel = document.createElement('organisation-panel');
    panel.summary = summary;
    document.body.append(panel);
    await panel.updateComplete;
    return panel.shadowRoot!;
  }

  /** Each figure row as its label and value joined by a space. */
  const rows = (root: ShadowRoot) => [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => textOf(cell)).join(' '));

  it('shows the layers, the chart and the span figures of a list with reporting lines', async () => {
    const root = await mount(withLines);
    expect(textOf(root.querySelector('p'))).to.equal(
      '3 layers of management from the top of the tree; 39 of 41 people reach the top through managers in the list. 1 manager reference named nobody in the list; the people reporting to them are counted as not connected.',
    );
    expect(root.querySelector('bar-chart')).to.not.equal(null);
    expect(rows(root)).to.include('Managers 5');
    expect(root.querySelector('.no-lines')).to.equal(null);
  });

  it('says a list without a manager column has no reporting lines, and shows no layer, manager or span', async () => {
    const root = await mount(noManagerColumn);
    expect(textOf(root.querySelector('.no-lines'))).to.equal(
      'There are no reporting lines in this list: no one in it names a manager, so it has no layers or spans of control.',
    );
    expect(textOf(root.querySelector('.no-lines + p'))).to.equal(
      'Layers and spans of control are shown only when at least half of the people report, through managers in the list, to the top of the organisation.',
    );
    expect(root.querySelector('bar-chart')).to.equal(null);
    expect(root.querySelector('table')).to.equal(null);
    expect(textOf(root.querySelector('section'))).to.not.match(/\blayer \d|\d+ layers? of|top of the tree|average span|managers \d/i);
  });

  it('says how few people are linked when most manager references name nobody in the list, and counts them', async () => {
    const root = await mount(mostlyMissing);
    expect(textOf(root.querySelector('.no-lines'))).to.equal(
      'There are no usable reporting lines in this list: only 4 of 41 people reach the top of the organisation through managers in the list, so it has no layers or spans of control. 36 people name a manager who is not in the list.',
    );
    expect(rows(root)).to.deep.equal(['People whose manager is not in the list 36', 'Distinct manager references not in the list 6']);
    expect(root.querySelector('bar-chart')).to.equal(null);
  });

  it('reads a summary stored before the reporting-lines flag, one flat layer of everybody, as having none', async () => {
    const o = noManagerColumn.organisation;
    const older = { ...o, roots: o.people, layerCount: 1, headcountByLayer: [o.people] } as DatasetSummary['organisation'];
    delete older.reportingLines;
    delete older.linked;
    const root = await mount({ ...noManagerColumn, organisation: older });
    expect(textOf(root.querySelector('.no-lines'))).to.match(/^There are no reporting lines in this list/);
    expect(root.querySelector('bar-chart')).to.equal(null);
  });

  it('has no accessibility violations either way', async () => {
    await mount(withLines);
    expect(await axeViolations(panel!)).to.deep.equal([]);
    panel?.remove();
    await mount(mostlyMissing);
    expect(await axeViolations(panel!)).to.deep.equal([]);
  });
});

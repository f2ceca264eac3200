// <report-document> in Chromium over summaries built by workers/scoring from the seed reference: spans and layers
// only where the list has reporting lines, whole people in the value chain, and a section per index entry.
import { expect } from '@esm-bundle/chai';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { textOf } from '../../test/fake-server.ts';
import { seedSummary, staffList, summaryOf } from '../../test/summary-fixture.ts';
import './report-document.ts';
import type { ReportContent, ReportDocument } from './report-document.ts';

/** Mocha's per-test time limit (its context type is not installed). */
const allow = (context: unknown, ms: number) => (context as { timeout(ms: number): void }).timeout(ms);

describe('client report document', () => {
  let doc: ReportDocument | null = null;
  let withLines: DatasetSummary;
  let noManagerColumn: DatasetSummary;

  before(async function (this: unknown) {
    allow(this, 20_000);
    withLines = await seedSummary();
    noManagerColumn = await summaryOf(staffList().map((r) => ({ ...r, managerEmployeeId: null })));
  });

  afterEach(() => {
    doc?.remove();
    doc = null;
  });

  async function mount(summary: DatasetSummary): Promise<ShadowRoot> {
    const content: ReportContent = {
      datasetName: 'Head office', engagementName: 'Review', clientName: null, summary, notes: null, brand: null, executiveSummary: null, sources: [], generatedAt: '2026-03-01T10:00:00.000Z',
    };
    doc = document.createElement('report-document');
    doc.content = content;
    document.body.append(doc);
    await doc.updateComplete;
    return doc.shadowRoot!;
  }

  const section = (root: ShadowRoot, id: string) => root.getElementById(id)!;

  it('prints the layers, spans and people per layer of a list with reporting lines', async () => {
    const spans = section(await mount(withLines), 'spans');
    expect(textOf(spans.querySelector('tr'))).to.equal('Layers3');
    expect(spans.querySelector('svg')?.getAttribute('aria-label')).to.match(/^People per layer/);
  });

  it('says a list without reporting lines has none, with no layer, manager or span', async () => {
    const spans = section(await mount(noManagerColumn), 'spans');
    expect(textOf(spans.querySelector('.statement'))).to.equal(
      'There are no reporting lines in this list: no one in it names a manager, so it has no layers or spans of control.',
    );
    expect(spans.querySelector('table')).to.equal(null);
    expect(spans.querySelector('svg')).to.equal(null);
    expect(textOf(spans)).to.not.match(/layer \d|managers with|average span/i);
  });

  it('prints value chain phases as whole people adding up to the people placed', async () => {
    const rows = [...section(await mount(withLines), 'value-chain').querySelectorAll('tbody tr')].map((tr) => textOf(tr.children[1]));
    const people = rows.map((r) => Number(r.replace(/,/g, '')));
    expect(people.every(Number.isInteger)).to.equal(true);
    expect(people.reduce((a, b) => a + b, 0)).to.equal(Math.round(withLines.lifecycle.phases.reduce((a, p) => a + p.headcount, 0)));
  });

  it('gives every top-level section an id and a heading, for the page’s index', async () => {
    const root = await mount(withLines);
    const sections = [...root.querySelectorAll('section[id]')].map((s) => [s.id, textOf(s.querySelector('h2'))]);
    expect(sections).to.deep.equal([
      ['headline', 'Headline figures'],
      ['exposure', 'Exposure to AI'],
      ['scenarios', 'Scenarios'],
      ['value', 'Where the value is concentrated'],
      ['spans', 'Spans and layers'],
      ['value-chain', 'Value chain'],
      ['methodology', 'Methodology and sources'],
    ]);
  });
});

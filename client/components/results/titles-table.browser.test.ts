import { expect } from '@esm-bundle/chai';
import { manyTitles } from '../../test/summary-fixture.ts';
import { textOf, waitFor } from '../../test/fake-server.ts';
import { OVERSCAN, ROW_HEIGHT, VIEWPORT_ROWS, filterTitles, visibleWindow } from './titles-table.ts';
import './titles-table.ts';
import type { TitlesTable } from './titles-table.ts';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

// The app runs under style-src 'self' (server/http/securityHeaders.ts): inline style attributes are blocked.
// The same policy here proves the rows are positioned through the CSSOM instead.
const policy = document.createElement('meta');
policy.httpEquiv = 'Content-Security-Policy';
policy.content = "style-src 'self'";
document.head.append(policy);
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));

describe('titles table', () => {
  let table: TitlesTable | null = null;

  afterEach(() => {
    table?.remove();
    table = null;
  });

  async function mount(count: number): Promise<TitlesTable> {
    table = document.createElement('titles-table');
    table.titles = manyTitles(count);
    document.body.append(table);
    await table.updateComplete;
    return table;
  }

  const renderedRows = (t: TitlesTable) => [...t.shadowRoot!.querySelectorAll('.body .row')];
  const status = (t: TitlesTable) => textOf(t.shadowRoot!.querySelector('[role=status]'));

  it('renders only the rows in view, plus the overscan, out of 3,000 titles', async () => {
    const t = await mount(3_000);
    expect(renderedRows(t)).to.have.length(VIEWPORT_ROWS + OVERSCAN);
    expect(t.shadowRoot!.querySelector('[role=table]')?.getAttribute('aria-rowcount')).to.equal('3001');
    expect(status(t)).to.equal('Showing 3,000 of 3,000 titles');
  });

  it('renders the last rows, with their row indexes, when scrolled to the bottom', async () => {
    const t = await mount(3_000);
    const viewport = t.shadowRoot!.querySelector<HTMLElement>('.viewport')!;
    viewport.scrollTop = viewport.scrollHeight;
    await waitFor(() => renderedRows(t).some((r) => r.getAttribute('aria-rowindex') === '3001'), 'the last row');
    await nextFrame();
    const rows = renderedRows(t);
    expect(rows.length).to.be.at.most(VIEWPORT_ROWS + 2 * OVERSCAN);
    expect(textOf(rows.at(-1)!.querySelector('[role=cell]'))).to.equal('Analyst grade 3000');
  });

  it('positions each rendered row at its own offset without an inline style attribute (strict CSP)', async () => {
    const t = await mount(3_000);
    await nextFrame();
    const rows = renderedRows(t);
    expect(rows.slice(0, 3).map((r) => (r as HTMLElement).style.transform)).to.deep.equal(['translateY(0px)', `translateY(${ROW_HEIGHT}px)`, `translateY(${2 * ROW_HEIGHT}px)`]);
    expect((t.shadowRoot!.querySelector('.body') as HTMLElement).style.height).to.equal(`${3_000 * ROW_HEIGHT}px`);
    expect(violations).to.deep.equal([]);
  });

  it('filters by text in the title, codes or role type, case-insensitively', async () => {
    const t = await mount(3_000);
    const input = t.shadowRoot!.querySelector<HTMLInputElement>('#title-filter')!;
    input.value = 'GRADE 2999';
    input.dispatchEvent(new Event('input'));
    await t.updateComplete;
    expect(status(t)).to.equal('Showing 1 of 3,000 titles');
    expect(renderedRows(t).map((r) => textOf(r.querySelector('[role=cell]')))).to.deep.equal(['Analyst grade 2999']);
  });

  it('narrows to titles flagged for review, and by source', () => {
    const titles = manyTitles(100);
    expect(filterTitles(titles, { text: '', source: '', reviewOnly: true })).to.have.length(10);
    expect(filterTitles(titles, { text: '', source: 'ai', reviewOnly: false })).to.have.length(34);
    expect(filterTitles(titles, { text: '13-2051', source: 'rules', reviewOnly: true })).to.have.length(6);
  });

  it('says so when no title matches', async () => {
    const t = await mount(20);
    const input = t.shadowRoot!.querySelector<HTMLInputElement>('#title-filter')!;
    input.value = 'nothing like this';
    input.dispatchEvent(new Event('input'));
    await t.updateComplete;
    expect(textOf(t.shadowRoot!.querySelector('.empty'))).to.equal('No titles match this filter.');
  });

  it('computes the window from the scroll position: the rows in view and the overscan each side', () => {
    expect(visibleWindow(0, 3_000)).to.deep.equal({ start: 0, end: VIEWPORT_ROWS + OVERSCAN });
    expect(visibleWindow(100 * ROW_HEIGHT, 3_000)).to.deep.equal({ start: 100 - OVERSCAN, end: 100 + VIEWPORT_ROWS + OVERSCAN });
    expect(visibleWindow(2_995 * ROW_HEIGHT, 3_000)).to.deep.equal({ start: 2_995 - OVERSCAN, end: 3_000 });
  });
});

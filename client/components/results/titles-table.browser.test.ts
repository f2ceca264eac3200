import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import type { DatasetTitle } from '../../api/datasets.ts';
import { catalogueFrom } from '../../reference/occupations.ts';
import { manyTitles } from '../../test/summary-fixture.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor } from '../../test/fake-server.ts';
import { OVERSCAN, ROW_HEIGHT, VIEWPORT_ROWS, filterTitles, visibleWindow } from './titles-table.ts';
import './titles-table.ts';
import type { TitleAction, TitlesTable } from './titles-table.ts';
import type { TitleVariant } from '../../api/datasets.ts';

const catalogue = catalogueFrom(1, {
  occupations: {
    us: { '13-2051': { title: 'Financial and Investment Analysts' }, '43-4171': { title: 'Receptionists and Information Clerks' } },
    uk: { '2422': { title: 'Finance and investment analysts and advisers' }, '4216': { title: 'Receptionists' } },
  },
});

/** The reading a title and a variant share unless a test says otherwise. */
const READING = {
  source: 'rules', usSoc2018: '13-2051', ukSoc2020: '2422', category: 'Finance', subcategory: 'Financial Analyst', confidence: 0.8, reviewRequired: false, reason: null, alternatives: [],
} as const;

const title = (name: string, headcount: number, fields: Partial<DatasetTitle> = {}): DatasetTitle => ({
  title: name, normalised: name.toLowerCase(), headcount, ...READING, alternatives: [], variants: null, ...fields,
});

/** A variant of a title: the context that split it, its people and its reading. */
const variant = (label: string, headcount: number, fields: Partial<TitleVariant> = {}): TitleVariant => ({
  label, headcount, splitBy: ['division'], scope: { kind: 'division', values: [label.replace(/^Unit: /, '')] }, contextKeys: [label], ...READING, alternatives: [], ...fields,
});

/** "Lieutenant" read as a fire officer in the fire department and a police officer in the police department. */
const lieutenant = () =>
  title('Lieutenant', 7, {
    usSoc2018: '43-4171',
    ukSoc2020: '4216',
    reviewRequired: true,
    variants: [
      variant('Unit: Fire Department (130)', 4, { usSoc2018: '43-4171', ukSoc2020: '4216', confidence: 0.81 }),
      variant('Unit: Police Department (390)', 3, { confidence: 0.55, reviewRequired: true, source: 'override', overrideScope: { kind: 'division', values: ['Police Department (390)'] } }),
    ],
  });

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

  async function mount(count: number | DatasetTitle[], setup: (t: TitlesTable) => void = () => undefined): Promise<TitlesTable> {
    table = document.createElement('titles-table');
    table.titles = typeof count === 'number' ? manyTitles(count) : count;
    setup(table);
    document.body.append(table);
    await table.updateComplete;
    return table;
  }

  const cells = (t: TitlesTable) => renderedRows(t).map((r) => [...r.querySelectorAll('[role=cell]')].map((c) => textOf(c)));
  const firstCell = (row: Element) => textOf(row.querySelector('[role=cell] > span'));

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
    expect(firstCell(rows.at(-1)!)).to.equal('Analyst grade 3000');
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
    expect(renderedRows(t).map(firstCell)).to.deep.equal(['Analyst grade 2999']);
  });

  it('narrows to titles flagged for review, and by source', () => {
    const titles = manyTitles(100);
    expect(filterTitles(titles, { text: '', source: '', reviewOnly: true })).to.have.length(10);
    expect(filterTitles(titles, { text: '', source: 'ai', reviewOnly: false })).to.have.length(34);
    expect(filterTitles(titles, { text: '13-2051', source: 'rules', reviewOnly: true })).to.have.length(6);
  });

  it('shows each code with its occupation name, the confidence as a percentage, the source and the reason', async () => {
    const t = await mount([title('Receptionist', 5, { source: 'ai', usSoc2018: '43-4171', ukSoc2020: '4216', category: 'Administration', subcategory: 'Receptionist', confidence: 0.42, reviewRequired: true, reason: 'Matched "receptionist"' })], (x) => (x.catalogue = catalogue));
    expect(cells(t)).to.deep.equal([
      ['Receptionist Receptionist (Administration)', '5', '43-4171 Receptionists and Information Clerks', '4216 Receptionists', '42% Review', 'AI', 'Matched "receptionist"'],
    ]);
  });

  it('finds titles by occupation name', () => {
    const titles = [title('Receptionist', 5, { usSoc2018: '43-4171', ukSoc2020: '4216' }), title('Analyst', 3)];
    expect(filterTitles(titles, { text: 'information clerks', source: '', reviewOnly: false }, catalogue).map((t) => t.title)).to.deep.equal(['Receptionist']);
  });

  it('lists only the titles flagged for review in the Needs review view, most people first', async () => {
    const titles = [title('Clerk', 2, { reviewRequired: true }), title('Porter', 9), title('Runner', 7, { reviewRequired: true }), title('Aide', 7, { reviewRequired: true })];
    const t = await mount(titles);
    const views = [...t.shadowRoot!.querySelectorAll<HTMLButtonElement>('.views button')];
    expect(views.map((b) => [textOf(b), b.getAttribute('aria-pressed')])).to.deep.equal([['All titles (4)', 'true'], ['Needs review (3)', 'false']]);
    views[1]!.click();
    await t.updateComplete;
    expect(views[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(renderedRows(t).map(firstCell)).to.deep.equal(['Aide', 'Runner', 'Clerk']);
  });

  it('shows no correction controls unless the caller may correct', async () => {
    const t = await mount([title('Porter', 9, { source: 'override' })]);
    expect(t.shadowRoot!.querySelectorAll('button:not(.views button)')).to.have.length(0);
    expect([...t.shadowRoot!.querySelectorAll('[role=columnheader]')].map(textOf)).not.to.include('Correction');
  });

  it('asks to correct a title, and to remove an override only where the title has one', async () => {
    const titles = [title('Porter', 9, { source: 'override' }), title('Clerk', 2)];
    const t = await mount(titles, (x) => (x.canCorrect = true));
    const asked: string[] = [];
    t.addEventListener('correct-title', (e) => asked.push(`correct ${(e as CustomEvent<TitleAction>).detail.title.title}`));
    t.addEventListener('remove-override', (e) => asked.push(`remove ${(e as CustomEvent<TitleAction>).detail.title.title}`));
    const buttons = [...t.shadowRoot!.querySelectorAll<HTMLButtonElement>('.act button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).to.deep.equal(['Correct Porter', 'Remove override for Porter', 'Correct Clerk']);
    buttons.forEach((b) => b.click());
    expect(asked).to.deep.equal(['correct Porter', 'remove Porter', 'correct Clerk']);
  });

  it('lets the keyboard reach the Correct control of rows beyond the first rendered window', async function (this: unknown) {
    (this as { timeout(ms: number): void }).timeout(20_000);
    const t = await mount(200, (x) => (x.canCorrect = true));
    t.shadowRoot!.querySelector<HTMLButtonElement>('.act button')!.focus();
    for (let i = 0; i < 40; i += 1) await sendKeys({ press: 'Tab' });
    expect(t.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Correct Analyst grade 41');
  });

  it('has no WCAG A or AA violations (axe) with correction controls and names shown', async () => {
    const t = await mount([title('Porter', 9, { source: 'override' }), title('Clerk', 2, { reviewRequired: true })], (x) => {
      x.canCorrect = true;
      x.catalogue = catalogue;
    });
    expect(await axeViolations(t)).to.deep.equal([]);
  });

  it('shows a title coded differently by context as one row whose variants open under it: context, people, codes, confidence and review', async () => {
    const t = await mount([lieutenant(), title('Clerk', 2)], (x) => (x.catalogue = catalogue));
    expect(renderedRows(t)).to.have.length(2);
    const toggle = t.shadowRoot!.querySelector<HTMLButtonElement>('button.toggle')!;
    expect([textOf(toggle), toggle.getAttribute('aria-expanded'), toggle.getAttribute('aria-label')]).to.deep.equal([
      '▸ Show 2 variants', 'false', 'Show 2 variants of Lieutenant',
    ]);
    toggle.click();
    await t.updateComplete;
    expect([textOf(toggle), toggle.getAttribute('aria-expanded')]).to.deep.equal(['▾ Hide 2 variants', 'true']);
    expect(cells(t).slice(1, 3)).to.deep.equal([
      ['Lieutenant, variant: Unit: Fire Department (130) Financial Analyst (Finance)', '4', '43-4171 Receptionists and Information Clerks', '4216 Receptionists', '81%', 'Rules', ''],
      ['Lieutenant, variant: Unit: Police Department (390) Financial Analyst (Finance)', '3', '13-2051 Financial and Investment Analysts', '2422 Finance and investment analysts and advisers', '55% Review', 'Override', ''],
    ]);
    expect(t.shadowRoot!.querySelector('[role=table]')?.getAttribute('aria-rowcount')).to.equal('5');
  });

  it('says how many of a title’s variants need review beside the largest variant’s confidence', async () => {
    const t = await mount([lieutenant()], (x) => (x.catalogue = catalogue));
    expect(cells(t)[0][4]).to.equal('80% Review: 1 of 2 variants');
  });

  it('lists a title in Needs review when one of its variants is, and finds it by a variant’s code', async () => {
    const titles = [lieutenant(), title('Clerk', 2)];
    expect(filterTitles(titles, { text: '', source: '', reviewOnly: true }).map((x) => x.title)).to.deep.equal(['Lieutenant']);
    expect(filterTitles(titles, { text: 'police department', source: '', reviewOnly: false }).map((x) => x.title)).to.deep.equal(['Lieutenant']);
  });

  it('asks to correct one variant, and to remove the override of a variant from its own line', async () => {
    const t = await mount([lieutenant()], (x) => (x.canCorrect = true));
    t.shadowRoot!.querySelector<HTMLButtonElement>('button.toggle')!.click();
    await t.updateComplete;
    const asked: string[] = [];
    const record = (kind: string) => (e: Event) => {
      const { title: subject, variant: v } = (e as CustomEvent<TitleAction>).detail;
      asked.push(`${kind} ${subject.title}${v ? ` / ${v.label}` : ''}`);
    };
    t.addEventListener('correct-title', record('correct'));
    t.addEventListener('remove-override', record('remove'));
    const buttons = [...t.shadowRoot!.querySelectorAll<HTMLButtonElement>('.act button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Correct Lieutenant',
      'Correct Lieutenant, Unit: Fire Department (130)',
      'Correct Lieutenant, Unit: Police Department (390)',
      'Remove override for Lieutenant, Unit: Police Department (390)',
    ]);
    buttons.forEach((b) => b.click());
    expect(asked).to.deep.equal([
      'correct Lieutenant',
      'correct Lieutenant / Unit: Fire Department (130)',
      'correct Lieutenant / Unit: Police Department (390)',
      'remove Lieutenant / Unit: Police Department (390)',
    ]);
  });

  it('has no WCAG A or AA violations (axe) with a title’s variants open', async () => {
    const t = await mount([lieutenant(), title('Clerk', 2)], (x) => {
      x.canCorrect = true;
      x.catalogue = catalogue;
    });
    t.shadowRoot!.querySelector<HTMLButtonElement>('button.toggle')!.click();
    await t.updateComplete;
    expect(await axeViolations(t)).to.deep.equal([]);
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

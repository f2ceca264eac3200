// The import component with the real import worker (the built bundle; `npm run test:browser` builds it).
import { expect } from '@esm-bundle/chai';
import type { ImportResult } from '../../../workers/import/rows.ts';
import { setImportWorkerUrl } from '../../worker-handles/import-worker.ts';
import { axeViolations } from '../../test/axe.ts';
import { shadowQuery, textOf, waitFor } from '../../test/fake-server.ts';
import './spreadsheet-import.ts';
import type { SpreadsheetImportElement } from './spreadsheet-import.ts';

interface ExcelJsGlobal {
  Workbook: new () => {
    addWorksheet(name: string): { addRow(values: unknown[]): void };
    xlsx: { writeBuffer(): Promise<ArrayBuffer> };
  };
}

async function xlsxFile(sheets: Record<string, unknown[][]>): Promise<File> {
  await import('/node_modules/exceljs/dist/exceljs.min.js' as string);
  const { Workbook } = (globalThis as unknown as { ExcelJS: ExcelJsGlobal }).ExcelJS;
  const workbook = new Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new File([await workbook.xlsx.writeBuffer()], 'staff.xlsx');
}

describe('<spreadsheet-import>', () => {
  let element: SpreadsheetImportElement | null = null;

  before(() => setImportWorkerUrl('/dist/client/workers/import.worker.js'));

  afterEach(() => {
    element?.remove();
    element = null;
  });

  async function mountWith(file: File): Promise<SpreadsheetImportElement> {
    element = document.createElement('spreadsheet-import');
    document.body.append(element);
    await element.updateComplete;
    const input = element.shadowRoot!.querySelector<HTMLInputElement>('#staff-file')!;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
    return element;
  }

  const mapping = (host: SpreadsheetImportElement) => shadowQuery(host, 'column-mapping');
  const prepareButton = (host: SpreadsheetImportElement) =>
    [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('.actions button')].find((b) => textOf(b).startsWith('Prepare'))!;
  const select = (host: SpreadsheetImportElement, id: string) => mapping(host)!.shadowRoot!.querySelector<HTMLSelectElement>(id)!;

  it('reads an XLSX in the worker, suggests the mapping and prepares rows without names or emails', async () => {
    const file = await xlsxFile({
      Staff: [
        ['Employee ID', 'Name', 'Job title', 'Salary', 'Band'],
        ['E1', 'Jane Smith', 'Finance Director', '£95,000', 'B9'],
        ['E2', 'Ravi Patel', 'Accounts Clerk', '24k', 'B3'],
        ['E3', 'Li Wei', '', '30000', 'B4'],
      ],
    });
    const host = await mountWith(file);
    await waitFor(() => mapping(host)?.shadowRoot?.querySelector('#field-title'), 'the mapping', 5000);
    expect(select(host, '#field-title').value).to.equal('2');
    expect(select(host, '#field-employeeId').value).to.equal('0');
    expect(textOf(prepareButton(host))).to.equal('Prepare 2 rows');

    // A grade-like column is suggested as a grouping, ticked, with its reason.
    const band = [...mapping(host)!.shadowRoot!.querySelectorAll<HTMLLIElement>('.groupings li')].find((li) => textOf(li.querySelector('label')) === 'Band')!;
    expect(band.querySelector('input')!.checked).to.equal(true);
    expect(textOf(band.querySelector('.hint'))).to.equal('A grouping heading with 3 values, few enough not to single people out.');

    const ready = new Promise<ImportResult>((resolve) => host.addEventListener('import-ready', (e) => resolve(e.detail), { once: true }));
    await waitFor(() => !prepareButton(host).disabled, 'the enabled button');
    prepareButton(host).click();
    const result = await ready;
    expect(result.rows.map((r) => [r.employeeId, r.title, r.salary, r.attributes])).to.deep.equal([
      ['E1', 'Finance Director', 95000, { Band: 'B9' }],
      ['E2', 'Accounts Clerk', 24000, { Band: 'B3' }],
    ]);
    expect(result.stats.skippedNoTitle).to.equal(1);
    expect(JSON.stringify(result)).not.to.match(/Jane|Ravi|Li Wei/);
    await waitFor(() => host.shadowRoot!.querySelector('#prepared-heading'), 'the summary');
    expect(textOf(host.shadowRoot!.querySelector('dl'))).to.contain('Rows to upload 2 Rows read from the file 3 Skipped without a job title 1');
  });

  it('blocks preparing rows while the employee ID column holds email addresses, and says how to fix it', async () => {
    const file = await xlsxFile({ Staff: [['Staff number', 'Job title'], ['jane@example.com', 'Clerk'], ['E2', 'Cook']] });
    const host = await mountWith(file);
    await waitFor(() => mapping(host)?.shadowRoot?.querySelector('#field-employeeId'), 'the mapping', 5000);
    const employeeId = select(host, '#field-employeeId');
    employeeId.value = '0';
    employeeId.dispatchEvent(new Event('change'));
    await waitFor(() => mapping(host)!.shadowRoot!.querySelector('#field-employeeId-problem'), 'the problem');
    expect(textOf(mapping(host)!.shadowRoot!.querySelector('#field-employeeId-problem'))).to.contain('holds an email address (row 2). IDs are never emails.');
    expect(prepareButton(host).disabled).to.equal(true);
  });

  it('warns before upload when the manager references do not resolve, and applies the offered Employee ID in one click', async () => {
    const csv = ['Personnel no,Post,Job title,Reports to post', '501,P1,Director,XX', '502,P2,Manager,P1', '503,P3,Clerk,P2', '504,P4,Clerk,P2'].join('\n');
    const host = await mountWith(new File([csv], 'posts.csv'));
    await waitFor(() => mapping(host)?.shadowRoot?.querySelector<HTMLSelectElement>('#field-employeeId')?.value === '1', 'Post suggested as the Employee ID', 5000);
    const employeeId = select(host, '#field-employeeId');
    employeeId.value = '0';
    employeeId.dispatchEvent(new Event('change'));
    const checks = () => shadowQuery(host, 'import-checks')!.shadowRoot!;
    const fix = await waitFor(() => checks().querySelector<HTMLButtonElement>('li button'), 'the offered fix');
    expect(textOf(checks().querySelector('li'))).to.contain('Reporting lines will not resolve: only 0% of manager references (0 of 3)');
    expect(textOf(fix)).to.equal('Use “Post” as the Employee ID (100% of “Reports to post” values are in it)');
    expect(await axeViolations(host)).to.deep.equal([]);
    fix.click();
    await waitFor(() => select(host, '#field-employeeId').value === '1' && !checks().querySelector('li button'), 'the fix applied');
    const resolved = [...checks().querySelectorAll('dl > div')].find((d) => textOf(d.querySelector('dt')) === 'Manager references that resolve')!;
    expect(textOf(resolved.querySelector('dd'))).to.equal('100% (3 of 3)');
  });

  it('adds a second file whose rows join the first, each file with its own mapping, and removes it again', async function (this: MochaContext) {
    this.timeout(20_000);
    const host = await mountWith(new File(['Post,Job title,Reports to\nP1,Director,XX\nP2,Manager,P1\n'], 'senior.csv'));
    await waitFor(() => textOf(prepareButton(host)) === 'Prepare 2 rows', 'the first file', 5000);
    const second = host.shadowRoot!.querySelector<HTMLInputElement>('#second-file')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Post,Job title,Reports to\nP3,Clerk,P2\nP4,Clerk,P2\n'], 'team.csv'));
    second.files = transfer.files;
    second.dispatchEvent(new Event('change'));
    await waitFor(() => textOf(prepareButton(host)) === 'Prepare 4 rows', 'both files counted', 5000);
    expect(host.shadowRoot!.querySelectorAll('column-mapping').length).to.equal(2);
    expect(await axeViolations(host)).to.deep.equal([]);
    const remove = [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((b) => textOf(b) === 'Remove team.csv')!;
    remove.click();
    await waitFor(() => textOf(prepareButton(host)) === 'Prepare 2 rows', 'the second file removed', 5000);
  });

  it('switches sheets with the sheet chooser', async () => {
    const file = await xlsxFile({ March: [['Job title', 'Pay'], ['Cook', '20000']], April: [['Role', 'Pay'], ['Cook', '20000'], ['Clerk', '21000']] });
    const host = await mountWith(file);
    const chooser = await waitFor(() => host.shadowRoot!.querySelector<HTMLSelectElement>('#sheet-choice'), 'the sheet chooser', 5000);
    expect([...chooser.options].map((o) => o.textContent)).to.deep.equal(['March', 'April']);
    chooser.value = '1';
    chooser.dispatchEvent(new Event('change'));
    await waitFor(() => textOf(prepareButton(host)) === 'Prepare 2 rows', 'the rows of the second sheet');
  });

  it('says an empty sheet has no rows when it is chosen, and stays on the sheet it had', async () => {
    const file = await xlsxFile({ Staff: [['Job title', 'Pay'], ['Cook', '20000']], Sheet2: [] });
    const host = await mountWith(file);
    const chooser = await waitFor(() => host.shadowRoot!.querySelector<HTMLSelectElement>('#sheet-choice'), 'the sheet chooser', 5000);
    chooser.value = '1';
    chooser.dispatchEvent(new Event('change'));
    await waitFor(() => textOf(shadowQuery(host, 'error-notice', '[role="alert"]')).includes('The sheet “Sheet2” is empty: it has no rows.'), 'the message', 5000);
    expect(chooser.value).to.equal('0');
    expect(textOf(prepareButton(host))).to.equal('Prepare 1 rows');
  });

  it('refuses an empty workbook with “no rows”, showing no checks or mapping', async () => {
    const host = await mountWith(await xlsxFile({ Sheet1: [] }));
    await waitFor(() => textOf(shadowQuery(host, 'error-notice', '[role="alert"]')) === 'The workbook has no rows: every sheet is empty.', 'the message', 5000);
    expect([shadowQuery(host, 'import-checks'), mapping(host)]).to.deep.equal([null, null]);
  });

  it('says which formula cells have no saved result, and counts them before upload', async () => {
    const file = await xlsxFile({
      Sheet1: [['Employee ID', 'Job title', 'Salary', 'Annual cost'], ['E1', 'Clerk', { formula: 'D2/1.2', result: 20000 }, 24000], ['E2', 'Cook', { formula: 'D3/1.2' }, 30000]],
    });
    const host = await mountWith(file);
    const warning = await waitFor(() => [...(shadowQuery(host, 'import-checks')?.shadowRoot?.querySelectorAll('li') ?? [])].find((li) => textOf(li).includes('no saved result')), 'the warning', 5000);
    expect(textOf(warning)).to.contain('1 formula cell has no saved result (Sheet1!C3); it is read as blank.');
    expect(textOf(warning.querySelector('button'))).to.equal('List them in the cells to fix (XLSX)');
    const figure = [...shadowQuery(host, 'import-checks')!.shadowRoot!.querySelectorAll('dl > div')].find((d) => textOf(d.querySelector('dt')).startsWith('Cells not read'))!;
    expect(textOf(figure.querySelector('dd'))).to.equal('1');
  });

  it('says how many people report to a manager not in the list, in the checks and in the rows prepared, and lists them in one click', async () => {
    const csv = ['Employee ID,Manager ID,Job title', 'A,,Director', 'B,A,Clerk', 'C,A,Cook', 'D,Z,Porter'].join('\n');
    const host = await mountWith(new File([csv], 'staff.csv'));
    const warning = await waitFor(() => [...(shadowQuery(host, 'import-checks')?.shadowRoot?.querySelectorAll('li') ?? [])].find((li) => textOf(li).includes('not in the list')), 'the warning', 5000);
    expect(textOf(warning)).to.contain('only 67% of manager references (2 of 3) name someone in the list');
    expect(textOf(warning)).to.contain('1 person reports to 1 manager who is not in the list.');
    const list = warning.querySelector<HTMLButtonElement>('button')!;
    expect(textOf(list)).to.equal('List them in the cells to fix (XLSX)');
    list.click();
    await waitFor(() => textOf(host.shadowRoot!.querySelector('.actions [role="status"]')) === '1 cell to fix, downloaded.', 'the download');
    await waitFor(() => !prepareButton(host).disabled, 'the enabled button');
    prepareButton(host).click();
    await waitFor(() => host.shadowRoot!.querySelector('#prepared-heading'), 'the rows prepared');
    expect(textOf(host.shadowRoot!.querySelector('dl'))).to.contain('People whose manager is not in the list 1 (1 manager reference)');
  });

  it('warns when the job title column leaves most rows out, and applies the column that fills them in one click', async () => {
    const headings = ['Department Name', 'Base Salary', 'Employee Position Title', 'Underfilled Job Title'];
    const titles = ['Police Officer III', 'Bus Operator', 'Librarian I', 'Firefighter/Rescuer III', 'Office Services Coordinator'];
    const rows = Array.from({ length: 40 }, (_, i) => ['Department of Police', String(40000 + i * 500), titles[i % 5]!, i % 8 === 0 ? 'Police Officer I' : '']);
    const host = await mountWith(new File([[headings, ...rows].map((r) => r.join(',')).join('\n')], 'salaries.csv'));
    await waitFor(() => mapping(host)?.shadowRoot?.querySelector<HTMLSelectElement>('#field-title')?.value === '2', 'Employee Position Title suggested', 5000);
    const title = select(host, '#field-title');
    title.value = '3';
    title.dispatchEvent(new Event('change'));
    const warning = await waitFor(() => [...(shadowQuery(host, 'import-checks')?.shadowRoot?.querySelectorAll('li') ?? [])].find((li) => textOf(li).includes('no job title')), 'the warning', 5000);
    expect(textOf(warning)).to.contain('35 of 40 rows (88%) have no job title in “Underfilled Job Title” and will not be uploaded: only 5 people would be.');
    const fix = warning.querySelector<HTMLButtonElement>('button')!;
    expect(textOf(fix)).to.equal('Use “Employee Position Title” as the Job title (a title in 40 of 40 rows (100%))');
    expect(await axeViolations(host)).to.deep.equal([]);
    fix.click();
    await waitFor(() => select(host, '#field-title').value === '2' && textOf(prepareButton(host)) === 'Prepare 40 rows', 'the fix applied');
    expect(textOf(mapping(host)!.shadowRoot!.querySelector('#field-title-reason'))).to.contain('Chosen from the checks');
  });

  // Regression: spreading 100,000 row widths into Math.max overflowed the worker's stack in Chromium
  // (Node's larger stack hid it from the unit tests).
  it('opens a CSV at the row limit (100,000 people and a heading row) in the worker', async function (this: MochaContext) {
    this.timeout(30_000);
    const lines = ['Employee ID,Manager ID,Job Title,Salary'];
    for (let i = 0; i < 100_000; i += 1) lines.push(`E${i},${i === 0 ? '' : `E${Math.floor(i / 8)}`},Payroll Clerk,${25000 + (i % 50) * 100}`);
    const host = await mountWith(new File([lines.join('\n')], 'big.csv', { type: 'text/csv' }));
    await waitFor(() => mapping(host), 'the column mapping', 20_000);
    expect(textOf(shadowQuery(host, 'error-notice', '[role="alert"]'))).to.equal('');
  });

  it('shows a file over the limit as its message', async () => {
    const host = await mountWith(new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.csv'));
    await waitFor(() => textOf(shadowQuery(host, 'error-notice', '[role="alert"]')).includes('the limit is 20 MB'), 'the limit message', 5000);
  });

  it('has no WCAG A or AA violations once a file is mapped', async () => {
    const file = new File(['Job title,Team,Email\nClerk,Ops,a@example.com\n'], 'staff.csv');
    const host = await mountWith(file);
    await waitFor(() => mapping(host)?.shadowRoot?.querySelector('#field-title'), 'the mapping', 5000);
    expect(await axeViolations(host)).to.deep.equal([]);
  });
});

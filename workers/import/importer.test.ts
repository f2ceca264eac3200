import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SpreadsheetImport, type ImportProgress } from './importer.ts';
import { IMPORT_LIMITS } from './limits.ts';

async function workbookBlob(build: (workbook: ExcelJS.Workbook) => void): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

describe('SpreadsheetImport with an XLSX file', () => {
  it('reads the first visible sheet, finds the heading row below a title and turns cells into text', async () => {
    const blob = await workbookBlob((wb) => {
      wb.addWorksheet('Notes').state = 'hidden';
      const staff = wb.addWorksheet('Staff');
      staff.addRow(['Staff list, March']);
      staff.addRow(['Employee ID', 'Job title', 'Salary', 'FTE', 'Start']);
      staff.addRow(['E1', { richText: [{ text: 'Head of ' }, { text: 'Finance' }] }, 85000, 1, new Date(Date.UTC(2020, 0, 6))]);
      staff.addRow(['E2', 'Clerk', { formula: 'C3/2', result: 42500 }, 0.6, null]);
    });
    const session = new SpreadsheetImport();
    const { file, view } = await session.open(blob, 'staff.xlsx');
    expect(file.kind).toBe('xlsx');
    expect(file.sheets.map((s) => [s.name, s.hidden])).toEqual([['Notes', true], ['Staff', false]]);
    expect(view).toMatchObject({
      sheetIndex: 1,
      headerRowNumber: 2,
      headers: ['Employee ID', 'Job title', 'Salary', 'FTE', 'Start'],
      rowCount: 2,
      preview: [['E1', 'Head of Finance', '85000', '1', '2020-01-06'], ['E2', 'Clerk', '42500', '0.6']],
    });
  });

  it('switches to another sheet from the chooser', async () => {
    const blob = await workbookBlob((wb) => {
      wb.addWorksheet('One').addRow(['Job title', 'Salary']);
      const two = wb.addWorksheet('Two');
      two.addRow(['Role', 'Pay']);
      two.addRow(['Cook', '20000']);
    });
    const session = new SpreadsheetImport();
    await session.open(blob, 'book.xlsx');
    expect(session.selectSheet(1)).toMatchObject({ sheetIndex: 1, headers: ['Role', 'Pay'], rowCount: 1 });
  });

  it('builds upload rows through the suggested mapping', async () => {
    const blob = await workbookBlob((wb) => {
      const s = wb.addWorksheet('Staff');
      s.addRow(['Employee ID', 'Job title', 'Salary']);
      s.addRow(['E1', 'Clerk', '£20,000']);
    });
    const session = new SpreadsheetImport();
    await session.open(blob, 'staff.xlsx');
    const { mapping } = session.initialMapping(null);
    expect(session.check(mapping)).toMatchObject({ issues: [], rowsToUpload: 1, combined: null });
    expect(session.build(mapping).rows).toEqual([
      { employeeId: 'E1', managerEmployeeId: null, title: 'Clerk', salary: 20000, fte: null, division: null, organisation: null, grade: null, group: null, location: null, attributes: null },
    ]);
  });

  it('refuses a sheet with more than 100,001 rows before reading its cells', async () => {
    const blob = await workbookBlob((wb) => {
      const s = wb.addWorksheet('Staff');
      s.addRow(['Job title']);
      s.getRow(IMPORT_LIMITS.rows + 1).getCell(1).value = 'Clerk';
    });
    await expect(new SpreadsheetImport().open(blob, 'big.xlsx')).rejects.toThrow('more than 100,001 rows');
  });

  it('reports reading, unpacking and parsing progress', async () => {
    const blob = await workbookBlob((wb) => wb.addWorksheet('S').addRows([['Job title', 'Pay'], ['Clerk', 20000]]));
    const stages: ImportProgress['stage'][] = [];
    await new SpreadsheetImport().open(blob, 's.xlsx', (p) => stages.push(p.stage));
    expect([...new Set(stages)]).toEqual(['reading', 'unpacking', 'parsing']);
  });
});

describe('SpreadsheetImport with a CSV file', () => {
  it('reads a Windows-1252 semicolon file and says how it was read', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('Job title;Salary\r\nCaf'), 0xe9, ...new TextEncoder().encode(' manager;'), 0x80, ...new TextEncoder().encode('30k\r\n')]);
    const { file, view } = await new SpreadsheetImport().open(new Blob([bytes]), 'staff.csv');
    expect(file).toMatchObject({ kind: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(view.preview).toEqual([['Café manager', '€30k']]);
  });

  it('lets the consultant choose another heading row among the first 20', async () => {
    const session = new SpreadsheetImport();
    await session.open(new Blob(['Job title,Pay\nClerk,1\nCook,2\n']), 'a.csv');
    expect(session.setHeaderRow(2)).toMatchObject({ headerRowNumber: 2, headers: ['Clerk', '1'], rowCount: 1 });
  });

  it('reads a list of titles one a line as one column with no heading row, each title whole and each line a person', async () => {
    const session = new SpreadsheetImport();
    const { file, view } = await session.open(new Blob(['Chief Executive\nDeputy Director, Finance\nPolicy Adviser\n']), 'titles.txt');
    expect(file.delimiter).toBe('');
    expect(view).toMatchObject({ headerRowNumber: 0, headers: [''], rowCount: 3, preview: [['Chief Executive'], ['Deputy Director, Finance'], ['Policy Adviser']] });
    const { mapping } = session.initialMapping(null);
    expect(mapping.fields.title).toBe(0);
    expect(session.build(mapping).rows.map((row) => row.title)).toEqual(['Chief Executive', 'Deputy Director, Finance', 'Policy Adviser']);
  });

  it('keeps the heading of a one-column list that has one', async () => {
    const { view } = await new SpreadsheetImport().open(new Blob(['Job title\nChief Executive\nPolicy Adviser\n']), 'titles.csv');
    expect(view).toMatchObject({ headerRowNumber: 1, headers: ['Job title'], rowCount: 2 });
  });

  it('lets the consultant say the file has no heading row, making row 1 a person', async () => {
    const session = new SpreadsheetImport();
    await session.open(new Blob(['Clerk,20000\nCook,18000\n']), 'a.csv');
    expect(session.setHeaderRow(0)).toMatchObject({ headerRowNumber: 0, headers: ['', ''], rowCount: 2, preview: [['Clerk', '20000'], ['Cook', '18000']] });
  });

  it('refuses a file over 20 MB before reading it', async () => {
    const blob = new Blob([new Uint8Array(IMPORT_LIMITS.fileBytes + 1)]);
    await expect(new SpreadsheetImport().open(blob, 'huge.csv')).rejects.toThrow('the limit is 20 MB');
  });

  it('refuses a file named .xlsx that is not a workbook', async () => {
    await expect(new SpreadsheetImport().open(new Blob(['a,b\n1,2\n'.repeat(5)]), 'fake.xlsx')).rejects.toThrow('not a readable Excel workbook');
  });
});

describe('an empty workbook, sheet or file', () => {
  it('refuses a workbook whose only sheet is empty with “no rows”, as an empty CSV file is refused', async () => {
    const blob = await workbookBlob((wb) => wb.addWorksheet('Sheet1'));
    await expect(new SpreadsheetImport().open(blob, 'empty.xlsx')).rejects.toThrow('The workbook has no rows: every sheet is empty.');
  });

  it('refuses a sheet of headings with no rows beneath them', async () => {
    const blob = await workbookBlob((wb) => wb.addWorksheet('Staff').addRow(['Job title', 'Salary']));
    await expect(new SpreadsheetImport().open(blob, 'headings.xlsx')).rejects.toThrow('The sheet “Staff” has headings but no rows beneath them.');
  });

  it('opens the first sheet with people when the first sheet is empty', async () => {
    const blob = await workbookBlob((wb) => {
      wb.addWorksheet('Cover');
      wb.addWorksheet('Staff').addRows([['Job title', 'Salary'], ['Clerk', 20000]]);
    });
    const { file, view } = await new SpreadsheetImport().open(blob, 'book.xlsx');
    expect([file.sheetIndex, view.rowCount]).toEqual([1, 1]);
  });

  it('refuses to switch to an empty sheet, saying it has no rows, and keeps the sheet it had', async () => {
    const blob = await workbookBlob((wb) => {
      wb.addWorksheet('Staff').addRows([['Job title', 'Salary'], ['Clerk', 20000]]);
      wb.addWorksheet('Sheet2');
    });
    const session = new SpreadsheetImport();
    await session.open(blob, 'book.xlsx');
    expect(() => session.selectSheet(1)).toThrow('The sheet “Sheet2” is empty: it has no rows. Choose another sheet.');
    expect(session.view()).toMatchObject({ sheetIndex: 0, rowCount: 1 });
  });

  it('refuses a CSV file of blank lines or of headings alone with “no rows”', async () => {
    await expect(new SpreadsheetImport().open(new Blob(['\r\n\r\n']), 'blank.csv')).rejects.toThrow('The file is empty: it has no rows.');
    await expect(new SpreadsheetImport().open(new Blob(['Job title,Salary\r\n']), 'headings.csv')).rejects.toThrow('The file has headings but no rows beneath them.');
  });
});

describe('formula cells', () => {
  async function staffWithFormulas() {
    return workbookBlob((wb) => {
      const s = wb.addWorksheet('Sheet1');
      s.addRow(['Employee ID', 'Job title', 'Salary', 'Annual cost']);
      s.addRow(['E1', 'Clerk', { formula: 'D2/1.2', result: 20000 }, 24000]);
      s.addRow(['E2', 'Cook', { formula: 'D3/1.2' }, 30000]);
      s.addRow(['E3', 'Porter', { formula: 'D4/0', result: { error: '#DIV/0!' } }, 18000]);
      s.addRow(['E4', { formula: 'UPPER("x")' }, 25000, 30000]);
    });
  }

  it('reads a formula cell from its saved result', async () => {
    const session = new SpreadsheetImport();
    await session.open(await staffWithFormulas(), 'staff.xlsx');
    expect(session.build({ fields: { employeeId: 0, title: 1, salary: 2 }, groupings: [] }).rows.find((r) => r.employeeId === 'E1')?.salary).toBe(20000);
  });

  it('names and counts the formula cells without a saved result, and the errors, before upload', async () => {
    const session = new SpreadsheetImport();
    await session.open(await staffWithFormulas(), 'staff.xlsx');
    const { checks } = session.check({ fields: { employeeId: 0, title: 1, salary: 2 }, groupings: [] });
    expect([checks.unreadableCells, checks.unreadableExamples]).toEqual([3, ['Sheet1!C3', 'Sheet1!C4', 'Sheet1!B5']]);
    expect(checks.warnings.find((w) => w.listedInCellsToFix && w.message.includes('formula'))?.message).toBe(
      '2 formula cells have no saved result, and 1 cell holds an error such as #DIV/0! (Sheet1!C3, Sheet1!C4, Sheet1!B5); they are read as blank. ' +
        'Open the workbook in Excel, let it calculate, save it, and choose it again.',
    );
  });

  it('counts them in the prepared rows', async () => {
    const session = new SpreadsheetImport();
    await session.open(await staffWithFormulas(), 'staff.xlsx');
    expect(session.build({ fields: { employeeId: 0, title: 1, salary: 2 }, groupings: [] }).stats).toMatchObject({ unreadableCells: 3, skippedNoTitle: 1, rowsRead: 4 });
  });

  it('lists each of them in the cells-to-fix workbook by sheet and cell', async () => {
    const session = new SpreadsheetImport();
    await session.open(await staffWithFormulas(), 'staff.xlsx');
    const made = (await session.refusedCellsWorkbook({ fields: { employeeId: 0, title: 1, salary: 2 }, groupings: [] }))!;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(made.bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Cells to fix')!;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1, 4));
    expect(rows).toEqual([
      ['Sheet1!C3', 3, 'Salary'],
      ['Sheet1!C4', 4, 'Salary'],
      ['Sheet1!B5', 5, 'Job title'],
    ]);
    expect(String(sheet.getRow(2).getCell(5).value)).toMatch(/^A formula with no saved result: read as blank/);
    expect(String(sheet.getRow(3).getCell(5).value)).toMatch(/^Holds the error #DIV\/0!/);
  });
});

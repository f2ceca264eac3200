import ExcelJS from 'exceljs';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addKeyFigureSheet, addTableSheet, workbookBytes, type TableColumn } from './xlsxStyle.ts';

/** The archive's entries as text by name (exceljs's zip writer puts each entry's sizes in its local header). */
function entries(bytes: ArrayBuffer): Map<string, string> {
  const zip = new Uint8Array(bytes);
  const view = new DataView(bytes);
  const out = new Map<string, string>();
  for (let at = 0; view.getUint32(at, true) === 0x04034b50; ) {
    const method = view.getUint16(at + 8, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    const data = zip.subarray(start, start + size);
    out.set(new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength)), new TextDecoder().decode(method === 8 ? inflateRawSync(data) : data));
    at = start + size;
  }
  return out;
}

type Row = { name: string; cost: number };
const COLUMNS: TableColumn<Row>[] = [
  { header: 'Name', width: 20, value: (r) => r.name },
  { header: 'Cost', width: 12, format: 'money', value: (r) => r.cost },
];

function workbook(): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  addKeyFigureSheet(book, 'Overview', 'Overview', [{ label: 'Headcount', value: 2, format: 'count' }]);
  addTableSheet(book, "Team's costs", COLUMNS, [{ name: 'A', cost: 1000 }, { name: 'B', cost: 2500.5 }]);
  return book;
}

const FILTER_NAME = /<definedName name="_xlnm\._FilterDatabase" localSheetId="(\d+)">([^<]*)<\/definedName>/g;

describe('workbookBytes', () => {
  it("names each autofilter's range for its own sheet, as Excel does and LibreOffice needs to show the filter", async () => {
    const files = entries(await workbookBytes(workbook()));
    expect([...files.get('xl/workbook.xml')!.matchAll(FILTER_NAME)].map((m) => [m[1], m[2]])).toEqual([['1', '&apos;Team&apos;&apos;s costs&apos;!$A$1:$B$3']]);
    expect(files.get('xl/worksheets/sheet2.xml')).toContain('<autoFilter ref="A1:B3"/>');
    expect(files.get('xl/worksheets/sheet1.xml')).not.toContain('<autoFilter');
  });

  it('leaves the workbook as it was: a second write holds the same sheets and names once', async () => {
    const book = workbook();
    await workbookBytes(book);
    book.getWorksheet('Overview')!.addRow(['Added after the first write', 3]);
    const files = entries(await workbookBytes(book));
    expect([...files.get('xl/workbook.xml')!.matchAll(FILTER_NAME)]).toHaveLength(1);
    expect(files.get('xl/worksheets/sheet1.xml')).toContain('<row r="4"');
    expect(files.get('xl/sharedStrings.xml')).toContain('Added after the first write');
    expect(book.definedNames.model).toEqual([]);
  });

  it('leaves the workbook as it was when the write fails part-way', async () => {
    const book = workbook();
    const overview = book.getWorksheet('Overview')!;
    const costs = book.getWorksheet("Team's costs")!;
    // The second sheet's model cannot be built: the first sheet and the defined names are shadowed by then.
    Object.defineProperty(costs, 'model', { configurable: true, get: () => { throw new Error('unreadable sheet'); } });
    await expect(workbookBytes(book)).rejects.toThrow('unreadable sheet');
    expect(Object.hasOwn(overview, 'model')).toBe(false);
    expect(book.definedNames.model).toEqual([]);
    overview.addRow(['Added after the failed write', 3]);
    const files = entries(await workbookBytes(book));
    expect([...files.get('xl/workbook.xml')!.matchAll(FILTER_NAME)]).toHaveLength(1);
    expect(files.get('xl/sharedStrings.xml')).toContain('Added after the failed write');
  });

  it('reads back with its number formats, frozen header and filter', async () => {
    const read = new ExcelJS.Workbook();
    await read.xlsx.load((await workbookBytes(workbook())) as unknown as ExcelJS.Buffer);
    const sheet = read.getWorksheet("Team's costs")!;
    expect(sheet.getRow(3).getCell(2).value).toBe(2500.5);
    expect(sheet.getRow(3).getCell(2).numFmt).toBe('"£"#,##0');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:B3');
  });
});

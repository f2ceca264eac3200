import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isDateFormat, readSpreadsheet, xmlText } from './spreadsheetml.ts';

/** A workbook written part by part, as programs other than Excel write them. */
function handWritten(sheetXml: string, options: { sharedStrings?: string; styles?: string; workbookPr?: string; sheets?: string; rels?: string } = {}): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const files: Record<string, Uint8Array> = {
    'xl/workbook.xml': strToU8(`<?xml version="1.0"?><workbook ${ns}>${options.workbookPr ?? ''}<sheets>${options.sheets ?? '<sheet name="Staff" sheetId="1" r:id="rId1"/>'}</sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/sheet2.xml"/>${options.rels ?? ''}</Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(`<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetXml}</sheetData></worksheet>`),
    'xl/worksheets/sheet2.xml': strToU8(`<?xml version="1.0"?><worksheet ${ns}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>second</t></is></c></row></sheetData></worksheet>`),
  };
  if (options.sharedStrings) files['xl/sharedStrings.xml'] = strToU8(`<?xml version="1.0"?><sst ${ns}>${options.sharedStrings}</sst>`);
  if (options.styles) files['xl/styles.xml'] = strToU8(`<?xml version="1.0"?><styleSheet ${ns}>${options.styles}</styleSheet>`);
  return zipSync(files);
}

async function written(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Staff'));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readSpreadsheet', () => {
  it('reads shared strings, numbers and booleans where the row and column references put them', async () => {
    const bytes = await written((s) => {
      s.getCell('A1').value = 'Job Title';
      s.getCell('C1').value = 'Salary';
      s.getCell('A3').value = 'Analyst';
      s.getCell('C3').value = 45000.5;
      s.getCell('D3').value = true;
    });
    const [sheet] = readSpreadsheet(bytes).sheets;
    expect(sheet.name).toBe('Staff');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.columnCount).toBe(4);
    expect(sheet.rows[0]).toEqual(['Job Title', undefined, 'Salary']);
    expect(sheet.rows[1]).toBeUndefined();
    expect(sheet.rows[2]).toEqual(['Analyst', undefined, 45000.5, true]);
  });

  it('reads a number in a date format as that day, in the 1900 date system', async () => {
    const bytes = await written((s) => {
      s.getCell('A1').value = new Date(Date.UTC(2024, 3, 1));
      s.getCell('A1').numFmt = 'dd/mm/yyyy';
      s.getCell('B1').value = 45383;
    });
    const [sheet] = readSpreadsheet(bytes).sheets;
    expect(sheet.rows[0][0]).toEqual(new Date(Date.UTC(2024, 3, 1)));
    expect(sheet.rows[0][1]).toBe(45383);
  });

  it('reads dates of a workbook in the 1904 date system and of built-in date formats', () => {
    const bytes = handWritten('<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="0"><v>0</v></c></row>', {
      workbookPr: '<workbookPr date1904="1"/>',
      styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs>',
    });
    const [sheet] = readSpreadsheet(bytes).sheets;
    expect(sheet.rows[0]).toEqual([new Date(Date.UTC(1904, 0, 1)), 0]);
  });

  it('keeps a formula\'s saved result, and marks a formula saved without one and an error cell', async () => {
    const bytes = await written((s) => {
      s.getCell('A1').value = { formula: '1+1', result: 2 };
      s.getCell('B1').value = { formula: 'A1*2' } as ExcelJS.CellFormulaValue;
      s.getCell('C1').value = { error: '#DIV/0!' } as ExcelJS.CellErrorValue;
      s.getCell('D1').value = { formula: 'CONCAT("a","b")', result: 'ab' };
    });
    const [sheet] = readSpreadsheet(bytes).sheets;
    expect(sheet.rows[0]).toEqual([2, { formulaWithoutResult: true }, { error: '#DIV/0!' }, 'ab']);
  });

  it('joins the runs of rich text and leaves out phonetic guides', () => {
    const bytes = handWritten('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>', {
      sharedStrings: '<si><r><t xml:space="preserve">Head of </t></r><r><rPr><b/></rPr><t>Finance</t></r></si><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>',
    });
    expect(readSpreadsheet(bytes).sheets[0].rows[0]).toEqual(['Head of Finance', '東京']);
  });

  it('reads inline strings, entities, escaped characters and cells without references in column order', () => {
    const bytes = handWritten('<row><c t="inlineStr"><is><t>R&amp;D &lt;Lead&gt; &#233;</t></is></c><c t="str"><v>Line_x000A_two</v></c></row><row><c><v>7</v></c></row>');
    const [sheet] = readSpreadsheet(bytes).sheets;
    expect(sheet.rows[0]).toEqual(['R&D <Lead> é', 'Line\ntwo']);
    expect(sheet.rows[1]).toEqual([7]);
    expect(sheet.rowCount).toBe(2);
  });

  it('lists sheets in the workbook\'s order with their hidden state, following absolute and relative targets', () => {
    const bytes = handWritten('<row r="1"><c r="A1" t="inlineStr"><is><t>first</t></is></c></row>', {
      sheets: '<sheet name="Notes" sheetId="2" state="hidden" r:id="rId2"/><sheet name="Staff" sheetId="1" r:id="rId1"/>',
    });
    const sheets = readSpreadsheet(bytes).sheets;
    expect(sheets.map((s) => [s.name, s.hidden, s.rows[0][0]])).toEqual([
      ['Notes', true, 'second'],
      ['Staff', false, 'first'],
    ]);
  });

  it('leaves out a chart sheet, which holds no cells, and reads the worksheets around it', () => {
    const bytes = handWritten('<row r="1"><c r="A1" t="inlineStr"><is><t>first</t></is></c></row>', {
      sheets: '<sheet name="Staff" sheetId="1" r:id="rId1"/><sheet name="Chart" sheetId="3" r:id="rId3"/>',
      rels: '<Relationship Id="rId3" Type="chartsheet" Target="chartsheets/sheet1.xml"/>',
    });
    expect(readSpreadsheet(bytes).sheets.map((s) => s.name)).toEqual(['Staff']);
  });

  it('inflates no part past the size the archive declares for it, which the zip-bomb check has already read', () => {
    const bytes = handWritten(`<row r="1"><c r="A1"><v>1</v></c></row>${'<row/>'.repeat(500_000)}`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Declare every part 2,000 bytes long, as a zip bomb would under-declare its parts.
    for (let at = 0; at < bytes.length - 30; at++) {
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 2000, true);
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 2000, true);
    }
    let rowsRead = 0;
    readSpreadsheet(bytes, (_sheet, row) => (rowsRead = row));
    expect(rowsRead).toBeLessThan(400);
  });

  it('lets the caller refuse a sheet as its rows are read', () => {
    const bytes = handWritten('<row r="1"><c r="A1"><v>1</v></c></row><row r="900"><c r="A900"><v>2</v></c></row>');
    expect(() =>
      readSpreadsheet(bytes, (_sheet, row) => {
        if (row > 500) throw new Error('too many rows');
      }),
    ).toThrow('too many rows');
  });
});

describe('isDateFormat', () => {
  it('tells date and time formats from number formats with quoted letters or colours', () => {
    expect(isDateFormat('dd/mm/yyyy')).toBe(true);
    expect(isDateFormat('h:mm AM/PM')).toBe(true);
    expect(isDateFormat('[Red]#,##0.00')).toBe(false);
    expect(isDateFormat('#,##0" days"')).toBe(false);
    expect(isDateFormat('General')).toBe(false);
  });
});

describe('xmlText', () => {
  it('resolves named and numeric references and OOXML escapes', () => {
    expect(xmlText('a &amp; b &#x41; &#66; _x0009_c')).toBe('a & b A B \tc');
  });
});

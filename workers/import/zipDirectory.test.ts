import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip } from './test/zip.ts';
import { inspectXlsxArchive } from './zipDirectory.ts';

const data = new TextEncoder().encode('<x/>');

describe('inspectXlsxArchive', () => {
  it('counts the entries and declared unpacked bytes of a real workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Staff').addRow(['Job title', 'Salary']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const summary = inspectXlsxArchive(bytes);
    expect(summary.entries).toBeGreaterThan(5);
    expect(summary.uncompressedBytes).toBeGreaterThan(bytes.length);
  });

  it('accepts exactly 1,024 entries', () => {
    const zip = buildZip(Array.from({ length: 1024 }, (_, i) => ({ name: `p${i}.xml`, data })));
    expect(inspectXlsxArchive(zip).entries).toBe(1024);
  });

  it('refuses more than 1,024 entries before unpacking anything', () => {
    const zip = buildZip(Array.from({ length: 1025 }, (_, i) => ({ name: `p${i}.xml`, data })));
    expect(() => inspectXlsxArchive(zip)).toThrow('more than 1,024 internal parts');
  });

  it('refuses a workbook whose parts would unpack to more than 64 MB', () => {
    const zip = buildZip([
      { name: 'a.xml', data, declaredSize: 40 * 1024 * 1024 },
      { name: 'b.xml', data, declaredSize: 30 * 1024 * 1024 },
    ]);
    expect(() => inspectXlsxArchive(zip)).toThrow('more than 64 MB');
  });

  it('refuses an old-style .xls file with advice to save as .xlsx or CSV', () => {
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(600)]);
    expect(() => inspectXlsxArchive(xls)).toThrow('old-style .xls workbook');
  });

  it('refuses bytes that are not a ZIP archive', () => {
    expect(() => inspectXlsxArchive(new TextEncoder().encode('Title,Salary\nClerk,1\n'.repeat(3)))).toThrow('not a readable Excel workbook');
  });
});

/**
 * Reads an XLSX file's ZIP central directory (no decompression) so the entry count and the declared
 * uncompressed size can be refused before any XML is inflated: the guard against zip bombs.
 */
import { IMPORT_LIMITS, ImportError } from './limits.ts';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const OLE_COMPOUND = [0xd0, 0xcf, 0x11, 0xe0];

export interface ZipSummary {
  entries: number;
  uncompressedBytes: number;
}

const unreadable = () =>
  new ImportError('unreadable', 'The file is not a readable Excel workbook. Open it in Excel, save it as .xlsx or CSV, and try again.');

export function inspectXlsxArchive(bytes: Uint8Array): ZipSummary {
  if (OLE_COMPOUND.every((b, i) => bytes[i] === b)) {
    throw new ImportError('unsupported', 'This is an old-style .xls workbook. Open it in Excel and save it as .xlsx or CSV, then try again.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22 || view.getUint32(0, true) !== LOCAL_ENTRY) throw unreadable();

  const eocd = findEndOfCentralDirectory(view);
  let entries = view.getUint16(eocd + 10, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  const locator = eocd - 20;
  if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR) {
    const zip64 = Number(view.getBigUint64(locator + 8, true));
    if (zip64 + 56 > view.byteLength || view.getUint32(zip64, true) !== ZIP64_EOCD) throw unreadable();
    entries = Number(view.getBigUint64(zip64 + 32, true));
    directoryOffset = Number(view.getBigUint64(zip64 + 48, true));
  }
  if (entries > IMPORT_LIMITS.archiveEntries) throw tooManyEntries();

  let uncompressedBytes = 0;
  let offset = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== CENTRAL_ENTRY) throw unreadable();
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    let size = view.getUint32(offset + 24, true);
    if (size === 0xffffffff) size = zip64Size(view, offset + 46 + nameLength, extraLength);
    uncompressedBytes += size;
    if (uncompressedBytes > IMPORT_LIMITS.uncompressedXlsxBytes) throw tooLargeUncompressed();
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressedBytes };
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= earliest; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw unreadable();
}

/** The uncompressed size from an entry's ZIP64 extra field (id 1), which comes first when present. */
function zip64Size(view: DataView, start: number, length: number): number {
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001 && size >= 8) return Number(view.getBigUint64(at + 4, true));
    at += 4 + size;
  }
  throw unreadable();
}

function tooManyEntries(): ImportError {
  return new ImportError(
    'archiveEntries',
    `The workbook holds more than ${IMPORT_LIMITS.archiveEntries.toLocaleString('en-GB')} internal parts, far more than a staff list needs. ` +
      'Copy the staff list into a new workbook (or save it as CSV) and try again.',
  );
}

function tooLargeUncompressed(): ImportError {
  return new ImportError(
    'uncompressedXlsxBytes',
    `Unpacked, the workbook would take more than ${IMPORT_LIMITS.uncompressedXlsxBytes / (1024 * 1024)} MB. ` +
      'Delete unused sheets, images and columns, or save the staff list as CSV, and try again.',
  );
}

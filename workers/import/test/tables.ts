// Small sheets for mapping and import tests, built as the parser would hand them over.
import { toTable, type SheetTable } from '../table.ts';

export function sheet(headers: string[], ...rows: string[][]): SheetTable {
  return toTable([headers, ...rows], 0);
}

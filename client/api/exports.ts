// What an export needs from the server (every row, page by page) and the record of an export made
// (POST /datasets/:id/exports), as schema/exports.ts defines it.
import type { ExportRecord } from '../../schema/exports.ts';
import type { ExportRow } from '../../workers/exports/input.ts';
import { api } from './http.ts';

/** The server's largest page of rows. */
const ROWS_PAGE = 10_000;

/** Every row of a dataset in upload order; `onPage` hears how many have arrived. */
export async function fetchAllRows(datasetId: string, expected: number, onPage: (read: number) => void = () => {}): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (;;) {
    const page = await api.get<{ rows: ExportRow[] }>(`/datasets/${encodeURIComponent(datasetId)}/rows?offset=${rows.length}&limit=${ROWS_PAGE}`);
    rows.push(...page.rows);
    onPage(rows.length);
    if (page.rows.length < ROWS_PAGE || rows.length >= expected) return rows;
  }
}

/**
 * Tells the server an export was made. Fire-and-forget: the file is already the user's, so a failure to record
 * is not theirs to handle; it is reported to the console for support.
 */
export function recordExport(datasetId: string, record: Omit<ExportRecord, 'groupings'> & { groupings?: boolean }): void {
  api.post(`/datasets/${encodeURIComponent(datasetId)}/exports`, { groupings: false, ...record }).catch((error: unknown) => {
    console.warn('The export could not be recorded', error);
  });
}

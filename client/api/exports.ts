// What an export needs from the server (every row, page by page) and the record of an export made
// (POST /datasets/:id/exports), as schema/exports.ts defines it.
import type { ExportRecord } from '../../schema/exports.ts';
import type { ExportRow } from '../../workers/exports/input.ts';
import { rowsPageReply } from '../../schema/api/rows.ts';
import { ApiError, NETWORK_ERROR_STATUS, api } from './http.ts';
import { appDatabase } from '../storage/db.ts';

/** The server's largest page of rows. */
const ROWS_PAGE = 10_000;

/** Every row of a dataset in upload order; `onPage` hears how many have arrived. */
export async function fetchAllRows(datasetId: string, expected: number, onPage: (read: number) => void = () => {}): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (;;) {
    const page = await api.get(`/datasets/${encodeURIComponent(datasetId)}/rows?offset=${rows.length}&limit=${ROWS_PAGE}`, rowsPageReply);
    rows.push(...page.rows);
    onPage(rows.length);
    if (page.rows.length < ROWS_PAGE || rows.length >= expected) return rows;
  }
}

type ExportNote = Omit<ExportRecord, 'groupings'> & { groupings?: boolean };

/** Whose exports are being recorded: an export made offline waits on this device, under this user, until sent. */
let recorder: string | null = null;

function send(datasetId: string, record: Record<string, unknown>): Promise<unknown> {
  return api.post(`/datasets/${encodeURIComponent(datasetId)}/exports`, record);
}

/**
 * Tells the server an export was made. Fire-and-forget: the file is already the user's, so a failure to record
 * is not theirs to handle; it is reported to the console for support. Made offline, the record waits in
 * IndexedDB and is sent when the connection is back (sendPendingExports), so every export is still audited.
 */
export function recordExport(datasetId: string, record: ExportNote): void {
  const body = { groupings: false, ...record };
  send(datasetId, body).catch(async (error: unknown) => {
    if (error instanceof ApiError && error.status === NETWORK_ERROR_STATUS && recorder) {
      await appDatabase().pendingExports.add({ userId: recorder, datasetId, record: body });
      return;
    }
    console.warn('The export could not be recorded', error);
  });
}

/** Whose exports made offline are kept on this device from now (null: nobody's, after sign-out). */
export function recordExportsFor(userId: string | null): void {
  recorder = userId;
}

/** Sends the export records made offline by this user; a record the server refuses is dropped (access gone). */
export async function sendPendingExports(userId: string): Promise<void> {
  const pending = await appDatabase().pendingExports.where('userId').equals(userId).toArray();
  for (const item of pending) {
    try {
      await send(item.datasetId, item.record);
    } catch (error) {
      if (error instanceof ApiError && error.status === NETWORK_ERROR_STATUS) return;
      console.warn('An export made offline could not be recorded', error);
    }
    await appDatabase().pendingExports.delete(item.id!);
  }
}

// The browser's IndexedDB database (Dexie). One database for the app; each feature owns its tables.
// Schema changes are new numbered versions, never edits to an old one: a browser that last ran an older
// build opens its database at the version it has and Dexie applies each later version in turn. Every
// version bump is tested by opening a database of the version before (db.browser.test.ts).
//
// Nothing here may hold the staff list's names or emails (architecture: Browser): reference data is public,
// the upload queue stores only the mapped rows that will be sent to the server, and offline copies hold
// only what the server's pages sent, members' names and emails removed (offline-copies.ts).
import { Dexie, type Table } from 'dexie';
import type { UploadRow } from '../../workers/import/rows.ts';

export const DATABASE_NAME = 'staff-list-analysis';

/** A published reference version as GET /api/reference/versions/:v returns it; immutable once published. */
export interface StoredReferenceVersion {
  version: number;
  publishedAt: string;
  notes: string | null;
  data: unknown;
}

/** One upload that has not finished: what the dataset expects, so a reload can resume it. */
export interface QueuedUpload {
  datasetId: string;
  engagementId: string;
  datasetName: string;
  totalRows: number;
  totalChunks: number;
  /** ISO 8601 time the rows were queued. */
  queuedAt: string;
}

/** One chunk still to be sent; deleted as soon as the server has stored it (or already had it). */
export interface QueuedChunk {
  datasetId: string;
  chunk: number;
  rows: UploadRow[];
}

/** Version 1: published reference versions, fetched once per session. */
export const SCHEMA_V1 = {
  referenceVersions: 'version',
} as const;

/** Version 2: the upload queue (upload records and their unsent chunks). Only adds tables, so nothing to migrate. */
export const SCHEMA_V2 = {
  uploads: 'datasetId, queuedAt',
  uploadChunks: '[datasetId+chunk], datasetId',
} as const;

/** A GET answer kept for the signed-in user so the page opens offline; revalidated with its ETag when online. */
export interface OfflineCopy {
  userId: string;
  /** The API path with its query, e.g. /datasets/<id>/titles. */
  path: string;
  /** The engagement it belongs to, so a purge or a loss of access clears all of it; null for platform-wide answers. */
  engagementId: string | null;
  etag: string | null;
  /** The answer's JSON text. */
  body: string;
  /** ISO 8601 time the server last confirmed it. */
  savedAt: string;
}

/** The session last confirmed by the server, so the app opens offline for the same person. */
export interface OfflineSession {
  key: 'current';
  session: unknown;
  savedAt: string;
}

/** An export made while offline, to be recorded on the server (audit export_generated) once back online. */
export interface PendingExportRecord {
  id?: number;
  userId: string;
  datasetId: string;
  record: Record<string, unknown>;
}

/** Version 3: offline copies of viewed pages per user, the last session, and export records waiting for a connection. */
export const SCHEMA_V3 = {
  offlineCopies: '[userId+path], userId, [userId+engagementId]',
  offlineSession: 'key',
  pendingExports: '++id, userId',
} as const;

export class AppDatabase extends Dexie {
  declare referenceVersions: Table<StoredReferenceVersion, number>;
  declare uploads: Table<QueuedUpload, string>;
  declare uploadChunks: Table<QueuedChunk, [string, number]>;
  declare offlineCopies: Table<OfflineCopy, [string, string]>;
  declare offlineSession: Table<OfflineSession, string>;
  declare pendingExports: Table<PendingExportRecord, number>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
    this.version(3).stores(SCHEMA_V3);
  }
}

let shared: AppDatabase | null = null;

/** The app's database, opened lazily on first use. */
export function appDatabase(): AppDatabase {
  shared ??= new AppDatabase();
  return shared;
}

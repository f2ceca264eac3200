// The upload queue in IndexedDB: what is still to be sent for each dataset, so an upload survives a reload,
// a closed tab or a lost connection. It holds only the mapped rows that will be uploaded.
import type { AppDatabase, QueuedUpload } from '../storage/db.ts';
import type { UploadRow } from '../../workers/import/rows.ts';
import { splitIntoChunks } from './chunks.ts';

export interface UploadQueue {
  /** The upload record, or undefined when nothing is queued for the dataset. */
  upload(datasetId: string): Promise<QueuedUpload | undefined>;
  /** Chunk numbers not yet stored by the server, ascending. */
  pendingChunks(datasetId: string): Promise<number[]>;
  chunkRows(datasetId: string, chunk: number): Promise<UploadRow[] | undefined>;
  /** Forgets a chunk the server has stored. */
  markSent(datasetId: string, chunk: number): Promise<void>;
  /** Forgets the whole upload (after complete, or when the dataset is gone). */
  remove(datasetId: string): Promise<void>;
}

export type NewUpload = Omit<QueuedUpload, 'totalRows' | 'totalChunks' | 'queuedAt'>;

export class DexieUploadQueue implements UploadQueue {
  constructor(private readonly db: AppDatabase) {}

  /** Stores the upload and every chunk in one transaction: either all of it is queued or none. */
  async enqueue(upload: NewUpload, rows: readonly UploadRow[], now: Date = new Date()): Promise<QueuedUpload> {
    const chunks = splitIntoChunks(rows);
    const record: QueuedUpload = { ...upload, totalRows: rows.length, totalChunks: chunks.length, queuedAt: now.toISOString() };
    await this.db.transaction('rw', this.db.uploads, this.db.uploadChunks, async () => {
      await this.db.uploads.put(record);
      await this.db.uploadChunks.where('datasetId').equals(upload.datasetId).delete();
      await this.db.uploadChunks.bulkPut(chunks.map((chunkRows, chunk) => ({ datasetId: upload.datasetId, chunk, rows: chunkRows })));
    });
    return record;
  }

  upload(datasetId: string): Promise<QueuedUpload | undefined> {
    return this.db.uploads.get(datasetId);
  }

  async pendingChunks(datasetId: string): Promise<number[]> {
    const keys = await this.db.uploadChunks.where('datasetId').equals(datasetId).primaryKeys();
    return keys.map(([, chunk]) => chunk).sort((a, b) => a - b);
  }

  async chunkRows(datasetId: string, chunk: number): Promise<UploadRow[] | undefined> {
    return (await this.db.uploadChunks.get([datasetId, chunk]))?.rows;
  }

  markSent(datasetId: string, chunk: number): Promise<void> {
    return this.db.uploadChunks.delete([datasetId, chunk]);
  }

  async remove(datasetId: string): Promise<void> {
    await this.db.transaction('rw', this.db.uploads, this.db.uploadChunks, async () => {
      await this.db.uploadChunks.where('datasetId').equals(datasetId).delete();
      await this.db.uploads.delete(datasetId);
    });
  }
}

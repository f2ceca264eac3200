import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { log } from '../log.ts';

// SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000 pages: it copies
// the WAL into the file and fsyncs both, on the committing connection's thread. On the server's one
// thread that stopped every request for 20-150 ms at a time while uploads ran. A worker thread with its
// own connection checkpoints instead, PASSIVE (it neither waits for nor blocks the writer and readers),
// and the server's connection stops checkpointing in its commits.
const INTERVAL_MS = 250;
const AUTOCHECKPOINT_PAGES = 1000; // SQLite's default, restored if the thread fails

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.module);
const file = new Sqlite(workerData.path);
file.pragma('busy_timeout = 5000');
const timer = setInterval(() => file.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  file.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/** Checkpoints the WAL of `connection`'s file from a worker thread; `connection` no longer checkpoints in its commits. */
export function startWalCheckpointer(connection: SqliteDatabase.Database, path: string): WalCheckpointer {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path, intervalMs: INTERVAL_MS },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  worker.once('error', (error) => log.warn('wal_checkpointer_failed', { message: error.message }));
  // Without the thread the WAL would grow without end: the connection checkpoints in its commits again.
  worker.once('exit', () => {
    if (!stopping && connection.open) connection.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
  connection.pragma('wal_autocheckpoint = 0');
  return {
    async stop() {
      stopping = true;
      // Held open until the thread has closed its connection, so a process shutting down waits for it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from './walCheckpointer.ts';

describe('WAL checkpointer thread', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives checkpointing back to the connection when the thread fails, so the WAL cannot grow without end', async () => {
    const connection = new SqliteDatabase(path.join(dir, 'file.sqlite'));
    connection.pragma('journal_mode = WAL');
    const autocheckpoint = () => connection.pragma('wal_autocheckpoint', { simple: true });
    // The thread cannot open a file in a directory that does not exist.
    const checkpointer = startWalCheckpointer(connection, path.join(dir, 'missing', 'file.sqlite'));
    expect(autocheckpoint()).toBe(0);
    const deadline = Date.now() + 5000;
    while (autocheckpoint() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(autocheckpoint()).toBe(1000);
    await checkpointer.stop();
    connection.close();
  });
});

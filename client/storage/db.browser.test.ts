// Schema upgrades of the app's IndexedDB database, tested by opening a database an older build left behind.
import { expect } from '@esm-bundle/chai';
import { Dexie } from 'dexie';
import { AppDatabase, SCHEMA_V1, SCHEMA_V2 } from './db.ts';
import { DexieUploadQueue } from '../upload/queue-store.ts';
import { sampleRows } from '../upload/test/scripted-fetch.ts';

describe('app database', () => {
  let name: string;

  beforeEach(() => {
    name = `db-test-${Math.random().toString(36).slice(2)}`;
  });

  afterEach(async () => {
    await Dexie.delete(name);
  });

  it('upgrades a version 1 database to the current version, keeping its reference versions and adding the upload queue', async () => {
    const old = new Dexie(name);
    old.version(1).stores(SCHEMA_V1);
    await old.table('referenceVersions').put({ version: 3, publishedAt: '2025-10-01T00:00:00.000Z', notes: 'Third', data: { schemaVersion: 1 } });
    old.close();

    const db = new AppDatabase(name);
    await db.open();
    expect(db.verno).to.equal(3);
    expect(await db.referenceVersions.get(3)).to.deep.equal({ version: 3, publishedAt: '2025-10-01T00:00:00.000Z', notes: 'Third', data: { schemaVersion: 1 } });
    await new DexieUploadQueue(db).enqueue({ datasetId: 'd1', engagementId: 'e1', datasetName: 'List' }, sampleRows(2001));
    expect(await db.uploadChunks.count()).to.equal(2);
    db.close();
  });

  it('upgrades a version 2 database to version 3, keeping its upload queue and adding offline copies', async () => {
    const old = new Dexie(name);
    old.version(1).stores(SCHEMA_V1);
    old.version(2).stores(SCHEMA_V2);
    await old.table('uploads').put({ datasetId: 'd1', engagementId: 'e1', datasetName: 'List', totalRows: 1, totalChunks: 1, queuedAt: '2026-01-01T00:00:00.000Z' });
    old.close();

    const db = new AppDatabase(name);
    await db.open();
    expect(db.verno).to.equal(3);
    expect((await db.uploads.get('d1'))?.datasetName).to.equal('List');
    await db.offlineCopies.put({ userId: 'u1', path: '/engagements', engagementId: null, etag: null, body: '{}', savedAt: '2026-01-01T00:00:00.000Z' });
    expect(await db.offlineCopies.where('userId').equals('u1').count()).to.equal(1);
    db.close();
  });

  it('queues exactly the mapped row fields, chunk by chunk, and forgets a chunk once it is sent', async () => {
    const db = new AppDatabase(name);
    const queue = new DexieUploadQueue(db);
    const record = await queue.enqueue({ datasetId: 'd1', engagementId: 'e1', datasetName: 'List' }, sampleRows(4001), new Date('2025-11-02T10:00:00Z'));
    expect(record).to.deep.equal({ datasetId: 'd1', engagementId: 'e1', datasetName: 'List', totalRows: 4001, totalChunks: 3, queuedAt: '2025-11-02T10:00:00.000Z' });
    const stored = await db.uploadChunks.get(['d1', 2]);
    expect(stored).to.deep.equal({ datasetId: 'd1', chunk: 2, rows: sampleRows(4001).slice(4000) });
    await queue.markSent('d1', 1);
    expect(await queue.pendingChunks('d1')).to.deep.equal([0, 2]);
    await queue.remove('d1');
    expect([await db.uploads.count(), await db.uploadChunks.count()]).to.deep.equal([0, 0]);
    db.close();
  });
});

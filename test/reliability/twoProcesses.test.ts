import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../server/test/support/testServer.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../support/databases.ts';
import { apiUser, migrateAndBootstrap, spawnServer, type ApiUser, type ServerProcess } from '../support/serverProcess.ts';
import { auditTrail, chunkBodies, staffList } from './pipeline.ts';
import { decodeTitlesList } from '../../workers/classify/titlesList.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs the retention job in a process of its own, starting at the given instant; resolves with what it printed. */
function retentionRun(databaseUrl: string, at: number): Promise<{ purged: number; skipped: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/retentionRunner.ts', databaseUrl, String(at)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`retention run exited ${code}: ${err}`)))));
}

// Several deployed servers share one Postgres and nothing else (SQLite is one process's embedded file).
describe.runIf(BACKENDS.includes('postgres'))('two deployed server processes on one Postgres', () => {
  let database: PostgresTestDatabase;
  let servers: ServerProcess[];
  let urls: string[];
  let lead: ApiUser;
  let engagementId: string;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    await migrateAndBootstrap({ DATABASE_URL: database.url }, 'consultant@example.org');
    const keys = await generateKeyPair('RS256', { extractable: true });
    const publicKey = await exportSPKI(keys.publicKey);
    // Both start at once, each with nothing of its own but a scratch folder: same database, same token key.
    servers = await Promise.all(
      [0, 1].map(() => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-two-'));
        dataDirs.push(dataDir);
        return spawnServer({ RUNTIME: 'deployed', DATA_DIR: dataDir, DATABASE_URL: database.url, AUTH_PUBLIC_KEY: publicKey });
      }),
    );
    urls = servers.map((s) => s.url);
    // One access token, as an identity provider issues it, is good on either server.
    const token = await new SignJWT({ email: 'consultant@example.org' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('10m').sign(keys.privateKey);
    lead = apiUser({ token });
    engagementId = (await lead.call(urls[1], '/api/engagements', { name: 'Two servers' })).body.engagement.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.kill()));
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shares the uploads and classify steps of one dataset: each chunk stored once, finalised once, exact headcounts', async () => {
    const rows = staffList(3000, 700, 5);
    const datasetId = (await lead.call(urls[1], `/api/engagements/${engagementId}/datasets`, { name: 'Shared list', expectedRows: rows.length })).body.dataset.id;
    // Every chunk goes to both servers at the same moment.
    const replies = await Promise.all(chunkBodies(rows, 500).flatMap((body) => urls.map((url) => lead.call(url, `/api/datasets/${datasetId}/rows`, body))));
    expect(replies.map((r) => r.status).sort()).toEqual([...Array(6).fill(200), ...Array(6).fill(201)]);
    expect((await lead.call(urls[0], `/api/datasets/${datasetId}/complete`, {})).status).toBe(200);

    // Both servers step the same dataset's classification until each sees nothing pending.
    await Promise.all(
      urls.map(async (url) => {
        for (let step = 0; step < 20; step += 1) {
          const reply = await lead.call(url, `/api/datasets/${datasetId}/classify`, {});
          expect(reply.status, reply.text).toBe(200);
          if (reply.body.pending === 0) return;
        }
        throw new Error('classify did not finish');
      }),
    );
    for (const url of urls) {
      expect((await lead.call(url, `/api/datasets/${datasetId}`)).body.dataset).toMatchObject({ status: 'ready', uploadedRows: 3000, headcount: 3000 });
    }
    const titles = decodeTitlesList((await lead.call(urls[1], `/api/datasets/${datasetId}/titles`)).body) as { headcount: number }[];
    expect(titles).toHaveLength(700);
    expect(titles.reduce((sum, t) => sum + t.headcount, 0)).toBe(3000);
    const finalised = (await auditTrail(lead, urls[0], engagementId)).filter((e) => e.action === 'dataset_finalised' && e.datasetId === datasetId);
    expect(finalised).toHaveLength(1);
  }, 120_000);

  it('runs the retention job in two processes at the same moment: purged once, audited once', async () => {
    const closing = (await lead.call(urls[0], '/api/engagements', { name: 'Past retention', retentionDays: 1 })).body.engagement.id;
    expect((await lead.call(urls[1], `/api/engagements/${closing}/close`, {})).status).toBe(200);
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    await owner.query(`update engagements set closed_at = now() - interval '2 days' where id = $1`, [closing]);
    await owner.end();

    const at = Date.now() + 4000;
    const runs = await Promise.all([retentionRun(database.url, at), retentionRun(database.url, at)]);
    expect(runs.reduce((sum, r) => sum + r.purged, 0)).toBe(1);
    expect((await lead.call(urls[1], `/api/engagements/${closing}`)).body.engagement.status).toBe('purged');
    const purges = (await auditTrail(lead, urls[0], closing)).filter((e) => e.action === 'engagement_purged');
    expect(purges).toHaveLength(1);
  }, 60_000);
});

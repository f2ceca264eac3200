import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../server/test/support/testServer.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../support/databases.ts';
import { signInAt, spawnServer, type ApiUser, type ServerProcess } from '../support/serverProcess.ts';
import { auditTrail, chunkBodies, classifyUntilDone, sendChunks, staffList } from './pipeline.ts';
import { decodeTitlesList } from '../../workers/classify/titlesList.ts';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('a server killed with SIGKILL mid-upload and mid-classify on %s', (backend) => {
  let dataDir: string;
  let pg: PostgresTestDatabase | null = null;
  let server: ServerProcess;
  let lead: ApiUser;
  let engagementId: string;
  let uploading: string;
  let classifying: string;
  const uploadRows = staffList(4000, 100);
  // 650 distinct titles take two classify steps of 600; the process dies during the second, the one that finalises.
  const classifyRows = staffList(1300, 650, 11);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-crash-'));
    pg = backend === 'postgres' ? await createPostgresTestDatabase() : null;
    const env = { DATA_DIR: dataDir, ...(pg && { DATABASE_URL: pg.url }) };
    server = await spawnServer(env);
    lead = await signInAt(server.url, 'lead@example.com');
    engagementId = (await lead.call(server.url, '/api/engagements', { name: 'Crash test' })).body.engagement.id;
    const newDataset = async (name: string, rows: unknown[]) => (await lead.call(server.url, `/api/engagements/${engagementId}/datasets`, { name, expectedRows: rows.length })).body.dataset.id as string;

    uploading = await newDataset('Killed mid-upload', uploadRows);
    const [first, ...rest] = chunkBodies(uploadRows, 1000);
    expect((await lead.call(server.url, `/api/datasets/${uploading}/rows`, first)).status).toBe(201);

    classifying = await newDataset('Killed mid-classify', classifyRows);
    await sendChunks(lead, server.url, classifying, classifyRows);
    expect((await lead.call(server.url, `/api/datasets/${classifying}/complete`, {})).status).toBe(200);
    expect((await lead.call(server.url, `/api/datasets/${classifying}/classify`, {})).body.pending).toBeGreaterThan(0);

    // Three chunks and the finalising classify step are in flight when the process dies; no shutdown code runs.
    const inFlight = [
      ...rest.map((body) => lead.call(server.url, `/api/datasets/${uploading}/rows`, body)),
      lead.call(server.url, `/api/datasets/${classifying}/classify`, {}),
    ].map((reply) => reply.catch(() => null));
    await settle(20);
    await server.kill('SIGKILL');
    await Promise.all(inFlight);
    // The same database under a new process; the client's session survives in the database.
    server = await spawnServer(env);
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('mid-upload: the client resends every chunk after the restart and the dataset holds exactly its rows, finalised once', async () => {
    await sendChunks(lead, server.url, uploading, uploadRows, 1000);
    const complete = await lead.call(server.url, `/api/datasets/${uploading}/complete`, {});
    expect(complete.status, complete.text).toBe(200);
    await classifyUntilDone(lead, [server.url], uploading);
    const { dataset } = (await lead.call(server.url, `/api/datasets/${uploading}`)).body;
    expect(dataset).toMatchObject({ status: 'ready', uploadedRows: 4000, headcount: 4000 });
    expect((await lead.call(server.url, `/api/datasets/${uploading}/rows?limit=10000`)).body.rows).toHaveLength(4000);
    const finalised = (await auditTrail(lead, server.url, engagementId)).filter((e) => e.action === 'dataset_finalised' && e.datasetId === uploading);
    expect(finalised).toHaveLength(1);
  }, 60_000);

  it('mid-classify: the client repeats the step after the restart and the dataset is finalised once with exact headcounts', async () => {
    await classifyUntilDone(lead, [server.url], classifying);
    const { dataset } = (await lead.call(server.url, `/api/datasets/${classifying}`)).body;
    expect(dataset).toMatchObject({ status: 'ready', headcount: 1300 });
    const titles = decodeTitlesList((await lead.call(server.url, `/api/datasets/${classifying}/titles`)).body) as { headcount: number; source: string }[];
    expect(titles).toHaveLength(650);
    expect(titles.reduce((sum, t) => sum + t.headcount, 0)).toBe(1300);
    expect(titles.filter((t) => t.source === 'pending')).toEqual([]);
    const finalised = (await auditTrail(lead, server.url, engagementId)).filter((e) => e.action === 'dataset_finalised' && e.datasetId === classifying);
    expect(finalised).toHaveLength(1);
  }, 60_000);
});

/**
 * npm run bench:pipeline — a 50,000-row staff list through the real HTTP API (create, 25 chunks
 * 3 at a time, complete, classify loop with finalise) against a server child process on SQLite,
 * then on PostgreSQL. One JSON line per stage: seconds, and the server's peak RSS at the end.
 * Every stage is set against the floor, measured first in the same run on the same database: the same
 * rows inserted straight into it (bench/insertFloor.ts). timesFloor is the stage's seconds over the
 * floor's, so a busy machine, which slows the floor too, does not hide a regression. Goals: the upload
 * within 10× on SQLite and 3× on PostgreSQL; the whole pipeline within 10× (issue 29).
 */
import { peakRssMb, signInAt } from '../test/support/serverProcess.ts';
import { eachBenchBackend, withBenchServer, type BenchBackend } from './benchServer.ts';
import { postgresInsertFloor, sqliteInsertFloor } from './insertFloor.ts';
import { generateStaffList } from './staffListGenerator.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const CHUNK = 2000;
const PARALLEL = 3;
const FLOOR_GOAL = { sqlite: 10, postgres: 3 };
const PIPELINE_GOAL = 10;

async function run(backend: BenchBackend): Promise<void> {
  let floor = 0;
  const times = (seconds: number) => Math.round((seconds / floor) * 10) / 10;
  const print = (stage: string, seconds: number, extra: Record<string, unknown> = {}) =>
    console.log(JSON.stringify({ backend, stage, seconds: Math.round(seconds * 1000) / 1000, timesFloor: times(seconds), ...extra }));
  await withBenchServer(backend, 'pipeline', {}, async ({ server, dataDir, databaseUrl }) => {
    const rows = generateStaffList(ROWS);
    const lead = await signInAt(server.url, 'lead@example.com');
    const call = (p: string, body?: unknown, method?: string) => lead.call(server.url, p, body, method);
    const engagement = (await call('/api/engagements', { name: 'Benchmark' })).body.engagement;

    // The floor: the same rows into a dataset of the same database, straight in; then that dataset goes.
    const floorDataset = (await call(`/api/engagements/${engagement.id}/datasets`, { name: 'Floor', expectedRows: rows.length })).body.dataset;
    floor = databaseUrl ? await postgresInsertFloor(databaseUrl, floorDataset.id, engagement.id, rows) : sqliteInsertFloor(dataDir, floorDataset.id, engagement.id, rows);
    await call(`/api/datasets/${floorDataset.id}`, undefined, 'DELETE');
    print('floor: the rows inserted straight in', floor, { rows: rows.length });

    const started = performance.now();
    let t = performance.now();
    const dataset = (await call(`/api/engagements/${engagement.id}/datasets`, { name: 'Bench list', expectedRows: rows.length })).body.dataset;
    print('create', (performance.now() - t) / 1000);

    t = performance.now();
    const chunks = Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => i);
    for (let i = 0; i < chunks.length; i += PARALLEL) {
      const replies = await Promise.all(chunks.slice(i, i + PARALLEL).map((c) => call(`/api/datasets/${dataset.id}/rows`, { chunk: c, rows: rows.slice(c * CHUNK, (c + 1) * CHUNK) })));
      for (const r of replies) if (r.status !== 201) throw new Error(`chunk: ${r.status} ${r.text}`);
    }
    const upload = (performance.now() - t) / 1000;
    print('upload', upload, { chunks: chunks.length, goal: `within ${FLOOR_GOAL[backend]}x`, met: times(upload) <= FLOOR_GOAL[backend] });

    t = performance.now();
    const complete = await call(`/api/datasets/${dataset.id}/complete`, {});
    if (complete.status !== 200) throw new Error(`complete: ${complete.status} ${complete.text}`);
    print('complete', (performance.now() - t) / 1000, { titles: complete.body.titles });

    t = performance.now();
    let steps = 0;
    let last = performance.now();
    let finaliseStep = 0;
    for (;;) {
      last = performance.now();
      const step = await call(`/api/datasets/${dataset.id}/classify`, {});
      steps += 1;
      if (step.status !== 200) throw new Error(`classify: ${step.status} ${step.text}`);
      if (step.body.pending === 0) {
        finaliseStep = (performance.now() - last) / 1000;
        break;
      }
    }
    print('classify', (performance.now() - t) / 1000, { steps, lastStepWithFinalise: Math.round(finaliseStep * 1000) / 1000 });
    const detail = (await call(`/api/datasets/${dataset.id}`)).body.dataset;
    const total = (performance.now() - started) / 1000;
    print('total', total, { rows: rows.length, headcount: detail.headcount, status: detail.status, serverPeakRssMb: peakRssMb(server), goal: `within ${PIPELINE_GOAL}x`, met: times(total) <= PIPELINE_GOAL });
  });
}

await eachBenchBackend(run);

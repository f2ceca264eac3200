/**
 * npm run bench:benchmarks — GET /benchmarks over many contributors on Postgres (issue 14, point 5). A server
 * on a fresh Postgres database; ENGAGEMENTS opted-in engagements (500 by default), each with an older and a
 * newer finished dataset whose stored summary is a real one (workers/scoring over a generated 2,000-person
 * list, its figures varied per engagement); then GET /api/benchmarks?datasetId=<one of them> is timed over
 * HTTP, REQUESTS times after a warm-up. One JSON line: median and 95th percentile in milliseconds, to be under
 * 200 ms, with the summary's size, the contributor count the answer reports, and GET /api/me's median as the
 * machine's baseline for a request at the time.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresTestDatabase } from '../test/support/databases.ts';
import { spawnServer } from '../test/support/serverProcess.ts';
import { request } from '../server/test/support/httpClient.ts';
import { classifyWithoutAi } from '../workers/classify/classify.ts';
import { compileReference } from '../workers/reference/compile.ts';
import { validateReferenceData } from '../workers/reference/validate.ts';
import { buildDatasetSummary, defaultSettings, type TitleClassification } from '../workers/scoring/index.ts';
import { generateStaffList, rng } from './staffListGenerator.ts';

const ENGAGEMENTS = Number(process.env.BENCH_ENGAGEMENTS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);

function realSummary(): Record<string, unknown> {
  const validation = validateReferenceData(JSON.parse(fs.readFileSync(new URL('../seeds/reference-v1.json', import.meta.url), 'utf8')));
  if (!validation.ok || !validation.data) throw new Error('the seed reference does not validate');
  const reference = compileReference(validation.data, 1);
  const rows = generateStaffList(2_000, { titles: 300 });
  const classifications = new Map<string, TitleClassification>();
  for (const row of rows) if (!classifications.has(row.title)) classifications.set(row.title, classifyWithoutAi(reference, row.title, { packId: 'general' }));
  const summary = buildDatasetSummary({ rows, classifications, reference, settings: defaultSettings(reference), packId: 'general', createdAt: '2026-07-01T00:00:00Z', stats: {} });
  return summary as unknown as Record<string, unknown>;
}

/** The summary with its benchmark figures moved, so the quartiles have a spread. */
function varied(base: any, random: () => number): Record<string, unknown> {
  const s = structuredClone(base);
  const f = 0.6 + random() * 0.8;
  s.cost.average *= f;
  s.cost.total *= f;
  s.exposure.averagePercentile = Math.min(100, s.exposure.averagePercentile * (0.8 + random() * 0.4));
  s.organisation.averageSpan *= 0.7 + random() * 0.6;
  s.organisation.layerCount = Math.max(1, Math.round(s.organisation.layerCount * (0.7 + random() * 0.6)));
  return s;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-benchmarks-'));
  const database = await createPostgresTestDatabase();
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: database.url });
  const { url } = server;
  const owner = new pg.Client({ connectionString: database.url });
  await owner.connect();
  try {
    const signIn = await request(url, '/api/dev/sign-in', { body: { email: 'lead@example.com' } });
    const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0];
    const leadId = (await request(url, '/api/me', { cookie })).body.user.id;
    const base = realSummary();
    const random = rng(14);

    // Engagements through the API (as a lead makes them); datasets written as the owner, as finalise leaves them.
    const datasets: string[] = [];
    for (let i = 0; i < ENGAGEMENTS; i += 1) {
      const reply = await request(url, '/api/engagements', { cookie, body: { name: `Benchmark client ${i}`, benchmarkParticipation: true } });
      if (reply.status !== 201) throw new Error(`engagement: ${reply.status} ${reply.text}`);
      for (const createdAt of ['2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z']) {
        const id = randomUUID();
        await owner.query(
          `insert into datasets (id, engagement_id, name, status, reference_version, settings, expected_rows, uploaded_rows, use_ai, with_identities, headcount, summary, created_by, created_at, updated_at, finalized_at)
           values ($1, $2, 'Staff list', 'ready', 1, '{}', 2000, 2000, true, false, 2000, $3, $4, $5, $5, $5)`,
          [id, reply.body.engagement.id, JSON.stringify(varied(base, random)), leadId, createdAt],
        );
        datasets.push(id);
      }
    }
    await owner.query('ANALYZE');

    const compared = datasets[datasets.length - 1];
    const time = async (query: string) => {
      const started = performance.now();
      const reply = await request(url, `/api/benchmarks${query}`, { cookie });
      if (reply.status !== 200) throw new Error(`benchmarks: ${reply.status} ${reply.text.slice(0, 300)}`);
      return { ms: performance.now() - started, body: reply.body };
    };
    for (let i = 0; i < 5; i += 1) await time(`?datasetId=${compared}`);
    const times: number[] = [];
    let contributors = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const { ms, body } = await time(`?datasetId=${compared}`);
      times.push(ms);
      contributors = body.benchmarks.page.contributors;
    }
    times.sort((a, b) => a - b);
    // The same request path with no work behind it, for the machine's own overhead at the time.
    const baseline: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      await request(url, '/api/me', { cookie });
      baseline.push(performance.now() - started);
    }
    baseline.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        bench: 'benchmarks',
        backend: 'postgres',
        engagements: ENGAGEMENTS,
        datasets: datasets.length,
        contributors,
        summaryBytes: JSON.stringify(base).length,
        requests: REQUESTS,
        medianMs: Math.round(percentile(times, 0.5) * 10) / 10,
        p95Ms: Math.round(percentile(times, 0.95) * 10) / 10,
        baselineMedianMs: Math.round(percentile(baseline, 0.5) * 10) / 10,
        targetMs: 200,
      }),
    );
  } finally {
    await owner.end();
    await server.kill();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

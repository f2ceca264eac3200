/**
 * npm run bench:load — reads under load, as N stateless servers behind a load balancer serve them.
 *
 * Two deployed server processes on one PostgreSQL (autocannon spreads its connections over both, as
 * a round-robin balancer would), then one on SQLite. For each: requests per second and p50/p99
 * latency of the dataset page, titles and rows reads with 50 concurrent clients, then the same while
 * 50,000-row uploads run against the same servers. GET /api/health on the same servers is the floor
 * (the HTTP stack with no sign-in and no database), measured right before each read (while the uploads run
 * for the reads during them), and every read is printed against the floor measured beside it: ofFloor is its
 * requests per second as a share of the floor's, p50/p99TimesFloor its latencies over the floor's. A busy
 * machine slows the floor too, so the ratios hold where the raw figures would not (a floor measured once before
 * all the reads did not: other work on the machine came and went within the minute they took). The dataset
 * page and titles are read again as a browser holding their current copy reads them (If-None-Match: 304).
 * Every request accepts brotli and gzip, as a browser's does, so the bytes on the wire are a browser's. One
 * JSON line per measurement.
 * BENCH_SECONDS (default 10) sets each measurement's length; BENCH_BACKENDS picks the setups; BENCH_READS
 * (default page,titles,rows,revalidated,uploads) picks the reads: `BENCH_READS=page` measures the dataset page
 * alone, with no revalidated reads and no uploads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { createPostgresTestDatabase } from '../test/support/databases.ts';
import { apiUser, migrateAndBootstrap, spawnServer, type ApiUser, type ServerProcess } from '../test/support/serverProcess.ts';
import { generateStaffList } from './staffListGenerator.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const READS = (process.env.BENCH_READS ?? 'page,titles,rows,revalidated,uploads').split(',');
const EMAIL = 'consultant@example.org';
// Goals of issue 29, as shares of the floor measured in the same run (and p99 in ms).
type Goal = { ofFloor?: number; p99Ms?: number };
const GOALS: Record<string, Record<string, Goal>> = {
  '2 processes on PostgreSQL': { 'dataset page': { ofFloor: 0.5 } },
  // 'during upload' holds for every read while the uploads run: readers never wait on the writer.
  '1 process on SQLite': { 'dataset page': { ofFloor: 0.6, p99Ms: 50 }, titles: { ofFloor: 0.15 }, 'during upload': { p99Ms: 200 } },
};
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

interface Setup {
  name: string;
  urls: string[];
  user: ApiUser;
  token: string;
  stop(): Promise<void>;
}

/** `npm run migrate -- --bootstrap-admin`, then `processes` deployed servers on that database. */
async function startSetup(name: string, backend: 'sqlite' | 'postgres', processes: number): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const pg = backend === 'postgres' ? await createPostgresTestDatabase() : null;
  const env = { DATA_DIR: dataDir, ...(pg && { DATABASE_URL: pg.url }) };
  await migrateAndBootstrap(env, EMAIL);
  const keys = await generateKeyPair('RS256', { extractable: true });
  const serverEnv = { ...env, RUNTIME: 'deployed', AUTH_PUBLIC_KEY: await exportSPKI(keys.publicKey) };
  // One after another: on SQLite a second process would be a second writer on one file, never a scale-out.
  const servers: ServerProcess[] = [];
  for (let i = 0; i < processes; i += 1) servers.push(await spawnServer(serverEnv));
  const token = await new SignJWT({ email: EMAIL }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('2h').sign(keys.privateKey);
  return {
    name,
    urls: servers.map((s) => s.url),
    user: apiUser({ token }),
    token,
    async stop() {
      await Promise.all(servers.map((s) => s.kill()));
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function checked(reply: Promise<{ status: number; text: string; body: any }>, what: string) {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

/** Create, upload in 2,000-row chunks (three at a time, as the browser sends them) and complete; returns the dataset id. */
async function upload(setup: Setup, engagementId: string, rows: ReturnType<typeof generateStaffList>, url: string): Promise<string> {
  const { dataset } = await checked(setup.user.call(url, `/api/engagements/${engagementId}/datasets`, { name: 'Load list', expectedRows: rows.length }), 'dataset');
  const chunks = Array.from({ length: Math.ceil(rows.length / 2000) }, (_, c) => c);
  for (let i = 0; i < chunks.length; i += 3) {
    await Promise.all(chunks.slice(i, i + 3).map((c) => checked(setup.user.call(url, `/api/datasets/${dataset.id}/rows`, { chunk: c, rows: rows.slice(c * 2000, (c + 1) * 2000) }), `chunk ${c}`)));
  }
  await checked(setup.user.call(url, `/api/datasets/${dataset.id}/complete`, {}), 'complete');
  return dataset.id;
}

interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function measure(setup: Setup, read: string, pathName: string, options: { floor?: Measured; goal?: Goal; headers?: Record<string, string>; extra?: Record<string, unknown> } = {}): Promise<Measured> {
  const result = await autocannon({
    // autocannon spreads connections over several URLs (its README); its type declarations allow one.
    url: setup.urls.map((u) => `${u}${pathName}`) as unknown as string,
    connections: CONNECTIONS,
    duration: SECONDS,
    // As a browser asks (Chromium over HTTPS; over plain HTTP it leaves out br): replies are sent compressed.
    headers: { authorization: `Bearer ${setup.token}`, 'accept-encoding': 'gzip, deflate, br', ...options.headers },
  });
  const measured = { requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
  const { floor, goal } = options;
  const ofFloor = floor ? ratio(measured.requestsPerSecond, floor.requestsPerSecond) : null;
  const line = {
    setup: setup.name,
    read,
    connections: CONNECTIONS,
    ...measured,
    ...(floor && { ofFloor, p50TimesFloor: ratio(measured.p50Ms, floor.p50Ms), p99TimesFloor: ratio(measured.p99Ms, floor.p99Ms), floorRequestsPerSecond: floor.requestsPerSecond }),
    // Requests still unanswered when the run ends are not counted: 0 means every one took longer than the run.
    completed: result.requests.total,
    // Bytes on the wire a reply, headers included.
    wireBytesPerReply: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : null,
    // 304s are counted apart from other non-2xx answers by autocannon; they are the revalidated reads' answers.
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(goal && {
      goal: [goal.ofFloor !== undefined && `>= ${goal.ofFloor * 100}% of the floor`, goal.p99Ms !== undefined && `p99 <= ${goal.p99Ms} ms`].filter(Boolean).join(', '),
      met: (goal.ofFloor === undefined || (ofFloor ?? 0) >= goal.ofFloor) && (goal.p99Ms === undefined || measured.p99Ms <= goal.p99Ms),
    }),
    ...options.extra,
  };
  console.log(JSON.stringify(line));
  return measured;
}

/** The ETag of a read as it stands, for the revalidated reads. */
async function currentTag(setup: Setup, pathName: string): Promise<string> {
  const reply = await fetch(`${setup.urls[0]}${pathName}`, { headers: { authorization: `Bearer ${setup.token}` } });
  const etag = reply.headers.get('etag');
  if (!reply.ok || !etag) throw new Error(`${pathName}: ${reply.status} without an ETag`);
  return etag;
}

async function run(setup: Setup): Promise<void> {
  const [url] = setup.urls;
  const { engagement } = await checked(setup.user.call(url, '/api/engagements', { name: 'Load' }), 'engagement');
  const datasetId = await upload(setup, engagement.id, generateStaffList(5000, { titles: 800 }), url);
  for (let step = 0; step < 50; step += 1) {
    if ((await checked(setup.user.call(url, `/api/datasets/${datasetId}/classify`, {}), 'classify')).pending === 0) break;
  }
  const page = `/api/datasets/${datasetId}`;
  const titles = `/api/datasets/${datasetId}/titles`;
  const reads = ([
    ['page', 'dataset page', page],
    ['titles', 'titles', titles],
    ['rows', 'rows (page of 1,000)', `/api/datasets/${datasetId}/rows?limit=1000`],
  ] as const).filter(([key]) => READS.includes(key));
  const goals = GOALS[setup.name] ?? {};
  // The floor right before each read, so both see the machine as busy as it is then.
  const besideFloor = async (read: string, pathName: string, options: { goal?: Goal; headers?: Record<string, string>; extra?: Record<string, unknown> } = {}) => {
    const floor = await measure(setup, 'floor: GET /api/health', '/api/health', { extra: { ...options.extra, floorOf: read } });
    await measure(setup, read, pathName, { ...options, floor });
  };
  for (const [, read, pathName] of reads) await besideFloor(read, pathName, { goal: goals[read] });
  if (READS.includes('revalidated')) {
    for (const [read, pathName] of [['dataset page', page], ['titles', titles]]) {
      await besideFloor(`${read}, revalidated (304)`, pathName, { headers: { 'if-none-match': await currentTag(setup, pathName) } });
    }
  }
  if (!READS.includes('uploads')) return;

  // The same reads while 50,000-row uploads run, one after another, spread over the servers; the floor again beside each.
  const big = generateStaffList(50_000);
  let uploading = true;
  let uploads = 0;
  const uploader = (async () => {
    while (uploading) {
      await upload(setup, engagement.id, big, setup.urls[uploads % setup.urls.length]);
      uploads += 1;
    }
  })();
  const duringUpload = { duringUpload: true };
  for (const [, read, pathName] of reads) await besideFloor(read, pathName, { goal: goals['during upload'], extra: duringUpload });
  uploading = false;
  await uploader;
  console.log(JSON.stringify({ setup: setup.name, uploadsOf50000RowsDuringReads: uploads }));
}

// BENCH_BACKENDS (default postgres,sqlite) picks the setups.
const backends = (process.env.BENCH_BACKENDS ?? 'postgres,sqlite').split(',');
for (const [name, backend, processes] of [
  ['2 processes on PostgreSQL', 'postgres', 2],
  ['1 process on SQLite', 'sqlite', 1],
] as const) {
  if (!backends.includes(backend)) continue;
  const setup = await startSetup(name, backend, processes);
  try {
    await run(setup);
  } finally {
    await setup.stop();
  }
}

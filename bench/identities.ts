/**
 * npm run bench:identities — what storing names and emails costs (issue 12, point 8). On each backend, one
 * server with a master secret takes the same 50,000-row list in 25 chunks (3 at a time) into datasets
 * without and with identities, alternately, ROUNDS times each (5 unless BENCH_ROUNDS says: on two cores one
 * round pair can swing the share by a tenth); then matches a 50,000-email licence list and
 * reveals everyone. One JSON line per figure; the upload and match figures are medians and `addedShare` is
 * (with − without) ÷ without, to be held at 0.5 or less. Matching 50,000 emails is to answer in under 2 s.
 * `addedCpuShare` is the same share of the server process's CPU seconds: where other work holds the cores, the wall
 * time's share follows it (names and emails add work on a thread of their own, which overlaps the rest only while a
 * core is free). On PostgreSQL the database's own processes are not counted.
 */
import { randomBytes } from 'node:crypto';
import { cpuSeconds, peakRssMb, signInAt } from '../test/support/serverProcess.ts';
import { eachBenchBackend, withBenchServer, type BenchBackend } from './benchServer.ts';
import { generateStaffList } from './staffListGenerator.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CHUNK = 2000;
const PARALLEL = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const emailOf = (employeeId: string) => `${employeeId.toLowerCase()}.person@client.example.org`;

async function run(backend: BenchBackend): Promise<void> {
  const print = (figure: string, extra: Record<string, unknown>) => console.log(JSON.stringify({ backend, figure, ...extra }));
  await withBenchServer(backend, 'identities', { IDENTITY_KEK: randomBytes(32).toString('base64') }, async ({ server }) => {
    const rows = generateStaffList(ROWS);
    const identities = rows.map((r, i) => ({ employeeId: r.employeeId, name: `Forename${i} Surname${i}`, email: emailOf(r.employeeId) }));
    const lead = await signInAt(server.url, 'lead@example.com');
    const call = async (p: string, body: unknown) => {
      const reply = await lead.call(server.url, p, body);
      if (reply.status >= 300) throw new Error(`${p}: ${reply.status} ${reply.text.slice(0, 300)}`);
      return reply.body;
    };
    const engagement = (await call('/api/engagements', { name: 'Identities benchmark' })).engagement;

    /** Seconds, and the server's CPU seconds, to send every chunk of a new dataset (the upload stage of bench:pipeline). */
    const upload = async (withIdentities: boolean): Promise<{ seconds: number; cpuSeconds: number; datasetId: string }> => {
      const dataset = (await call(`/api/engagements/${engagement.id}/datasets`, { name: 'Bench list', expectedRows: rows.length, withIdentities })).dataset;
      const chunks = Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => i);
      const cpuStarted = cpuSeconds(server);
      const started = performance.now();
      for (let i = 0; i < chunks.length; i += PARALLEL) {
        await Promise.all(
          chunks.slice(i, i + PARALLEL).map((c) => {
            const part = { chunk: c, rows: rows.slice(c * CHUNK, (c + 1) * CHUNK) };
            return call(`/api/datasets/${dataset.id}/rows`, withIdentities ? { ...part, identities: identities.slice(c * CHUNK, (c + 1) * CHUNK) } : part);
          }),
        );
      }
      return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds(server) - cpuStarted, datasetId: dataset.id };
    };

    const without: { seconds: number; cpuSeconds: number }[] = [];
    const withIds: { seconds: number; cpuSeconds: number }[] = [];
    let stored = '';
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await upload(false));
      const done = await upload(true);
      withIds.push(done);
      stored = done.datasetId;
    }
    const share = (added: number, base: number) => Math.round(((added - base) / base) * 100) / 100;
    const [plain, encrypted] = [without, withIds].map((runs) => median(runs.map((r) => r.seconds))) as [number, number];
    const [plainCpu, encryptedCpu] = [without, withIds].map((runs) => median(runs.map((r) => r.cpuSeconds))) as [number, number];
    print('upload', {
      rows: ROWS, withoutIdentities: round(plain), withIdentities: round(encrypted), addedShare: share(encrypted, plain),
      serverCpuWithout: round(plainCpu), serverCpuWith: round(encryptedCpu), addedCpuShare: share(encryptedCpu, plainCpu), rounds: ROUNDS,
    });

    // A licence list as long as the dataset, half of it holding the dataset's emails in another case.
    const emails = rows.map((r, i) => (i % 2 === 0 ? emailOf(r.employeeId).toUpperCase() : `outsider${i}@elsewhere.example.org`));
    const matchSeconds: number[] = [];
    let matched = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      matched = (await call(`/api/datasets/${stored}/identities/match`, { purpose: 'Benchmark of the licence match', emails })).matched;
      matchSeconds.push((performance.now() - started) / 1000);
    }
    print('match', { emails: emails.length, matched, seconds: round(median(matchSeconds)), rounds: ROUNDS });

    const started = performance.now();
    const revealed = await call(`/api/datasets/${stored}/identities/reveal`, { purpose: 'Benchmark of the reveal' });
    print('reveal', { people: revealed.people.length, seconds: round((performance.now() - started) / 1000), serverPeakRssMb: peakRssMb(server) });
  });
}

await eachBenchBackend(run);

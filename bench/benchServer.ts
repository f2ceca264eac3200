// What the HTTP benchmarks share (bench:pipeline, bench:identities): a server child process on each backend in
// turn, with a data folder and (on PostgreSQL) a database of its own that go when the run ends, failed or not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresTestDatabase } from '../test/support/databases.ts';
import { spawnServer, type ServerProcess } from '../test/support/serverProcess.ts';

export type BenchBackend = 'sqlite' | 'postgres';

export interface BenchServer {
  server: ServerProcess;
  /** The server's data folder (on SQLite its database lives here). */
  dataDir: string;
  /** The PostgreSQL database's address; null on SQLite. */
  databaseUrl: string | null;
}

/** Runs `work` against a fresh server on `backend` started with `env`, then stops it and removes its data. */
export async function withBenchServer(backend: BenchBackend, name: string, env: Record<string, string>, work: (bench: BenchServer) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const pg = backend === 'postgres' ? await createPostgresTestDatabase() : null;
  const server = await spawnServer({ DATA_DIR: dataDir, ...env, ...(pg && { DATABASE_URL: pg.url }) });
  try {
    await work({ server, dataDir, databaseUrl: pg?.url ?? null });
  } finally {
    await server.kill();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `run` for each backend BENCH_BACKENDS names (SQLite, then PostgreSQL, by default), one after the other. */
export async function eachBenchBackend(run: (backend: BenchBackend) => Promise<void>): Promise<void> {
  for (const backend of (process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',') as BenchBackend[]) await run(backend);
}

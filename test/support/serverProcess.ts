import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { request, type HttpReply } from '../../server/test/support/httpClient.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Ends the process with the signal (SIGKILL: no shutdown code runs) and waits until it has gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `server/main.ts` as its own process, as it runs in production: local runtime unless env says
 * otherwise, on a free port. Resolves once the server says where it listens.
 */
export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  let stderr = '';
  return new Promise((resolve, reject) => {
    // The local runtime says where it runs on stdout; the deployed one logs a listening line on stderr.
    const listening = (text: string) => {
      const port = /(?:running at|"url":")http:\/\/[^:]+:(\d+)/.exec(text)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child, kill });
    };
    let out = '';
    child.stdout!.on('data', (d: Buffer) => listening((out += d.toString())));
    child.stderr!.on('data', (d: Buffer) => listening((stderr = (stderr + d.toString()).slice(-4000))));
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr}`)));
  });
}

/**
 * `npm run migrate -- --bootstrap-admin <email>` on the database env names (DATABASE_URL, else DATA_DIR's SQLite
 * file), as an operator provisions a deployed installation: the deployed runtime never migrates or seeds at start.
 */
export async function migrateAndBootstrap(env: Record<string, string>, email: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/db/migrate-cli.ts', '--bootstrap-admin', email, '--name', 'Consultant'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

/** The process's peak resident memory so far (Linux), for the benchmarks' figures. */
export function peakRssMb(server: ServerProcess): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * CPU seconds the process has used so far, user and system over all its threads (Linux, at the usual 100 clock ticks
 * a second), for the benchmarks' figures: on a busy machine they swing far less than wall time.
 */
export function cpuSeconds(server: ServerProcess): number {
  const stat = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
  // The fields after the command name, which is in brackets and may itself hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A signed-in user of one or more server processes: a session cookie (kept in the database) or a Bearer token works on any of them. */
export interface ApiUser {
  call(url: string, path: string, body?: unknown, method?: string): Promise<HttpReply>;
}

export function apiUser(credentials: { cookie?: string; token?: string }): ApiUser {
  return { call: (base, p, body, method) => request(base, p, { ...credentials, ...(body !== undefined && { body }), ...(method && { method }) }) };
}

/** Development sign-in (local runtime). */
export async function signInAt(url: string, email: string): Promise<ApiUser> {
  const reply = await request(url, '/api/dev/sign-in', { body: { email } });
  if (reply.status !== 200) throw new Error(`sign-in as ${email}: ${reply.status} ${reply.text}`);
  return apiUser({ cookie: String(reply.headers['set-cookie']?.[0] ?? '').split(';')[0] });
}

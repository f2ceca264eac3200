import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
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
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const port = /running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child, kill });
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr}`)));
  });
}

/** A signed-in user of one or more server processes: sessions live in the database, so any process accepts the cookie. */
export interface ApiUser {
  cookie: string;
  call(url: string, path: string, body?: unknown, method?: string): Promise<HttpReply>;
}

export async function signInAt(url: string, email: string): Promise<ApiUser> {
  const reply = await request(url, '/api/dev/sign-in', { body: { email } });
  if (reply.status !== 200) throw new Error(`sign-in as ${email}: ${reply.status} ${reply.text}`);
  const cookie = String(reply.headers['set-cookie']?.[0] ?? '').split(';')[0];
  return {
    cookie,
    call: (base, p, body, method) => request(base, p, { cookie, ...(body !== undefined && { body }), ...(method && { method }) }),
  };
}

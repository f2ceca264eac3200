import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedBuiltInContent } from '../../db/seed.ts';
import { setLogSink } from '../../log.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { createPostgresTestDatabase } from '../../../test/support/databases.ts';
import { request, type HttpReply, type RequestOptions } from './httpClient.ts';

export type Backend = 'sqlite' | 'postgres';

/**
 * The API suite runs on both backends. Postgres is part of every run (CI makes sure it is up);
 * SKIP_POSTGRES=1 is honoured only outside CI, for a machine without one.
 */
export const BACKENDS: Backend[] = process.env.SKIP_POSTGRES === '1' && process.env.CI !== 'true' ? ['sqlite'] : ['sqlite', 'postgres'];

export interface TestServer extends RunningServer {
  backend: Backend;
  config: Config;
  call(path: string, options?: RequestOptions): Promise<HttpReply>;
  /** Signs in through development sign-in and returns the session cookie. */
  signIn(email: string): Promise<string>;
  /** Deployed runtime only: mints an RS256 access token with the test key pair. */
  mintToken(claims: Record<string, unknown>, options?: { expiresIn?: string | number; noExp?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestServer(
  backend: Backend,
  runtime: 'local' | 'deployed' = 'local',
  extraEnv: Record<string, string> = {},
): Promise<TestServer> {
  setLogSink(null);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-test-'));
  const pgDatabase = backend === 'postgres' ? await createPostgresTestDatabase() : null;
  const keys = runtime === 'deployed' ? await generateKeyPair('RS256', { extractable: true }) : null;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(pgDatabase && { DATABASE_URL: pgDatabase.url }),
    ...(runtime === 'deployed' && { RUNTIME: 'deployed', AUTH_PUBLIC_KEY: await exportSPKI(keys!.publicKey) }),
    ...extraEnv,
  };
  const config = loadConfig(env, '0.0.0-test');
  if (runtime === 'deployed') {
    // The deployed runtime refuses an unmigrated database, so the test runs `npm run migrate`'s steps first.
    const database = openDatabase(config);
    await migrateToLatest(database);
    await seedBuiltInContent(database);
    await database.close();
  }
  const running = await startServer(config);
  return {
    ...running,
    backend,
    config,
    call: (p, options) => request(running.url, p, options),
    async signIn(email) {
      const reply = await request(running.url, '/api/dev/sign-in', { body: { email } });
      if (reply.status !== 200) throw new Error(`sign-in as ${email} failed: ${reply.status} ${reply.text}`);
      const cookie = String(reply.headers['set-cookie']?.[0] ?? '').split(';')[0];
      return cookie;
    },
    async mintToken(claims, options = {}) {
      if (!keys) throw new Error('mintToken needs the deployed runtime');
      let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).setIssuedAt();
      if (!options.noExp) jwt = jwt.setExpirationTime(options.expiresIn ?? '5m');
      return jwt.sign(keys.privateKey);
    },
    async stop() {
      await running.close();
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A describe's test server and the session cookies of the users signed in to it, each under the name it was given. */
export type ServerFor<User extends string> = { readonly server: TestServer } & { readonly [name in User]: string };

/**
 * For the tests of the describe it is called in: a test server (`env` on top of the local runtime's) started before
 * them, signed in as each of `users` (name → email) in turn, and stopped after. Read `server` and the cookies in the
 * describe's hooks and tests (they exist once its first beforeAll has run); a later beforeAll may use them.
 */
export function serverFor<User extends string>(backend: Backend, users: Record<User, string>, env: Record<string, string> = {}): ServerFor<User> {
  let server: TestServer | null = null;
  const cookies = new Map<string, string>();
  const started = (): TestServer => {
    if (!server) throw new Error('the test server is read before its beforeAll ran');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer(backend, 'local', env);
    for (const [name, email] of Object.entries<string>(users)) cookies.set(name, await server.signIn(email));
  });
  afterAll(() => server?.stop());
  const view = {
    get server() {
      return started();
    },
  };
  for (const name of Object.keys(users)) {
    Object.defineProperty(view, name, {
      enumerable: true,
      get: () => {
        started();
        return cookies.get(name);
      },
    });
  }
  return view as ServerFor<User>;
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenVerifier } from './auth/accessTokens.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import { seedBuiltInContent, seedDevelopmentUsers } from './db/seed.ts';
import { startScheduler } from './jobs/scheduler.ts';

/** A refusal to start that the operator can act on; printed as one line. */
export class SetupError extends Error {}

export interface RunningServer {
  url: string;
  database: Database;
  close(): Promise<void>;
}

/**
 * Starts the service. The local runtime migrates and seeds its own database; the deployed one
 * never seeds and refuses to start until `npm run migrate` has been run against its database.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = openDatabase(config);
  try {
    if (config.runtime === 'local') {
      await migrateToLatest(database);
      await seedBuiltInContent(database);
      await seedDevelopmentUsers(database);
    } else {
      const pending = await pendingMigrations(database);
      if (pending.length > 0) {
        throw new SetupError(`The database is not migrated (${pending.length} pending): run \`npm run migrate\` with the same DATABASE_URL, then start again.`);
      }
    }
    const verifyToken = config.runtime === 'deployed' ? await createTokenVerifier(config.auth) : null;
    const app = createApp({ config, database, verifyToken });
    const scheduler = startScheduler(config, database);
    const server: Server = await new Promise((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      s.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      database,
      close: async () => {
        scheduler.stop();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    if (config.runtime === 'deployed' && err instanceof Error && /AUTH_PUBLIC_KEY|AUTH_JWKS_FILE/.test(err.message)) {
      throw new SetupError(err.message);
    }
    throw err;
  }
}

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { asOwner, type Database } from '../../server/db/connection.ts';
import { registeredRoutes, type RegisteredRoute } from '../../server/http/routeTable.ts';
import { request, type HttpReply } from '../../server/test/support/httpClient.ts';

/** The local runtime's route table; building it touches no database (routers only register handlers). */
export function localRouteTable(): RegisteredRoute[] {
  const config = loadConfig({ NODE_ENV: 'test' }, '0.0.0-test');
  return registeredRoutes(createApp({ config, database: {} as Database, verifyToken: null }));
}

/** A table's row count and a digest of its rows (in any order), so an update shows as well as an insert. */
export interface TableState {
  rows: number;
  digest: string;
}

/** The state of every application table, as the owner: what a refused request must leave unchanged. */
export async function tableStates(database: Database): Promise<Record<string, TableState>> {
  return asOwner(database, async (tx) => {
    const { rows: tables } =
      database.dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(tx)
        : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(tx);
    const states: Record<string, TableState> = {};
    for (const { name } of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(tx);
      const digest = createHash('sha256');
      for (const row of rows.map((r) => JSON.stringify(r)).sort()) digest.update(row).update('\n');
      states[name] = { rows: rows.length, digest: digest.digest('hex').slice(0, 16) };
    }
    return states;
  });
}

/** Runs requests a few at a time, as several clients would, keeping their order in the result. */
export async function inParallel<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

// A stack frame ("at fn (file.ts:1:2)"), a source path, or an error class name followed by its message.
const STACK = /\bat [\w.<>]+ \(|\.(ts|js):\d+:\d+|node_modules|\b\w*Error: /;

/** What a reply or log line may not carry: a stack trace, or any of the given names and emails. */
export function leaks(text: string, personal: string[]): string[] {
  const found = personal.filter((p) => text.includes(p));
  if (STACK.test(text)) found.push('stack trace');
  return found;
}

export type { HttpReply };
export { request };

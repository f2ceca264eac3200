import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Compilable, type CompiledQuery, type Transaction } from 'kysely';
import pg from 'pg';
import { defineSessionUser, type SqliteSession } from '../../schema/db/sqliteSession.ts';
import type { DB } from '../../schema/db/tables.ts';
import { isUuid } from '../../schema/ids.ts';
import type { Config } from '../config.ts';
import { log } from '../log.ts';
import { startWalCheckpointer } from './walCheckpointer.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Tx = Transaction<DB>;

export interface Database {
  db: Kysely<DB>;
  /**
   * Where asReader runs. On SQLite a second, read-only connection to the file: Kysely holds its one
   * connection for a whole transaction, so reads waited behind every upload chunk's, though WAL lets a
   * reader run beside an open write. On Postgres the same pool as db.
   */
  reader: Kysely<DB>;
  dialect: Dialect;
  /** The Postgres pool under db (Postgres only), for readOnce's single message. */
  pgPool?: pg.Pool;
  /** The non-owner Postgres role every request runs as (unused on SQLite). */
  appRole: string;
  /** The embedded file's statements, prepared once each (SQLite only); see sqliteHandle. */
  sqlite?: SqliteStatements;
  /** The read-only connection's statements (SQLite only). */
  sqliteReader?: SqliteStatements;
  /** Who the writer's open transaction acts for, as SQLite's triggers read it (SQLite only; migration 0017). */
  sqliteSession?: SqliteSession;
  close(): Promise<void>;
}

export interface SqliteStatements {
  prepare(sqlText: string): SqliteDatabase.Statement;
  close(): void;
}

// A statement run thousands of times a request (a chunk's rows) runs on the file directly rather than
// through Kysely. Transactions opened by asUser and asOwner carry the file's statements.
const sqliteHandles = new WeakMap<Tx, SqliteStatements>();

/** The SQLite statements under a transaction from asUser or asOwner; they run in that transaction (one connection). */
export function sqliteHandle(tx: Tx): SqliteStatements {
  const handle = sqliteHandles.get(tx);
  if (!handle) throw new Error('No SQLite handle for this transaction: open it with asUser or asOwner.');
  return handle;
}

// Timestamps come back as ISO strings and counts as numbers on both backends, so rows read the same.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case pg.types.builtins.TIMESTAMPTZ:
      case pg.types.builtins.TIMESTAMP:
        return (value: string) => new Date(value).toISOString();
      case pg.types.builtins.INT8:
      case pg.types.builtins.NUMERIC:
        return (value: string) => Number(value);
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
} as pg.CustomTypesConfig;

export function sqliteFilePath(dataDir: string): string {
  return path.join(dataDir, 'staff-analysis.sqlite');
}

/** The application role is written into the SQL that opens each request's transaction, so it is checked once here. */
const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'appDbRole'>): Database {
  if (config.databaseUrl) {
    if (!PLAIN_IDENTIFIER.test(config.appDbRole)) throw new Error('The application role must be a plain identifier.');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, types: pgTypes, max: 10 });
    pool.on('connect', (client) => {
      preparingStatements(client);
      // A connection the server drops while a request holds it between statements emits 'error' on the client,
      // which the pool hears only while the connection is idle; unheard, it would end the process. Nothing to
      // do here: the request's next statement fails and is answered and logged as any database error is, and
      // the pool discards the connection when it is released (an idle one is logged by the pool's listener).
      client.on('error', () => undefined);
    });
    // An idle pooled connection the server drops (restart, failover, an administrator) emits 'error' on the
    // pool; unheard, it would end the process. The pool discards that connection and opens another on demand.
    pool.on('error', (error: Error & { code?: string }) => log.warn('db_idle_connection_lost', { code: error.code ?? null }));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, reader: db, pgPool: pool, dialect: 'postgres', appRole: config.appDbRole, close: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new SqliteDatabase(sqliteFilePath(config.dataDir));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  const session = defineSessionUser(file);
  const checkpointer = startWalCheckpointer(file, sqliteFilePath(config.dataDir));
  const statements = reusingStatements(file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
  // Opened after the writer has put the file in WAL mode; a read-only connection refuses any write.
  const readFile = new SqliteDatabase(sqliteFilePath(config.dataDir), { readonly: true });
  readFile.pragma('busy_timeout = 5000');
  const readStatements = reusingStatements(readFile);
  const reader = new Kysely<DB>({ dialect: new SqliteDialect({ database: readStatements }) });
  // asStatements hands the reader itself to services, whose large reads may run on the file directly.
  sqliteHandles.set(reader as unknown as Tx, readStatements);
  return {
    db,
    reader,
    dialect: 'sqlite',
    appRole: config.appDbRole,
    sqlite: statements,
    sqliteReader: readStatements,
    sqliteSession: session,
    close: async () => {
      await checkpointer.stop();
      await reader.destroy();
      await db.destroy();
    },
  };
}

// Postgres parses and plans an unnamed statement every time it runs; a named one once per connection. Each
// SQL text with parameters is named on its first run, as Kysely sends them all unnamed. Bounded per connection
// (Postgres keeps a named statement until the connection closes): past the bound, texts go unnamed as before.
// Postgres replans a named statement itself when a table it reads changes or the role it runs as differs.
const PREPARED_PER_CONNECTION = 500;

function preparingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      let name = names.get(text);
      if (name === undefined && names.size < PREPARED_PER_CONNECTION) names.set(text, (name = `s${names.size}`));
      if (name !== undefined) return query({ name, text, values });
    }
    return callback === undefined ? query(text, values) : query(text, values, callback);
  }) as typeof client.query;
}

// Kysely's SQLite driver prepares a statement for every query it runs; preparing cost about a tenth of
// a dataset page read. A better-sqlite3 statement can run again with new parameters, so each SQL text
// is prepared once. Bounded, least recently used first out: queries with IN lists of varying length
// each have their own text.
const STATEMENT_CACHE_SIZE = 500;

function reusingStatements(file: SqliteDatabase.Database): SqliteStatements {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sqlText: string): SqliteDatabase.Statement {
      let statement = statements.get(sqlText);
      if (statement) statements.delete(sqlText);
      else statement = file.prepare(sqlText);
      statements.set(sqlText, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close: () => file.close(),
  };
}

/**
 * Runs fn in one transaction on behalf of a user. On Postgres the transaction drops to the
 * application role with app.user_id set, so row-level policies are a second wall behind the
 * service layer's own checks; on SQLite the connection names the user to its triggers, which keep
 * the rules of that wall SQLite can know (migration 0017). userId is null only while the caller is
 * being identified.
 */
export async function asUser<T>(database: Database, userId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') return asPostgresUser(database, userId, fn);
  return database.db.transaction().execute((tx) => asSessionUser(database, tx, userId, fn));
}


/**
 * A request's Postgres transaction, opened in one round trip: BEGIN and both settings go as one simple-protocol
 * message (several statements; no parameters), where Kysely's transaction() sends BEGIN and then the settings
 * apart, a round trip more on every request. The values are written into the text, so both are checked
 * first: the role is a plain identifier (APP_DB_ROLE is validated as one) and the user a UUID. The settings
 * are local to the transaction (set_config's true), so the pooled connection returns to the owner at COMMIT
 * or ROLLBACK.
 */
async function asPostgresUser<T>(database: Database, userId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (userId !== null && !isUuid(userId)) throw new Error('A request acts for a user named by a UUID.');
  const open = sql.raw(`begin; select set_config('role', '${database.appRole}', true), set_config('app.user_id', '${userId ?? ''}', true)`);
  return database.db.connection().execute(async (connection) => {
    let result: T;
    try {
      await open.execute(connection);
      // The connection, inside the transaction just begun, is what Kysely's transaction() would hand over.
      result = await fn(connection as unknown as Tx);
    } catch (error) {
      // Also when opening failed part way: the pooled connection must not go back inside an aborted transaction.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/**
 * SQLite's writer runs one transaction at a time (Kysely holds its one connection until commit), so the
 * session's user is this transaction's while fn runs; nothing fires a trigger after it.
 */
async function asSessionUser<T>(database: Database, tx: Tx, userId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  sqliteHandles.set(tx, database.sqlite!);
  database.sqliteSession!.userId = userId;
  try {
    return await fn(tx);
  } finally {
    database.sqliteSession!.userId = null;
  }
}

/**
 * asUser for work that only reads (the dataset page, titles, rows, identifying the caller). On SQLite it
 * runs on the read-only connection, so it neither waits for nor blocks a writer's open transaction, and
 * sees everything committed before it began; a write in it fails.
 */
export async function asReader<T>(database: Database, userId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') return asUser(database, userId, fn);
  return database.reader.transaction().execute(async (tx) => {
    sqliteHandles.set(tx, database.sqliteReader!);
    return fn(tx);
  });
}

/**
 * One read statement as no user (identifying the caller), built on database.reader. On Postgres it goes in one
 * round trip, where asReader takes three (open, read, commit); see oneMessage. On SQLite it runs on the
 * read-only connection.
 */
export async function readOnce<O>(database: Database, query: Compilable<O> & { execute(): Promise<O[]> }): Promise<O[]> {
  if (database.dialect === 'sqlite') return query.execute();
  const { sql: text, parameters } = query.compile();
  return (await oneMessage(database, null, text, parameters)).rows as O[];
}

/**
 * asReader for reads whose statements need not share a transaction: each sees what was committed before it
 * ran, as each statement of a Postgres read-committed transaction does anyway. On Postgres each statement
 * goes as its own one-message implicit transaction as the user: one round trip, where a transaction adds an
 * open and a commit. Only for statements built by Kysely whose values are strings or numbers (oneMessage).
 * On SQLite each statement runs by itself on the read-only connection, without the BEGIN and COMMIT of
 * asReader (the triggers that read the session's user never fire on that connection).
 */
export async function asStatements<T>(database: Database, userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') return fn(database.reader as unknown as Tx);
  const client = {
    query: (text: string, parameters: unknown[]) => oneMessage(database, userId, text, parameters),
    release: () => undefined,
  };
  // A Kysely of its own (cheap to make) whose "pool" hands out that client, so services run on it unchanged.
  const statements = new Kysely<DB>({ dialect: new PostgresDialect({ pool: { connect: async () => client, end: async () => undefined } as never }) });
  return fn(statements as unknown as Tx);
}

/**
 * One read statement as the caller another statement identifies, both in one round trip on Postgres, where
 * identifying first and then reading takes two. `callerId` selects the caller's user id (one column, at most
 * one row; no row when the credential names nobody); `query` must name the caller itself through that
 * selection (both backends read it the same way). On Postgres the message sets app.user_id from `callerId`
 * before `query` runs, so the row policies see the caller; on SQLite `query` runs alone on the read-only
 * connection. Both compiled on database.reader (compiledOnce); values as oneMessage takes them.
 */
export async function readAsIdentified<O>(database: Database, callerId: CompiledQuery, query: CompiledQuery<O>): Promise<O[]> {
  if (database.dialect === 'sqlite') return (await database.reader.executeQuery(query)).rows;
  return (await oneMessage(database, { sql: callerId.sql, parameters: callerId.parameters }, query.sql, query.parameters)).rows as O[];
}

// Marks where a value goes in a statement compiled once; never sent (every slot is filled before a statement runs).
const SLOT = '\u0000slot:';

/** Where a statement compiled once takes a value: written as a value, so Kysely makes it a parameter. */
export type Slot = (name: string) => string;

const compiledStatements = new WeakMap<Database, Map<string, CompiledQuery>>();

/**
 * A statement Kysely builds and compiles once per database under `key`, then runs with each call's values:
 * building and compiling the dataset page's version check on every request cost a tenth of the page's own work.
 * `build` writes slot(name) wherever a value goes; the statement returned takes `values` by those names.
 */
export function compiledOnce<O>(
  database: Database,
  key: string,
  build: (slot: Slot) => { compile(executorProvider: Kysely<DB>): CompiledQuery<O> },
  values: Record<string, string | number>,
): CompiledQuery<O> {
  let statements = compiledStatements.get(database);
  if (!statements) compiledStatements.set(database, (statements = new Map()));
  let compiled = statements.get(key) as CompiledQuery<O> | undefined;
  if (!compiled) statements.set(key, (compiled = build((name) => `${SLOT}${name}`).compile(database.reader)));
  const parameters = compiled.parameters.map((value) => {
    if (typeof value !== 'string' || !value.startsWith(SLOT)) return value;
    const name = value.slice(SLOT.length);
    if (!(name in values)) throw new Error(`No value for the slot ${name}.`);
    return values[name];
  });
  return { ...compiled, parameters };
}

/**
 * One statement in one round trip on Postgres: the role, the user and the statement go as one simple-protocol
 * message, which Postgres runs as one implicit transaction, so the local settings end with it. That protocol
 * takes no parameters, so the values are written into the text as literals (pg's escapeLiteral): only
 * strings and finite numbers are accepted, and the text must be Kysely's, which holds no $n but its
 * placeholders. The user is a UUID, nobody (null), or the id a statement selects; the role and the user are
 * set by one statement before the statement itself (Postgres plans each statement of a message after the one
 * before has run, so the policies of the last see that role and user). Setting the role and identifying the
 * user in one statement rather than two took a fifth off the database's work for the dataset page's version
 * check (each statement of a message is a command of its own to start, run and answer).
 * Both statements are prepared once per connection (SQL PREPARE; the message EXECUTEs them with the literals):
 * that protocol plans every statement it is sent, and planning the version check took as long as running it.
 * Reads that wait while others are out share a message (OneMessageQueue).
 */
async function oneMessage(database: Database, user: OneRead['user'], text: string, parameters: readonly unknown[]): Promise<pg.QueryResult> {
  if (typeof user === 'string' && !isUuid(user)) throw new Error('A request acts for a user named by a UUID.');
  let queue = oneMessageQueues.get(database);
  if (!queue) oneMessageQueues.set(database, (queue = new OneMessageQueue(database)));
  return queue.read({ user, text, parameters });
}

/** One read of oneMessage: the statement and who it runs for. */
interface OneRead {
  user: string | null | { sql: string; parameters: readonly unknown[] };
  text: string;
  parameters: readonly unknown[];
}

const oneMessageQueues = new WeakMap<Database, OneMessageQueue>();

// One message out at a time: the reads are key lookups of a fraction of a millisecond that no row lock delays (a
// read waits only on a whole-table lock, such as DDL takes), and the more wait, the fewer messages. Two out at
// once cost about 15% more CPU a dataset page request (servers and Postgres) under bench:load, in smaller messages.
const MESSAGES_IN_FLIGHT = 1;
const MOST_READS_PER_MESSAGE = 32;

/**
 * The one-message reads of a database (oneMessage), each process's own. At most MESSAGES_IN_FLIGHT messages are
 * out at once; reads that arrive meanwhile wait, and go together in the next message, each as its own opening
 * statement and statement. Under load a message per read cost more than the reads: each was a pooled connection
 * taken and given back, a write to the socket and a wake-up of its Postgres process, and Postgres starting and
 * ending a command. The dataset page under bench:load took about half the CPU time a request, in the servers and
 * in Postgres, once its version checks shared messages.
 * Each read still sees the database as it is when its own statement runs, after the read was asked for: under
 * read committed every statement of a message takes its own snapshot. Each sets the role and its own user
 * (nobody when its caller is not found) before its statement, so none runs as another's user. A message is one
 * implicit transaction, so one statement's error rolls back and fails the whole message: its reads are then
 * sent again one a message, and each answered with its own result or error (they only read: oneMessage's
 * callers are reads, so sending one again is harmless).
 */
class OneMessageQueue {
  private readonly waiting: { read: OneRead; resolve: (result: pg.QueryResult) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(private readonly database: Database) {}

  read(read: OneRead): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ read, resolve, reject });
      this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    while (this.inFlight < MESSAGES_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MOST_READS_PER_MESSAGE);
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.sendWaiting();
      });
    }
  }

  private async send(batch: OneMessageQueue['waiting']): Promise<void> {
    if (batch.length > 1) {
      try {
        const results = await sendReads(this.database, batch.map(({ read }) => read));
        batch.forEach(({ resolve }, i) => resolve(results[i]!));
        return;
      } catch {
        // Whichever read failed (or if the connection was lost), each is sent again below in a message of its own.
      }
    }
    await Promise.all(batch.map(({ read, resolve, reject }) => sendReads(this.database, [read]).then(([result]) => resolve(result!), reject)));
  }
}

/** Reads in one message on one pooled connection: each read's opening statement and statement, its result the latter's. */
async function sendReads(database: Database, reads: OneRead[]): Promise<pg.QueryResult[]> {
  const client = await database.pgPool!.connect();
  let lost: Error | undefined;
  try {
    const role = `set_config('role', '${database.appRole}', true)`;
    const statements: string[] = [];
    for (const { user, text, parameters } of reads) {
      statements.push(
        typeof user === 'string' || user === null
          ? await executing(database, client, `select ${role}, set_config('app.user_id', $1, true)`, [user ?? ''])
          : await executing(database, client, `select ${role}, set_config('app.user_id', coalesce((${user.sql})::text, ''), true)`, user.parameters),
        await executing(database, client, text, parameters),
      );
    }
    const results = (await client.query(statements.join('; '))) as unknown as pg.QueryResult[];
    return reads.map((_, i) => results[2 * i + 1]!);
  } catch (error) {
    // A statement's own error (Postgres answered) leaves the connection sound; any other (lost, say) does not.
    if (!(error instanceof pg.DatabaseError)) lost = error as Error;
    throw error;
  } finally {
    client.release(lost);
  }
}

// The statements each pooled connection has prepared (SQL PREPARE), by text; null for a text Postgres would not
// prepare (a value whose type it cannot tell), which goes with its values written in. Bounded per connection.
const preparedOn = new WeakMap<pg.PoolClient, Map<string, string | null>>();

/** The statement as the message runs it: EXECUTE of the connection's prepared statement, preparing it first if need be. */
async function executing(database: Database, client: pg.PoolClient, text: string, parameters: readonly unknown[]): Promise<string> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  let name = prepared.get(text);
  if (name === undefined && prepared.size < PREPARED_PER_CONNECTION) {
    name = `one${prepared.size}`;
    try {
      // Prepared as the application role, as it will run (Postgres rewrites a statement again for the row
      // policies of whichever role runs it, in any case).
      await client.query(`select set_config('role', '${database.appRole}', true); prepare ${name} as ${text}`);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) throw error;
      name = null;
    }
    prepared.set(text, name);
  }
  if (!name) return inlined(text, parameters);
  return parameters.length === 0 ? `execute ${name}` : `execute ${name}(${parameters.map(literal).join(', ')})`;
}

/** Kysely's statement text with its values written in as literals (oneMessage). */
function inlined(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new Error('A one-message statement takes only strings and finite numbers as values.');
}

/**
 * Lets requests waiting on the event loop run between the long steps of a large write. On SQLite each
 * statement runs synchronously on this thread; reads meanwhile go to their own connection (asReader).
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Internal jobs (seeding, retention) run as the owner. Row-level security is forced on the
 * owner too, so on Postgres the transaction declares itself maintenance work, which the
 * owner-only maintenance policies admit; a request running as the application role never can.
 */
export async function asOwner<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (tx) => {
    if (database.dialect === 'postgres') {
      await sql`select set_config('app.maintenance', 'on', true)`.execute(tx);
      return fn(tx);
    }
    return asSessionUser(database, tx, null, fn);
  });
}

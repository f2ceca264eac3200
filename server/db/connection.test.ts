import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../../test/support/databases.ts';
import { asOwner, asReader, asStatements, asUser, compiledOnce, openDatabase, readAsIdentified, readOnce, sqliteFilePath, type Database, type Tx } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

const addUser = (email: string) =>
  sql`insert into users (id, email, name, role) values (${randomUUID()}, ${email}, ${'Reader test'}, ${'user'})`;

describe('SQLite connections', () => {
  let dataDir: string;
  let database: Database;

  const countUsers = (database: Database, email: string) =>
    asReader(database, null, async (tx) => Number((await sql<{ n: number }>`select count(*) as n from users where email = ${email}`.execute(tx)).rows[0].n));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'connection-test-'));
    database = openDatabase({ databaseUrl: null, dataDir, appDbRole: 'staff_app' });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a read while a write transaction is open, with what was committed before it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let committed = false;
    const writing = asUser(database, null, async (tx) => {
      await addUser('held@example.org').execute(tx);
      await held;
    }).then(() => (committed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await countUsers(database, 'held@example.org')).toBe(0);
    expect(committed).toBe(false);
    release();
    await writing;
    expect(await countUsers(database, 'held@example.org')).toBe(1);
  });

  it('answers asStatements while a write transaction is open, each statement on its own, with what was committed before it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = asUser(database, null, async (tx) => {
      await addUser('statements@example.org').execute(tx);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const count = (tx: Tx) => sql<{ n: number }>`select count(*) as n from users where email = ${'statements@example.org'}`.execute(tx).then((r) => Number(r.rows[0].n));
    expect(await asStatements(database, randomUUID(), count)).toBe(0);
    release();
    await writing;
    expect(await asStatements(database, randomUUID(), count)).toBe(1);
  });

  it('refuses a write made through asReader', async () => {
    await expect(asReader(database, null, (tx) => addUser('reader@example.org').execute(tx))).rejects.toThrow(/readonly/i);
    expect(await countUsers(database, 'reader@example.org')).toBe(0);
  });

  it('runs a statement compiled once with each call\'s values, and refuses one missing a value', async () => {
    await asUser(database, null, (tx) => addUser('once-a@example.org').execute(tx));
    const read = (values: Record<string, string>) =>
      database.reader.executeQuery(
        compiledOnce(database, 'count by email', (slot) => sql<{ n: number }>`select count(*) as n from users where email = ${slot('email')}`, values),
      );
    expect((await read({ email: 'once-a@example.org' })).rows).toEqual([{ n: 1 }]);
    expect((await read({ email: 'once-b@example.org' })).rows).toEqual([{ n: 0 }]);
    expect(() => read({ mail: 'once-a@example.org' })).toThrow('No value for the slot email');
  });

  it('moves committed pages into the database file without a commit waiting for it', async () => {
    const file = sqliteFilePath(dataDir);
    const before = fs.statSync(file).size;
    await asUser(database, null, async (tx) => {
      for (let i = 0; i < 2000; i += 1) await addUser(`bulk-${i}-${'x'.repeat(100)}@example.org`).execute(tx);
    });
    // Well under the 1,000 pages at which a commit would checkpoint by itself.
    const deadline = Date.now() + 5000;
    while (fs.statSync(file).size === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.statSync(file).size).toBeGreaterThan(before);
  });
});

describe('closing the SQLite database', () => {
  it('closes the reader and the checkpointing thread before the writer, which folds the WAL into the file and removes it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'connection-close-test-'));
    try {
      const database = openDatabase({ databaseUrl: null, dataDir, appDbRole: 'staff_app' });
      await migrateToLatest(database);
      await asReader(database, null, (tx) => sql`select count(*) from users`.execute(tx));
      // Once the thread has checkpointed, its connection is open on the file too.
      const file = sqliteFilePath(dataDir);
      const before = fs.statSync(file).size;
      await asUser(database, null, async (tx) => {
        for (let i = 0; i < 500; i += 1) await addUser(`close-${i}-${'x'.repeat(100)}@example.org`).execute(tx);
      });
      const deadline = Date.now() + 5000;
      while (fs.statSync(file).size === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const wal = `${file}-wal`;
      expect(fs.existsSync(wal)).toBe(true);
      await database.close();
      // The WAL goes only when the last connection to the file closes, and only if that one can write.
      expect(fs.existsSync(wal)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Postgres request transactions', () => {
  let pg: PostgresTestDatabase;
  let database: Database;
  const userId = randomUUID();
  const whoAmI = (tx: Tx) =>
    sql<{ who: string; acting: string | null }>`select current_user as who, nullif(current_setting('app.user_id', true), '') as acting`.execute(tx).then((r) => r.rows[0]);

  /** A new user leading a new engagement of this name, for reads the row policies must show to its members only. */
  async function memberOfNewEngagement(name: string): Promise<{ member: string; engagementId: string }> {
    const member = randomUUID();
    const engagementId = randomUUID();
    await asOwner(database, async (tx) => {
      await sql`insert into users (id, email, name, role) values (${member}, ${`${member}@example.org`}, ${'Member'}, ${'user'})`.execute(tx);
      await sql`insert into engagements (id, name, created_by) values (${engagementId}, ${name}, ${member})`.execute(tx);
      await sql`insert into engagement_members (engagement_id, user_id, role) values (${engagementId}, ${member}, ${'lead'})`.execute(tx);
    });
    return { member, engagementId };
  }

  beforeAll(async () => {
    pg = await createPostgresTestDatabase();
    database = openDatabase({ databaseUrl: pg.url, dataDir: os.tmpdir(), appDbRole: 'staff_app' });
    await migrateToLatest(database);
    await asOwner(database, (tx) => sql`insert into users (id, email, name, role) values (${userId}, ${'rt@example.org'}, ${'Round trip'}, ${'user'})`.execute(tx));
  });
  afterAll(async () => {
    await database.close();
    await pg.drop();
  });

  it("runs a request's statements as the application role acting for its user", async () => {
    expect(await asUser(database, userId, whoAmI)).toEqual({ who: 'staff_app', acting: userId });
    expect(await asReader(database, userId, whoAmI)).toEqual({ who: 'staff_app', acting: userId });
  });

  it('gives the pooled connection back as the owner, acting for nobody, after a commit and after a failure', async () => {
    const owner = (await database.db.selectNoFrom(sql<string>`current_user`.as('who')).executeTakeFirstOrThrow()).who;
    expect(owner).not.toBe('staff_app');
    await asUser(database, userId, whoAmI);
    await expect(asUser(database, userId, (tx) => sql`select 1 / 0`.execute(tx))).rejects.toThrow();
    for (let i = 0; i < 12; i += 1) expect(await whoAmI(database.db as unknown as Tx)).toEqual({ who: owner, acting: null });
  });

  it('rolls back what a failed request wrote', async () => {
    await asUser(database, userId, (tx) => sql`insert into audit_events (actor, action) values (${userId}, ${'dataset_created'})`.execute(tx));
    await expect(
      asUser(database, userId, async (tx) => {
        await sql`insert into audit_events (actor, action) values (${userId}, ${'dataset_created'})`.execute(tx);
        throw new Error('fails after the write');
      }),
    ).rejects.toThrow('fails after the write');
    expect(Number((await sql<{ n: number }>`select count(*) as n from audit_events where actor = ${userId}`.execute(database.db)).rows[0].n)).toBe(1);
  });

  it('reads once as the application role acting for nobody, and gives the connection back as the owner', async () => {
    const owner = (await database.db.selectNoFrom(sql<string>`current_user`.as('who')).executeTakeFirstOrThrow()).who;
    const read = () =>
      readOnce(database, database.reader.selectNoFrom([sql<string>`current_user`.as('who'), sql<string>`current_setting('app.user_id', true)`.as('acting')]));
    // Twelve at once, more than the pool holds: each a whole implicit transaction on whichever connection it gets.
    for (const rows of await Promise.all(Array.from({ length: 12 }, read))) expect(rows).toEqual([{ who: 'staff_app', acting: '' }]);
    for (let i = 0; i < 12; i += 1) expect(await whoAmI(database.db as unknown as Tx)).toEqual({ who: owner, acting: null });
  });

  it('runs each statement of asStatements as the application role acting for its user, and leaves no setting behind', async () => {
    const owner = (await database.db.selectNoFrom(sql<string>`current_user`.as('who')).executeTakeFirstOrThrow()).who;
    expect(await asStatements(database, userId, async (tx) => [await whoAmI(tx), await whoAmI(tx)])).toEqual([
      { who: 'staff_app', acting: userId },
      { who: 'staff_app', acting: userId },
    ]);
    for (let i = 0; i < 12; i += 1) expect(await whoAmI(database.db as unknown as Tx)).toEqual({ who: owner, acting: null });
    await expect(asStatements(database, "x', true); drop table users; --", whoAmI)).rejects.toThrow('UUID');
  });

  it('writes the values of a one-trip read as literals that a quote cannot end', async () => {
    const email = "o'brien'; drop table users; --@example.org";
    await asOwner(database, (tx) => sql`insert into users (id, email, name, role) values (${randomUUID()}, ${email}, ${'Quote'}, ${'user'})`.execute(tx));
    const found = await readOnce(database, database.reader.selectFrom('users').select(['email', 'name']).where('email', '=', email).where('name', '=', 'Quote'));
    expect(found).toEqual([{ email, name: 'Quote' }]);
  });

  it('reads in one trip as the application role acting for the user its identifying statement selects, and for nobody when it selects none', async () => {
    const owner = (await database.db.selectNoFrom(sql<string>`current_user`.as('who')).executeTakeFirstOrThrow()).who;
    const acting = (email: string) =>
      readAsIdentified(
        database,
        database.reader.selectFrom('users').select('id').where('email', '=', email).compile(),
        sql<{ who: string; acting: string }>`select current_user as who, current_setting('app.user_id', true) as acting`.compile(database.reader),
      );
    expect(await acting('rt@example.org')).toEqual([{ who: 'staff_app', acting: userId }]);
    expect(await acting("nobody'; drop table users; --@example.org")).toEqual([{ who: 'staff_app', acting: '' }]);
    for (let i = 0; i < 12; i += 1) expect(await whoAmI(database.db as unknown as Tx)).toEqual({ who: owner, acting: null });
  });

  it('reads in one trip with statements compiled once, each call acting for the user its own values identify', async () => {
    const other = randomUUID();
    await asOwner(database, (tx) => sql`insert into users (id, email, name, role) values (${other}, ${'other-once@example.org'}, ${'Other'}, ${'user'})`.execute(tx));
    const callerId = (slot: (name: string) => string) => database.reader.selectFrom('users').select('id').where('email', '=', slot('email'));
    const acting = (email: string) =>
      readAsIdentified(
        database,
        compiledOnce(database, 'caller', callerId, { email }),
        compiledOnce(database, 'acting', (slot) => sql<{ acting: string; named: string }>`select current_setting('app.user_id', true) as acting, (${callerId(slot)}) as named`, { email }),
      );
    expect(await acting('rt@example.org')).toEqual([{ acting: userId, named: userId }]);
    expect(await acting('other-once@example.org')).toEqual([{ acting: other, named: other }]);
    expect(await acting("nobody'; drop table users; --@example.org")).toEqual([{ acting: '', named: null }]);
  });

  it('keeps the row policies on one-trip reads of a statement prepared once on each connection, for whoever runs it', async () => {
    const { member, engagementId } = await memberOfNewEngagement('Policies');
    const seen = (userId: string) => asStatements(database, userId, (tx) => tx.selectFrom('engagements').select('name').where('id', '=', engagementId).execute());
    // More reads than the pool has connections, alternating, so each connection runs its prepared statement for both.
    for (let i = 0; i < 12; i += 1) {
      expect(await seen(member)).toEqual([{ name: 'Policies' }]);
      expect(await seen(userId)).toEqual([]);
    }
    expect(await readOnce(database, database.reader.selectFrom('engagements').select('name').where('id', '=', engagementId))).toEqual([]);
  });

  it('runs a one-trip read Postgres will not prepare (a value of no type it can tell) with its values written in, on every connection', async () => {
    // PREPARE refuses "$1 is null": nothing says what type $1 is. Written in, the literal is text.
    const read = () => readOnce(database, database.reader.selectNoFrom(sql<boolean>`${"it's"} is null`.as('missing')));
    for (const rows of await Promise.all(Array.from({ length: 12 }, read))) expect(rows).toEqual([{ missing: false }]);
    expect(await read()).toEqual([{ missing: false }]);
  });

  it('answers one-trip reads asked at once, which share messages, each acting for its own user and under its own row policies', async () => {
    const { member, engagementId } = await memberOfNewEngagement('Shared message');
    const engagementSeen = (userId: string) =>
      asStatements(database, userId, async (tx) => ({ ...(await whoAmI(tx)), seen: (await tx.selectFrom('engagements').select('name').where('id', '=', engagementId).execute()).length }));
    const identifiedBy = (email: string) =>
      readAsIdentified(
        database,
        database.reader.selectFrom('users').select('id').where('email', '=', email).compile(),
        sql<{ who: string; acting: string }>`select current_user as who, current_setting('app.user_id', true) as acting`.compile(database.reader),
      );
    // Far more reads than go out at once, alternating users, so the waiting ones go together in a message.
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        [
          () => engagementSeen(member),
          () => engagementSeen(userId),
          () => identifiedBy('rt@example.org'),
          () => identifiedBy(`${member}@example.org`),
          () => identifiedBy('nobody@example.org'),
        ][i % 5](),
      ),
    );
    reads.forEach((read, i) =>
      expect(read).toEqual(
        [
          { who: 'staff_app', acting: member, seen: 1 },
          { who: 'staff_app', acting: userId, seen: 0 },
          [{ who: 'staff_app', acting: userId }],
          [{ who: 'staff_app', acting: member }],
          [{ who: 'staff_app', acting: '' }],
        ][i % 5],
      ),
    );
  });

  it('fails only the one-trip read whose statement fails when it shares a message with others', async () => {
    const divided = (by: number) => readOnce(database, database.reader.selectNoFrom(sql<number>`1 / ${by}`.as('quotient')));
    const reads = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => divided(i === 7 ? 0 : 1)));
    reads.forEach((read, i) => {
      if (i === 7) expect(read).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
      else expect(read).toEqual({ status: 'fulfilled', value: [{ quotient: 1 }] });
    });
  });

  it('refuses to act for a user named by anything but a UUID', async () => {
    await expect(asUser(database, "x', true); drop table users; --", whoAmI)).rejects.toThrow('UUID');
  });
});

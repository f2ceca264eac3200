import type { AddressInfo } from 'node:net';
import express from 'express';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { errorMapper } from '../../http/errors.ts';
import { setLogSink } from '../../log.ts';
import { request } from '../support/httpClient.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * The error mapper in front of real refused queries: a small app mounts the production mapper
 * over routes that send values the real database refuses.
 */
describe.each(BACKENDS)('database errors on %s', (backend) => {
  let server: TestServer;
  let url: string;
  let close: () => void;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    const app = express();
    app.post('/check', async () => {
      await asOwner(server.database, (tx) =>
        sql`insert into users (id, email, name, role, active, created_at, updated_at)
            values (${crypto.randomUUID()}, ${'secret.person@example.com'}, ${'Secret Person'}, ${'emperor'}, ${1}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(tx),
      );
    });
    app.post('/overflow', async () => {
      await asOwner(server.database, (tx) => sql`select cast(2147483647 as integer) + cast(1 as integer)`.execute(tx));
    });
    app.use(errorMapper());
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    close = () => listener.close();
    setLogSink((line) => logged.push(line));
  });
  afterAll(async () => {
    setLogSink(null);
    close();
    await server.stop();
  });

  it('answers a check violation with 400 bad_request and a generic message', async () => {
    const reply = await request(url, '/check', { method: 'POST' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('bad_request');
    expect(reply.body.message).not.toMatch(/emperor|users|constraint/i);
  });

  it('logs only the class, the database code and the route, never the row data', async () => {
    logged.length = 0;
    await request(url, '/check', { method: 'POST' });
    expect(logged).toHaveLength(1);
    const entry = JSON.parse(logged[0]);
    expect(Object.keys(entry).sort()).toEqual(['at', 'class', 'code', 'event', 'level', 'route']);
    expect(entry.route).toBe('POST /check');
    expect(entry.code).toBe(backend === 'postgres' ? '23514' : 'SQLITE_CONSTRAINT_CHECK');
    expect(logged[0]).not.toMatch(/secret|emperor/i);
  });

  // SQLite widens an overflowing integer to REAL instead of refusing it, so this rule is Postgres's alone.
  if (backend === 'postgres') {
    it('answers a numeric overflow with 400 bad_request', async () => {
      const reply = await request(url, '/overflow', { method: 'POST' });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('bad_request');
    });

    it('keeps answering when the database ends its idle pooled connections, logging no more than the code', async () => {
      logged.length = 0;
      // Several connections in the pool at once, so some sit idle when the others are ended.
      await Promise.all(Array.from({ length: 4 }, () => asOwner(server.database, (tx) => sql`select pg_sleep(0.05)`.execute(tx))));
      await asOwner(server.database, (tx) =>
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(tx),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await server.call('/api/health')).status).toBe(200);
      const after = await asOwner(server.database, (tx) => sql<{ one: number }>`select 1 as one`.execute(tx));
      expect(after.rows[0].one).toBe(1);
      const lost = logged.map((line) => JSON.parse(line)).filter((entry) => entry.event === 'db_idle_connection_lost');
      expect(lost.length).toBeGreaterThan(0);
      expect(Object.keys(lost[0]).sort()).toEqual(['at', 'code', 'event', 'level']);
    });
  }
});

import { randomBytes, randomUUID } from 'node:crypto';
import { base64url, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../server/db/connection.ts';
import { setLogSink } from '../../server/log.ts';
import { insertUser } from '../../server/repositories/usersRepository.ts';
import { newDataset, newEngagement, readyDataset, smallStaffList } from '../../server/test/support/staffList.ts';
import { BACKENDS, startTestServer, type TestServer } from '../../server/test/support/testServer.ts';
import { hostileCases, normaliserCategories, routesStoringText, seedBodies, type Caller, type CorpusIds, type HostileCase } from './hostileCorpus.ts';
import { inParallel, leaks, localRouteTable, tableStates, type HttpReply, type TableState } from './support.ts';

interface Outcome {
  hostile: HostileCase;
  reply: HttpReply;
}

const describeOutcome = ({ hostile, reply }: Outcome) =>
  `${hostile.route} [${hostile.category}, as ${hostile.as}] → ${reply.status} ${reply.body?.error ?? reply.text.slice(0, 80)} (spec: ${hostile.expect.map(([s, e]) => `${s} ${e}`).join(' or ')})`;

function answersAsSpecified({ hostile, reply }: Outcome): boolean {
  if (!hostile.expect.some(([status, error]) => reply.status === status && (reply.body?.error ?? null) === error)) return false;
  if (reply.status >= 400 && typeof reply.body?.message !== 'string') return false;
  if (!hostile.issuePath || reply.body?.error !== 'validation_error') return true;
  const paths: string[] = (reply.body.issues ?? []).map((i: { path: string }) => i.path);
  return paths.some((p) => p === hostile.issuePath || p.startsWith(`${hostile.issuePath}.`));
}

/** Upload rules: chunk numbers, rows past the expected count, IDs that hold an @ (full-width too). */
function chunkCases(datasetId: string): HostileCase[] {
  const route = 'POST /api/datasets/:id/rows';
  const path = `/api/datasets/${datasetId}/rows`;
  const row = (over: Record<string, unknown> = {}) => ({ employeeId: 'E9', managerEmployeeId: 'E1', title: 'Payroll Clerk', ...over });
  const chunk = (category: string, body: unknown, expect: HostileCase['expect'], issuePath?: string): HostileCase => ({ category, route, method: 'POST', as: 'admin', path, body: JSON.stringify(body), expect, issuePath });
  return [
    chunk('negative chunk number', { chunk: -1, rows: [row()] }, [[400, 'validation_error']], 'chunk'),
    chunk('huge chunk number', { chunk: 2 ** 31, rows: [row()] }, [[400, 'validation_error']], 'chunk'),
    chunk('chunk number past the dataset limit', { chunk: 25, rows: [row()] }, [[400, 'validation_error']], 'chunk'),
    chunk('chunk number as text', { chunk: '1', rows: [row()] }, [[400, 'validation_error']], 'chunk'),
    chunk('repeated chunk', { chunk: 0, rows: [row({ employeeId: 'E7' })] }, [[200, null]]),
    chunk('rows beyond the expected count', { chunk: 1, rows: [row(), row({ employeeId: 'E10' })] }, [[400, 'bad_request']]),
    chunk('2,001 rows in a chunk', { chunk: 1, rows: Array.from({ length: 2001 }, (_, i) => row({ employeeId: `X${i}` })) }, [[400, 'validation_error']], 'rows'),
    chunk('full-width @ in an employee ID', { chunk: 1, rows: [row({ employeeId: 'ann＠example.com' })] }, [[400, 'validation_error']], 'rows.0.employeeId'),
    chunk('@ in a manager ID', { chunk: 1, rows: [row({ managerEmployeeId: 'boss@example.com' })] }, [[400, 'validation_error']], 'rows.0.managerEmployeeId'),
    chunk('full-width @ in a grouping value', { chunk: 1, rows: [row({ attributes: { Team: 'ann＠example.com' } })] }, [[400, 'validation_error']], 'rows.0.attributes'),
    chunk('email behind zero-width spaces in a grouping value', { chunk: 1, rows: [row({ attributes: { Team: 'ann\u200b@\u200bexample.com' } })] }, [[400, 'validation_error']], 'rows.0.attributes.Team'),
    chunk('email written with (at) in a grouping value', { chunk: 1, rows: [row({ attributes: { Team: 'ann (at) example (dot) com' } })] }, [[400, 'validation_error']], 'rows.0.attributes.Team'),
    chunk('a grouping that names people', { chunk: 1, rows: [row({ attributes: { 'Line manager': 'Ann' } })] }, [[400, 'validation_error']], 'rows.0.attributes'),
    chunk('a personal heading split by a zero-width space', { chunk: 1, rows: [row({ attributes: { 'Pay\u200broll': 'A' } })] }, [[400, 'validation_error']], 'rows.0.attributes.Pay\u200broll'),
    chunk('headings the same but for a zero-width space', { chunk: 1, rows: [row({ attributes: { Team: 'A', 'Te\u200bam': 'B' } })] }, [[400, 'validation_error']], 'rows.0.attributes.Te\u200bam'),
    chunk('a grouping value over 120 characters once NFKC expands it', { chunk: 1, rows: [row({ attributes: { Team: '\ufdfa'.repeat(7) } })] }, [[400, 'validation_error']], 'rows.0.attributes.Team'),
    chunk('FTE above 1', { chunk: 1, rows: [row({ fte: 7 })] }, [[400, 'bad_request']]),
    chunk('salary 1e308', { chunk: 1, rows: [row({ salary: 1e308 })] }, [[400, 'validation_error']], 'rows.0.salary'),
  ];
}

/** Complete on a dataset whose chunks carry five groupings each but six together: the limit is the dataset's (spec: Limits). */
function completeCase(datasetId: string): HostileCase {
  return {
    category: 'six groupings across chunks, five in each', route: 'POST /api/datasets/:id/complete', method: 'POST', as: 'admin',
    path: `/api/datasets/${datasetId}/complete`, body: '{}', expect: [[400, 'validation_error']], issuePath: 'rows.attributes',
  };
}

describe.each(BACKENDS)('bad-input corpus on %s', (backend) => {
  let server: TestServer;
  let outcomes: Outcome[];
  let before: Record<string, TableState>;
  let after: Record<string, TableState>;
  const logs: string[] = [];
  const personal: string[] = [];

  beforeAll(async () => {
    // With a master secret, a reveal whose purpose slipped through would reveal and audit, and show in the tables.
    server = await startTestServer(backend, 'local', { IDENTITY_KEK: randomBytes(32).toString('base64') });
    const cookies: Record<Exclude<Caller, 'anonymous'>, string> & { lead: string } = {
      admin: await server.signIn('admin@example.com'),
      viewer: await server.signIn('viewer@example.com'),
      lead: await server.signIn('lead@example.com'),
    };
    const users = (await server.call('/api/users', { cookie: cookies.admin })).body.users as { id: string; email: string; name: string }[];
    personal.push(...users.flatMap((u) => [u.email, u.name]), 'Ann', 'boss@example.com');
    const userId = (email: string) => users.find((u) => u.email === email)!.id;

    // The attacker's own engagement (the admin leads it) and a victim engagement the admin and viewer are not members of.
    const victimName = 'Victim engagement';
    const victimClient = (await server.call('/api/clients', { body: { name: 'Victim client' }, cookie: cookies.lead })).body.client.id;
    const victim = await newEngagement(server, cookies.lead, { name: victimName, clientId: victimClient });
    await server.call(`/api/engagements/${victim}/members`, { method: 'PUT', body: { email: 'analyst@example.com', role: 'analyst' }, cookie: cookies.lead });
    const ownClient = (await server.call('/api/clients', { body: { name: 'Own client' }, cookie: cookies.admin })).body.client.id;
    const own = await newEngagement(server, cookies.admin, { name: 'Own engagement' });
    const ids: CorpusIds = {
      own: { engagement: own, dataset: await readyDataset(server, cookies.admin, own, smallStaffList()), client: ownClient, user: userId('lead@example.com') },
      victim: { engagement: victim, dataset: await readyDataset(server, cookies.lead, victim, smallStaffList()), client: victimClient, member: userId('analyst@example.com') },
    };
    // A dataset mid-upload: 3 of 4 rows in chunk 0, so one more row is all it may take.
    const uploading = await newDataset(server, cookies.admin, own, 4);
    await server.call(`/api/datasets/${uploading}/rows`, { body: { chunk: 0, rows: smallStaffList().slice(0, 3) }, cookie: cookies.admin });

    const sixGroupings = await newDataset(server, cookies.admin, own, 2);
    for (const [chunk, last] of [[0, 'e'], [1, 'f']] as const) {
      const attributes = Object.fromEntries(['a', 'b', 'c', 'd', last].map((h) => [h, 'x']));
      await server.call(`/api/datasets/${sixGroupings}/rows`, { body: { chunk, rows: [{ ...smallStaffList()[chunk], attributes }] }, cookie: cookies.admin });
    }
    // Drafts to publish, so notes that slipped past validation would reach the audit trail (where they once answered 500).
    await server.call('/api/admin/reference/draft', { body: {}, cookie: cookies.admin });
    await server.call('/api/admin/prompts/classifier/draft', { body: {}, cookie: cookies.admin });

    const cases = [...hostileCases(localRouteTable(), ids, seedBodies(victimName)), ...chunkCases(uploading), completeCase(sixGroupings)];
    before = await tableStates(server.database);
    setLogSink((line) => logs.push(line));
    outcomes = await inParallel(cases, 4, async (hostile) => {
      const cookie = hostile.as === 'anonymous' ? undefined : cookies[hostile.as];
      const headers = { ...(hostile.body !== undefined && { 'content-type': 'application/json' }), ...hostile.headers };
      return { hostile, reply: await server.call(hostile.path, { method: hostile.method, body: hostile.body, cookie, headers }) };
    });
    setLogSink(null);
    after = await tableStates(server.database);
  }, 240_000);
  afterAll(() => server?.stop());

  it('sends at least 1,800 hostile requests, over every registered route', () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(1800);
    const attacked = new Set(outcomes.map((o) => o.hostile.route));
    const unattacked = localRouteTable().filter((r) => r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`).filter((r) => !attacked.has(r));
    expect(unattacked).toEqual([]);
  });

  it("sends the normaliser's cases (full-width @, zero-width spaces, NFKC look-alikes, invisible text) to every route that stores text", () => {
    const attacked = new Set(outcomes.filter((o) => normaliserCategories.has(o.hostile.category)).map((o) => o.hostile.route));
    const routes = routesStoringText();
    expect(routes).toEqual(expect.arrayContaining(['POST /api/datasets/:id/identities/reveal', 'POST /api/datasets/:id/copilot-plans', 'POST /api/admin/prompts/:key/draft/publish', 'POST /api/admin/reference/draft/publish', 'PATCH /api/admin/cache', 'POST /api/users', 'POST /api/clients']));
    expect(routes.filter((r) => !attacked.has(r))).toEqual([]);
  });

  it('never answers 5xx', () => {
    expect(outcomes.filter((o) => o.reply.status >= 500).map(describeOutcome)).toEqual([]);
  });

  it("answers each hostile request with the spec's status and code", () => {
    expect(outcomes.filter((o) => !answersAsSpecified(o)).map(describeOutcome)).toEqual([]);
  });

  it('writes nothing for a refused request: every table holds as many rows as before, and the same rows', () => {
    expect(after).toEqual(before);
  });

  it('keeps answering afterwards', async () => {
    expect((await server.call('/api/health')).status).toBe(200);
    const cookie = await server.signIn('lead@example.com');
    expect((await server.call('/api/engagements', { cookie })).status).toBe(200);
  });

  it('puts no name, email or stack trace in any reply', () => {
    const leaking = outcomes.flatMap((o) => leaks(o.reply.text, personal).map((what) => `${describeOutcome(o)}: ${what}`));
    expect(leaking).toEqual([]);
  });

  it('puts no name, email or stack trace in any log line', () => {
    expect(logs.flatMap((line) => leaks(line, personal).map((what) => `${what} in ${line.slice(0, 200)}`))).toEqual([]);
  });
});

describe.each(BACKENDS)('hostile tokens in the deployed runtime on %s', (backend) => {
  let server: TestServer;
  let outcomes: { route: string; kind: string; status: number; error: string }[];

  beforeAll(async () => {
    server = await startTestServer(backend, 'deployed');
    await asOwner(server.database, (tx) => insertUser(tx, { id: randomUUID(), email: 'ops@example.org', name: 'Ops', role: 'admin' }));
    const claims = { email: 'ops@example.org' };
    const now = Math.floor(Date.now() / 1000);
    const other = await generateKeyPair('RS256');
    const tokens: Record<string, string> = {
      'forged (another key)': await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('5m').sign(other.privateKey),
      expired: await server.mintToken(claims, { expiresIn: now - 60 }),
      'without exp': await server.mintToken(claims, { noExp: true }),
      'alg none': `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify({ ...claims, exp: now + 300 }))}.`,
      'HS256 keyed with the public key': await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(server.config.auth.publicKeyPem)),
      'not a JWT': 'definitely-not-a-token',
    };
    // Development sign-in does not exist in the deployed runtime; every other route but health needs a valid token.
    const routes = localRouteTable().filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/dev/') && r.path !== '/api/health');
    const work = routes.flatMap((r) => Object.entries(tokens).map(([kind, token]) => ({ route: r, kind, token })));
    outcomes = await inParallel(work, 4, async ({ route, kind, token }) => {
      const path = route.path.replace(/:(\w+)/g, (_m, p) => (p === 'version' ? '1' : randomUUID()));
      const reply = await server.call(path, { method: route.method, token, ...(route.method !== 'GET' && { body: {} }) });
      return { route: `${route.method} ${route.path}`, kind, status: reply.status, error: reply.body?.error };
    });
  }, 120_000);
  afterAll(() => server?.stop());

  it('answers 401 unauthenticated to forged, expired, exp-less, none, HS256 and malformed tokens on every route', () => {
    expect(outcomes.length).toBeGreaterThan(250);
    expect(outcomes.filter((o) => o.status !== 401 || o.error !== 'unauthenticated').map((o) => `${o.route} [${o.kind}] → ${o.status} ${o.error}`)).toEqual([]);
  });

  it('refuses development sign-in whatever is asked', async () => {
    const reply = await server.call('/api/dev/sign-in', { body: { email: 'ops@example.org' } });
    expect(reply.status).toBe(404);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });
});

import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { SetupError, startServer } from '../../server.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

describe.each(BACKENDS)('deployed runtime sign-in on %s', (backend) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer(backend, 'deployed');
    // The deployed runtime never seeds; provision the first admin as `npm run migrate -- --bootstrap-admin` does.
    const { asOwner } = await import('../../db/connection.ts');
    const { insertUser } = await import('../../repositories/usersRepository.ts');
    await asOwner(server.database, (tx) => insertUser(tx, { id: crypto.randomUUID(), email: 'ops@example.org', name: 'Ops', role: 'admin' }));
    adminToken = await server.mintToken({ email: 'ops@example.org' });
  });
  afterAll(() => server.stop());

  it('accepts an RS256 token with exp for a provisioned user', async () => {
    const reply = await server.call('/api/me', { token: adminToken });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ user: { email: 'ops@example.org' }, environment: 'production', signInMode: 'token' });
  });

  it('answers 401 without a token', async () => {
    const reply = await server.call('/api/me');
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('unauthenticated');
  });

  it('answers 401 for an expired token', async () => {
    const token = await server.mintToken({ email: 'ops@example.org' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const reply = await server.call('/api/me', { token });
    expect(reply.status).toBe(401);
  });

  it('answers 401 for a token without exp', async () => {
    const token = await server.mintToken({ email: 'ops@example.org' }, { noExp: true });
    expect((await server.call('/api/me', { token })).status).toBe(401);
  });

  it('answers 401 for an HS256 token, even one keyed with the public key text', async () => {
    const secret = new TextEncoder().encode(server.config.auth.publicKeyPem);
    const token = await new SignJWT({ email: 'ops@example.org' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(secret);
    expect((await server.call('/api/me', { token })).status).toBe(401);
  });

  it('answers 401 for an unsigned alg none token', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify({ email: 'ops@example.org', exp: Math.floor(Date.now() / 1000) + 300 }));
    expect((await server.call('/api/me', { token: `${header}.${payload}.` })).status).toBe(401);
  });

  it('answers 401 for an RS256 token signed by another key', async () => {
    const other = await generateKeyPair('RS256');
    const token = await new SignJWT({ email: 'ops@example.org' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('5m').sign(other.privateKey);
    expect((await server.call('/api/me', { token })).status).toBe(401);
  });

  it('answers 403 not_provisioned for a valid token of an unknown user', async () => {
    const token = await server.mintToken({ email: 'stranger@example.org' });
    const reply = await server.call('/api/me', { token });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('not_provisioned');
  });

  it('answers 403 not_provisioned to a dataset page read, which identifies its caller in the read of the version', async () => {
    const token = await server.mintToken({ email: 'stranger@example.org' });
    const reply = await server.call(`/api/datasets/${randomUUID()}`, { token });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('not_provisioned');
  });

  it('answers 404 to a provisioned caller reading a dataset page that does not exist', async () => {
    const reply = await server.call(`/api/datasets/${randomUUID()}`, { token: adminToken });
    expect([reply.status, reply.body.error]).toEqual([404, 'not_found']);
  });

  it('refuses development sign-in whatever else is set', async () => {
    const reply = await server.call('/api/dev/sign-in', { body: { email: 'ops@example.org' } });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('not_found');
    expect((await server.call('/api/dev/users')).status).toBe(404);
  });

  it('does not apply the development host guard', async () => {
    const reply = await server.call('/api/health', { headers: { host: 'staff.example.org' } });
    expect(reply.status).toBe(200);
    expect(reply.body.environment).toBe('production');
  });

  it('has no seeded development users', async () => {
    const reply = await server.call('/api/users', { token: adminToken });
    expect(reply.body.users.map((u: { email: string }) => u.email)).toEqual(['ops@example.org']);
  });
});

describe('deployed runtime start-up', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-unmigrated-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start on an unmigrated database with a setup message naming the migrate command', async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const jwks = path.join(dataDir, 'jwks.json');
    fs.writeFileSync(jwks, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256' }] }));
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', AUTH_JWKS_FILE: jwks }, 'test');
    const attempt = startServer(config);
    await expect(attempt).rejects.toBeInstanceOf(SetupError);
    await expect(attempt).rejects.toThrow(/npm run migrate/);
  });

  it('prints that message as one line and exits non-zero from the command line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', AUTH_PUBLIC_KEY: 'unused' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/not migrated.*npm run migrate/);
  });
});

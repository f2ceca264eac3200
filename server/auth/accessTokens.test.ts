import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, InvalidTokenError } from './accessTokens.ts';

describe('access tokens verified against a JWKS file', () => {
  let dir: string;
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let verify: Awaited<ReturnType<typeof createTokenVerifier>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwks-'));
    keys = await generateKeyPair('RS256');
    const file = path.join(dir, 'jwks.json');
    fs.writeFileSync(file, JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] }));
    verify = await createTokenVerifier({ jwksFile: file, issuer: 'https://idp.example', audience: 'staff-analysis' });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const mint = (claims: Record<string, unknown>, issuer = 'https://idp.example') =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience('staff-analysis').setExpirationTime('5m').sign(keys.privateKey);

  it('accepts a token signed by a key in the file and reads its email, lower-cased', async () => {
    expect(await verify(await mint({ email: 'Ops@Example.org' }))).toEqual({ email: 'ops@example.org' });
  });

  it('refuses a token from another issuer when an issuer is configured', async () => {
    await expect(verify(await mint({ email: 'ops@example.org' }, 'https://other.example'))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token that names no email', async () => {
    await expect(verify(await mint({ sub: 'user-123' }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses to start without a key or a JWKS file', async () => {
    await expect(createTokenVerifier({})).rejects.toThrow(/AUTH_PUBLIC_KEY|AUTH_JWKS_FILE/);
  });
});

describe('access tokens remembered after verification', () => {
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let verify: Awaited<ReturnType<typeof createTokenVerifier>>;

  beforeAll(async () => {
    keys = await generateKeyPair('RS256', { extractable: true });
    verify = await createTokenVerifier({ publicKeyPem: await exportSPKI(keys.publicKey) });
  });
  afterEach(() => vi.useRealTimers());

  const mint = (exp: number) => new SignJWT({ email: 'ops@example.org' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime(exp).sign(keys.privateKey);

  it('refuses a token once its exp has passed, though it was accepted before', async () => {
    const exp = Math.floor(Date.now() / 1000) + 30;
    const token = await mint(exp);
    expect(await verify(token)).toEqual({ email: 'ops@example.org' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000 - 1);
    expect(await verify(token)).toEqual({ email: 'ops@example.org' });
    vi.setSystemTime(exp * 1000);
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token whose signature was altered, however often the genuine one was accepted', async () => {
    const token = await mint(Math.floor(Date.now() / 1000) + 300);
    expect(await verify(token)).toEqual({ email: 'ops@example.org' });
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(verify(altered)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

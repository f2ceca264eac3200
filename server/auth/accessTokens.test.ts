import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

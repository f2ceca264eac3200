import fs from 'node:fs';
import { createLocalJWKSet, importSPKI, jwtVerify, type JWTVerifyGetKey, type KeyObject } from 'jose';
import type { Config } from '../config.ts';

export type TokenVerifier = (token: string) => Promise<{ email: string }>;

export class InvalidTokenError extends Error {}

// Checking the RS256 signature was the largest CPU cost of a small read (a tenth of the dataset page).
// The same token string verifies the same way until its exp passes (the key is fixed for the process),
// so a verified token is remembered for a short while, never past its exp. Refusals are not remembered.
const REMEMBER_MS = 60_000;
const REMEMBERED_TOKENS = 1000;

/**
 * Deployed sign-in: RS256 access tokens only, exp required, checked against a configured
 * public key (PEM) or a JWKS file. Any other algorithm, including HS256 and none, is refused.
 */
export async function createTokenVerifier(auth: Config['auth']): Promise<TokenVerifier> {
  let key: KeyObject | CryptoKey | JWTVerifyGetKey;
  if (auth.publicKeyPem) {
    key = await importSPKI(auth.publicKeyPem.replace(/\\n/g, '\n'), 'RS256');
  } else if (auth.jwksFile) {
    key = createLocalJWKSet(JSON.parse(fs.readFileSync(auth.jwksFile, 'utf8')));
  } else {
    throw new Error('The deployed runtime needs AUTH_PUBLIC_KEY (PEM) or AUTH_JWKS_FILE to verify access tokens.');
  }
  const verified = new Map<string, { email: string; untilMs: number }>();
  return async (token) => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && now < known.untilMs) return { email: known.email };
    if (known) verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, key as KeyObject, {
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
        issuer: auth.issuer,
        audience: auth.audience,
      });
      const claimed = typeof payload.email === 'string' ? payload.email : typeof payload.sub === 'string' && payload.sub.includes('@') ? payload.sub : null;
      if (!claimed) throw new InvalidTokenError('no email claim');
      const email = claimed.trim().toLowerCase();
      // jose accepts while the current whole second is before exp: never later than exp itself.
      verified.set(token, { email, untilMs: Math.min(now + REMEMBER_MS, payload.exp! * 1000) });
      if (verified.size > REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
      return { email };
    } catch {
      throw new InvalidTokenError('invalid token');
    }
  };
}

import fs from 'node:fs';
import { createLocalJWKSet, importSPKI, jwtVerify, type JWTVerifyGetKey, type KeyObject } from 'jose';
import type { Config } from '../config.ts';

export type TokenVerifier = (token: string) => Promise<{ email: string }>;

export class InvalidTokenError extends Error {}

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
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key as KeyObject, {
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
        issuer: auth.issuer,
        audience: auth.audience,
      });
      const email = typeof payload.email === 'string' ? payload.email : typeof payload.sub === 'string' && payload.sub.includes('@') ? payload.sub : null;
      if (!email) throw new InvalidTokenError('no email claim');
      return { email: email.trim().toLowerCase() };
    } catch {
      throw new InvalidTokenError('invalid token');
    }
  };
}

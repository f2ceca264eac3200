import type { Request, RequestHandler } from 'express';
import { hashSessionToken, readSessionToken } from '../auth/devSessions.ts';
import { InvalidTokenError, type TokenVerifier } from '../auth/accessTokens.ts';
import type { Database } from '../db/connection.ts';
import { identifyCaller, type Credential, type User } from '../repositories/usersRepository.ts';
import { HttpError } from './httpError.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in, provisioned, active user; set by authenticate(), or by identifiedWith() where authenticate() left it to the route. */
    user?: User;
    /** The checked credential of a request whose route identifies its caller itself (authenticate's identifiedByRoute). */
    credential?: Credential;
  }
}

const unauthenticated = (message: string) => new HttpError(401, 'unauthenticated', message);

/** What the request signs in with, checked as far as it can be without the database (401 when absent or invalid). */
async function credentialOf(req: Request, verifyToken: TokenVerifier | null): Promise<Credential> {
  if (verifyToken) {
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/-]+=*)$/);
    if (!match) throw unauthenticated('Sign in to continue: an access token is required.');
    try {
      return { email: (await verifyToken(match[1])).email };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw unauthenticated('The access token is invalid or has expired.');
      throw err;
    }
  }
  const token = readSessionToken(req);
  if (!token) throw unauthenticated('Sign in to continue.');
  return { sessionTokenHash: hashSessionToken(token) };
}

/** The user a credential named, refused unless provisioned (a live session) and active. */
function acceptedCaller(credential: Credential, user: User | null): User {
  if (!user) {
    if ('email' in credential) throw new HttpError(403, 'not_provisioned', 'Your account has not been provisioned for this service; ask an administrator.');
    throw unauthenticated('Your session has ended; sign in again.');
  }
  if (!user.active) throw new HttpError(403, 'deactivated', 'Your account has been deactivated.');
  return user;
}

/**
 * Every /api route behind this middleware needs a provisioned, active user. A request `identifiedByRoute`
 * says is checked here only as far as its credential: its route finds the caller in the statement of its
 * first read (identifiedWith), a round trip fewer on Postgres.
 */
export function authenticate(database: Database, verifyToken: TokenVerifier | null, identifiedByRoute: (req: Request) => boolean = () => false): RequestHandler {
  return async (req, _res, next) => {
    const credential = await credentialOf(req, verifyToken);
    if (identifiedByRoute(req)) req.credential = credential;
    else req.user = acceptedCaller(credential, await identifyCaller(database, credential));
    next();
  };
}

/**
 * A read that also identifies the caller when authenticate() left that to the route: `identifying` finds the
 * user the credential names and reads in the same statement; the caller is refused as authenticate() would
 * refuse them before what was read is used. A caller identified already is read for by `asUser`.
 */
export async function identifiedWith<T>(
  req: Request,
  reads: { identifying: (credential: Credential) => Promise<{ user: User; value: T } | null>; asUser: (user: User) => Promise<T> },
): Promise<T> {
  if (req.user) return reads.asUser(req.user);
  if (!req.credential) throw unauthenticated('Sign in to continue.');
  const found = await reads.identifying(req.credential);
  req.user = acceptedCaller(req.credential, found?.user ?? null);
  return found!.value;
}

export function currentUser(req: Request): User {
  if (!req.user) throw unauthenticated('Sign in to continue.');
  return req.user;
}

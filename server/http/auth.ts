import type { Request, RequestHandler } from 'express';
import { hashSessionToken, readSessionToken } from '../auth/devSessions.ts';
import { InvalidTokenError, type TokenVerifier } from '../auth/accessTokens.ts';
import type { Database } from '../db/connection.ts';
import { identifyUserByEmail, identifyUserBySession, type User } from '../repositories/usersRepository.ts';
import { HttpError } from './httpError.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in, provisioned, active user; set by authenticate(). */
    user?: User;
  }
}

const unauthenticated = (message: string) => new HttpError(401, 'unauthenticated', message);

async function identify(database: Database, req: Request, verifyToken: TokenVerifier | null): Promise<User> {
  if (verifyToken) {
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/-]+=*)$/);
    if (!match) throw unauthenticated('Sign in to continue: an access token is required.');
    let email: string;
    try {
      ({ email } = await verifyToken(match[1]));
    } catch (err) {
      if (err instanceof InvalidTokenError) throw unauthenticated('The access token is invalid or has expired.');
      throw err;
    }
    const user = await identifyUserByEmail(database, email);
    if (!user) throw new HttpError(403, 'not_provisioned', 'Your account has not been provisioned for this service; ask an administrator.');
    return user;
  }
  const token = readSessionToken(req);
  if (!token) throw unauthenticated('Sign in to continue.');
  const user = await identifyUserBySession(database, hashSessionToken(token));
  if (!user) throw unauthenticated('Your session has ended; sign in again.');
  return user;
}

/** Every /api route behind this middleware needs a provisioned, active user. */
export function authenticate(database: Database, verifyToken: TokenVerifier | null): RequestHandler {
  return async (req, _res, next) => {
    const user = await identify(database, req, verifyToken);
    if (!user.active) throw new HttpError(403, 'deactivated', 'Your account has been deactivated.');
    req.user = user;
    next();
  };
}

export function currentUser(req: Request): User {
  if (!req.user) throw unauthenticated('Sign in to continue.');
  return req.user;
}


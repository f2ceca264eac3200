import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** Development sign-in keeps an opaque random token in an HttpOnly, SameSite=Strict cookie; the database holds only its hash. */
export const SESSION_COOKIE = 'sid';

export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function readSessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setSessionCookie(res: Response, token: string, maxAgeMs: number): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', maxAge: maxAgeMs });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
}

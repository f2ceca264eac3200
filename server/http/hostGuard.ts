import type { RequestHandler } from 'express';
import { HttpError } from './httpError.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

/**
 * Development sign-in trusts whoever reaches the server, so it only answers requests addressed
 * to a loopback name; this also defeats DNS rebinding from a web page.
 */
export function hostGuard(): RequestHandler {
  return (req, _res, next) => {
    if (!LOOPBACK_HOSTS.has(hostName(req.headers.host))) {
      throw new HttpError(403, 'forbidden_host', 'Development sign-in answers only on localhost, 127.0.0.1 or [::1].');
    }
    next();
  };
}

import type { RequestHandler } from 'express';
import { HttpError } from './httpError.ts';

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Same-origin only: a state-changing request from another site is refused before anything runs. */
export function csrf(): RequestHandler {
  return (req, _res, next) => {
    if (!STATE_CHANGING_METHODS.has(req.method)) return next();
    const refuse = () => {
      throw new HttpError(403, 'cross_site_request', 'Cross-site requests are not accepted.');
    };
    if (req.headers['sec-fetch-site'] === 'cross-site') refuse();
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let originHost: string;
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        return refuse();
      }
      // Host and port compared exactly: a different port is a different origin.
      if (originHost !== (req.headers.host ?? '').trim().toLowerCase()) refuse();
    }
    next();
  };
}

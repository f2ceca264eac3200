import type { RequestHandler } from 'express';
import { log } from '../log.ts';
import { routePattern } from './errors.ts';

/** Method, route pattern, status and time only: never query strings, bodies or ids' owners. */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info('request', { route: routePattern(req), status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    next();
  };
}

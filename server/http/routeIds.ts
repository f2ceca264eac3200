import type { RequestHandler, Router } from 'express';
import { isUuid } from '../../schema/ids.ts';
import { notFound } from './httpError.ts';

export { isUuid };

const requireUuid = (name: string): RequestHandler => (req, _res, next) => {
  if (!isUuid(String(req.params[name]))) throw notFound();
  next();
};

/** Route ids that are not UUIDs answer 404 before any lookup: nothing else is a valid id. */
export function uuidParams(router: Router, ...names: string[]): void {
  for (const name of names) {
    router.param(name, (req, res, next) => requireUuid(name)(req, res, next));
  }
}

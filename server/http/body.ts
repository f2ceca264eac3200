import express, { type Request, type RequestHandler } from 'express';
import { HttpError } from './httpError.ts';
import { STATE_CHANGING_METHODS } from './csrf.ts';

export const KB = 1024;
export const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 256 * KB;

/** A route whose body may exceed the default cap. Paths are matched against the full /api path. */
export interface BodyLimitRule {
  method: string;
  path: RegExp;
  bytes: number;
}

/** A request carries a body when it declares a length above zero or a chunked transfer. */
export function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

// JSON travels as UTF-8 (RFC 8259); a charset parameter naming anything else is refused, not guessed at.
const OTHER_CHARSET = /;\s*charset\s*=\s*(?!"?utf-8"?\s*(;|$))/i;

/** Every body that changes state must be JSON in UTF-8: refused before a byte of it is read. */
export function requireJsonBodies(): RequestHandler {
  return (req, _res, next) => {
    if (STATE_CHANGING_METHODS.has(req.method) && hasBody(req) && (!req.is('application/json') || OTHER_CHARSET.test(req.headers['content-type'] ?? ''))) {
      throw new HttpError(415, 'unsupported_media_type', 'Request bodies must be JSON in UTF-8 (Content-Type: application/json).');
    }
    next();
  };
}

/**
 * Parses JSON bodies with a per-route size cap. The cap is enforced while the body streams in
 * (body-parser stops reading at the limit), so an oversized upload is never held in memory whole.
 */
export function jsonBodies(rules: BodyLimitRule[]): RequestHandler {
  const parsers = new Map<number, RequestHandler>();
  const parserFor = (bytes: number) => {
    let parser = parsers.get(bytes);
    if (!parser) {
      parser = express.json({ limit: bytes, strict: false, type: () => true });
      parsers.set(bytes, parser);
    }
    return parser;
  };
  return (req, res, next) => {
    if (!hasBody(req)) {
      req.body = {};
      return next();
    }
    const rule = rules.find((r) => r.method === req.method && r.path.test(req.originalUrl.split('?')[0]));
    parserFor(rule?.bytes ?? DEFAULT_BODY_LIMIT)(req, res, next);
  };
}

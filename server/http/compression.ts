import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * JSON replies and the app shell's files, compressed by the client's Accept-Encoding: brotli first (at the
 * middleware's quality 4, cheap enough for replies built per request), else gzip; bodies under 1 KB as they are.
 * The `compression` middleware of the Express project: it negotiates, sets Vary and skips what is already
 * compressed or marked no-transform.
 */
export function compressReplies(): RequestHandler {
  return compression();
}

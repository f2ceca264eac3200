import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * JSON replies and the app shell's files, compressed by the client's Accept-Encoding as the middleware's
 * negotiator chooses (it gives a browser's "gzip, deflate, br" gzip; brotli at quality 4 where it is preferred);
 * bodies under 1 KB as they are. The dataset replies kept built choose brotli themselves (revalidation.ts).
 * The `compression` middleware of the Express project: it negotiates, sets Vary and skips what is already
 * compressed or marked no-transform.
 */
export function compressReplies(): RequestHandler {
  return compression();
}

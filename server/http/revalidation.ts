import type { Request, Response } from 'express';
import type { BuiltReply, ReplyCache, ReplyEncoding } from './replyCache.ts';

/**
 * ETags of replies that a dataset's version decides (the dataset page, its titles, its rows). Weak: one version
 * is one JSON text, whichever encoding carries it. The app's version is part of the tag, so a server that
 * presents a reply differently never confirms a copy an older one sent.
 * Replies stay `Cache-Control: no-store` (they carry client data, which no browser or proxy cache should keep):
 * the browser's API client holds its copy itself and sends If-None-Match; the server answers 304 having read
 * only the version.
 */
export function versionTag(appVersion: string, reply: string, ...parts: (number | null)[]): string {
  return `W/"${reply}-${appVersion}-${parts.map((p) => p ?? 0).join('-')}"`;
}

/** The tags a request's If-None-Match names (weak or strong alike); null when it names none. */
function copiesHeld(req: Request): string[] | null {
  const header = req.headers['if-none-match'];
  if (!header) return null;
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, '')).filter(Boolean);
}

/** Whether a copy the request holds is `etag` (If-None-Match compares weakly; * matches any). */
function holdsCopy(held: string[], etag: string): boolean {
  const opaque = etag.replace(/^W\//, '');
  return held.some((tag) => tag === '*' || tag === opaque);
}

/**
 * Brotli or gzip, whichever Accept-Encoding rates higher, and brotli when it rates them alike (a browser's
 * "gzip, deflate, br" does): brotli's copy, made once, is a tenth smaller than gzip's (the titles of 800
 * titles 72 KB to 80 KB). Identity when it accepts neither. No header at all is not asked here: sent as it
 * is (negotiation would read it as "anything"; the middleware does not).
 */
function encodingFor(acceptEncoding: string): ReplyEncoding {
  const rated = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) rated.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const rating = (name: string) => rated.get(name) ?? rated.get('*') ?? 0;
  const br = rating('br');
  const gzip = rating('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** Replies under this size go as they are, as the compression middleware leaves them. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers a reply a version decides: 304 when the request holds that version's copy; the reply built already
 * for that version when `built` has it; else the reply read and presented (and kept in `built`). `key` names
 * the reply apart from its version (the dataset and the page of rows, say); `read` reads the version first and
 * the reply only when `skipRead` does not rule it out. A kept reply is compressed once per encoding, and sent
 * so (the compression middleware leaves a reply that carries its Content-Encoding).
 */
export async function replyByVersion<V, T>(
  req: Request,
  res: Response,
  options: {
    built: ReplyCache;
    key: string;
    tagOf: (version: V) => string;
    read: (skipRead: (version: V) => boolean) => Promise<{ version: V; reply: T | null }>;
    present: (reply: T) => string;
  },
): Promise<void> {
  const { built, key, tagOf, read, present } = options;
  const held = copiesHeld(req);
  let kept: BuiltReply | undefined;
  const skipRead = (version: V) => (held !== null && holdsCopy(held, tagOf(version))) || (kept = built.get(`${key} ${tagOf(version)}`)) !== undefined;
  const { version, reply } = await read(skipRead);
  const etag = tagOf(version);
  res.setHeader('ETag', etag);
  if (held !== null && holdsCopy(held, etag)) {
    res.status(304).end();
    return;
  }
  if (reply !== null) kept = built.set(`${key} ${etag}`, present(reply));
  const bytes = kept!.bytes;
  const accepted = req.headers['accept-encoding'];
  const encoding = bytes.length >= COMPRESS_FROM_BYTES && accepted !== undefined ? encodingFor(accepted) : 'identity';
  res.vary('Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.type('json').send(await kept!.in(encoding));
}

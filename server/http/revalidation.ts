import type { Request, Response } from 'express';

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
export function copiesHeld(req: Request): string[] | null {
  const header = req.headers['if-none-match'];
  if (!header) return null;
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, '')).filter(Boolean);
}

/** Whether a copy the request holds is `etag` (If-None-Match compares weakly; * matches any). */
export function holdsCopy(held: string[], etag: string): boolean {
  const opaque = etag.replace(/^W\//, '');
  return held.some((tag) => tag === '*' || tag === opaque);
}

/** The reply with its ETag, or 304 Not Modified (no body) when the reader's copy is current. */
export function sendRevalidated(res: Response, etag: string, body: string | null): void {
  res.setHeader('ETag', etag);
  if (body === null) res.status(304).end();
  else res.type('json').send(body);
}

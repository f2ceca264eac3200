/**
 * The Chromium benchmarks' page server: a folder's named files on a free local port, each with its content type
 * and never cached, anything else 404. A page and its workers need an http origin (a module worker will not
 * load from a file: URL).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StaticFiles {
  /** The URL of a file of the folder. */
  url(name: string): string;
  close(): void;
}

/** Serves `files` (name → content type) from `dir`. */
export function serveFiles(dir: string, files: Readonly<Record<string, string>>): Promise<StaticFiles> {
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname) || 'index.html';
    const full = path.join(dir, name);
    if (!Object.hasOwn(files, name) || !fs.existsSync(full)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': files[name]!, 'cache-control': 'no-store' });
    fs.createReadStream(full).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: (name) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}`, close: () => server.close() }),
    ),
  );
}

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A worker thread's module and everything it imports as one ES module, as a data: URL for `new Worker(url)` (an
 * evaluated string would be read as CommonJS or as a module depending on how the process was started).
 * The server runs its TypeScript through tsx, whose loader a worker thread does not inherit: a coding thread that
 * registered it and loaded the coder's forty-odd TypeScript modules through it answered its first job after
 * 440-450 ms (the loader translates each module on a thread of its own), one started from the bundle after
 * 100-110 ms (two cores at load average 6). Built once per process and module, in esbuild's own process, so the
 * caller's thread is not held.
 */
const built = new Map<string, Promise<URL>>();

export function bundledWorker(entry: URL): Promise<URL> {
  let source = built.get(entry.href);
  if (!source) {
    source = build({ entryPoints: [fileURLToPath(entry)], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' }).then(
      (result) => new URL(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].contents).toString('base64')}`),
    );
    // A failed build is tried again by the next thread started, not kept.
    source.catch(() => built.delete(entry.href));
    built.set(entry.href, source);
  }
  return source;
}

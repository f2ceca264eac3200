// Builds the browser app into dist/client/: bundles the entry points with esbuild and copies the
// static files, rewriting index.html to load the built script and stylesheet, then bundles the service
// worker (sw/) with the list of shell files to precache. Runs on `npm install` (postinstall) and
// `npm start`, so there is no manual build step.
//
// The build is made in a folder of its own and then moved into dist/client a file at a time (a rename
// replaces a file whole), so a server already serving dist/client never serves a missing or half-written
// file: another `npm start` (the end-to-end tests start several side by side) once deleted the folder under
// a running page, whose Web Worker then never loaded and left the page waiting.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const clientDir = join(root, 'client');
const workersDir = join(root, 'workers');
const outDir = join(root, 'dist', 'client');
const stageDir = join(root, 'dist', `.client-build-${process.pid}`);
const swEntry = join(root, 'sw', 'service-worker.ts');

/** Files copied unchanged from client/ to the output root (PNG icons come from scripts/build-icons.mjs). */
const STATIC_FILES = ['app.css', 'icon.svg', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png'];

/** Built files the service worker does not precache: source maps, licence notes, and itself. */
const NOT_PRECACHED = /(\.map|\.LEGAL\.txt)$|^sw\.js$/;

/**
 * esbuild entry points, output name without extension. The app is a stable `app.js`
 * (index.html references it with a content-hash query); each `workers/<name>.worker.ts`
 * becomes `workers/<name>.worker.js` so pages can start it by a fixed URL.
 */
function entryPoints() {
  const entries = [{ in: join(clientDir, 'main.ts'), out: 'app' }];
  if (existsSync(workersDir)) {
    for (const file of readdirSync(workersDir).sort()) {
      if (file.endsWith('.worker.ts')) {
        entries.push({ in: join(workersDir, file), out: `workers/${file.slice(0, -'.ts'.length)}` });
      }
    }
  }
  return entries;
}

function shortHash(content) {
  return createHash('sha256').update(content).digest('hex').slice(0, 12);
}

/** Replaces exactly one occurrence of `from`; a missing marker is a build error, not a silent no-op. */
function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) {
    throw new Error(`client/index.html must contain ${from} exactly once`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed; run `npm install` (it is a devDependency) before building the client.');
  }
}

async function build() {
  const started = performance.now();
  const esbuild = await loadEsbuild();
  await rm(stageDir, { recursive: true, force: true });
  await mkdir(stageDir, { recursive: true });

  await esbuild.build({
    entryPoints: entryPoints(),
    outdir: stageDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    // A production build trusts the server's replies; any other build checks them by schema/api (client/api/http.ts).
    define: { __CHECK_REPLIES__: JSON.stringify(process.env.NODE_ENV !== 'production') },
  });

  for (const file of STATIC_FILES) {
    await mkdir(dirname(join(stageDir, file)), { recursive: true });
    await copyFile(join(clientDir, file), join(stageDir, file));
  }

  const appJs = await readFile(join(stageDir, 'app.js'));
  const appCss = await readFile(join(stageDir, 'app.css'));
  let indexHtml = await readFile(join(clientDir, 'index.html'), 'utf8');
  indexHtml = replaceOnce(indexHtml, 'src="/main.ts"', `src="/app.js?v=${shortHash(appJs)}"`);
  indexHtml = replaceOnce(indexHtml, 'href="/app.css"', `href="/app.css?v=${shortHash(appCss)}"`);
  await writeFile(join(stageDir, 'index.html'), indexHtml);

  const precached = await buildServiceWorker(esbuild, {
    '/app.js': `/app.js?v=${shortHash(appJs)}`,
    '/app.css': `/app.css?v=${shortHash(appCss)}`,
  });

  await publish();

  const ms = Math.round(performance.now() - started);
  console.log(
    `client built into ${relative(root, outDir)}/ in ${ms} ms (app.js ${Math.round(appJs.length / 1024)} KiB; sw.js precaches ${precached} files)`,
  );
}

/** Every file below `base`, as site paths (/workers/import.worker.js), sorted. */
function builtFiles(base, dir = base) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? builtFiles(base, full) : [`/${relative(base, full).split('\\').join('/')}`];
    });
}

/** Moves the staged build into dist/client a file at a time, then removes what the new build no longer has. */
async function publish() {
  const made = builtFiles(stageDir);
  for (const path of made) {
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await rename(join(stageDir, path), join(outDir, path));
  }
  const kept = new Set(made);
  for (const path of builtFiles(outDir)) if (!kept.has(path)) await rm(join(outDir, path), { force: true });
  await rm(stageDir, { recursive: true, force: true });
}

/**
 * Bundles sw/service-worker.ts to the build's sw.js with the precache list injected: every shell file with a
 * content hash, the hashed ones under the URL index.html requests (`versioned`). Returns the list's length.
 */
async function buildServiceWorker(esbuild, versioned) {
  if (!existsSync(swEntry)) return 0;
  const entries = [];
  for (const path of builtFiles(stageDir)) {
    if (NOT_PRECACHED.test(path.slice(1))) continue;
    entries.push({ url: versioned[path] ?? path, revision: shortHash(await readFile(join(stageDir, path))) });
  }
  await esbuild.build({
    entryPoints: [swEntry],
    outfile: join(stageDir, 'sw.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    tsconfig: join(root, 'tsconfig.json'),
    define: { __PRECACHE_MANIFEST__: JSON.stringify(entries) },
    logLevel: 'warning',
  });
  return entries.length;
}

build().catch(async (error) => {
  console.error(`client build failed: ${error.message}`);
  process.exitCode = 1;
  await rm(stageDir, { recursive: true, force: true });
});

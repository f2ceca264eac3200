// Builds the browser app into dist/client/: bundles the entry points with esbuild and copies the
// static files, rewriting index.html to load the built script and stylesheet. Runs on
// `npm install` (postinstall) and `npm start`, so there is no manual build step.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const clientDir = join(root, 'client');
const workersDir = join(root, 'workers');
const outDir = join(root, 'dist', 'client');

/** Files copied unchanged from client/ to the output root. */
const STATIC_FILES = ['app.css', 'icon.svg', 'manifest.webmanifest'];

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
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  await esbuild.build({
    entryPoints: entryPoints(),
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });

  for (const file of STATIC_FILES) {
    await copyFile(join(clientDir, file), join(outDir, file));
  }

  const appJs = await readFile(join(outDir, 'app.js'));
  const appCss = await readFile(join(outDir, 'app.css'));
  let indexHtml = await readFile(join(clientDir, 'index.html'), 'utf8');
  indexHtml = replaceOnce(indexHtml, 'src="/main.ts"', `src="/app.js?v=${shortHash(appJs)}"`);
  indexHtml = replaceOnce(indexHtml, 'href="/app.css"', `href="/app.css?v=${shortHash(appCss)}"`);
  await writeFile(join(outDir, 'index.html'), indexHtml);

  const ms = Math.round(performance.now() - started);
  console.log(`client built into ${relative(root, outDir)}/ in ${ms} ms (app.js ${Math.round(appJs.length / 1024)} KiB)`);
}

build().catch((error) => {
  console.error(`client build failed: ${error.message}`);
  process.exitCode = 1;
});

// Component and worker tests in real Chromium (Debian's /usr/bin/chromium), TypeScript compiled by esbuild.
// Run with `npx web-test-runner`; `npm run test:browser` builds the client first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Fail loudly rather than skip: without a browser these tests prove nothing.
if (!existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

// Dexie's package entry (import-wrapper.mjs) imports its UMD build, which only a bundler can turn into a module;
// the tests load Dexie's own ES module build instead (one copy, as in the esbuild bundle of the app).
const dexieAsModule = {
  name: 'dexie-as-module',
  resolveImport({ source }) {
    if (source === 'dexie') return '/node_modules/dexie/dist/dexie.mjs';
    return undefined;
  },
};

export default {
  files: ['client/**/*.browser.test.ts', 'workers/**/*.browser.test.ts', 'sw/**/*.browser.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
  plugins: [
    dexieAsModule,
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      // Same class-field semantics as tsc and the client build (useDefineForClassFields: false).
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
  ],
  // Lit's one-line dev-mode notice is expected in tests (dev mode adds checks); other logs stay visible.
  filterBrowserLogs: ({ args }) => !(typeof args[0] === 'string' && args[0].startsWith('Lit is in dev mode')),
  testFramework: {
    config: { timeout: 5000 },
  },
};

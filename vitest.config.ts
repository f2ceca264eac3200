import { defineConfig } from 'vitest/config';

// Browser component tests (*.browser.test.ts) run in Chromium under @web/test-runner, not here.
export default defineConfig({
  test: {
    include: ['{server,workers,schema,scripts,test,bench}/**/*.test.ts'],
    exclude: ['**/*.browser.test.ts', 'node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

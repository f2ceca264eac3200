import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKER = path.join(ROOT, 'dist', 'client', 'workers', 'import.worker.js');

const buildClient = () =>
  new Promise<number | null>((resolve) => spawn(process.execPath, ['scripts/build-client.mjs'], { cwd: ROOT, stdio: 'ignore' }).on('exit', resolve));

describe('client build', () => {
  // Several `npm start`s run side by side in the end-to-end tests, each building the client while the others'
  // pages load workers from dist/client.
  it('never leaves a served file missing or half-written while builds run side by side', async () => {
    await buildClient();
    const whole = readFileSync(WORKER);
    const builds = Promise.all([buildClient(), buildClient()]);
    let running = true;
    void builds.then(() => (running = false));
    const seen = new Set<string>();
    while (running) {
      try {
        seen.add(readFileSync(WORKER).equals(whole) ? 'whole' : 'changed');
      } catch {
        seen.add('missing');
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await builds).toEqual([0, 0]);
    expect([...seen]).toEqual(['whole']);
  }, 60_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `npm start` on its own data folder and port, with any extra environment (such as IDENTITY_KEK); resolves
 * once it says it is running. Kill with process.kill(-pid).
 */
export function startLocalServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('running at') && resolve(child));
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
}

/** Debian's Chromium, headless, without the background traffic a test does not need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

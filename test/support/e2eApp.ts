import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { request, type RequestOptions } from '../../server/test/support/httpClient.ts';
import { startTestServer, type TestServer } from '../../server/test/support/testServer.ts';
import { launchChromium, startLocalServer } from './localServer.ts';

// The set-up every end-to-end file repeats, in one place: `npm start` on a fresh SQLite folder and Chromium,
// started before the file's tests and stopped and removed after them, and the seeded users' sign-in; or, for
// files that call the API in process, a test server and a page holding the session cookie (testServerApp).

export interface E2eApp {
  /** The run's own folder; the server's data is under data/, and a test may write its files beside it. */
  dir: string;
  base: string;
  browser: Browser;
  page: Page;
}

export interface E2eOptions {
  /** The temporary folder's name prefix, as 'e2e-variants-'. */
  name: string;
  /** The first port of the range a port is picked from at random, so files started side by side do not meet. */
  port: number;
  /** How many ports the range holds; 500 unless said. */
  ports?: number;
  /** Extra environment for the server, such as IDENTITY_KEK; a function when it is known only once earlier hooks ran (a fake's port). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** The page's options (viewport, downloads). */
  page?: BrowserContextOptions;
  /** The page's default timeout; 60 s unless said. */
  timeout?: number;
}

/** Call inside a describe; its fields are set once the file's first beforeAll has run. */
export function e2eApp(options: E2eOptions): E2eApp {
  const app = {} as E2eApp;
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    app.dir = fs.mkdtempSync(path.join(os.tmpdir(), options.name));
    const port = options.port + Math.floor(Math.random() * (options.ports ?? 500));
    app.base = `http://localhost:${port}`;
    server = await startLocalServer(path.join(app.dir, 'data'), port, typeof options.env === 'function' ? options.env() : options.env);
    app.browser = await launchChromium();
    app.page = await app.browser.newPage(options.page);
    app.page.setDefaultTimeout(options.timeout ?? 60_000);
  }, 180_000);
  afterAll(async () => {
    await app.browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    if (app.dir) fs.rmSync(app.dir, { recursive: true, force: true });
  });
  return app;
}

/** Signs a seeded user in through the API; answers the session cookie. */
export async function signInCookie(base: string, email: string): Promise<string> {
  const signIn = await request(base, '/api/dev/sign-in', { body: { email } });
  return String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;
}

/** The staffList helpers speak to a TestServer; this is the real `npm start` at `base` in its place. */
export const apiAt = (base: string) => ({ call: (p: string, options?: RequestOptions) => request(base, p, options) }) as unknown as TestServer;

/** Signs in on the page as a person would: the development sign-in page, the seeded user's name. */
export async function signInOnPage(page: Page, base: string, name: RegExp = /Lee Lead/): Promise<void> {
  await page.goto(base);
  await page.getByRole('button', { name }).click();
  await page.getByText('Signed in as').waitFor();
}

export interface TestServerApp {
  server: TestServer;
  /** The signed-in person's session cookie, also set on the page. */
  cookie: string;
  browser: Browser;
  page: Page;
}

/**
 * The other set-up, for files that drive the server's API in process while Chromium reads the app: a test
 * server on SQLite, the person signed in, and a page carrying their cookie; stopped after the file's tests.
 */
export function testServerApp(options: { email?: string; page?: BrowserContextOptions; timeout?: number } = {}): TestServerApp {
  const app = {} as TestServerApp;
  beforeAll(async () => {
    app.server = await startTestServer('sqlite');
    app.cookie = await app.server.signIn(options.email ?? 'lead@example.com');
    app.browser = await launchChromium();
    const context = await app.browser.newContext(options.page);
    const [name, value] = app.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: app.server.url }]);
    app.page = await context.newPage();
    app.page.setDefaultTimeout(options.timeout ?? 60_000);
  }, 180_000);
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

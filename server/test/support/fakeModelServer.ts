import { afterAll, beforeAll, beforeEach } from 'vitest';
import { FakeOpenAi, type FakeHandler } from './fakeOpenAi.ts';
import { startTestServer, type Backend, type TestServer } from './testServer.ts';

export interface FakeModelServer {
  readonly server: TestServer;
  readonly fake: FakeOpenAi;
}

/** Starts a local fake provider (answering by `handler` when given) and a test server whose AI is that fake, `env` on top. */
async function start(backend: Backend, env: Record<string, string>, handler?: FakeHandler): Promise<FakeModelServer> {
  const fake = await FakeOpenAi.start();
  if (handler) fake.handler = handler;
  try {
    return { fake, server: await startTestServer(backend, 'local', fake.env(env)) };
  } catch (error) {
    await fake.stop();
    throw error;
  }
}

async function stop(running: Partial<FakeModelServer>): Promise<void> {
  await running.server?.stop();
  await running.fake?.stop();
}

/**
 * For the tests of the describe it is called in: a test server whose AI provider is a local fake, started before
 * them and stopped after. With `handler`, each test starts with the fake answering by it and no request recorded.
 * Read `server` and `fake` in the describe's hooks and tests (they exist once its first beforeAll has run).
 */
export function fakeModelServer(backend: Backend, env: Record<string, string> = {}, handler?: FakeHandler): FakeModelServer {
  let running: FakeModelServer | null = null;
  const started = (): FakeModelServer => {
    if (!running) throw new Error('the fake model server is read before its beforeAll ran');
    return running;
  };
  beforeAll(async () => {
    running = await start(backend, env, handler);
  });
  if (handler) {
    beforeEach(() => {
      started().fake.handler = handler;
      started().fake.requests.length = 0;
    });
  }
  afterAll(() => stop(running ?? {}));
  return {
    get server() {
      return started().server;
    },
    get fake() {
      return started().fake;
    },
  };
}

/** Runs one test's work against its own fake provider and test server, stopping both afterwards. */
export async function withFakeModel<T>(backend: Backend, env: Record<string, string>, handler: FakeHandler, work: (running: FakeModelServer) => Promise<T>): Promise<T> {
  const running = await start(backend, env, handler);
  try {
    return await work(running);
  } finally {
    await stop(running);
  }
}

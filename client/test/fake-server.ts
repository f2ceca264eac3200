// Fakes the server at the fetch boundary for browser tests: the components run for real, and
// window.fetch answers from a table of routes while recording every request it was given.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, with its leading "?" (empty when none). */
  search: string;
  contentType: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

/** Keys are "METHOD /path"; a function reply sees the request, e.g. to answer by state. */
export type FakeRoutes = Record<string, FakeReply | ((request: RecordedRequest) => FakeReply)>;

export interface FakeServer {
  requests: RecordedRequest[];
  /** Replaces or adds routes mid-test, e.g. /api/me after sign-in. */
  route(key: string, reply: FakeReply | ((request: RecordedRequest) => FakeReply)): void;
  restore(): void;
}

export function installFakeServer(routes: FakeRoutes): FakeServer {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const realFetch = window.fetch;

  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const headers = new Headers(init.headers);
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      contentType: headers.get('Content-Type'),
      credentials: init.credentials,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const key = `${request.method} ${request.path}`;
    const entry = table.get(key);
    const reply: FakeReply = entry
      ? typeof entry === 'function'
        ? entry(request)
        : entry
      : { status: 500, body: { error: 'unexpected_request', message: `No fake route for ${key}` } };
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: text === null ? {} : { 'Content-Type': 'application/json' },
    });
  };

  return {
    requests,
    route(key, reply) {
      table.set(key, reply);
    },
    restore() {
      window.fetch = realFetch;
    },
  };
}

/** Polls until `check` returns a truthy value (which it returns), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | null | undefined | false, what: string, timeoutMs = 2000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** querySelector through a chain of shadow roots: each selector is looked up in the previous match's shadow root. */
export function shadowQuery(host: Element, ...selectors: string[]): Element | null {
  let current: Element | null = host;
  for (const selector of selectors) {
    current = current?.shadowRoot?.querySelector(selector) ?? null;
  }
  return current;
}

/** The visible text of an element, whitespace collapsed. */
export function textOf(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

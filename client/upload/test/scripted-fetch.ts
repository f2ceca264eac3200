// A fetch fake for the upload tests: each request is answered by a handler that may also fail the way a
// dropped connection does (fetch rejects), which the shared fake server cannot do.
import type { UploadRow } from '../../../workers/import/rows.ts';

export interface SeenRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export type Answer = { status: number; body?: unknown } | 'network-error';
export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

export interface ScriptedFetch {
  requests: SeenRequest[];
  /** How many requests were in flight at the busiest moment. */
  maxInFlight: () => number;
  restore(): void;
}

export function installScriptedFetch(handler: Handler): ScriptedFetch {
  const realFetch = window.fetch;
  const requests: SeenRequest[] = [];
  let inFlight = 0;
  let busiest = 0;
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {},
    };
    requests.push(request);
    inFlight += 1;
    busiest = Math.max(busiest, inFlight);
    try {
      // A macrotask, so parallel requests really overlap as they would on the network.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const answer = await handler(request);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const text = answer.body === undefined ? null : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status, headers: text === null ? {} : { 'Content-Type': 'application/json' } });
    } finally {
      inFlight -= 1;
    }
  };
  return { requests, maxInFlight: () => busiest, restore: () => void (window.fetch = realFetch) };
}

/** `count` plausible mapped rows: IDs, a manager, a title, salary and FTE; nothing personal. */
export function sampleRows(count: number): UploadRow[] {
  return Array.from({ length: count }, (_, i) => ({
    employeeId: `E${i + 1}`,
    managerEmployeeId: i === 0 ? null : 'E1',
    title: i % 2 === 0 ? 'Accounts Assistant' : 'Software Developer',
    salary: 30_000 + i,
    fte: 1,
    division: null,
    organisation: null,
    grade: null,
    group: null,
    location: null,
    attributes: null,
  }));
}

export const noWait = () => Promise.resolve();

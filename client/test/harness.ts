// The set-up the component and page tests share: call pageHarness() inside a describe, and every test there
// ends with its elements removed, its fake server restored and the page's address put back; with
// `reference: true` each test also starts with no reference data cached, and its own reference request is let
// finish against its own fake server before the next test starts.
import { appDatabase } from '../storage/db.ts';
import { forgetReferenceSession, referenceChoices } from '../reference/reference-data.ts';
import { installFakeServer, type FakeRoutes, type FakeServer } from './fake-server.ts';

export interface PageHarness {
  /** Fakes the server for the rest of this test. */
  serve(routes: FakeRoutes): FakeServer;
  /** Makes the element, sets its properties, and adds it to the page. */
  mount<T extends HTMLElement>(tag: string, properties?: Partial<T>): T;
  /** The element at an address, as a person opening it (the app's router reads the address when it starts). */
  mountAt<T extends HTMLElement>(path: string, tag: string): T;
}

export function pageHarness(options: { reference?: boolean } = {}): PageHarness {
  const testPageUrl = window.location.href;
  const mounted: HTMLElement[] = [];
  let server: FakeServer | null = null;

  if (options.reference) {
    beforeEach(async () => {
      forgetReferenceSession();
      await appDatabase().referenceVersions.clear();
    });
  }

  afterEach(async () => {
    if (options.reference && server) await referenceChoices().catch(() => undefined);
    for (const element of mounted.splice(0)) element.remove();
    server?.restore();
    server = null;
    window.history.replaceState(null, '', testPageUrl);
  });

  const harness: PageHarness = {
    serve(routes) {
      server?.restore();
      server = installFakeServer(routes);
      return server;
    },
    mount<T extends HTMLElement>(tag: string, properties: Partial<T> = {}) {
      const element = Object.assign(document.createElement(tag), properties) as T;
      document.body.append(element);
      mounted.push(element);
      return element;
    },
    mountAt<T extends HTMLElement>(path: string, tag: string) {
      window.history.replaceState(null, '', path);
      return harness.mount<T>(tag);
    },
  };
  return harness;
}

import type { Application } from 'express';

export interface RegisteredRoute {
  method: string;
  /** The Express pattern, e.g. /api/datasets/:id/rows. */
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

const joinPath = (prefix: string, path: string) => `${prefix}${path === '/' ? '' : path}`;

function walk(stack: Layer[], prefix: string, into: RegisteredRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      if (typeof layer.route.path !== 'string') continue;
      for (const method of Object.keys(layer.route.methods)) {
        if (method !== '_all') into.push({ method: method.toUpperCase(), path: joinPath(prefix, layer.route.path) });
      }
    } else if (layer.handle.stack) {
      // A mounted router: app.use('/api', api) keeps '/api' as the layer's raw path; router.use(sub) has none.
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      walk(layer.handle.stack, joinPath(prefix, mount), into);
    }
  }
}

/** Every method and path the app answers, read from Express's own router: the routes as registered. */
export function registeredRoutes(app: Application): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', routes);
  return routes;
}

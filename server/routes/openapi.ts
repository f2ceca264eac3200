import { Router } from 'express';
import type { Config } from '../config.ts';
import { openApiDocument, type RouteArea } from '../http/openapi.ts';
import { registeredRoutes } from '../http/routeTable.ts';
import { adminApi } from './admin/openapi.ts';
import { aiApi } from './ai/openapi.ts';
import { clientsApi } from './clients/openapi.ts';
import { copilotPlansApi } from './copilotPlans/openapi.ts';
import { datasetsApi } from './datasets/openapi.ts';
import { devSignInApi } from './dev/openapi.ts';
import { engagementsApi } from './engagements/openapi.ts';
import { identitiesApi } from './identities/openapi.ts';
import { exportsApi } from './exports/openapi.ts';
import { referenceApi } from './reference/openapi.ts';
import { usersApi } from './users/openapi.ts';
import { benchmarksApi } from './benchmarks/openapi.ts';
import { session } from '../../schema/api/session.ts';

const platformApi: RouteArea = {
  tag: 'Platform',
  routes: {
    'GET /health': { summary: 'Liveness, version and environment; the only unauthenticated route', who: 'anyone' },
    'GET /me': { summary: 'The caller, environment, whether AI is enabled and the sign-in mode', who: 'signed in', reply: session },
    'GET /openapi.json': { summary: 'This description', who: 'signed in' },
  },
};

/**
 * Every area's route descriptions. A new route is described in its area's openapi.ts with the zod
 * schemas its handler parses; a new area adds its list here. test/reliability/openapi.test.ts
 * fails, naming the route, when a registered route has no description or a description no route.
 */
export const API_AREAS: RouteArea[] = [platformApi, devSignInApi, usersApi, clientsApi, benchmarksApi, engagementsApi, datasetsApi, identitiesApi, exportsApi, copilotPlansApi, referenceApi, adminApi, aiApi];

/** GET /openapi.json: built once, from the descriptions of the routes this server registered (no dev routes when deployed). */
export function openApiRoutes(config: Config): Router {
  const router = Router();
  let document: unknown;
  router.get('/openapi.json', (req, res) => {
    if (!document) {
      const registered = new Set(registeredRoutes(req.app).map((r) => `${r.method} ${r.path}`));
      const areas = API_AREAS.map(({ tag, routes }) => ({
        tag,
        routes: Object.fromEntries(Object.entries(routes).filter(([key]) => registered.has(key.replace(' ', ' /api')))),
      }));
      document = openApiDocument(areas, config.version);
    }
    res.json(document);
  });
  return router;
}

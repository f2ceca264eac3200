import path from 'node:path';
import express, { type Express } from 'express';
import type { TokenVerifier } from './auth/accessTokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { authenticate } from './http/auth.ts';
import { KB, MB, jsonBodies, requireJsonBodies, type BodyLimitRule } from './http/body.ts';
import { compressReplies } from './http/compression.ts';
import { csrf } from './http/csrf.ts';
import { errorMapper } from './http/errors.ts';
import { hostGuard } from './http/hostGuard.ts';
import { notFound } from './http/httpError.ts';
import { noStoreOnApi, permissionsPolicy, securityHeaders } from './http/securityHeaders.ts';
import { spa } from './http/spa.ts';
import { requestLog } from './http/requestLog.ts';
import { adminAuditRoutes } from './routes/admin/audit.ts';
import { adminAiUsageRoutes } from './routes/admin/aiUsage.ts';
import { adminCacheRoutes } from './routes/admin/cache.ts';
import { adminPromptsRoutes } from './routes/admin/prompts.ts';
import { adminStatsRoutes } from './routes/admin/stats.ts';
import { benchmarksRoutes } from './routes/benchmarks/benchmarks.ts';
import { clientsRoutes } from './routes/clients/clients.ts';
import { copilotPlansRoutes } from './routes/copilotPlans/copilotPlans.ts';
import { datasetAiRoutes } from './routes/datasets/ai.ts';
import { datasetReadsRoutes, datasetsRoutes, identifiedByVersionedRead } from './routes/datasets/datasets.ts';
import { identitiesRoutes } from './routes/identities/identities.ts';
import { createAiRuntime } from './services/ai/availability.ts';
import { engagementsRoutes } from './routes/engagements/engagements.ts';
import { exportsRoutes } from './routes/exports/exports.ts';
import { devSignInRoutes } from './routes/dev/devSignIn.ts';
import { healthRoutes } from './routes/health.ts';
import { meRoutes } from './routes/me.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { referenceRoutes } from './routes/reference/reference.ts';
import { usersRoutes } from './routes/users/users.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Verifies Bearer tokens in the deployed runtime; null under development sign-in. */
  verifyToken: TokenVerifier | null;
  clientDir?: string;
}

/** Routes whose bodies may exceed the 256 KB default; later resources add theirs here. */
export const BODY_LIMITS: BodyLimitRule[] = [
  // A brand carries a logo of up to 256 KB, which base64 makes about 342 KB.
  { method: 'PUT', path: /^\/api\/clients\/[^/]+\/brand$/, bytes: 512 * KB },
  { method: 'PUT', path: /^\/api\/admin\/reference\/draft$/, bytes: 4 * MB },
  { method: 'POST', path: /^\/api\/datasets\/[^/]+\/rows$/, bytes: 6 * MB },
  { method: 'POST', path: /^\/api\/datasets\/[^/]+\/copilot-plans$/, bytes: 4 * MB },
  { method: 'PUT', path: /^\/api\/copilot-plans\/[^/]+$/, bytes: 4 * MB },
  { method: 'POST', path: /^\/api\/datasets\/[^/]+\/identities\/reveal$/, bytes: 4 * MB },
  { method: 'POST', path: /^\/api\/datasets\/[^/]+\/identities\/match$/, bytes: 8 * MB },
  // Smaller than the default: a prompt draft is two texts of at most 20,000 characters and its settings.
  { method: 'PUT', path: /^\/api\/admin\/prompts\/[^/]+\/draft$/, bytes: 128 * KB },
];

/** The request path of architecture.md, top to bottom. */
export function createApp({ config, database, verifyToken, clientDir }: AppDeps): Express {
  const app = express();
  const ai = createAiRuntime(config);
  app.disable('x-powered-by');
  app.set('trust proxy', false);

  if (config.logRequests) app.use(requestLog());
  app.use(compressReplies());
  app.use(securityHeaders());
  app.use(permissionsPolicy);
  app.use(noStoreOnApi);
  if (config.runtime === 'local') app.use(hostGuard());
  app.use(csrf());

  const api = express.Router();
  api.use(requireJsonBodies());
  api.use(jsonBodies(BODY_LIMITS));
  api.use(healthRoutes(config));
  api.use(devSignInRoutes(config, database));
  api.use(authenticate(database, verifyToken, identifiedByVersionedRead));
  api.use(datasetReadsRoutes(config, database));
  api.use(meRoutes(config));
  api.use(openApiRoutes(config));
  api.use(usersRoutes(database));
  api.use(clientsRoutes(database));
  api.use(benchmarksRoutes(database));
  api.use(engagementsRoutes(config, database));
  api.use(referenceRoutes(database));
  api.use(datasetsRoutes(config, database, ai));
  api.use(datasetAiRoutes(database, ai));
  api.use(copilotPlansRoutes(database));
  api.use(identitiesRoutes(config, database));
  api.use(exportsRoutes(database));
  api.use(adminAuditRoutes(database));
  api.use(adminCacheRoutes(database));
  api.use(adminAiUsageRoutes(database, ai));
  api.use(adminPromptsRoutes(database, ai));
  api.use(adminStatsRoutes(database));
  api.use(() => {
    throw notFound('Route');
  });
  app.use('/api', api);

  app.use(spa(clientDir ?? path.resolve(import.meta.dirname, '../dist/client')));
  app.use(errorMapper());
  return app;
}

import { Router } from 'express';
import type { Config } from '../config.ts';

/** The only unauthenticated route. */
export function healthRoutes(config: Config): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ ok: true, version: config.version, environment: config.environment });
  });
  return router;
}

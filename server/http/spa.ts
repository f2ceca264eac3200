import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built app shell (dist/client) on the same origin as the API. Unknown non-API paths
 * fall back to index.html so the client-side router can take them.
 */
export function spa(clientDir: string): Router {
  const router = Router();
  const indexFile = path.join(clientDir, 'index.html');
  router.use(express.static(clientDir, { index: 'index.html', fallthrough: true, maxAge: 0 }));
  router.get(/^(?!\/api(\/|$)).*/, (_req, res) => {
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The app shell has not been built: run `npm run build:client`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}

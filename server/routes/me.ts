import { Router } from 'express';
import { aiEnabled, signInMode, type Config } from '../config.ts';
import { currentUser } from '../http/auth.ts';
import { publicUser } from './publicUser.ts';
import type { Session } from '../../schema/api/session.ts';

export function meRoutes(config: Config): Router {
  const router = Router();
  router.get('/me', (req, res) => {
    const session: Session = {
      user: publicUser(currentUser(req)),
      environment: config.environment,
      aiEnabled: aiEnabled(config),
      signInMode: signInMode(config),
    };
    res.json(session);
  });
  return router;
}

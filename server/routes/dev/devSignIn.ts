import { Router } from 'express';
import type { Config } from '../../config.ts';
import { asUser, type Database } from '../../db/connection.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../auth/devSessions.ts';
import { HttpError } from '../../http/httpError.ts';
import { parse } from '../../http/validate.ts';
import { signIn, signInChoices, signOut } from '../../services/devSignIn.ts';
import { publicUser } from '../publicUser.ts';
import { signInBody } from './schema.ts';
import type { DevUser } from '../../../schema/api/session.ts';

/**
 * Development sign-in, mounted before authentication: the local server's sign-in page lists
 * provisioned users and trades an email for a session cookie. In the deployed runtime these
 * routes do not exist (404), whatever else is configured; the sign-in page reads that as
 * "sign-in is the identity provider's".
 */
export function devSignInRoutes(config: Config, database: Database): Router {
  const router = Router();
  if (config.runtime === 'deployed') {
    router.use('/dev', () => {
      throw new HttpError(404, 'not_found', 'Development sign-in is not available in the deployed runtime.');
    });
    return router;
  }

  router.get('/dev/users', async (_req, res) => {
    const users = await asUser(database, null, (tx) => signInChoices(tx));
    res.json({ users: users.map(({ email, name, role }): DevUser => ({ email, name, role })) });
  });

  router.post('/dev/sign-in', async (req, res) => {
    const { email } = parse(signInBody, req.body);
    const { user, token, maxAgeMs } = await asUser(database, null, (tx) => signIn(tx, email, config.devSessionHours));
    setSessionCookie(res, token, maxAgeMs);
    res.json({ user: publicUser(user) });
  });

  router.post('/dev/sign-out', async (req, res) => {
    const token = readSessionToken(req);
    if (token) await asUser(database, null, (tx) => signOut(tx, token));
    clearSessionCookie(res);
    res.status(204).end();
  });

  return router;
}

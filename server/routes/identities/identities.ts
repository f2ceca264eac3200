import { Router } from 'express';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { matchIdentities, revealIdentities } from '../../services/identities.ts';
import { matchBody, revealBody } from './schema.ts';
import type { MatchReply, RevealReply } from '../../../schema/api/identities.ts';

/** Reveal and licence-list match (PII access); names and emails are uploaded with the rows (datasets routes). */
export function identitiesRoutes(config: Config, database: Database): Router {
  const router = Router();
  uuidParams(router, 'id');
  const tx = userTransactions(database);

  router.post('/datasets/:id/identities/reveal', async (req, res) => {
    const body = parse(revealBody, req.body);
    const reply: RevealReply = await tx(req, (ctx) => revealIdentities(ctx, req.params.id, body, config.identityKek));
    res.json(reply);
  });

  router.post('/datasets/:id/identities/match', async (req, res) => {
    const body = parse(matchBody, req.body);
    const reply: MatchReply = await tx(req, (ctx) => matchIdentities(ctx, req.params.id, body, config.identityKek));
    res.json(reply);
  });

  return router;
}

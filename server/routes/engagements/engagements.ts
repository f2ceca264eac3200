import { Router } from 'express';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { engagementAuditTrail } from '../../services/auditTrail.ts';
import {
  closeEngagement,
  createEngagement,
  deleteEngagement,
  getEngagement,
  listMyEngagements,
  purgeEngagementNow,
  reopenEngagement,
  updateEngagement,
} from '../../services/engagements.ts';
import { listEngagementMembers, putMember, removeMember } from '../../services/members.ts';
import { presentEngagement, presentMember } from './present.ts';
import { auditPageQuery, createEngagementBody, purgeBody, putMemberBody, updateEngagementBody } from './schema.ts';
import type { AuditPage } from '../../../schema/api/audit.ts';

export function engagementsRoutes(config: Config, database: Database): Router {
  const router = Router();
  uuidParams(router, 'id', 'userId');
  const tx = userTransactions(database);

  router.get('/engagements', async (req, res) => {
    const engagements = await tx(req, (ctx) => listMyEngagements(ctx));
    res.json({ engagements: engagements.map((e) => presentEngagement(e, e)) });
  });

  router.post('/engagements', async (req, res) => {
    const body = parse(createEngagementBody, req.body);
    const engagement = await tx(req, (ctx) => createEngagement(ctx, body, config.identityKek));
    res.status(201).json({ engagement: presentEngagement(engagement, { role: 'lead', piiAccess: true }) });
  });

  router.get('/engagements/:id', async (req, res) => {
    const { engagement, membership, members } = await tx(req, (ctx) => getEngagement(ctx, req.params.id));
    res.json({ engagement: presentEngagement(engagement, membership), members: members.map(presentMember) });
  });

  router.patch('/engagements/:id', async (req, res) => {
    const body = parse(updateEngagementBody, req.body);
    const engagement = await tx(req, (ctx) => updateEngagement(ctx, req.params.id, body));
    res.json({ engagement: presentEngagement(engagement) });
  });

  router.post('/engagements/:id/close', async (req, res) => {
    res.json({ engagement: presentEngagement(await tx(req, (ctx) => closeEngagement(ctx, req.params.id))) });
  });

  router.post('/engagements/:id/reopen', async (req, res) => {
    res.json({ engagement: presentEngagement(await tx(req, (ctx) => reopenEngagement(ctx, req.params.id))) });
  });

  router.post('/engagements/:id/purge', async (req, res) => {
    const { confirm } = parse(purgeBody, req.body);
    res.json({ engagement: presentEngagement(await tx(req, (ctx) => purgeEngagementNow(ctx, req.params.id, confirm))) });
  });

  router.delete('/engagements/:id', async (req, res) => {
    await tx(req, (ctx) => deleteEngagement(ctx, req.params.id));
    res.status(204).end();
  });

  router.get('/engagements/:id/members', async (req, res) => {
    const members = await tx(req, (ctx) => listEngagementMembers(ctx, req.params.id));
    res.json({ members: members.map(presentMember) });
  });

  router.put('/engagements/:id/members', async (req, res) => {
    const body = parse(putMemberBody, req.body);
    const { member, created } = await tx(req, (ctx) => putMember(ctx, req.params.id, body));
    res.status(created ? 201 : 200).json({ member: presentMember(member) });
  });

  router.delete('/engagements/:id/members/:userId', async (req, res) => {
    await tx(req, (ctx) => removeMember(ctx, req.params.id, req.params.userId));
    res.status(204).end();
  });

  router.get('/engagements/:id/audit', async (req, res) => {
    const query = parse(auditPageQuery, req.query, 'query');
    const page = await tx(req, (ctx) => engagementAuditTrail(ctx, req.params.id, query));
    const reply: AuditPage = { ...page, offset: query.offset, limit: query.limit };
    res.json(reply);
  });

  return router;
}

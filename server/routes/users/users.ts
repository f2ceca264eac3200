import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { inUserTransaction } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { createUser, listUsers, updateUser } from '../../services/users.ts';
import { publicUser } from '../publicUser.ts';
import { createUserBody, updateUserBody } from './schema.ts';

export function usersRoutes(database: Database): Router {
  const router = Router();
  uuidParams(router, 'id');

  router.get('/users', async (req, res) => {
    const users = await inUserTransaction(database, req, (ctx) => listUsers(ctx));
    res.json({ users: users.map(publicUser) });
  });

  router.post('/users', async (req, res) => {
    const body = parse(createUserBody, req.body);
    const user = await inUserTransaction(database, req, (ctx) => createUser(ctx, body));
    res.status(201).json({ user: publicUser(user) });
  });

  router.patch('/users/:id', async (req, res) => {
    const body = parse(updateUserBody, req.body);
    const user = await inUserTransaction(database, req, (ctx) => updateUser(ctx, req.params.id, body));
    res.json({ user: publicUser(user) });
  });

  return router;
}

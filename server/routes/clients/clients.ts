import type { Client as PresentedClient } from '../../../schema/api/users.ts';
import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import type { Client } from '../../repositories/clientsRepository.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { createClient, deleteBrand, getBrand, listClients, putBrand, updateClient } from '../../services/clients.ts';
import { brandBody, createClientBody, updateClientBody } from './schema.ts';
import type { BrandReply } from '../../../schema/api/brand.ts';

/** Client details without the brand's logo bytes; the brand has its own route. */
const presentClient = ({ brand, ...client }: Client): PresentedClient => ({ ...client, hasBrand: brand !== null });

export function clientsRoutes(database: Database): Router {
  const router = Router();
  uuidParams(router, 'id');
  const tx = userTransactions(database);

  router.get('/clients', async (req, res) => {
    res.json({ clients: (await tx(req, (ctx) => listClients(ctx))).map(presentClient) });
  });

  router.post('/clients', async (req, res) => {
    const body = parse(createClientBody, req.body);
    res.status(201).json({ client: presentClient(await tx(req, (ctx) => createClient(ctx, body))) });
  });

  router.patch('/clients/:id', async (req, res) => {
    const body = parse(updateClientBody, req.body);
    res.json({ client: presentClient(await tx(req, (ctx) => updateClient(ctx, req.params.id, body))) });
  });

  router.get('/clients/:id/brand', async (req, res) => {
    const reply: BrandReply = await tx(req, (ctx) => getBrand(ctx, req.params.id));
    res.json(reply);
  });

  router.put('/clients/:id/brand', async (req, res) => {
    const body = parse(brandBody, req.body);
    res.json({ brand: await tx(req, (ctx) => putBrand(ctx, req.params.id, body)) });
  });

  router.delete('/clients/:id/brand', async (req, res) => {
    await tx(req, (ctx) => deleteBrand(ctx, req.params.id));
    res.status(204).end();
  });

  return router;
}

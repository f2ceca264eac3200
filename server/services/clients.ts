import { randomUUID } from 'node:crypto';
import { brandProblems, type Brand } from '../../workers/brand/brand.ts';
import { HttpError, forbidden, notFound } from '../http/httpError.ts';
import { findClient, insertClient, listClients as selectClients, setClientBrand, updateClient as writeClient, type Client } from '../repositories/clientsRepository.ts';
import { leadsAnEngagementOfClient } from '../repositories/membersRepository.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';

export function listClients(ctx: ServiceContext): Promise<Client[]> {
  return selectClients(ctx.tx);
}

export async function createClient(ctx: ServiceContext, input: { name: string; sector?: string | null; notes?: string | null }): Promise<Client> {
  const id = randomUUID();
  await insertClient(ctx.tx, { id, name: input.name, sector: input.sector ?? null, notes: input.notes ?? null, createdBy: ctx.actor.id });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'client_created', details: { clientId: id } });
  return (await findClient(ctx.tx, id))!;
}

async function requireClient(ctx: ServiceContext, clientId: string): Promise<Client> {
  const client = await findClient(ctx.tx, clientId);
  if (!client) throw notFound('Client');
  return client;
}

/** The client's creator or an administrator edits its details. */
export async function updateClient(
  ctx: ServiceContext,
  clientId: string,
  patch: { name?: string; sector?: string | null; notes?: string | null; archived?: boolean },
): Promise<Client> {
  const client = await requireClient(ctx, clientId);
  if (ctx.actor.role !== 'admin' && client.createdBy !== ctx.actor.id) throw forbidden("Only the client's creator or an administrator can change it.");
  await writeClient(ctx.tx, clientId, patch);
  const details = { clientId, fields: Object.keys(patch), ...(patch.archived !== undefined && { archived: patch.archived }) };
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'client_updated', details });
  return (await findClient(ctx.tx, clientId))!;
}

/** Brand rights: an administrator, the client's creator, or a lead of one of its engagements. */
async function mayChangeBrand(ctx: ServiceContext, client: Client): Promise<boolean> {
  return ctx.actor.role === 'admin' || client.createdBy === ctx.actor.id || (await leadsAnEngagementOfClient(ctx.tx, client.id, ctx.actor.id));
}

export async function getBrand(ctx: ServiceContext, clientId: string): Promise<{ brand: Brand | null; canEdit: boolean }> {
  const client = await requireClient(ctx, clientId);
  return { brand: client.brand, canEdit: await mayChangeBrand(ctx, client) };
}

export async function putBrand(ctx: ServiceContext, clientId: string, brand: Brand): Promise<Brand> {
  const client = await requireClient(ctx, clientId);
  if (!(await mayChangeBrand(ctx, client))) throw forbidden("Only an administrator, the client's creator or a lead of one of its engagements can change its brand.");
  const problems = brandProblems(brand);
  if (problems.length > 0) {
    throw new HttpError(400, 'validation_error', `The brand is refused: ${problems[0].message}`, problems);
  }
  await setClientBrand(ctx.tx, clientId, brand);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'client_brand_updated', details: { clientId, logo: brand.logo !== null, font: brand.font.replace(/ /g, '_') } });
  return brand;
}

export async function deleteBrand(ctx: ServiceContext, clientId: string): Promise<void> {
  const client = await requireClient(ctx, clientId);
  if (!(await mayChangeBrand(ctx, client))) throw forbidden("Only an administrator, the client's creator or a lead of one of its engagements can change its brand.");
  await setClientBrand(ctx.tx, clientId, null);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'client_brand_removed', details: { clientId } });
}

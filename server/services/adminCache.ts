import { notFound } from '../http/httpError.ts';
import { deleteCacheEntry, findCacheEntry, listCacheEntries, setCacheVerified } from '../repositories/cacheRepository.ts';
import { requireAdmin } from './access.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';

/** GET /admin/cache: shared cache entries, most used first. */
export function listSharedCache(ctx: ServiceContext, query: { q?: string; offset: number; limit: number }) {
  requireAdmin(ctx.actor, 'manage the shared title cache');
  return listCacheEntries(ctx.tx, query.q, query.offset, query.limit);
}

async function requireEntry(ctx: ServiceContext, normalisedTitle: string, context: string) {
  const entry = await findCacheEntry(ctx.tx, normalisedTitle, context);
  if (!entry) throw notFound('Cache entry');
  return entry;
}

/**
 * PATCH /admin/cache: marks an entry verified (or not). A verified entry is never overwritten by a
 * later AI pick. The audit records the pack and codes, not the title (details hold no free text).
 */
export async function verifySharedCacheEntry(ctx: ServiceContext, body: { normalisedTitle: string; context: string; verified: boolean }) {
  requireAdmin(ctx.actor, 'manage the shared title cache');
  const entry = await requireEntry(ctx, body.normalisedTitle, body.context);
  await setCacheVerified(ctx.tx, body.normalisedTitle, body.context, body.verified);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'cache_entry_verified',
    details: { context: entry.context, usSoc2018: entry.usSoc2018, ukSoc2020: entry.ukSoc2020, verified: body.verified },
  });
  return { ...entry, verified: body.verified };
}

/** DELETE /admin/cache: removes an entry; the next dataset holding the title asks the model or the rules again. */
export async function deleteSharedCacheEntry(ctx: ServiceContext, body: { normalisedTitle: string; context: string }) {
  requireAdmin(ctx.actor, 'manage the shared title cache');
  const entry = await requireEntry(ctx, body.normalisedTitle, body.context);
  await deleteCacheEntry(ctx.tx, body.normalisedTitle, body.context);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'cache_entry_deleted',
    details: { context: entry.context, usSoc2018: entry.usSoc2018, ukSoc2020: entry.ukSoc2020, verified: entry.verified },
  });
}

import { forbidden } from '../http/httpError.ts';
import { platformCounts } from '../repositories/statsRepository.ts';
import type { ServiceContext } from './context.ts';

/** GET /admin/stats: the platform's figures, for administrators only. */
export function platformStats(ctx: ServiceContext) {
  if (ctx.actor.role !== 'admin') throw forbidden('Only administrators can see the platform figures.');
  return platformCounts(ctx.tx);
}

import { platformCounts } from '../repositories/statsRepository.ts';
import type { ServiceContext } from './context.ts';
import { requireAdmin } from './access.ts';

/** GET /admin/stats: the platform's figures, for administrators only. */
export function platformStats(ctx: ServiceContext) {
  requireAdmin(ctx.actor, 'see the platform figures');
  return platformCounts(ctx.tx);
}

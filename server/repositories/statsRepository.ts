import { sql } from 'kysely';
import type { Tx } from '../db/connection.ts';
import { bindBool } from '../db/convert.ts';

export interface PlatformCounts {
  engagements: number;
  datasets: number;
  peopleAnalysed: number;
  cacheEntries: number;
  verifiedEntries: number;
}

/**
 * Platform-wide counts. Under row-level security only an administrator's transaction sees every
 * engagement and dataset, so the caller must be one. People analysed are the headcounts of finalised
 * datasets (ready ones, and purged ones, whose headcount survives with their summary).
 */
export async function platformCounts(tx: Tx): Promise<PlatformCounts> {
  // One after another: the queries share the request's single transaction connection.
  const engagements = await tx.selectFrom('engagements').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const datasets = await tx
    .selectFrom('datasets')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(case when status in ('ready', 'purged') then headcount else 0 end), 0)`.as('people'),
    ])
    .executeTakeFirstOrThrow();
  const cache = await tx
    .selectFrom('classification_cache')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(case when verified = ${bindBool(true)} then 1 else 0 end), 0)`.as('verified'),
    ])
    .executeTakeFirstOrThrow();
  return {
    engagements: Number(engagements.n),
    datasets: Number(datasets.n),
    peopleAnalysed: Number(datasets.people),
    cacheEntries: Number(cache.n),
    verifiedEntries: Number(cache.verified),
  };
}

import type { Tx } from '../db/connection.ts';
import { readJson } from '../db/convert.ts';

/**
 * The trimmed summaries of every benchmark contribution (migration 0009's view: each opted-in
 * engagement's most recently created finished dataset), leaving out one engagement when asked.
 * Only summaries leave this function: the caller never learns which engagement gave which.
 */
export async function listBenchmarkSummaries(tx: Tx, excludeEngagementId: string | null): Promise<unknown[]> {
  let query = tx.selectFrom('benchmark_contributions').select('summary');
  if (excludeEngagementId !== null) query = query.where('engagement_id', '<>', excludeEngagementId);
  const rows = await query.execute();
  return rows.map((r) => readJson<unknown>(r.summary));
}

import type { Tx } from '../db/connection.ts';
import { nowIso } from '../db/convert.ts';
import { NEXT_VERSION } from '../repositories/datasetsRepository.ts';
import { updateEngagement } from '../repositories/engagementsRepository.ts';
import { deleteEngagementIdentities } from '../repositories/identitiesRepository.ts';
import { recordAudit } from './audit.ts';

export type PurgeReason = 'manual' | 'retention';

// Row-level detail besides identities. Summaries stay on the datasets.
const ROW_DATA_TABLES = ['employee_rows', 'dataset_titles', 'upload_chunks', 'copilot_plans', 'overrides'] as const;

/**
 * Purges an engagement in the caller's transaction (spec: Retention and purge): identities and
 * the wrapped data key go, row data goes, report wording is cleared, datasets and the engagement
 * are marked purged with each dataset's anonymised summary kept, and the audit row is written.
 * Overrides go too: they are title lists of the engagement.
 */
export async function purgeEngagement(tx: Tx, engagementId: string, actor: string | null, reason: PurgeReason): Promise<{ datasets: number }> {
  // A lead's purge runs as the application role; the retention job (actor null) as the owner.
  await deleteEngagementIdentities(tx, engagementId, actor === null ? 'owner' : 'lead');
  for (const table of ROW_DATA_TABLES) {
    await tx.deleteFrom(table).where('engagement_id', '=', engagementId).execute();
  }
  const datasets = await tx
    .updateTable('datasets')
    .set({ status: 'purged', updated_at: nowIso(), version: NEXT_VERSION } as never)
    .where('engagement_id', '=', engagementId)
    .executeTakeFirst();
  const now = nowIso();
  await updateEngagement(tx, engagementId, { status: 'purged', purgedAt: now, dekWrapped: null, reportNotes: null });
  const count = Number(datasets.numUpdatedRows);
  await recordAudit(tx, { actor, action: 'engagement_purged', engagementId, details: { reason, datasets: count } });
  return { datasets: count };
}

import type { ExportRecord } from '../../schema/exports.ts';
import { forbidden } from '../http/httpError.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requireDataset, requireDatasetStatus } from './datasetAccess.ts';

/**
 * Records an export the browser generated. Any member may export, viewers included, and from a closed
 * engagement too: reading is enough. The audit row holds what the client reported, never the file.
 */
export async function recordExport(ctx: ServiceContext, datasetId: string, report: ExportRecord): Promise<void> {
  const { dataset, membership } = await requireDataset(ctx, datasetId);
  requireDatasetStatus(dataset, ['ready', 'purged'], 'exporting');
  // A named file can exist only after a reveal, which needs PII access: a claim without it is refused.
  if (report.named && !membership.piiAccess) throw forbidden('A named export needs PII access on this engagement.');
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'export_generated',
    engagementId: dataset.engagementId,
    datasetId,
    details: {
      kind: report.kind,
      artefact: report.artefact,
      named: report.named,
      groupings: report.groupings,
      ...(report.rows !== undefined && { rows: report.rows }),
    },
  });
}

import type { NarrativeKind } from '../../schema/ai.ts';
import type { Tx } from '../db/connection.ts';
import { bindJson, nowIso, readIso, readJson } from '../db/convert.ts';

export interface AiOutput {
  kind: NarrativeKind;
  promptVersion: number | null;
  content: Record<string, unknown>;
  createdAt: string;
}

export async function findAiOutput(tx: Tx, datasetId: string, kind: NarrativeKind): Promise<AiOutput | null> {
  const row = await tx.selectFrom('ai_outputs').select(['kind', 'prompt_version', 'content', 'created_at']).where('dataset_id', '=', datasetId).where('kind', '=', kind).executeTakeFirst();
  if (!row) return null;
  return { kind: row.kind as NarrativeKind, promptVersion: row.prompt_version === null ? null : Number(row.prompt_version), content: readJson(row.content), createdAt: readIso(row.created_at) };
}

/** One cached output per dataset and kind; a newer generation replaces the older. */
export async function saveAiOutput(tx: Tx, output: { datasetId: string; engagementId: string; kind: NarrativeKind; promptVersion: number; content: Record<string, unknown> }): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('ai_outputs')
    .values({ dataset_id: output.datasetId, engagement_id: output.engagementId, kind: output.kind, prompt_version: output.promptVersion, content: bindJson(output.content), created_at: now } as never)
    .onConflict((oc) => oc.columns(['dataset_id', 'kind']).doUpdateSet({ prompt_version: output.promptVersion, content: bindJson(output.content), created_at: now } as never))
    .execute();
}

import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/connection.ts';
import { nowIso } from '../db/convert.ts';

export type AiFeature = 'classify' | 'exec-summary' | 'lifecycle' | 'ask' | 'prompt-lab';

/** One metered model call; calls that used no tokens are not recorded (spec: AI usage record). */
export async function recordAiUsage(
  tx: Tx,
  usage: { userId: string; engagementId: string | null; feature: AiFeature; model: string; inputTokens: number; outputTokens: number },
): Promise<void> {
  if (usage.inputTokens + usage.outputTokens <= 0) return;
  await tx
    .insertInto('ai_usage')
    .values({
      id: randomUUID(), user_id: usage.userId, engagement_id: usage.engagementId, feature: usage.feature, model: usage.model,
      input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, created_at: nowIso(),
    } as never)
    .execute();
}

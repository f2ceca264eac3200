import { randomUUID } from 'node:crypto';
import type { AiFeature } from '../../schema/ai.ts';
import type { Tx } from '../db/connection.ts';
import { nowIso } from '../db/convert.ts';

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

export interface MonthlyTokens {
  month: string;
  feature: AiFeature;
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** Platform-wide totals by month and feature, from `month` (YYYY-MM) on; read through the shared view. */
export async function monthlyTokenTotals(tx: Tx, fromMonth: string): Promise<MonthlyTokens[]> {
  const rows = await tx.selectFrom('ai_usage_monthly').selectAll().where('month', '>=', fromMonth).orderBy('month').orderBy('feature').execute();
  return rows.map((r) => ({
    month: r.month,
    feature: r.feature,
    calls: Number(r.calls),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
  }));
}

/** How many Ask calls a user made since `sinceIso` (the start of the UTC day), for the daily cap. */
export async function countAskCalls(tx: Tx, userId: string, sinceIso: string): Promise<number> {
  const row = await tx
    .selectFrom('ai_usage')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('feature', '=', 'ask')
    .where('created_at', '>=', sinceIso as never)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

import { AI_FEATURES, type AiFeature, type AiUsageReport, type FeatureUsage } from '../../../schema/ai.ts';
import { monthlyTokenTotals, recordAiUsage } from '../../repositories/aiUsageRepository.ts';
import type { ServiceContext } from '../context.ts';
import { currentMonth, spendOf, type AiRuntime } from './availability.ts';
import type { ModelReply } from './provider.ts';
import { requireAdmin } from '../access.ts';

/** Meters one model reply against the acting user, whatever became of its text: tokens spent are tokens spent. */
export function meterReply(ctx: ServiceContext, engagementId: string | null, feature: AiFeature, reply: ModelReply): Promise<void> {
  return recordAiUsage(ctx.tx, { userId: ctx.actor.id, engagementId, feature, model: reply.model, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens });
}

const MONTHS = 12;

/** The twelve UTC months ending with the current one, oldest first, as YYYY-MM. */
function lastMonths(now = new Date()): string[] {
  return Array.from({ length: MONTHS }, (_, k) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - k), 1)).toISOString().slice(0, 7));
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * GET /admin/ai-usage: platform-wide use by month and feature over twelve months, spend priced at
 * the configured rates, the month-to-date spend against the budget, and the configured model.
 */
export async function aiUsageReport(ctx: ServiceContext, ai: AiRuntime): Promise<AiUsageReport> {
  requireAdmin(ctx.actor, 'see AI usage');
  const months = lastMonths();
  const totals = await monthlyTokenTotals(ctx.tx, months[0]);
  const report = months.map((month) => {
    const features = Object.fromEntries(
      AI_FEATURES.map((feature) => {
        const t = totals.find((x) => x.month === month && x.feature === feature);
        const input = t?.inputTokens ?? 0;
        const output = t?.outputTokens ?? 0;
        return [feature, { calls: t?.calls ?? 0, inputTokens: input, outputTokens: output, spend: round(spendOf(ai.config, input, output)) }];
      }),
    ) as Record<AiFeature, FeatureUsage>;
    return { month, features, spend: round(Object.values(features).reduce((sum, f) => sum + f.spend, 0)) };
  });
  const monthToDate = report.find((m) => m.month === currentMonth())!.spend;
  return {
    months: report,
    features: [...AI_FEATURES],
    monthToDate,
    budget: { monthly: ai.config.monthlyBudget, remaining: round(Math.max(0, ai.config.monthlyBudget - monthToDate)), reached: monthToDate >= ai.config.monthlyBudget },
    model: ai.config.model,
    aiEnabled: ai.provider !== null,
    prices: { inputPerMTok: ai.config.inputPricePerMTok, outputPerMTok: ai.config.outputPricePerMTok },
    askDailyLimit: ai.config.askDailyLimit,
  };
}

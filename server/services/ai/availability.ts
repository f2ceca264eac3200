import { aiEnabled, type AiConfig, type Config } from '../../config.ts';
import type { Tx } from '../../db/connection.ts';
import { HttpError } from '../../http/httpError.ts';
import { monthlyTokenTotals } from '../../repositories/aiUsageRepository.ts';
import { openAiProvider, type AiProvider, type ModelCallError } from './provider.ts';

/** Why AI is not used right now; every AI feature reports one of these, decided here. */
export type AiUnavailableCode = 'not_configured' | 'budget_reached' | 'provider_error';

export interface AiUnavailable {
  reason: AiUnavailableCode;
  message: string;
}

/** What the AI features share: the settings and, when AI is configured, the provider. */
export interface AiRuntime {
  config: AiConfig;
  provider: AiProvider | null;
}

export function createAiRuntime(config: Config, provider?: AiProvider): AiRuntime {
  return { config: config.ai, provider: aiEnabled(config) ? (provider ?? openAiProvider(config.ai)) : null };
}

const NOT_CONFIGURED: AiUnavailable = { reason: 'not_configured', message: 'AI is not configured on this server.' };
const BUDGET_REACHED: AiUnavailable = {
  reason: 'budget_reached',
  message: "This month's AI budget has been spent; AI features are paused until the next calendar month (UTC).",
};

/** The current UTC calendar month as YYYY-MM, the budget's period. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** Spend priced at the configured rates, whatever model a prompt named (spec: Limits, AI budget). */
export const spendOf = (config: AiConfig, inputTokens: number, outputTokens: number) =>
  (inputTokens * config.inputPricePerMTok + outputTokens * config.outputPricePerMTok) / 1_000_000;

export async function monthToDateSpend(tx: Tx, config: AiConfig): Promise<number> {
  const totals = await monthlyTokenTotals(tx, currentMonth());
  return totals.reduce((sum, t) => sum + spendOf(config, t.inputTokens, t.outputTokens), 0);
}

/** The one place that decides whether AI may be called now: configured, and the month's budget not yet spent. */
export async function aiUnavailable(tx: Tx, ai: AiRuntime): Promise<AiUnavailable | null> {
  if (!ai.provider) return NOT_CONFIGURED;
  if ((await monthToDateSpend(tx, ai.config)) >= ai.config.monthlyBudget) return BUDGET_REACHED;
  return null;
}

/** A model call that failed: the feature falls back and says why. */
export const providerFailed = (err: ModelCallError): AiUnavailable => ({ reason: 'provider_error', message: err.message });

/** For features with no fallback (Ask): 429 when the budget is spent, 503 otherwise. */
export function unavailableError(unavailable: AiUnavailable): HttpError {
  return unavailable.reason === 'budget_reached'
    ? new HttpError(429, 'ai_budget_exceeded', unavailable.message)
    : new HttpError(503, 'ai_unavailable', unavailable.message);
}

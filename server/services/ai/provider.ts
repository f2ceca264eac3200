import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, RateLimitError } from 'openai';
import type { AiConfig } from '../../config.ts';

/** One model call: a system text, the rendered template, the prompt's settings and the JSON shape wanted back. */
export interface ModelRequest {
  system: string;
  user: string;
  model: string;
  temperature: number;
  maxOutputTokens: number;
  /** Asked for as structured output; the production parsers still judge every reply. */
  responseSchema: { name: string; schema: Record<string, unknown> };
}

export interface ModelReply {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export type ModelFailure = 'timeout' | 'rate_limited' | 'provider_error';

/** The provider did not answer usefully; no reply text and, as far as we can know, no tokens spent. */
export class ModelCallError extends Error {
  constructor(
    readonly failure: ModelFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface AiProvider {
  call(request: ModelRequest): Promise<ModelReply>;
}

/** How long to wait before the one retry of a refused request, at most. */
const MAX_RETRY_WAIT_MS = 2_000;

function retryWait(err: APIError): number {
  const seconds = Number(err.headers?.get?.('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : 500;
}

/**
 * Retried once only where the provider cannot have done the work: a 429 (refused before
 * processing) or a connection that failed before any reply. A timeout or a 5xx may have been
 * processed and billed, so those are not repeated; the caller falls back instead.
 */
function safeToRetry(err: unknown): err is APIError {
  if (err instanceof APIConnectionTimeoutError) return false;
  return err instanceof RateLimitError || err instanceof APIConnectionError;
}

function failureOf(err: unknown): ModelCallError {
  if (err instanceof ModelCallError) return err;
  if (err instanceof APIConnectionTimeoutError) return new ModelCallError('timeout', 'The AI provider did not answer in time.');
  if (err instanceof RateLimitError) return new ModelCallError('rate_limited', 'The AI provider is rate-limiting requests.');
  if (err instanceof APIError) {
    // The status only: a provider's error text may echo the request.
    return new ModelCallError('provider_error', err.status ? `The AI provider answered with an error (HTTP ${err.status}).` : 'The AI provider could not be reached.');
  }
  return new ModelCallError('provider_error', 'The AI provider gave an unusable answer.');
}

/** The `openai` SDK pointed at AI_BASE_URL (any OpenAI-compatible server) with the configured key and timeout. */
export function openAiProvider(config: AiConfig): AiProvider {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, timeout: config.timeoutMs, maxRetries: 0 });

  async function once(request: ModelRequest): Promise<ModelReply> {
    const completion = await client.chat.completions.create({
      model: request.model,
      temperature: request.temperature,
      max_tokens: request.maxOutputTokens,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      response_format: { type: 'json_schema', json_schema: { name: request.responseSchema.name, schema: request.responseSchema.schema } },
    });
    const text = completion.choices?.[0]?.message?.content;
    const inputTokens = completion.usage?.prompt_tokens ?? 0;
    const outputTokens = completion.usage?.completion_tokens ?? 0;
    return { text: typeof text === 'string' ? text : '', model: completion.model || request.model, inputTokens, outputTokens };
  }

  return {
    async call(request) {
      try {
        return await once(request);
      } catch (err) {
        if (!safeToRetry(err)) throw failureOf(err);
        await new Promise((resolve) => setTimeout(resolve, retryWait(err)));
        try {
          return await once(request);
        } catch (again) {
          throw failureOf(again);
        }
      }
    },
  };
}

/** A model name as an audit detail (a token: no spaces, no slashes). */
export const modelToken = (model: string) => model.slice(0, 100).replace(/[^A-Za-z0-9_.:-]/g, '_') || 'unknown';

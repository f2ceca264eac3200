// When and how a failed request is tried again (spec: Upload rules 1). Pure: the clock and the randomness
// are passed in, so the rules are tested without waiting.
import { ApiError, NETWORK_ERROR_STATUS } from '../api/http.ts';

/** A failed chunk is tried again up to three times: four attempts in all. */
export const MAX_RETRIES = 3;

/** Back-off before retry n (1-based) is about BASE × 2^(n-1), capped, with jitter so parallel chunks spread out. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 8000;

/**
 * Worth trying again: no answer at all (offline, connection dropped), a timeout (408), too many requests
 * (429) or a server failure (5xx). Any other 4xx is the request's own fault and would fail the same way.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === NETWORK_ERROR_STATUS || status === 408 || status === 429 || status >= 500;
}

/** Milliseconds to wait before retry `retry` (1-based): half fixed, half random, so never zero. */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export interface RetryNotice {
  /** 1-based number of the retry about to happen. */
  retry: number;
  delayMs: number;
  error: unknown;
}

export interface RetryOptions {
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (notice: RetryNotice) => void;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt`, retrying retryable failures with back-off; rethrows the last error otherwise. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { maxRetries = MAX_RETRIES, sleep = realSleep, random = Math.random, onRetry } = options;
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry > maxRetries || !isRetryable(error)) throw error;
      const delayMs = backoffDelay(retry, random);
      onRetry?.({ retry, delayMs, error });
      await sleep(delayMs);
    }
  }
}

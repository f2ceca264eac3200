import path from 'node:path';
import { z } from 'zod';
import { MasterKeyError, parseMasterKey } from './crypto/dataKeys.ts';

/** Everything the server reads from the environment, parsed once at start. README lists each variable. */
const environmentSchema = z.object({
  NODE_ENV: z.string().optional(),
  RUNTIME: z.enum(['local', 'deployed']).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_DB_ROLE: z.string().regex(/^[a-z_][a-z0-9_]{0,53}$/).default('staff_app'),
  AUTH_PUBLIC_KEY: z.string().optional(),
  AUTH_JWKS_FILE: z.string().optional(),
  AUTH_ISSUER: z.string().optional(),
  AUTH_AUDIENCE: z.string().optional(),
  IDENTITY_KEK: z.string().optional(),
  AI_PROVIDER: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_BASE_URL: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Comma-separated models an edited prompt may name; the configured AI_MODEL is always allowed. */
  MODEL_ALLOWED_MODELS: z.string().optional(),
  AI_INPUT_PRICE_PER_MTOK: z.coerce.number().min(0).default(0.4),
  AI_OUTPUT_PRICE_PER_MTOK: z.coerce.number().min(0).default(1.6),
  /** Platform-wide spend per UTC calendar month, in the currency of the prices above. */
  AI_MONTHLY_BUDGET: z.coerce.number().min(0).default(50),
  AI_ASK_DAILY_LIMIT: z.coerce.number().int().min(0).default(50),
  DEV_SESSION_HOURS: z.coerce.number().positive().default(12),
  LOG_REQUESTS: z.enum(['0', '1']).optional(),
});

export type Runtime = 'local' | 'deployed';

export interface Config {
  runtime: Runtime;
  /** What /api/health and /api/me report. */
  environment: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** A postgres URL, or null for the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  appDbRole: string;
  auth: { publicKeyPem?: string; jwksFile?: string; issuer?: string; audience?: string };
  /** The 32-byte master secret that wraps engagement data keys; null when identity storage is off. */
  identityKek: Buffer | null;
  ai: AiConfig;
  devSessionHours: number;
  logRequests: boolean;
  version: string;
}

export interface AiConfig {
  provider?: string;
  apiKey?: string;
  baseUrl?: string;
  /** The platform's model, used by every prompt whose model is null. */
  model: string;
  timeoutMs: number;
  allowedModels: string[];
  inputPricePerMTok: number;
  outputPricePerMTok: number;
  monthlyBudget: number;
  askDailyLimit: number;
}

export const AI_PROVIDER_OPENAI = 'openai';
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

export function loadConfig(env: NodeJS.ProcessEnv, version: string): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${first.path.join('.')}: ${first.message}`);
  }
  const e = parsed.data;
  // The deployed runtime is chosen by either switch; nothing can turn it back into the local one.
  const runtime: Runtime = e.NODE_ENV === 'production' || e.RUNTIME === 'deployed' ? 'deployed' : 'local';
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new Error('Invalid environment: DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  return {
    runtime,
    environment: runtime === 'deployed' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development',
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    appDbRole: e.APP_DB_ROLE,
    auth: { publicKeyPem: e.AUTH_PUBLIC_KEY, jwksFile: e.AUTH_JWKS_FILE, issuer: e.AUTH_ISSUER, audience: e.AUTH_AUDIENCE },
    identityKek: e.IDENTITY_KEK ? masterKeyFrom(e.IDENTITY_KEK) : null,
    ai: {
      provider: e.AI_PROVIDER,
      apiKey: e.AI_API_KEY,
      baseUrl: e.AI_BASE_URL || undefined,
      model: e.AI_MODEL || DEFAULT_AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      allowedModels: (e.MODEL_ALLOWED_MODELS ?? '').split(',').map((m) => m.trim()).filter(Boolean),
      inputPricePerMTok: e.AI_INPUT_PRICE_PER_MTOK,
      outputPricePerMTok: e.AI_OUTPUT_PRICE_PER_MTOK,
      monthlyBudget: e.AI_MONTHLY_BUDGET,
      askDailyLimit: e.AI_ASK_DAILY_LIMIT,
    },
    devSessionHours: e.DEV_SESSION_HOURS,
    logRequests: e.LOG_REQUESTS === '1',
    version,
  };
}

/** A malformed master secret stops the start with the setup message main.ts prints, never with the value. */
function masterKeyFrom(value: string): Buffer {
  try {
    return parseMasterKey(value);
  } catch (err) {
    if (err instanceof MasterKeyError) throw new Error(`Invalid environment: ${err.message}`);
    throw err;
  }
}

export function aiEnabled(config: Config): boolean {
  return config.ai.provider === AI_PROVIDER_OPENAI && Boolean(config.ai.apiKey);
}

export function signInMode(config: Config): 'development' | 'token' {
  return config.runtime === 'deployed' ? 'token' : 'development';
}

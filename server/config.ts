import path from 'node:path';
import { z } from 'zod';
import { parseMasterKey } from './crypto/dataKeys.ts';

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
  ai: { provider?: string; apiKey?: string; baseUrl?: string; model?: string; timeoutMs: number };
  devSessionHours: number;
  logRequests: boolean;
  version: string;
}

export const AI_PROVIDER_OPENAI = 'openai';

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
    identityKek: e.IDENTITY_KEK ? parseMasterKey(e.IDENTITY_KEK) : null,
    ai: { provider: e.AI_PROVIDER, apiKey: e.AI_API_KEY, baseUrl: e.AI_BASE_URL, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    devSessionHours: e.DEV_SESSION_HOURS,
    logRequests: e.LOG_REQUESTS === '1',
    version,
  };
}

export function aiEnabled(config: Config): boolean {
  return config.ai.provider === AI_PROVIDER_OPENAI && Boolean(config.ai.apiKey);
}

export function signInMode(config: Config): 'development' | 'token' {
  return config.runtime === 'deployed' ? 'token' : 'development';
}

// The one way the browser talks to the server: JSON in and out, same-origin cookies,
// and every failure turned into an ApiError carrying the server's { error, message } code.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An issue from a 400 validation_error body, kept as the server sent it. */
export interface ApiIssue {
  path?: (string | number)[];
  message?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, code: string, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

const API_BASE = '/api';

/**
 * A GET goes through this when set (offline-copies.ts): it may add headers (If-None-Match), answer from a
 * copy kept on this device, or keep the answer. It throws as fetch does when there is no answer at all.
 */
export type GetThrough = (path: string, send: (headers?: Record<string, string>) => Promise<Response>) => Promise<Response>;

let getThrough: GetThrough | null = null;

export function routeGetsThrough(through: GetThrough | null): void {
  getThrough = through;
}

/** Status 0 marks a request that never got an answer (offline or server down). */
export const NETWORK_ERROR_STATUS = 0;

interface ErrorBody {
  error: string;
  message: string;
  issues?: ApiIssue[];
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.message === 'string';
}

const NOT_JSON = Symbol('not JSON');

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

// Set by the client build (scripts/build-client.mjs): false in a production build. Tests run the source, where
// it is not defined, and check.
declare const __CHECK_REPLIES__: boolean | undefined;

/**
 * Whether replies are checked against their schema in schema/api/: in development builds and tests, so a shape
 * that changed on one side fails loudly where it is read; a production build trusts the server it ships with.
 */
export const CHECK_REPLIES = typeof __CHECK_REPLIES__ === 'undefined' || __CHECK_REPLIES__;

/** The reply as its schema types it; checked when CHECK_REPLIES, and returned as sent either way (never reshaped). */
function readReply<T>(reply: z.ZodType<T>, payload: unknown, status: number, path: string): T {
  if (CHECK_REPLIES) {
    const checked = reply.safeParse(payload);
    if (!checked.success) {
      console.error(`The reply to ${path} does not match its schema`, checked.error.issues);
      throw new ApiError(status, 'invalid_response', 'The server sent a reply this page does not understand.');
    }
  }
  return payload as T;
}

/**
 * Sends one request to `/api${path}`. Bodies are JSON; every non-GET request carries
 * `Content-Type: application/json` and at least `{}` because the server refuses others with 415.
 * Resolves with the parsed JSON body (undefined for 204); rejects with ApiError.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  reply?: z.ZodType<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  // fetch is looked up on each call so tests can fake the server at the fetch boundary.
  const send = (extra: Record<string, string> = {}) => globalThis.fetch(`${API_BASE}${path}`, { ...init, headers: { ...headers, ...extra } });
  let response: Response;
  try {
    response = method === 'GET' && getThrough ? await getThrough(path, send) : await send();
  } catch {
    throw new ApiError(
      NETWORK_ERROR_STATUS,
      'network_error',
      'Could not reach the server. Check your connection and try again.',
    );
  }

  if (response.status === 204) return undefined as T;
  const payload = await readJson(response);
  if (response.ok) {
    if (payload === NOT_JSON) {
      throw new ApiError(response.status, 'invalid_response', 'The server sent a reply that is not valid JSON.');
    }
    return reply ? readReply(reply, payload, response.status, path) : (payload as T);
  }
  if (isErrorBody(payload)) {
    throw new ApiError(response.status, payload.error, payload.message, payload.issues);
  }
  throw new ApiError(
    response.status,
    'http_error',
    `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
  );
}

/** Each call's reply is typed by its schema in schema/api/ when given (and then checked in development and tests). */
export const api = {
  get: <T>(path: string, reply?: z.ZodType<T>) => apiRequest<T>('GET', path, undefined, reply),
  post: <T>(path: string, body?: unknown, reply?: z.ZodType<T>) => apiRequest<T>('POST', path, body, reply),
  put: <T>(path: string, body?: unknown, reply?: z.ZodType<T>) => apiRequest<T>('PUT', path, body, reply),
  patch: <T>(path: string, body?: unknown, reply?: z.ZodType<T>) => apiRequest<T>('PATCH', path, body, reply),
  delete: <T>(path: string, reply?: z.ZodType<T>) => apiRequest<T>('DELETE', path, undefined, reply),
};

/** The text to show a person for any thrown value: the server's message for an ApiError. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== ''
    ? error.message
    : 'Something went wrong. Please try again.';
}

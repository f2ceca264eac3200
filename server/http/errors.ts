import type { ErrorRequestHandler, Request } from 'express';
import { log } from '../log.ts';
import { HttpError } from './httpError.ts';

interface Reply {
  status: number;
  error: string;
  message: string;
}

// body-parser marks its refusals with a type; each maps to the specification's code.
const BODY_PARSER_ERRORS: Record<string, Reply> = {
  'entity.too.large': { status: 413, error: 'payload_too_large', message: 'The request body is larger than this endpoint accepts.' },
  'entity.parse.failed': { status: 400, error: 'invalid_json', message: 'The request body is not valid JSON.' },
  'encoding.unsupported': { status: 415, error: 'unsupported_media_type', message: 'The request body encoding is not supported.' },
  'charset.unsupported': { status: 415, error: 'unsupported_media_type', message: 'The request body charset is not supported; use UTF-8.' },
  'request.aborted': { status: 400, error: 'bad_request', message: 'The request body was cut short.' },
  'request.size.invalid': { status: 400, error: 'bad_request', message: 'The request body length does not match its header.' },
};

// A route id that is not even valid percent-encoding is no UUID either (spec: Endpoints).
const UNDECODABLE_ID: Reply = { status: 404, error: 'not_found', message: 'Resource not found.' };
// zlib's codes (Z_DATA_ERROR…) when a gzip or deflate body does not decompress.
const UNREADABLE_BODY: Reply = { status: 400, error: 'bad_request', message: 'The request body could not be decompressed.' };

const REFUSED_VALUE: Reply = { status: 400, error: 'bad_request', message: 'A value was refused by the database (out of range or not allowed).' };
const ALREADY_EXISTS: Reply = { status: 409, error: 'conflict', message: 'That record already exists.' };
const NOT_ALLOWED: Reply = { status: 403, error: 'forbidden', message: 'The database refused this change for your account.' };

// Postgres SQLSTATE and SQLite extended result codes, by what they mean for the caller.
const DATABASE_ERRORS: Record<string, Reply> = {
  '23514': REFUSED_VALUE, // check_violation
  '22003': REFUSED_VALUE, // numeric_value_out_of_range
  '22P02': REFUSED_VALUE, // invalid_text_representation
  '22001': REFUSED_VALUE, // string_data_right_truncation
  '22007': REFUSED_VALUE, // invalid_datetime_format
  '22008': REFUSED_VALUE, // datetime_field_overflow
  '23502': REFUSED_VALUE, // not_null_violation
  '23503': REFUSED_VALUE, // foreign_key_violation
  '23505': ALREADY_EXISTS, // unique_violation
  '42501': NOT_ALLOWED, // insufficient_privilege (row-level policy or trigger)
  SQLITE_CONSTRAINT_CHECK: REFUSED_VALUE,
  SQLITE_CONSTRAINT_NOTNULL: REFUSED_VALUE,
  SQLITE_CONSTRAINT_FOREIGNKEY: REFUSED_VALUE,
  SQLITE_MISMATCH: REFUSED_VALUE,
  SQLITE_TOOBIG: REFUSED_VALUE,
  SQLITE_CONSTRAINT_UNIQUE: ALREADY_EXISTS,
  SQLITE_CONSTRAINT_PRIMARYKEY: ALREADY_EXISTS,
  SQLITE_CONSTRAINT_TRIGGER: NOT_ALLOWED,
};

const INTERNAL: Reply = { status: 500, error: 'internal_error', message: 'Something went wrong on the server.' };

export function routePattern(req: Request): string {
  return `${req.method} ${req.baseUrl}${req.route?.path ?? ''}` || req.method;
}

function databaseCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

function toReply(err: unknown, req: Request): Reply & { issues?: HttpError['issues'] } {
  if (err instanceof HttpError) return { status: err.status, error: err.code, message: err.message, issues: err.issues };
  const bodyType = (err as { type?: unknown })?.type;
  if (typeof bodyType === 'string' && BODY_PARSER_ERRORS[bodyType]) return BODY_PARSER_ERRORS[bodyType];
  if (err instanceof URIError) return UNDECODABLE_ID;
  const code = databaseCode(err);
  if (code?.startsWith('Z_')) return UNREADABLE_BODY;
  const className = (err as Error)?.constructor?.name ?? typeof err;
  // Only class, code and route: a failed query's message may quote row data.
  const mapped = code ? DATABASE_ERRORS[code] : undefined;
  if (mapped) {
    log.warn('request_refused_by_database', { class: className, code, route: routePattern(req) });
    return mapped;
  }
  log.error('request_failed', { class: className, code: code ?? null, route: routePattern(req) });
  return INTERNAL;
}

/** The single place where thrown errors become `{ error, message, issues? }` replies. */
export function errorMapper(): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const { status, error, message, issues } = toReply(err, req);
    res.status(status).json(issues ? { error, message, issues } : { error, message });
  };
}

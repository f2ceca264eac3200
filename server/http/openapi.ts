import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/devSessions.ts';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes, by the zod schemas its handler parses with; keyed "METHOD /path" (Express pattern under /api). */
export interface RouteDescription {
  summary: string;
  /** Who may call it, in the specification's words (signed in, member, lead, admin, PII access…). */
  who: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The success reply's schema (schema/api/); routes not yet described by one show an open object. */
  reply?: z.ZodType;
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 204;
}

export type RouteKey = `${Method} /${string}`;

/** One area's routes, tagged with the area's name in the document. */
export interface RouteArea {
  tag: string;
  routes: Partial<Record<RouteKey, RouteDescription>>;
}

export const errorReply = z
  .object({
    error: z.string().meta({ description: 'The specification code, such as validation_error or not_found.' }),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

const REFUSALS: Record<number, string> = {
  400: 'Refused input: validation_error, invalid_json or bad_request',
  401: 'unauthenticated',
  403: 'forbidden, not_provisioned, deactivated or cross_site_request',
  404: 'not_found (also any route id that is not a UUID)',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

const uuid = z.uuid();
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The Express pattern as an OpenAPI path: /datasets/:id → /datasets/{id}. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function splitKey(key: string): { method: Method; path: string } {
  const [method, path] = key.split(' ');
  return { method: method as Method, path };
}

/** Path parameters that name something (a version number, an AI output kind, a prompt key) rather than a UUID. */
export const NAMED_PARAMS = new Set(['version', 'kind', 'key']);

function operation(tag: string, key: string, route: RouteDescription): ZodOpenApiOperationObject {
  const { method, path } = splitKey(key);
  const params = pathParams(path);
  const changes = method !== 'GET';
  const refusals = [400, 401, 403, ...(params.length ? [404] : []), ...(changes ? [409, 413, 415] : [])];
  const status = route.status ?? 200;
  return {
    tags: [tag],
    summary: route.summary,
    description: `Who: ${route.who}.`,
    requestParams: {
      ...(params.length && { path: z.object(Object.fromEntries(params.map((p) => [p, NAMED_PARAMS.has(p) ? z.string() : uuid]))) }),
      ...(route.query && { query: route.query }),
    },
    ...(route.body && { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }),
    responses: {
      [status]: { description: status === 204 ? 'Done; no body.' : 'Done.', ...(status !== 204 && { content: { 'application/json': { schema: route.reply ?? z.looseObject({}) } } }) },
      ...Object.fromEntries(refusals.map((code) => [code, { description: REFUSALS[code], content: { 'application/json': { schema: errorReply } } }])),
    },
  };
}

/** Builds the OpenAPI 3.1 document from the areas' descriptions; every path is under /api. */
export function openApiDocument(areas: RouteArea[], version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const { tag, routes } of areas) {
    for (const [key, route] of Object.entries(routes)) {
      if (!route) continue;
      const { method, path } = splitKey(key);
      const item = (paths[`/api${openApiPath(path)}`] ??= {});
      item[method.toLowerCase() as Lowercase<Method>] = operation(tag, key, route);
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Staff-list analysis service',
      version,
      description: 'Every request but GET /api/health needs a signed-in user: an RS256 Bearer token when deployed, the development session cookie locally.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        devSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
    security: [{ bearer: [] }, { devSession: [] }],
    paths,
  });
}

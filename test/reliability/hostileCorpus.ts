import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { TEXT_GUARD_KEY } from '../../schema/guardedText.ts';
import { BODY_LIMITS } from '../../server/app.ts';
import { DEFAULT_BODY_LIMIT } from '../../server/http/body.ts';
import { NAMED_PARAMS, type RouteDescription } from '../../server/http/openapi.ts';
import type { RegisteredRoute } from '../../server/http/routeTable.ts';
import { API_AREAS } from '../../server/routes/openapi.ts';

/**
 * Hostile requests generated from the route table and the zod schemas each route is described with,
 * so a route added later is attacked without anyone listing it here. Each case carries the spec's
 * answer (status and code) and is meant to change nothing.
 */
export type Caller = 'anonymous' | 'admin' | 'viewer';
/** A status and its error code; null for an answer that is not a refusal (a repeated chunk). */
export type Expected = readonly [status: number, error: string | null];

export interface HostileCase {
  category: string;
  /** The route as registered, e.g. POST /api/datasets/:id/rows. */
  route: string;
  as: Caller;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is: raw text, so malformed JSON and odd keys reach the server untouched. */
  body?: string;
  /** Any of these answers is the spec's. */
  expect: Expected[];
  /** A validation refusal must name this field among its issues. */
  issuePath?: string;
}

/** Ids the corpus aims at: the attacker's own (admin is lead there) and a victim engagement the admin and viewer are not members of. */
export interface CorpusIds {
  own: { engagement: string; dataset: string; client: string; user: string };
  victim: { engagement: string; dataset: string; client: string; member: string };
}

const NOT_FOUND: Expected = [404, 'not_found'];
const VALIDATION: Expected = [400, 'validation_error'];
const FORBIDDEN: Expected = [403, 'forbidden'];
const CROSS_SITE: Expected = [403, 'cross_site_request'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Not UUIDs, each in its own way: look-alike digits, an invisible character, a right-to-left override, injection.
const NON_UUIDS = [
  'not-a-uuid',
  '１２３４５６７８-１２３４-１２３４-１２３４-１２３４５６７８９０１２',
  `${randomUUID()}\u200b`,
  `\u202e${randomUUID()}`,
  "1' or '1'='1",
  '..%2F..%2Fadmin',
];

// Path segments that are not even valid percent-encoding.
const UNDECODABLE = ['%E0%A4%A', '%'];

// 100,000 characters, zero-width spaces and right-to-left overrides among them (200 KB: under the default body cap).
const HUGE_STRING = 'a\u200b\u202eb'.repeat(25_000);

/** Queries a route needs before it looks anything up, so an access refusal is not masked by a missing parameter. */
const SEED_QUERIES: Record<string, string> = {
  'DELETE /api/engagements/:id/overrides': '?title=Payroll%20Clerk',
  'GET /api/datasets/:id/titles/contexts': '?title=Payroll%20Clerk',
};

const descriptions = new Map<string, RouteDescription>(
  API_AREAS.flatMap(({ routes }) => Object.entries(routes).map(([key, d]) => [key.replace(' ', ' /api'), d!] as const)),
);

export const describedRoute = (route: string): RouteDescription | undefined => descriptions.get(route);

/** Valid bodies for routes with required fields, so a hostile variant differs from an accepted request in one place only. */
export function seedBodies(victimName: string): Record<string, unknown> {
  return {
    'POST /api/dev/sign-in': { email: 'viewer@example.com' },
    'POST /api/users': { email: 'new.person@example.com', name: 'New Person' },
    'PATCH /api/users/:id': { name: 'Renamed' },
    'POST /api/clients': { name: 'Client' },
    'PATCH /api/clients/:id': { name: 'Client renamed' },
    'PUT /api/clients/:id/brand': { colours: { primary: '#123456' } },
    'POST /api/engagements': { name: 'Engagement' },
    'POST /api/engagements/:id/purge': { confirm: victimName },
    'PUT /api/engagements/:id/members': { email: 'viewer@example.com', role: 'analyst' },
    'POST /api/engagements/:id/datasets': { name: 'Staff list', expectedRows: 2 },
    'PATCH /api/datasets/:id': { name: 'Renamed' },
    'POST /api/datasets/:id/rows': { chunk: 0, rows: [{ employeeId: 'E1', title: 'Payroll Clerk', salary: 30000, fte: 1 }] },
    'POST /api/datasets/:id/classify': {},
    'POST /api/datasets/:id/reference': {},
    'PUT /api/engagements/:id/overrides': { title: 'Payroll Clerk', usSoc2018: '43-3051', ukSoc2020: '4122' },
    'POST /api/datasets/:id/exports': { kind: 'csv', artefact: 'titles', named: false },
    'POST /api/admin/reference/draft': {},
    'PUT /api/admin/reference/draft': { notes: 'Notes' },
    'POST /api/admin/reference/draft/publish': { notes: 'Publish notes' },
    'PATCH /api/engagements/:id': { name: 'Renamed', reportNotes: { sections: { summary: 'Our view' }, terms: [{ from: 'staff', to: 'colleagues' }] } },
    'POST /api/datasets/:id/identities/reveal': { purpose: 'Licence allocation check', employeeIds: ['E1'] },
    'POST /api/datasets/:id/identities/match': { purpose: 'Licence allocation check', emails: ['someone@example.com'] },
    'POST /api/datasets/:id/ai/ask': { question: 'Which roles cost most?' },
    'POST /api/datasets/:id/copilot-plans': COPILOT_PLAN,
    'PUT /api/copilot-plans/:id': COPILOT_PLAN,
    'POST /api/admin/prompts/:key/draft': {},
    'PUT /api/admin/prompts/:key/draft': { notes: 'Notes' },
    'POST /api/admin/prompts/:key/draft/publish': { notes: 'Publish notes' },
    'POST /api/admin/prompts/:key/test': { version: 1, titles: ['Payroll Clerk'], industry: 'Retail', region: 'uk', question: 'Which roles cost most?', dryRun: true },
    'PATCH /api/admin/cache': { normalisedTitle: 'payroll clerk', context: 'general', verified: true },
    'DELETE /api/admin/cache': { normalisedTitle: 'payroll clerk', context: 'general' },
  };
}

const COPILOT_PLAN = {
  name: 'Finance pilot',
  config: {
    licenceCount: 3, pricePerLicencePerMonth: 25, currency: 'GBP', licensedTiers: ['high'], horizons: ['now'],
    pilotGroups: [{ dimension: 'category', value: 'Finance' }], termMonths: 12, weeklyHours: 37.5, adoptionPercent: 80,
  },
};

/** Fills each :param with an id of the right resource (own or victim); unknown resources get a fresh UUID. */
function concretePath(path: string, ids: CorpusIds['own'] | CorpusIds['victim'], override: Record<string, string> = {}): string {
  return path.replace(/\/([\w-]+)\/:(\w+)/g, (_m, segment: string, param: string) => {
    if (param in override) return `/${segment}/${override[param]}`;
    if (NAMED_PARAMS.has(param)) return `/${segment}/${NAMED_VALUES[param] ?? 'name'}`;
    if (param === 'userId') return `/${segment}/${'member' in ids ? ids.member : ids.user}`;
    const byResource: Record<string, string | undefined> = {
      engagements: ids.engagement,
      datasets: ids.dataset,
      clients: ids.client,
      users: 'user' in ids ? ids.user : ids.member,
    };
    return `/${segment}/${byResource[segment] ?? randomUUID()}`;
  });
}

// Path parameters that are names, not ids, take a real name, so the request reaches the rule under attack.
const NAMED_VALUES: Record<string, string> = { version: '1', kind: 'exec-summary', key: 'classifier' };
const uuidParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((p) => !NAMED_PARAMS.has(p));

function bodyLimit(method: string, concrete: string): number {
  return BODY_LIMITS.find((rule) => rule.method === method && rule.path.test(concrete))?.bytes ?? DEFAULT_BODY_LIMIT;
}

/** A JSON body of exactly `bytes` bytes. */
function bodyOfSize(bytes: number): string {
  const frame = '{"pad":""}';
  return `{"pad":"${'x'.repeat(bytes - frame.length)}"}`;
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxLength?: number;
  [TEXT_GUARD_KEY]?: { min: number; max: number; noEmail: boolean };
  maximum?: number;
  minimum?: number;
  default?: unknown;
};

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const typesOf = (s: JsonSchema): string[] => (s.anyOf ? s.anyOf.flatMap(typesOf) : s.type === undefined ? [] : ([] as string[]).concat(s.type));
const branch = (s: JsonSchema, type: string): JsonSchema | undefined => (s.anyOf ? s.anyOf.find((b) => typesOf(b).includes(type)) : typesOf(s).includes(type) ? s : undefined);

function wrongTypeFor(s: JsonSchema): unknown {
  const types = typesOf(s);
  if (types.length === 0) return undefined;
  const candidates: [string, unknown][] = [['object', { nested: true }], ['array', []], ['number', 42], ['string', 'text'], ['boolean', true]];
  const allowed = new Set(types.flatMap((t) => (t === 'integer' ? ['number'] : [t])));
  return candidates.find(([t]) => !allowed.has(t))?.[1];
}

interface Mutation {
  category: string;
  value: unknown;
}

/** Values the field's own schema refuses, read from its JSON Schema. */
function refusedValues(s: JsonSchema): Mutation[] {
  const out: Mutation[] = [];
  const wrong = wrongTypeFor(s);
  if (wrong !== undefined) out.push({ category: 'wrong-typed field', value: wrong });
  const text = branch(s, 'string');
  if (text?.maxLength !== undefined && text.maxLength < HUGE_STRING.length) out.push({ category: '100,000-character string', value: HUGE_STRING });
  const num = branch(s, 'number') ?? branch(s, 'integer');
  if (num) {
    if (num.maximum !== undefined) out.push({ category: 'number 1e308', value: 1e308 });
    if (num.minimum !== undefined && num.minimum >= 0) out.push({ category: 'negative number', value: -1 });
    if (typesOf(num).includes('integer')) out.push({ category: 'fraction for an integer', value: 1.5 });
    out.push({ category: 'NaN as text', value: 'NaN' });
  }
  return [...out, ...normaliserValues(s)];
}

// An address as a request might disguise it; each is an email once normalised and folded (schema/text.ts).
const DISGUISED_EMAILS: [category: string, value: string][] = [
  ['email with a full-width @', 'someone＠client.com'],
  ['email behind zero-width spaces', 'some\u200bone\u200b@\u200bclient.com'],
  ['email in full-width letters (NFKC look-alike)', 'ｓｏｍｅｏｎｅ＠ｃｌｉｅｎｔ．ｃｏｍ'],
  ['email with a small @ and an ideographic full stop', 'someone﹫client。com'],
  ['email written with (at) and (dot)', 'someone (at) client (dot) com'],
];

const NORMALISER_CATEGORIES = ['NFKC expansion past the limit', 'only invisible characters', 'too few visible characters among zero-width spaces'];

/** The categories of the normaliser's cases, whichever route they are sent to. */
export const normaliserCategories: ReadonlySet<string> = new Set([...NORMALISER_CATEGORIES, ...DISGUISED_EMAILS.map(([category]) => category)]);

/** Routes whose body holds a guarded text field somewhere: each must receive the normaliser's cases. */
export function routesStoringText(): string[] {
  return [...descriptions].filter(([, d]) => d.body && JSON.stringify(jsonSchemaOf(d.body)).includes(TEXT_GUARD_KEY)).map(([route]) => route);
}

const guardOf = (s: JsonSchema) => s[TEXT_GUARD_KEY] ?? s.anyOf?.find((b) => b[TEXT_GUARD_KEY])?.[TEXT_GUARD_KEY];

/** Values a guarded text field (schema/guardedText.ts) refuses only once it is normalised. */
function normaliserValues(s: JsonSchema): Mutation[] {
  const guard = guardOf(s);
  if (!guard) return [];
  // U+FDFA is one character that NFKC writes as eighteen.
  const [expanded, invisible, fewVisible] = NORMALISER_CATEGORIES;
  const out: Mutation[] = [{ category: expanded!, value: '\ufdfa'.repeat(Math.ceil((guard.max + 1) / 18)) }];
  if (guard.min >= 1) out.push({ category: invisible!, value: '\u200b\u2060\ufeff\u3164' });
  if (guard.min > 1) out.push({ category: fewVisible!, value: `${'x\u200b\u200b'.repeat(guard.min - 1)}\u200b` });
  if (guard.noEmail) out.push(...DISGUISED_EMAILS.map(([category, value]) => ({ category, value })));
  return out;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (value === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return copy;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object shape a seed value is written in: the schema itself, or the branch of a union that knows all its fields. */
function shapeOf(s: JsonSchema, value: Record<string, unknown>): JsonSchema | undefined {
  const shapes = s.anyOf ?? [s];
  return shapes.find((b) => (b.properties || isRecord(b.additionalProperties)) && Object.keys(value).every((k) => k in (b.properties ?? {}) || isRecord(b.additionalProperties)));
}

/** A shape's fields: its named properties, and the seed's keys of a record (report sections by key). */
function fieldsOf(s: JsonSchema, value: Record<string, unknown>): [string, JsonSchema][] {
  const named = Object.entries(s.properties ?? {});
  const extra = s.additionalProperties;
  return isRecord(extra) ? [...named, ...Object.keys(value).filter((k) => !(k in (s.properties ?? {}))).map((k): [string, JsonSchema] => [k, extra as JsonSchema])] : named;
}

/**
 * Field-by-field hostile variants of a body: wrong types, oversized strings, out-of-range numbers, missing fields
 * and the normaliser's disguises, into nested objects, records and the first element of arrays of objects.
 */
function fieldMutations(schema: JsonSchema, seed: Record<string, unknown>): { category: string; body: unknown; issuePath: string }[] {
  const out: { category: string; body: unknown; issuePath: string }[] = [];
  const visit = (s: JsonSchema, value: Record<string, unknown>, at: (string | number)[]) => {
    for (const [name, field] of fieldsOf(s, value)) {
      const path = [...at, name];
      for (const m of refusedValues(field)) out.push({ category: m.category, body: setAt(seed, path, m.value), issuePath: path.join('.') });
      if (s.required?.includes(name) && field.default === undefined && name in value) {
        out.push({ category: 'missing field', body: setAt(seed, path, undefined), issuePath: path.join('.') });
      }
      const inner = value[name];
      const items = branch(field, 'array')?.items;
      const first = Array.isArray(inner) ? inner[0] : undefined;
      if (items && isRecord(first)) visitShape(items, first, [...path, 0]);
      if (items && typeof first === 'string') {
        for (const m of normaliserValues(items)) out.push({ category: m.category, body: setAt(seed, [...path, 0], m.value), issuePath: [...path, 0].join('.') });
      }
      if (isRecord(inner)) visitShape(field, inner, path);
    }
  };
  const visitShape = (s: JsonSchema, value: Record<string, unknown>, at: (string | number)[]) => {
    const shape = shapeOf(s, value);
    if (shape) visit(shape, value, at);
  };
  visitShape(schema, seed, []);
  return out;
}

const json = (value: unknown) => JSON.stringify(value);

/** Every hostile case for the local runtime. */
export function hostileCases(routes: RegisteredRoute[], ids: CorpusIds, seeds: Record<string, unknown>): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const { method, path } of routes.filter((r) => r.path.startsWith('/api/'))) {
    const route = `${method} ${path}`;
    const described = describedRoute(route);
    const who = described?.who ?? 'signed in';
    const open = who.startsWith('anyone');
    const writes = STATE_CHANGING.has(method);
    const query = SEED_QUERIES[route] ?? '';
    const own = concretePath(path, ids.own) + query;
    const victim = concretePath(path, ids.victim) + query;
    const seed = (seeds[route] ?? {}) as Record<string, unknown>;
    const add = (c: Omit<HostileCase, 'route' | 'method'>) => cases.push({ route, method, ...c });
    const withBody = writes ? json(seed) : undefined;

    if (!open) add({ category: 'no credentials', as: 'anonymous', path: own, body: withBody, expect: [[401, 'unauthenticated']] });
    add({ category: 'wrong Host', as: 'admin', path: own, headers: { host: 'attacker.example' }, body: withBody, expect: [[403, 'forbidden_host']] });

    for (const param of uuidParams(path)) {
      for (const bad of UNDECODABLE) {
        add({ category: 'undecodable id', as: 'admin', path: concretePath(path, ids.own, { [param]: bad }) + query, body: withBody, expect: [NOT_FOUND] });
      }
      for (const bad of NON_UUIDS) {
        add({ category: 'non-UUID id', as: 'admin', path: concretePath(path, ids.own, { [param]: encodeURIComponent(bad) }) + query, body: withBody, expect: [NOT_FOUND] });
      }
    }

    // Other engagements' ids: a signed-in non-member, and an admin who is not a member, are told nothing exists.
    if (uuidParams(path).length > 0 && !open && who !== 'signed in') {
      const scoped = !/admin|creator/.test(who);
      const invalidSeedless = described?.body && !(route in seeds) ? [VALIDATION] : [];
      add({ category: "another engagement's id as a non-member", as: 'viewer', path: victim, body: withBody, expect: [scoped ? NOT_FOUND : FORBIDDEN, ...invalidSeedless] });
      if (scoped) add({ category: "another engagement's id as an admin without membership", as: 'admin', path: victim, body: withBody, expect: [NOT_FOUND, ...invalidSeedless] });
    }

    if (!writes) {
      if (described?.query) {
        const shape = jsonSchemaOf(described.query);
        for (const [name, field] of Object.entries(shape.properties ?? {})) {
          const numeric = branch(field, 'number') ?? branch(field, 'integer');
          const values = numeric ? ['abc', '-1', '1e308', '1.5', 'NaN'] : ['x'.repeat(5000)];
          for (const value of values) {
            const refused = numeric ? (value === '-1' ? numeric.minimum !== undefined && numeric.minimum >= 0 : value === '1.5' ? typesOf(numeric).includes('integer') : value !== '1e308' || numeric.maximum !== undefined) : branch(field, 'string')?.maxLength !== undefined;
            if (refused) add({ category: 'hostile query value', as: 'admin', path: `${own}?${name}=${encodeURIComponent(value)}`, expect: [VALIDATION], issuePath: `query.${name}` });
          }
          if (numeric) add({ category: 'repeated query parameter', as: 'admin', path: `${own}?${name}=1&${name}=2`, expect: [VALIDATION], issuePath: `query.${name}` });
        }
      }
      continue;
    }

    add({ category: 'cross-site request', as: 'admin', path: own, headers: { 'sec-fetch-site': 'cross-site' }, body: withBody, expect: [CROSS_SITE] });
    add({ category: 'foreign Origin', as: 'admin', path: own, headers: { origin: 'https://attacker.example' }, body: withBody, expect: [CROSS_SITE] });
    add({ category: 'wrong content type', as: 'admin', path: own, headers: { 'content-type': 'text/plain' }, body: withBody ?? '{}', expect: [[415, 'unsupported_media_type']] });
    add({ category: 'form-encoded body', as: 'admin', path: own, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1', expect: [[415, 'unsupported_media_type']] });
    add({ category: 'JSON in UTF-16', as: 'admin', path: own, headers: { 'content-type': 'application/json; charset=utf-16' }, body: withBody ?? '{}', expect: [[415, 'unsupported_media_type']] });
    add({ category: 'gzip-encoded garbage', as: 'admin', path: own, headers: { 'content-encoding': 'gzip' }, body: 'not gzip at all', expect: [[400, 'invalid_json'], [400, 'bad_request']] });
    add({ category: 'unknown content encoding', as: 'admin', path: own, headers: { 'content-encoding': 'x-evil' }, body: withBody ?? '{}', expect: [[415, 'unsupported_media_type']] });
    add({ category: 'malformed JSON', as: 'admin', path: own, body: '{"name": "x",', expect: [[400, 'invalid_json']] });
    add({ category: 'NaN literal', as: 'admin', path: own, body: '{"value": NaN}', expect: [[400, 'invalid_json']] });
    add({ category: 'body just over the limit', as: 'admin', path: own, body: bodyOfSize(bodyLimit(method, own) + 1), expect: [[413, 'payload_too_large']] });

    if (!described?.body) continue;
    const schema = jsonSchemaOf(described.body);
    // Exactly at the cap the body is read, and validation (not the size rule) refuses the unknown field.
    add({ category: 'body at the limit', as: 'admin', path: own, body: bodyOfSize(bodyLimit(method, own)), expect: [VALIDATION] });
    add({ category: 'deeply nested JSON', as: 'admin', path: own, body: `{"nested":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, expect: [VALIDATION] });
    add({ category: 'array body', as: 'admin', path: own, body: '[]', expect: [VALIDATION] });
    add({ category: 'string body', as: 'admin', path: own, body: '"text"', expect: [VALIDATION] });
    const strict = schema.additionalProperties === false || (schema.anyOf?.every((b) => b.additionalProperties === false) ?? false);
    if (strict) {
      add({ category: 'extra field', as: 'admin', path: own, body: json({ ...seed, unexpected: 1 }), expect: [VALIDATION] });
      add({ category: '__proto__ key', as: 'admin', path: own, body: `{"__proto__":{"role":"admin","isAdmin":true}${withBody!.length > 2 ? `,${withBody!.slice(1)}` : '}'}`, expect: [VALIDATION] });
      add({ category: 'constructor key', as: 'admin', path: own, body: json({ ...seed, constructor: { prototype: { isAdmin: true } } }), expect: [VALIDATION] });
    }
    const limit = bodyLimit(method, own);
    for (const m of fieldMutations(schema, seed)) {
      const body = json(m.body);
      // A value past the route's body cap is refused while streaming, before validation.
      if (Buffer.byteLength(body) > limit) add({ category: m.category, as: 'admin', path: own, body, expect: [[413, 'payload_too_large']] });
      else add({ category: m.category, as: 'admin', path: own, body, expect: [VALIDATION], issuePath: m.issuePath });
    }
  }
  return cases;
}

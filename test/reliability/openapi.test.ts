import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, splitKey } from '../../server/http/openapi.ts';
import { API_AREAS } from '../../server/routes/openapi.ts';
import { startTestServer, type TestServer } from '../../server/test/support/testServer.ts';
import { localRouteTable } from './support.ts';

// Built once: each call of localRouteTable builds the whole app.
const registered = localRouteTable().filter((r) => r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);
const described = API_AREAS.flatMap((area) => Object.keys(area.routes).map((key) => key.replace(' ', ' /api')));

describe('OpenAPI description', () => {
  it('describes every registered route', () => {
    const missing = registered.filter((route) => !described.includes(route));
    expect(missing, `registered but not described — add each to its area's server/routes/<area>/openapi.ts with the zod schemas its handler parses:\n${missing.join('\n')}`).toEqual([]);
  });

  it('describes no route that is not registered', () => {
    const stale = described.filter((route) => !registered.includes(route));
    expect(stale, `described but not registered — remove or correct in server/routes/<area>/openapi.ts:\n${stale.join('\n')}`).toEqual([]);
  });

  describe('served at /api/openapi.json', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('sqlite');
    });
    afterAll(() => server.stop());

    it('needs a signed-in user', async () => {
      const reply = await server.call('/api/openapi.json');
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('unauthenticated');
    });

    it('is OpenAPI 3.1 with every route under /api', async () => {
      const reply = await server.call('/api/openapi.json', { cookie: await server.signIn('viewer@example.com') });
      expect(reply.status).toBe(200);
      expect(reply.body.openapi).toBe('3.1.0');
      const operations = Object.entries(reply.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
      const expected = registered.map((route) => {
        const { method, path } = splitKey(route);
        return `${method} ${openApiPath(path)}`;
      });
      expect(operations.sort()).toEqual(expected.sort());
    });

    it('takes request bodies and queries from the zod schemas the routes parse with', async () => {
      const { body } = await server.call('/api/openapi.json', { cookie: await server.signIn('viewer@example.com') });
      const rows = body.paths['/api/datasets/{id}/rows'];
      const chunk = rows.post.requestBody.content['application/json'].schema;
      expect(chunk.properties.rows.maxItems).toBe(2000);
      expect(chunk.additionalProperties).toBe(false);
      expect(rows.get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:limit', 'query:offset']);
      expect(rows.get.parameters.find((p: { name: string }) => p.name === 'limit').schema.maximum).toBe(10_000);
    });

    it('describes replies by the schemas in schema/api/', async () => {
      const { body } = await server.call('/api/openapi.json', { cookie: await server.signIn('viewer@example.com') });
      const page = body.paths['/api/engagements/{id}'].get.responses['200'].content['application/json'].schema;
      expect(page.properties.engagement.$ref).toBe('#/components/schemas/MyEngagement');
      expect(body.components.schemas.Engagement.required).toContain('identityStorage');
    });
  });
});

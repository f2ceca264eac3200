import { describe, expect, it } from 'vitest';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('platform core on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com' });

  describe('GET /api/health', () => {
    it('answers without sign-in with ok, version and environment', async () => {
      const reply = await api.server.call('/api/health');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ ok: true, version: '0.0.0-test', environment: 'test' });
    });

    it('marks the API response no-store', async () => {
      const reply = await api.server.call('/api/health');
      expect(reply.headers['cache-control']).toBe('no-store');
    });
  });

  describe('GET /api/me', () => {
    it('answers 401 unauthenticated without a session', async () => {
      const reply = await api.server.call('/api/me');
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ error: 'unauthenticated' });
      expect(typeof reply.body.message).toBe('string');
    });

    it('answers 401 for a session token the server never issued', async () => {
      const reply = await api.server.call('/api/me', { cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('unauthenticated');
    });

    it('reports the user, environment, aiEnabled and the sign-in mode', async () => {
      const reply = await api.server.call('/api/me', { cookie: api.admin });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        user: { id: expect.any(String), email: 'admin@example.com', name: 'Avery Admin', role: 'admin', active: true },
        environment: 'test',
        aiEnabled: false,
        signInMode: 'development',
      });
    });
  });

  describe('development sign-in', () => {
    it('lists the seeded users on the sign-in page', async () => {
      const reply = await api.server.call('/api/dev/users');
      expect(reply.status).toBe(200);
      expect(reply.body.users.map((u: { email: string }) => u.email).sort()).toEqual([
        'admin@example.com',
        'analyst@example.com',
        'lead@example.com',
        'viewer@example.com',
      ]);
    });

    it('sets an HttpOnly SameSite=Strict session cookie', async () => {
      const reply = await api.server.call('/api/dev/sign-in', { body: { email: 'lead@example.com' } });
      expect(reply.status).toBe(200);
      const cookie = String(reply.headers['set-cookie']?.[0]);
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]+;/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
    });

    it('answers 403 not_provisioned for an email with no user', async () => {
      const reply = await api.server.call('/api/dev/sign-in', { body: { email: 'stranger@example.com' } });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('not_provisioned');
    });

    it('ends the session on sign-out', async () => {
      const cookie = await api.server.signIn('analyst@example.com');
      const out = await api.server.call('/api/dev/sign-out', { method: 'POST', body: {}, cookie });
      expect(out.status).toBe(204);
      const after = await api.server.call('/api/me', { cookie });
      expect(after.status).toBe(401);
    });
  });

  describe('request guards', () => {
    it('answers 403 forbidden_host for a Host that is not a loopback name', async () => {
      const reply = await api.server.call('/api/health', { headers: { host: 'attacker.example' } });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('forbidden_host');
    });

    it('accepts localhost and [::1] as Host', async () => {
      expect((await api.server.call('/api/health', { headers: { host: 'localhost:8080' } })).status).toBe(200);
      expect((await api.server.call('/api/health', { headers: { host: '[::1]:8080' } })).status).toBe(200);
    });

    it('answers 403 cross_site_request when Sec-Fetch-Site is cross-site', async () => {
      const reply = await api.server.call('/api/users', {
        body: { email: 'x@example.com', name: 'X' },
        cookie: api.admin,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('cross_site_request');
    });

    it('answers 403 cross_site_request when the Origin host differs from Host', async () => {
      const reply = await api.server.call('/api/dev/sign-in', {
        body: { email: 'admin@example.com' },
        headers: { origin: 'http://evil.example' },
      });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('cross_site_request');
    });

    it('accepts a same-origin request with a matching Origin', async () => {
      const host = new URL(api.server.url).host;
      const reply = await api.server.call('/api/dev/sign-in', {
        body: { email: 'admin@example.com' },
        headers: { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
      });
      expect(reply.status).toBe(200);
    });

    it('answers 415 unsupported_media_type for a body that is not JSON', async () => {
      const reply = await api.server.call('/api/users', {
        body: 'email=x@example.com',
        cookie: api.admin,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(reply.status).toBe(415);
      expect(reply.body.error).toBe('unsupported_media_type');
    });

    it('answers 400 invalid_json for a malformed JSON body', async () => {
      const reply = await api.server.call('/api/users', {
        body: '{"email": ',
        cookie: api.admin,
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('invalid_json');
    });

    it('answers 413 payload_too_large for a body over 256 KB, without creating anything', async () => {
      const reply = await api.server.call('/api/users', {
        body: { email: 'big@example.com', name: 'x'.repeat(300 * 1024) },
        cookie: api.admin,
      });
      expect(reply.status).toBe(413);
      expect(reply.body.error).toBe('payload_too_large');
      const users = await api.server.call('/api/users', { cookie: api.admin });
      expect(users.body.users.some((u: { email: string }) => u.email === 'big@example.com')).toBe(false);
    });

    it('answers 413 while streaming a chunked body without a declared length', async () => {
      const reply = await api.server.call('/api/users', {
        body: JSON.stringify({ email: 'chunked@example.com', name: 'y'.repeat(400 * 1024) }),
        cookie: api.admin,
        headers: { 'content-type': 'application/json', 'content-length': undefined, 'transfer-encoding': 'chunked' },
      });
      expect(reply.status).toBe(413);
      expect(reply.body.error).toBe('payload_too_large');
    });

    it('answers 404 for a route id that is not a UUID', async () => {
      const reply = await api.server.call('/api/users/not-a-uuid', { method: 'PATCH', body: { name: 'N' }, cookie: api.admin });
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('not_found');
    });

    it('answers 404 not_found for an unknown API route', async () => {
      const reply = await api.server.call('/api/nothing-here', { cookie: api.admin });
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('not_found');
    });
  });

  describe('the app shell', () => {
    it('is served at / with strict security headers', async () => {
      const reply = await api.server.call('/');
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('same-origin');
      expect(reply.headers['permissions-policy']).toContain('camera=()');
    });

    it('falls back to the shell for client-side routes', async () => {
      const reply = await api.server.call('/engagements/somewhere');
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
    });
  });
});

import { expect } from '@esm-bundle/chai';
import { platformStatsReply } from '../../schema/api/users.ts';
import { ApiError, CHECK_REPLIES, api, errorMessage } from './http.ts';
import { installFakeServer, type FakeServer } from '../test/fake-server.ts';

describe('api', () => {
  let server: FakeServer | null = null;

  afterEach(() => {
    server?.restore();
    server = null;
  });

  it('sends {} as a JSON body with same-origin credentials when a POST has no payload', async () => {
    server = installFakeServer({ 'POST /api/dev/sign-out': { status: 204 } });
    await api.post('/dev/sign-out');
    expect(server.requests).to.deep.equal([
      {
        method: 'POST',
        path: '/api/dev/sign-out',
        search: '',
        contentType: 'application/json',
        credentials: 'same-origin',
        body: {},
      },
    ]);
  });

  it('resolves a 204 reply as undefined', async () => {
    server = installFakeServer({ 'POST /api/dev/sign-out': { status: 204 } });
    expect(await api.post('/dev/sign-out')).to.equal(undefined);
  });

  it('resolves a JSON reply as its parsed body', async () => {
    server = installFakeServer({
      'GET /api/health': { status: 200, body: { ok: true, version: '0.1.0', environment: 'development' } },
    });
    expect(await api.get('/health')).to.deep.equal({ ok: true, version: '0.1.0', environment: 'development' });
  });

  it('turns an { error, message } body into an ApiError with the status, code and message', async () => {
    server = installFakeServer({
      'POST /api/dev/sign-in': { status: 403, body: { error: 'deactivated', message: 'This account is deactivated.' } },
    });
    const error = await api.post('/dev/sign-in', { email: 'x@example.com' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ApiError);
    const apiError = error as ApiError;
    expect([apiError.status, apiError.code, apiError.message]).to.deep.equal([
      403,
      'deactivated',
      'This account is deactivated.',
    ]);
  });

  it('keeps the issues of a validation_error', async () => {
    const issues = [{ path: ['email'], message: 'Invalid email' }];
    server = installFakeServer({
      'POST /api/dev/sign-in': { status: 400, body: { error: 'validation_error', message: 'Invalid request', issues } },
    });
    const error = (await api.post('/dev/sign-in', { email: 'x' }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.issues).to.deep.equal(issues);
  });

  it('describes an error reply without an error body by its status', async () => {
    server = installFakeServer({ 'GET /api/me': { status: 502 } });
    const error = (await api.get('/me').catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.code]).to.deep.equal([502, 'http_error']);
    expect(error.message).to.match(/^The server answered 502/);
  });

  it('reports an unreachable server as a network_error with status 0', async () => {
    const realFetch = window.fetch;
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const error = (await api.get('/me').catch((caught: unknown) => caught)) as ApiError;
      expect([error.status, error.code, error.message]).to.deep.equal([
        0,
        'network_error',
        'Could not reach the server. Check your connection and try again.',
      ]);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('checks replies against their schema in tests', () => {
    expect(CHECK_REPLIES).to.equal(true);
  });

  it('refuses a reply that does not match its schema as invalid_response', async () => {
    server = installFakeServer({ 'GET /api/admin/stats': { status: 200, body: { stats: { engagements: 3 } } } });
    const error = await api.get('/admin/stats', platformStatsReply).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).code).to.equal('invalid_response');
  });

  it('resolves a reply that matches its schema as sent, extra fields kept', async () => {
    const stats = { engagements: 3, datasets: 4, peopleAnalysed: 500, cacheEntries: 20, verifiedEntries: 5, later: 'kept' };
    server = installFakeServer({ 'GET /api/admin/stats': { status: 200, body: { stats } } });
    expect(await api.get('/admin/stats', platformStatsReply)).to.deep.equal({ stats });
  });

  it('gives a generic message for a thrown value that carries none', () => {
    expect(errorMessage('boom')).to.equal('Something went wrong. Please try again.');
  });
});

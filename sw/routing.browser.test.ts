import { expect } from '@esm-bundle/chai';
import { isApiPath, routeRequest } from './routing.ts';

const ORIGIN = 'https://staff.example.test';
const PRECACHED = new Set(['/index.html', '/app.js?v=2befd59f6c01', '/app.css?v=9dd1fea6c53a', '/workers/import.worker.js', '/manifest.webmanifest']);
const route = (url: string, method = 'GET', mode = 'cors') => routeRequest({ method, url: `${ORIGIN}${url}`, mode }, ORIGIN, PRECACHED);

describe('service worker routing', () => {
  it('never handles the API, whatever the request', () => {
    expect([
      route('/api/me'),
      route('/api/datasets/5b0d7a1e-2c3f-4a5b-8c9d-0e1f2a3b4c5d'),
      route('/api'),
      route('/api/me', 'GET', 'navigate'),
      route('/api/datasets/x/rows', 'POST'),
    ]).to.deep.equal(['never', 'never', 'never', 'never', 'never']);
  });

  it('never handles the API even when a precache list wrongly names an API address', () => {
    expect(routeRequest({ method: 'GET', url: `${ORIGIN}/api/me`, mode: 'cors' }, ORIGIN, new Set(['/api/me']))).to.equal('never');
  });

  it('tells API paths from look-alikes: /api and /api/… only', () => {
    expect([isApiPath('/api'), isApiPath('/api/health'), isApiPath('/apiary'), isApiPath('/docs/api/')]).to.deep.equal([true, true, false, false]);
  });

  it('answers page loads from the network, falling back to the shell page', () => {
    expect([route('/', 'GET', 'navigate'), route('/datasets/5b0d7a1e-2c3f-4a5b-8c9d-0e1f2a3b4c5d', 'GET', 'navigate')]).to.deep.equal(['navigation', 'navigation']);
  });

  it('serves a content-hashed shell file from the precache only at its exact hashed address', () => {
    expect([route('/app.js?v=2befd59f6c01'), route('/app.js?v=0000000000'), route('/app.css?v=9dd1fea6c53a')]).to.deep.equal(['precache', 'never', 'precache']);
  });

  it('fetches fixed-address shell files from the network first', () => {
    expect([route('/workers/import.worker.js'), route('/manifest.webmanifest')]).to.deep.equal(['shell-file', 'shell-file']);
  });

  it('leaves other methods, other origins and unknown files to the network', () => {
    expect([
      route('/index.html', 'POST'),
      routeRequest({ method: 'GET', url: 'https://cdn.example.test/app.js?v=2befd59f6c01', mode: 'cors' }, ORIGIN, PRECACHED),
      route('/app.js.map'),
    ]).to.deep.equal(['never', 'never', 'never']);
  });
});

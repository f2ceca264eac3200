// The shell without a connection: the person last confirmed on this device carries on with the copies of what
// they viewed, told how old they are; a session that has ended (401) takes those copies with it.
import { expect } from '@esm-bundle/chai';
import './app-root.ts';
import type { AppRoot } from './app-root.ts';
import { appDatabase } from '../storage/db.ts';
import type { Session } from '../api/session.ts';
import { engagement } from '../test/engagement-fixtures.ts';
import { shadowQuery, textOf, waitFor } from '../test/fake-server.ts';

const LEE: Session = {
  user: { id: '5a6b7c8d-1111-4222-8333-444455556666', email: 'lee.lead@example.com', name: 'Lee Lead', role: 'user', active: true },
  environment: 'development',
  aiEnabled: false,
  signInMode: 'development',
};

describe('<app-root> offline', () => {
  const testPageUrl = window.location.href;
  const realFetch = window.fetch;
  let root: AppRoot | null = null;

  beforeEach(async () => {
    const db = appDatabase();
    await Promise.all([db.offlineCopies.clear(), db.offlineSession.clear()]);
    await db.offlineSession.put({ key: 'current', session: { ...LEE, user: { ...LEE.user, email: '' } }, savedAt: '2026-03-01T09:00:00.000Z' });
    await db.offlineCopies.put({
      userId: LEE.user.id,
      path: '/engagements',
      engagementId: null,
      etag: 'W/"1"',
      body: JSON.stringify({ engagements: [engagement()] }),
      savedAt: '2026-03-01T09:30:00.000Z',
    });
  });

  afterEach(() => {
    root?.remove();
    root = null;
    window.fetch = realFetch;
    window.history.replaceState(null, '', testPageUrl);
  });

  function mountAt(path: string): AppRoot {
    window.history.replaceState(null, '', path);
    root = document.createElement('app-root');
    document.body.append(root);
    return root;
  }

  it('opens the engagement list for the person last signed in, from its copy, saying from when', async () => {
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const host = mountAt('/engagements');
    const list = await waitFor(() => shadowQuery(host, 'engagements-page', 'tbody tr'), 'the engagements from the copy');
    expect(textOf(list)).to.contain('Northwind review');
    expect(textOf(shadowQuery(host, '.offline-copy'))).to.match(/^Offline copy from 1 Mar 2026, \d\d:30\. /);
    expect(textOf(shadowQuery(host, 'app-header', '.who'))).to.equal('Signed in as Lee Lead');
    expect(shadowQuery(host, 'engagements-page', 'engagement-create-form')).to.equal(null);
    expect(textOf(shadowQuery(host, 'engagements-page', '#new-engagement-heading + p'))).to.equal('Starting an engagement needs a connection.');
  });

  it('shows the sign-in page and forgets the copies when the session has ended', async () => {
    window.fetch = async () => new Response(JSON.stringify({ error: 'unauthenticated', message: 'Sign in to continue.' }), { status: 401, headers: { 'Content-Type': 'application/json' } });
    const host = mountAt('/engagements');
    await waitFor(() => shadowQuery(host, 'sign-in-page'), 'the sign-in page');
    expect(await appDatabase().offlineCopies.count()).to.equal(0);
    expect(await appDatabase().offlineSession.count()).to.equal(0);
  });
});

import { expect } from '@esm-bundle/chai';
import './app-root.ts';
import type { AppRoot } from './app-root.ts';
import type { Session } from '../api/session.ts';
import { shadowQuery, textOf, waitFor, type FakeServer } from '../test/fake-server.ts';
import { pageHarness } from '../test/harness.ts';

const ADA: Session = {
  user: { id: '0f8e4c1a-3b2d-4e5f-8a9b-1c2d3e4f5a6b', email: 'ada.admin@example.com', name: 'Ada Admin', role: 'admin', active: true },
  environment: 'development',
  aiEnabled: false,
  signInMode: 'development',
};

const UNAUTHENTICATED = { status: 401, body: { error: 'unauthenticated', message: 'Sign in to continue.' } };

describe('<app-root>', () => {
  const harness = pageHarness();
  let server: FakeServer;

  const mount = () => harness.mount<AppRoot>('app-root');

  const headerText = (host: AppRoot) => textOf(shadowQuery(host, 'app-header', 'header'));
  const alertText = (host: AppRoot) => textOf(shadowQuery(host, 'error-notice', '[role="alert"]'));
  const signOutButton = (host: AppRoot) => shadowQuery(host, 'app-header', 'button') as HTMLButtonElement | null;

  it('shows "Signed in as" with the name and email from /api/me, and the welcome', async () => {
    server = harness.serve({ 'GET /api/me': { status: 200, body: ADA } });
    const host = mount();
    await waitFor(() => shadowQuery(host, 'home-page', 'h1'), 'the welcome');
    expect(headerText(host)).to.equal('Staff-list analysis Engagements Clients Administration Signed in as Ada Admin (ada.admin@example.com) Sign out');
    expect(textOf(shadowQuery(host, 'home-page', 'section'))).to.equal(
      'Welcome, Ada Admin Role admin Environment Development AI features Disabled',
    );
  });

  it('shows the sign-in page at /sign-in when /api/me answers 401', async () => {
    server = harness.serve({
      'GET /api/me': UNAUTHENTICATED,
      'GET /api/dev/users': { status: 200, body: { users: [] } },
    });
    const host = mount();
    await waitFor(() => shadowQuery(host, 'sign-in-page', 'h1'), 'the sign-in page');
    expect(window.location.pathname).to.equal('/sign-in');
    expect(headerText(host)).to.equal('Staff-list analysis');
    expect(document.title).to.equal('Sign in · Staff-list analysis');
  });

  it('signs in through the sign-in page and shows who is signed in', async () => {
    let signedIn = false;
    server = harness.serve({
      'GET /api/me': () => (signedIn ? { status: 200, body: ADA } : UNAUTHENTICATED),
      'GET /api/dev/users': { status: 200, body: { users: [{ email: ADA.user.email, name: 'Ada Admin', role: 'admin' }] } },
      'POST /api/dev/sign-in': () => {
        signedIn = true;
        return { status: 200, body: { user: ADA.user } };
      },
    });
    const host = mount();
    const choice = await waitFor(
      () => shadowQuery(host, 'sign-in-page', 'button.user') as HTMLButtonElement | null,
      'the user choice',
    );
    choice.click();
    await waitFor(() => shadowQuery(host, 'home-page', 'h1'), 'the welcome');
    expect(headerText(host)).to.equal('Staff-list analysis Engagements Clients Administration Signed in as Ada Admin (ada.admin@example.com) Sign out');
    expect(window.location.pathname).to.equal('/');
  });

  it('returns to the sign-in page after sign out', async () => {
    let signedIn = true;
    server = harness.serve({
      'GET /api/me': () => (signedIn ? { status: 200, body: ADA } : UNAUTHENTICATED),
      'GET /api/dev/users': { status: 200, body: { users: [] } },
      'POST /api/dev/sign-out': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const host = mount();
    const button = await waitFor(() => signOutButton(host), 'the Sign out button');
    button.click();
    await waitFor(() => shadowQuery(host, 'sign-in-page', 'h1'), 'the sign-in page');
    expect(window.location.pathname).to.equal('/sign-in');
    expect(headerText(host)).to.equal('Staff-list analysis');
    const signOut = server.requests.find((request) => request.path === '/api/dev/sign-out');
    expect(signOut?.method).to.equal('POST');
    expect(signOut?.contentType).to.equal('application/json');
  });

  it("shows a failed sign out's message in the alert region and stays signed in", async () => {
    server = harness.serve({
      'GET /api/me': { status: 200, body: ADA },
      'POST /api/dev/sign-out': {
        status: 403,
        body: { error: 'cross_site_request', message: 'Cross-site requests are refused.' },
      },
    });
    const host = mount();
    const button = await waitFor(() => signOutButton(host), 'the Sign out button');
    button.click();
    await waitFor(() => alertText(host) !== '', 'an alert');
    expect(alertText(host)).to.equal('Cross-site requests are refused.');
    expect(shadowQuery(host, 'home-page', 'h1')).to.not.equal(null);
  });

  it('shows a failed /api/me message with a retry that loads the session again', async () => {
    let attempts = 0;
    server = harness.serve({
      'GET /api/me': () =>
        ++attempts === 1
          ? { status: 503, body: { error: 'unavailable', message: 'The database is not reachable.' } }
          : { status: 200, body: ADA },
    });
    const host = mount();
    await waitFor(() => alertText(host) !== '', 'an alert');
    expect(alertText(host)).to.equal('The database is not reachable. Retry');
    (shadowQuery(host, 'error-notice', 'button') as HTMLButtonElement).click();
    await waitFor(() => shadowQuery(host, 'home-page', 'h1'), 'the welcome after retry');
    expect(alertText(host)).to.equal('');
  });

  it('offers no Sign out button under token sign-in', async () => {
    server = harness.serve({
      'GET /api/me': { status: 200, body: { ...ADA, environment: 'production', aiEnabled: true, signInMode: 'token' } },
    });
    const host = mount();
    await waitFor(() => shadowQuery(host, 'home-page', 'h1'), 'the welcome');
    expect(headerText(host)).to.equal('Staff-list analysis Engagements Clients Administration Signed in as Ada Admin (ada.admin@example.com)');
    expect(signOutButton(host)).to.equal(null);
    expect(textOf(shadowQuery(host, 'home-page', 'dl'))).to.equal(
      'Role admin Environment Production AI features Enabled',
    );
  });

  it('shows page not found at an unknown address, with a link back to the start page', async () => {
    window.history.replaceState(null, '', '/no-such-page');
    server = harness.serve({ 'GET /api/me': { status: 200, body: ADA } });
    const host = mount();
    const link = await waitFor(
      () => shadowQuery(host, 'not-found-page', 'a') as HTMLAnchorElement | null,
      'the not-found link',
    );
    link.click();
    await waitFor(() => shadowQuery(host, 'home-page', 'h1'), 'the welcome');
    expect(window.location.pathname).to.equal('/');
  });
});

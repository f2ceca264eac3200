import { expect } from '@esm-bundle/chai';
import './sign-in-page.ts';
import type { SignInPage } from './sign-in-page.ts';
import type { SessionUser } from '../api/session.ts';
import { axeViolations } from '../test/axe.ts';
import { installFakeServer, shadowQuery, textOf, waitFor, type FakeServer } from '../test/fake-server.ts';

const USERS = [
  { email: 'ada.admin@example.com', name: 'Ada Admin', role: 'admin' },
  { email: 'lee.lead@example.com', name: 'Lee Lead', role: 'user' },
];

describe('<sign-in-page>', () => {
  let server: FakeServer | null = null;
  let page: SignInPage | null = null;

  function mount(notice = ''): SignInPage {
    page = document.createElement('sign-in-page');
    page.notice = notice;
    document.body.append(page);
    return page;
  }

  function userButtons(host: SignInPage): HTMLButtonElement[] {
    return [...(host.shadowRoot?.querySelectorAll<HTMLButtonElement>('button.user') ?? [])];
  }

  function alertText(host: SignInPage): string {
    return textOf(shadowQuery(host, 'error-notice', '[role="alert"]'));
  }

  afterEach(() => {
    page?.remove();
    page = null;
    server?.restore();
    server = null;
  });

  it('passes an axe check with the users listed', async () => {
    server = installFakeServer({ 'GET /api/dev/users': { status: 200, body: { users: USERS } } });
    const host = mount();
    await waitFor(() => userButtons(host).length === USERS.length, 'the user buttons');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('lists each user from /api/dev/users as a sign-in button', async () => {
    server = installFakeServer({ 'GET /api/dev/users': { status: 200, body: { users: USERS } } });
    const host = mount();
    const buttons = await waitFor(() => userButtons(host).length === 2 && userButtons(host), 'two user buttons');
    expect(buttons.map((button) => textOf(button))).to.deep.equal([
      'Sign in as Ada Admin ada.admin@example.com admin',
      'Sign in as Lee Lead lee.lead@example.com user',
    ]);
  });

  it('posts the chosen email to /api/dev/sign-in and announces the signed-in user', async () => {
    const lee: SessionUser = { id: '7d3f9a52-5b1e-4c55-9d1e-2f0c1b7e8a10', email: USERS[1]!.email, name: 'Lee Lead', role: 'user', active: true };
    server = installFakeServer({
      'GET /api/dev/users': { status: 200, body: { users: USERS } },
      'POST /api/dev/sign-in': { status: 200, body: { user: lee } },
    });
    const host = mount();
    const buttons = await waitFor(() => userButtons(host).length === 2 && userButtons(host), 'user buttons');
    const signedIn = new Promise<SessionUser>((resolve) =>
      host.addEventListener('signed-in', (event) => resolve(event.detail), { once: true }),
    );
    buttons[1]!.click();
    expect(await signedIn).to.deep.equal(lee);
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post).to.deep.equal({
      method: 'POST',
      path: '/api/dev/sign-in',
      search: '',
      contentType: 'application/json',
      credentials: 'same-origin',
      body: { email: 'lee.lead@example.com' },
    });
  });

  it("shows a refused sign-in's message in the alert region and re-enables the choices", async () => {
    server = installFakeServer({
      'GET /api/dev/users': { status: 200, body: { users: USERS } },
      'POST /api/dev/sign-in': {
        status: 403,
        body: { error: 'not_provisioned', message: 'This account is not provisioned for the service.' },
      },
    });
    const host = mount();
    const buttons = await waitFor(() => userButtons(host).length === 2 && userButtons(host), 'user buttons');
    buttons[0]!.click();
    await waitFor(() => alertText(host) !== '', 'an alert');
    expect(alertText(host)).to.equal('This account is not provisioned for the service.');
    await waitFor(() => userButtons(host).every((button) => !button.disabled), 'buttons enabled again');
  });

  it('explains identity-provider sign-in and shows the 401 message when /api/dev/users answers 404', async () => {
    server = installFakeServer({
      'GET /api/dev/users': { status: 404, body: { error: 'not_found', message: 'Not found' } },
    });
    const host = mount('A valid access token is required.');
    const panel = await waitFor(
      () => textOf(host.shadowRoot?.querySelector('.panel')).includes('identity provider') && host.shadowRoot!.querySelector('.panel'),
      'the identity-provider explanation',
    );
    expect(textOf(panel)).to.equal(
      "Sign in Sign-in is handled by your organisation's identity provider. A valid access token is required.",
    );
    expect(userButtons(host)).to.have.length(0);
    expect(alertText(host)).to.equal('');
  });

  it('offers a retry when the user list fails to load, and lists the users once it succeeds', async () => {
    let attempts = 0;
    server = installFakeServer({
      'GET /api/dev/users': () =>
        ++attempts === 1
          ? { status: 500, body: { error: 'internal_error', message: 'The server could not list users.' } }
          : { status: 200, body: { users: USERS } },
    });
    const host = mount();
    await waitFor(() => alertText(host) !== '', 'an alert');
    expect(alertText(host)).to.equal('The server could not list users. Retry');
    const retry = shadowQuery(host, 'error-notice', 'button') as HTMLButtonElement;
    retry.click();
    await waitFor(() => userButtons(host).length === 2, 'user buttons after retry');
    expect(alertText(host)).to.equal('');
    expect(attempts).to.equal(2);
  });
});

import { expect } from '@esm-bundle/chai';
import type { AdminUser } from '../../api/admin.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './admin-users-page.ts';
import type { AdminUsersPage } from './admin-users-page.ts';
import { pageHarness } from '../../test/harness.ts';

const AVA: AdminUser = { id: '22222222-2222-4222-8222-222222222222', email: 'ava.admin@example.com', name: 'Ava Admin', role: 'admin', active: true };
const LEA: AdminUser = { id: '11111111-1111-4111-8111-111111111111', email: 'lea.lead@example.com', name: 'Lea Lead', role: 'user', active: true };
const OLD: AdminUser = { id: '33333333-3333-4333-8333-333333333333', email: 'old.hand@example.com', name: 'Old Hand', role: 'user', active: false };

describe('<admin-users-page>', () => {
  const harness = pageHarness();
  let server: FakeServer;

  async function mount(): Promise<AdminUsersPage> {
    const page = harness.mount<AdminUsersPage>('admin-users-page');
    await waitFor(() => page.shadowRoot?.querySelector('tbody tr'), 'the users table');
    return page;
  }

  const rows = (host: AdminUsersPage) =>
    [...host.shadowRoot!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].slice(0, 4).map((cell) => (cell.querySelector('select') as HTMLSelectElement | null)?.value ?? textOf(cell)),
    );
  const status = (host: AdminUsersPage) => textOf(host.shadowRoot!.querySelector('p[role="status"]'));
  const errorText = (host: AdminUsersPage) => textOf(host.shadowRoot!.querySelector('error-notice')?.shadowRoot?.querySelector('p'));

  it('lists every user, deactivated ones last and marked', async () => {
    server = harness.serve({ 'GET /api/users': { status: 200, body: { users: [OLD, LEA, AVA] } } });
    const host = await mount();
    expect(rows(host)).to.deep.equal([
      ['Ava Admin', 'ava.admin@example.com', 'admin', 'Active'],
      ['Lea Lead', 'lea.lead@example.com', 'user', 'Active'],
      ['Old Hand', 'old.hand@example.com', 'user', 'Deactivated'],
    ]);
    expect(status(host)).to.equal('2 active of 3 users.');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('adds a user with the role chosen', async () => {
    const added: AdminUser = { id: '44444444-4444-4444-8444-444444444444', email: 'new.person@example.com', name: 'New Person', role: 'admin', active: true };
    server = harness.serve({
      'GET /api/users': { status: 200, body: { users: [AVA] } },
      'POST /api/users': { status: 201, body: { user: added } },
    });
    const host = await mount();
    const root = host.shadowRoot!;
    (root.querySelector('#new-name') as HTMLInputElement).value = 'New Person';
    (root.querySelector('#new-email') as HTMLInputElement).value = 'new.person@example.com';
    (root.querySelector('#new-role') as HTMLSelectElement).value = 'admin';
    (root.querySelector('form button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => status(host) === 'New Person was added.', 'the confirmation');
    expect(server.requests.find((r) => r.method === 'POST')?.body).to.deep.equal({ email: 'new.person@example.com', name: 'New Person', role: 'admin' });
    expect(rows(host).map((r) => r[0])).to.deep.equal(['Ava Admin', 'New Person']);
  });

  it('deactivates and reactivates a user', async () => {
    let current = LEA;
    server = harness.serve({
      'GET /api/users': { status: 200, body: { users: [AVA, LEA] } },
      [`PATCH /api/users/${LEA.id}`]: (request) => {
        current = { ...current, ...(request.body as Partial<AdminUser>) };
        return { status: 200, body: { user: current } };
      },
    });
    const host = await mount();
    const button = () => [...host.shadowRoot!.querySelectorAll('tbody tr')[1]!.querySelectorAll('button')].find((b) => /^(De|Re)activate/.test(textOf(b))) as HTMLButtonElement;
    button().click();
    await waitFor(() => status(host) === 'Lea Lead was deactivated.', 'the deactivation');
    expect(rows(host)[1]).to.deep.equal(['Lea Lead', 'lea.lead@example.com', 'user', 'Deactivated']);
    button().click();
    await waitFor(() => status(host) === 'Lea Lead was reactivated.', 'the reactivation');
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).to.deep.equal([{ active: false }, { active: true }]);
  });

  it('shows the server’s refusal to demote the last active administrator and keeps the role shown', async () => {
    const message = 'This is the last active administrator; make someone else an administrator first.';
    server = harness.serve({
      'GET /api/users': { status: 200, body: { users: [AVA, LEA] } },
      [`PATCH /api/users/${AVA.id}`]: { status: 409, body: { error: 'conflict', message } },
    });
    const host = await mount();
    const select = host.shadowRoot!.querySelector('tbody tr select') as HTMLSelectElement;
    select.value = 'user';
    select.dispatchEvent(new Event('change'));
    await waitFor(() => errorText(host) === message, 'the refusal');
    expect((host.shadowRoot!.querySelector('tbody tr select') as HTMLSelectElement).value).to.equal('admin');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('renames a user in place', async () => {
    server = harness.serve({
      'GET /api/users': { status: 200, body: { users: [AVA, LEA] } },
      [`PATCH /api/users/${LEA.id}`]: (request) => ({ status: 200, body: { user: { ...LEA, ...(request.body as Partial<AdminUser>) } } }),
    });
    const host = await mount();
    const rename = [...host.shadowRoot!.querySelectorAll('tbody tr')[1]!.querySelectorAll('button')].find((b) => textOf(b) === 'Rename Lea Lead') as HTMLButtonElement;
    rename.click();
    const input = await waitFor(() => host.shadowRoot!.querySelector('#rename-input') as HTMLInputElement | null, 'the name box');
    expect(await axeViolations(host)).to.deep.equal([]);
    input.value = 'Lea Lead-Smith';
    (host.shadowRoot!.querySelector('form.rename button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => status(host) === 'Lea Lead is now called Lea Lead-Smith.', 'the rename');
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).to.deep.equal({ name: 'Lea Lead-Smith' });
    expect(rows(host)[1]![0]).to.equal('Lea Lead-Smith');
  });
});

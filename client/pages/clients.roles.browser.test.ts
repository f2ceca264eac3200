// Clients in the browser: anyone signed in adds one (from the list or inline on the new-engagement form);
// its creator or an administrator changes, archives and restores it; anyone else reads it.
import { expect } from '@esm-bundle/chai';
import type { Client } from '../api/clients.ts';
import { forgetReferenceSession, referenceChoices } from '../reference/reference-data.ts';
import type { Session } from '../api/session.ts';
import { AVA } from '../test/admin-fixtures.ts';
import { LEA, REFERENCE_ROUTES, engagement, rootText } from '../test/engagement-fixtures.ts';
import { installFakeServer, textOf, waitFor, type FakeServer } from '../test/fake-server.ts';
import '../components/engagements/engagement-create-form.ts';
import './client-page.ts';
import './clients-page.ts';

const CLIENT: Client = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  name: 'Northwind Trading',
  sector: 'Retail',
  notes: null,
  archived: false,
  createdBy: LEA.user.id,
  hasBrand: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const OTHER: Session = { ...LEA, user: { ...LEA.user, id: '33333333-3333-4333-8333-333333333333', role: 'user' } };

const BRAND = { status: 200, body: { brand: null, canEdit: false } };

type Updatable = HTMLElement & { updateComplete: Promise<unknown> };

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

describe('clients in the browser', () => {
  let server: FakeServer | null = null;
  let element: HTMLElement | null = null;

  afterEach(() => {
    element?.remove();
    element = null;
    server?.restore();
    server = null;
  });

  function mount<K extends 'clients-page' | 'client-page'>(tag: K, session: Session): HTMLElementTagNameMap[K] {
    const el = document.createElement(tag);
    el.session = session;
    if (el instanceof HTMLElement && tag === 'client-page') (el as HTMLElementTagNameMap['client-page']).clientId = CLIENT.id;
    document.body.append(el);
    element = el;
    return el;
  }

  it('lists the clients and adds one, sending its name and sector', async () => {
    server = installFakeServer({
      'GET /api/clients': { status: 200, body: { clients: [CLIENT, { ...CLIENT, id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc2', name: 'Old Co', archived: true }] } },
      'POST /api/clients': (r) => ({ status: 201, body: { client: { ...CLIENT, id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc3', ...(r.body as object) } } }),
    });
    const page = mount('clients-page', OTHER);
    await waitFor(() => page.shadowRoot!.querySelector('tbody tr'), 'the list');
    expect(page.shadowRoot!.querySelectorAll('tbody tr')).to.have.length(1);
    expect(rootText(page)).to.contain('Show the archived client');
    expect(textOf(page.shadowRoot!.querySelector('tbody'))).to.equal('Northwind Trading Retail House style Read');
    const form = page.shadowRoot!.querySelector('client-form')!;
    type(form.shadowRoot!.querySelector<HTMLInputElement>('#new-client-name')!, 'Contoso');
    form.shadowRoot!.querySelector<HTMLInputElement>('#new-client-sector')!.value = 'Banking';
    form.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => page.shadowRoot!.querySelectorAll('tbody tr').length === 2, 'the added client');
    expect(server.requests.find((r) => r.method === 'POST')!.body).to.deep.equal({ name: 'Contoso', sector: 'Banking', notes: null });
  });

  it('lets the creator change the details, sending only what changed, and archive the client', async () => {
    server = installFakeServer({
      'GET /api/clients': { status: 200, body: { clients: [CLIENT] } },
      [`GET /api/clients/${CLIENT.id}/brand`]: BRAND,
      [`PATCH /api/clients/${CLIENT.id}`]: (r) => ({ status: 200, body: { client: { ...CLIENT, ...(r.body as object) } } }),
    });
    const page = mount('client-page', LEA);
    const form = await waitFor(() => page.shadowRoot!.querySelector('client-form'), 'the details form');
    await (form as Updatable).updateComplete;
    form.shadowRoot!.querySelector<HTMLInputElement>('#edit-client-sector')!.value = 'Wholesale';
    form.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => server!.requests.some((r) => r.method === 'PATCH'), 'the PATCH');
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).to.deep.equal({ sector: 'Wholesale' });
    const archive = [...page.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Archive client')!;
    archive.click();
    await waitFor(() => [...page.shadowRoot!.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Restore client'), 'the restore control');
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).to.deep.equal([{ sector: 'Wholesale' }, { archived: true }]);
  });

  for (const [who, session, editable] of [
    ['someone else', OTHER, false],
    ['an administrator', AVA, true],
  ] as const) {
    it(`${editable ? 'lets' : 'does not let'} ${who} change or archive a client they did not add`, async () => {
      server = installFakeServer({ 'GET /api/clients': { status: 200, body: { clients: [CLIENT] } }, [`GET /api/clients/${CLIENT.id}/brand`]: BRAND });
      const page = mount('client-page', session);
      await waitFor(() => page.shadowRoot!.querySelector('#details-heading'), 'the details');
      expect(page.shadowRoot!.querySelector('client-form') !== null).to.equal(editable);
      expect([...page.shadowRoot!.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Archive client')).to.equal(editable);
      if (!editable) expect(rootText(page)).to.contain('Only the person who added this client and administrators can change or archive it.');
    });
  }

  it('adds a client in place on the new-engagement form and starts the engagement for it', async () => {
    forgetReferenceSession();
    const created: Client = { ...CLIENT, id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc9', name: 'Fabrikam' };
    server = installFakeServer({
      ...REFERENCE_ROUTES,
      'GET /api/clients': { status: 200, body: { clients: [] } },
      'POST /api/clients': { status: 201, body: { client: created } },
      'POST /api/engagements': { status: 201, body: { engagement: engagement({ id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee' }) } },
    });
    const form = document.createElement('engagement-create-form');
    document.body.append(form);
    element = form;
    await waitFor(() => form.shadowRoot!.querySelector('#engagement-pack:not([disabled])'), 'the packs');
    [...form.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add a client')!.click();
    const inline = await waitFor(() => form.shadowRoot!.querySelector('client-form'), 'the inline client form');
    await (inline as Updatable).updateComplete;
    expect(inline.shadowRoot!.querySelector('textarea')).to.equal(null);
    type(inline.shadowRoot!.querySelector<HTMLInputElement>('#new-client-name')!, 'Fabrikam');
    inline.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => form.shadowRoot!.querySelector<HTMLSelectElement>('#engagement-client')?.value === created.id, 'the new client chosen');
    form.shadowRoot!.querySelector<HTMLInputElement>('#engagement-name')!.value = 'Pay review';
    form.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => server!.requests.some((r) => r.path === '/api/engagements'), 'the engagement created');
    expect(server.requests.find((r) => r.path === '/api/clients' && r.method === 'POST')!.body).to.deep.equal({ name: 'Fabrikam', sector: null });
    expect((server.requests.find((r) => r.path === '/api/engagements')!.body as { clientId: string }).clientId).to.equal(created.id);
    await referenceChoices().catch(() => undefined);
  });
});

import { expect } from '@esm-bundle/chai';
import { appDatabase } from '../storage/db.ts';
import { axeViolations } from '../test/axe.ts';
import { ARI_MEMBER, ENGAGEMENT_ID, LEA, LEA_MEMBER, REFERENCE_ROUTES, datasetOf, engagement, rootText } from '../test/engagement-fixtures.ts';
import { shadowQuery, textOf, waitFor, type FakeRoutes, type FakeServer } from '../test/fake-server.ts';
import type { MyEngagement } from '../api/engagements.ts';
import './engagement-page.ts';
import type { EngagementPage } from './engagement-page.ts';
import { pageHarness } from '../test/harness.ts';

const base = `/api/engagements/${ENGAGEMENT_ID}`;

function routes(e: MyEngagement = engagement(), extra: FakeRoutes = {}): FakeRoutes {
  return {
    ...REFERENCE_ROUTES,
    [`GET ${base}`]: { status: 200, body: { engagement: e, members: [LEA_MEMBER, ARI_MEMBER] } },
    [`GET ${base}/datasets`]: { status: 200, body: { datasets: [] } },
    [`GET ${base}/members`]: { status: 200, body: { members: [LEA_MEMBER, ARI_MEMBER] } },
    [`GET ${base}/overrides`]: { status: 200, body: { overrides: [] } },
    'GET /api/users': { status: 200, body: { users: [] } },
    ...extra,
  };
}

describe('<engagement-page>', () => {
  const harness = pageHarness({ reference: true });
  let server: FakeServer;

  const mount = () => harness.mount<EngagementPage>('engagement-page', { session: LEA, engagementId: ENGAGEMENT_ID });

  const inPart = <T extends Element>(host: EngagementPage, part: string, selector: string) =>
    shadowQuery(host, part, selector) as T | null;
  const members = (host: EngagementPage) => shadowQuery(host, 'members-panel')!;

  it('shows the engagement’s name, status and the caller’s role', async () => {
    server = harness.serve(routes());
    const host = mount();
    await waitFor(() => shadowQuery(host, 'h1#engagement-heading'), 'the heading');
    expect(textOf(shadowQuery(host, 'section'))).to.equal('Northwind review active Your role: lead');
  });

  it('says "No datasets yet" only when the server lists none', async () => {
    server = harness.serve(routes());
    const host = mount();
    await waitFor(() => rootText(shadowQuery(host, 'datasets-panel')).endsWith('No datasets yet.'), 'the empty datasets message');
  });

  it('offers a lead of an active engagement the import of a staff list', async () => {
    server = harness.serve(routes());
    const host = mount();
    await waitFor(() => shadowQuery(host, 'datasets-panel', 'a.button'), 'the import link');
    const link = shadowQuery(host, 'datasets-panel', 'a.button') as HTMLAnchorElement;
    expect(link.textContent?.trim()).to.equal('Import a staff list');
    expect(new URL(link.href).pathname).to.match(/^\/engagements\/[0-9a-f-]{36}\/import$/);
  });

  it('lists datasets with their status, people and cost', async () => {
    const dataset = datasetOf({ status: 'ready', uploadedRows: 120, headcount: 118, totalCogs: 5_432_100, createdAt: '2025-03-05T09:00:00.000Z' });
    server = harness.serve(routes(engagement(), { [`GET ${base}/datasets`]: { status: 200, body: { datasets: [dataset] } } }));
    const host = mount();
    await waitFor(() => inPart(host, 'datasets-panel', 'tbody'), 'the dataset rows');
    expect(textOf(inPart(host, 'datasets-panel', 'tbody'))).to.equal('March list ready 118 £5.4m 5 Mar 2025');
    expect(inPart(host, 'datasets-panel', '#currency-note')).to.equal(null);
  });

  it('shows each dataset’s cost in its own currency and says two currencies are not added together', async () => {
    const dataset = (id: string, name: string, totalCogs: number, currency: string) =>
      datasetOf({ id, name, status: 'ready', expectedRows: 2, uploadedRows: 2, headcount: 2, totalCogs, settings: { currency }, createdAt: '2025-03-05T09:00:00.000Z' });
    const datasets = [dataset('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'UK list', 3_600_000_000, 'GBP'), dataset('dddddddd-dddd-4ddd-8ddd-ddddddddddde', 'US list', 48_200_000, 'USD')];
    server = harness.serve(routes(engagement(), { [`GET ${base}/datasets`]: { status: 200, body: { datasets } } }));
    const host = mount();
    const note = await waitFor(() => inPart(host, 'datasets-panel', '#currency-note'), 'the currency note');
    expect(textOf(inPart(host, 'datasets-panel', 'tbody'))).to.equal('UK list ready 2 £3.6bn 5 Mar 2025 US list ready 2 $48.2m 5 Mar 2025');
    expect(textOf(note)).to.equal('These datasets are in GBP and USD: each cost is in its own currency, and they are not added together, since no exchange rate is assumed.');
  });

  it('shows the datasets request’s error message instead of a blank list', async () => {
    server = harness.serve(routes(engagement(), { [`GET ${base}/datasets`]: { status: 404, body: { error: 'not_found', message: 'No such route.' } } }));
    const host = mount();
    await waitFor(() => textOf(shadowQuery(host, 'datasets-panel', 'error-notice', '[role="alert"]')) === 'No such route. Retry', 'the datasets error');
    expect(rootText(shadowQuery(host, 'datasets-panel'))).not.to.contain('No datasets yet');
  });

  it('shows a failed load as the server’s message with a retry', async () => {
    server = harness.serve({ [`GET ${base}`]: { status: 404, body: { error: 'not_found', message: 'Engagement not found.' } } });
    const host = mount();
    await waitFor(() => textOf(shadowQuery(host, 'error-notice', '[role="alert"]')) === 'Engagement not found. Retry', 'the error');
  });

  it('disables the lead’s own PII box while it is off, and leaves others’ boxes enabled', async () => {
    server = harness.serve(routes());
    const host = mount();
    await waitFor(() => members(host)?.shadowRoot?.querySelector('tbody tr'), 'the members');
    const boxes = [...members(host).shadowRoot!.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')];
    expect(boxes.map((b) => [b.getAttribute('aria-label'), b.disabled])).to.deep.equal([
      ['PII access for Lea Lead', true],
      ['PII access for Ari Analyst', false],
    ]);
    expect(textOf(members(host).shadowRoot!.querySelector('#own-pii-hint'))).to.equal('Another lead must grant you PII access.');
  });

  it('lets a lead switch off PII access they already hold', async () => {
    server = harness.serve(routes(engagement(), { [`GET ${base}`]: { status: 200, body: { engagement: engagement({ piiAccess: true }), members: [{ ...LEA_MEMBER, piiAccess: true }] } } }));
    const host = mount();
    await waitFor(() => members(host)?.shadowRoot?.querySelector('tbody input[type="checkbox"]'), 'the box');
    expect(members(host).shadowRoot!.querySelector<HTMLInputElement>('tbody input[type="checkbox"]')!.disabled).to.equal(false);
  });

  it('sends a role change as PUT members with the person’s email and current PII flag', async () => {
    server = harness.serve(routes(engagement(), { [`PUT ${base}/members`]: { status: 200, body: { member: { ...ARI_MEMBER, role: 'viewer' } } } }));
    const host = mount();
    await waitFor(() => members(host)?.shadowRoot?.querySelectorAll('tbody select')[1], 'the role choices');
    const select = members(host).shadowRoot!.querySelectorAll<HTMLSelectElement>('tbody select')[1]!;
    select.value = 'viewer';
    select.dispatchEvent(new Event('change'));
    await waitFor(() => server!.requests.some((r) => r.method === 'PUT'), 'the PUT');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).to.deep.equal({ email: 'ari.analyst@example.com', role: 'viewer', piiAccess: false });
  });

  it('shows a refused member change as the server’s message', async () => {
    server = harness.serve(routes(engagement(), {
      [`PUT ${base}/members`]: { status: 409, body: { error: 'conflict', message: 'An engagement always keeps at least one lead; make someone else lead first.' } },
    }));
    const host = mount();
    await waitFor(() => members(host)?.shadowRoot?.querySelector('tbody select'), 'the role choices');
    const select = members(host).shadowRoot!.querySelector<HTMLSelectElement>('tbody select')!;
    select.value = 'analyst';
    select.dispatchEvent(new Event('change'));
    await waitFor(
      () => textOf(shadowQuery(members(host), 'error-notice', '[role="alert"]')) === 'An engagement always keeps at least one lead; make someone else lead first.',
      'the refusal',
    );
    expect(members(host).shadowRoot!.querySelector<HTMLSelectElement>('tbody select')!.value).to.equal('lead');
  });

  it('adds a person with the chosen role and PII flag', async () => {
    const newcomer = { userId: '33333333-3333-4333-8333-333333333333', email: 'new@example.com', name: 'New Person', active: true, role: 'viewer', piiAccess: true };
    server = harness.serve(routes(engagement(), { [`PUT ${base}/members`]: { status: 201, body: { member: newcomer } } }));
    const host = mount();
    await waitFor(() => members(host)?.shadowRoot?.querySelector('form.add'), 'the add form');
    const root = members(host).shadowRoot!;
    root.querySelector<HTMLInputElement>('#member-email')!.value = 'new@example.com';
    root.querySelector<HTMLSelectElement>('#member-role')!.value = 'viewer';
    root.querySelector<HTMLInputElement>('input[name="piiAccess"]')!.checked = true;
    root.querySelector<HTMLButtonElement>('form.add button[type="submit"]')!.click();
    await waitFor(() => server!.requests.some((r) => r.method === 'PUT'), 'the PUT');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).to.deep.equal({ email: 'new@example.com', role: 'viewer', piiAccess: true });
  });

  it('shows members read-only to an analyst, without close or purge', async () => {
    server = harness.serve(routes(engagement({ role: 'analyst' })));
    const host = mount();
    await waitFor(() => members(host)?.shadowRoot?.querySelector('tbody tr'), 'the members');
    expect(members(host).shadowRoot!.querySelectorAll('select, input, button')).to.have.length(0);
    expect(shadowQuery(host, 'engagement-lifecycle')).to.equal(null);
    expect(textOf(members(host).shadowRoot!.querySelector('tbody'))).to.equal('Lea Lead (you) lea.lead@example.com Lead No Ari Analyst ari.analyst@example.com Analyst No');
  });

  it('offers the live reference version’s packs and regions and saves only what changed', async () => {
    server = harness.serve(routes(engagement(), { [`PATCH ${base}`]: { status: 200, body: { engagement: { ...engagement(), pack: 'financial-services', role: undefined } } } }));
    const host = mount();
    await waitFor(() => inPart(host, 'engagement-settings', '#settings-pack'), 'the pack choice');
    const settings = shadowQuery(host, 'engagement-settings')!.shadowRoot!;
    expect([...settings.querySelector<HTMLSelectElement>('#settings-region')!.selectedOptions].map((o) => o.textContent)).to.deep.equal(['London']);
    const pack = settings.querySelector<HTMLSelectElement>('#settings-pack')!;
    pack.value = 'financial-services';
    pack.dispatchEvent(new Event('change'));
    await (shadowQuery(host, 'engagement-settings') as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    settings.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => textOf(settings.querySelector('[role="status"]')).startsWith('Saved'), 'the saved note');
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).to.deep.equal({ pack: 'financial-services' });
    expect(textOf(shadowQuery(host, 'section'))).to.equal('Northwind review active Your role: lead');
  });

  it('fetches the reference version data once per session and keeps it in IndexedDB', async () => {
    server = harness.serve(routes());
    const host = mount();
    await waitFor(() => inPart(host, 'engagement-settings', '#settings-pack'), 'the pack choice');
    host.remove();
    const again = mount();
    await waitFor(() => inPart(again, 'engagement-settings', '#settings-pack'), 'the pack choice again');
    const referenceCalls = server.requests.filter((r) => r.path.startsWith('/api/reference')).map((r) => r.path);
    expect(referenceCalls).to.deep.equal(['/api/reference', '/api/reference/versions/3']);
    expect((await appDatabase().referenceVersions.get(3))?.notes).to.equal('Third');
  });

  it('closes an active engagement', async () => {
    server = harness.serve(routes(engagement(), { [`POST ${base}/close`]: { status: 200, body: { engagement: { ...engagement({ status: 'closed' }) } } } }));
    const host = mount();
    await waitFor(() => inPart(host, 'engagement-lifecycle', 'button'), 'the close button');
    inPart<HTMLButtonElement>(host, 'engagement-lifecycle', 'button')!.click();
    await waitFor(() => textOf(shadowQuery(host, 'section .badge')) === 'closed', 'the closed status');
    expect(textOf(inPart(host, 'engagement-lifecycle', 'button'))).to.equal('Reopen engagement');
  });

  it('enables purge only once the engagement’s name is typed exactly, and sends it as confirm', async () => {
    server = harness.serve(routes(engagement({ status: 'closed' }), {
      [`POST ${base}/purge`]: { status: 200, body: { engagement: engagement({ status: 'purged', purgedAt: '2025-04-01T00:00:00.000Z' }) } },
    }));
    const host = mount();
    await waitFor(() => inPart(host, 'engagement-lifecycle', '#purge-confirm'), 'the purge form');
    const lifecycle = shadowQuery(host, 'engagement-lifecycle')!.shadowRoot!;
    const input = lifecycle.querySelector<HTMLInputElement>('#purge-confirm')!;
    const purge = () => lifecycle.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(purge().disabled).to.equal(true);
    input.value = 'northwind review';
    input.dispatchEvent(new InputEvent('input'));
    await host.updateComplete;
    await (shadowQuery(host, 'engagement-lifecycle') as HTMLElementTagNameMap['engagement-lifecycle']).updateComplete;
    expect(purge().disabled).to.equal(true);
    input.value = 'Northwind review';
    input.dispatchEvent(new InputEvent('input'));
    await waitFor(() => !purge().disabled, 'the enabled purge button');
    purge().click();
    await waitFor(() => textOf(shadowQuery(host, 'section .badge')) === 'purged', 'the purged status');
    expect(server.requests.find((r) => r.path.endsWith('/purge'))!.body).to.deep.equal({ confirm: 'Northwind review' });
  });

  it('has no WCAG A or AA violations for a lead', async () => {
    server = harness.serve(routes(engagement({ status: 'closed' })));
    const host = mount();
    await waitFor(
      () => inPart(host, 'engagement-settings', '#settings-pack') && members(host)?.shadowRoot?.querySelector('tbody tr') && rootText(shadowQuery(host, 'datasets-panel')) === 'No datasets yet.',
      'the whole page',
    );
    expect(await axeViolations(host)).to.deep.equal([]);
  });
  describe('title overrides', () => {
    const override = {
      normalisedTitle: 'front of house', title: 'Front of house', usSoc2018: '43-4171', ukSoc2020: '4216',
      category: 'Administration', subcategory: 'Receptionist', scope: null, updatedAt: '2025-05-06T09:00:00.000Z',
    };
    const versionThree = REFERENCE_ROUTES['GET /api/reference/versions/3']!;
    const named = {
      ...versionThree,
      body: {
        ...(versionThree.body as object),
        data: {
          ...((versionThree.body as { data: object }).data),
          occupations: { us: { '43-4171': { title: 'Receptionists and Information Clerks' } }, uk: { '4216': { title: 'Receptionists' } } },
        },
      },
    };
    const panel = (host: EngagementPage) => shadowQuery(host, 'overrides-panel')!;
    const rows = (host: EngagementPage) => [...(panel(host)?.shadowRoot?.querySelectorAll('tbody tr') ?? [])].map((r) => textOf(r));

    it('lists the overrides with the occupation names of the live version', async () => {
      server = harness.serve(routes(engagement(), { [`GET ${base}/overrides`]: { status: 200, body: { overrides: [override] } }, 'GET /api/reference/versions/3': named }));
      const host = mount();
      await waitFor(() => rows(host)[0]?.includes('Receptionists and Information Clerks'), 'the named override');
      expect(rows(host)).to.deep.equal(['Front of house Everywhere 43-4171 Receptionists and Information Clerks 4216 Receptionists Receptionist (Administration) 6 May 2025 Remove']);
    });

    it('lists an override of one variant with the context it applies to, and removes it by that scope', async () => {
      const scoped = { ...override, scope: { kind: 'division', values: ['Reception', 'Visitors'] } };
      server = harness.serve(
        routes(engagement(), {
          [`GET ${base}/overrides`]: { status: 200, body: { overrides: [scoped] } },
          [`DELETE ${base}/overrides`]: { status: 200, body: { datasets: 1 } },
        }),
      );
      const host = mount();
      await waitFor(() => rows(host).length === 1, 'the override');
      expect(rows(host)[0]).to.match(/^Front of house Unit: Reception, Visitors 43-4171/);
      panel(host).shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Remove the override of Front of house for Unit: Reception, Visitors"]')!.click();
      await waitFor(() => server!.requests.some((r) => r.method === 'DELETE'), 'the removal');
      expect(server.requests.find((r) => r.method === 'DELETE')!.search).to.equal('?title=Front+of+house&scopeKind=division&scopeValue=Reception&scopeValue=Visitors');
    });

    it('removes an override and lists what remains', async () => {
      let overrides = [override];
      server = harness.serve(
        routes(engagement(), {
          [`GET ${base}/overrides`]: () => ({ status: 200, body: { overrides } }),
          [`DELETE ${base}/overrides`]: () => ((overrides = []), { status: 200, body: { datasets: 2 } }),
        }),
      );
      const host = mount();
      const remove = await waitFor(() => panel(host)?.shadowRoot?.querySelector<HTMLButtonElement>('button[aria-label="Remove the override of Front of house"]'), 'Remove');
      remove.click();
      await waitFor(() => textOf(panel(host).shadowRoot!.querySelector('[role=status]')) === 'Override removed for “Front of house”; 2 datasets rescored.', 'the outcome');
      expect(server.requests.find((r) => r.method === 'DELETE')!.search).to.equal('?title=Front+of+house');
      expect(rows(host)).to.deep.equal([]);
    });

    it('has no WCAG A or AA violations (axe) with an override listed', async () => {
      server = harness.serve(routes(engagement(), { [`GET ${base}/overrides`]: { status: 200, body: { overrides: [override] } } }));
      const host = mount();
      await waitFor(() => rows(host).length === 1, 'the override');
      expect(await axeViolations(panel(host))).to.deep.equal([]);
    });

    it('offers a viewer no Remove control', async () => {
      server = harness.serve(routes(engagement({ role: 'viewer' }), { [`GET ${base}/overrides`]: { status: 200, body: { overrides: [override] } } }));
      const host = mount();
      await waitFor(() => rows(host).length === 1, 'the override');
      expect(panel(host).shadowRoot!.querySelectorAll('button')).to.have.length(0);
    });
  });
});

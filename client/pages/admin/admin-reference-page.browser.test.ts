import { expect } from '@esm-bundle/chai';
import type { ReferenceDraft, ReferenceOverview } from '../../api/reference-admin.ts';
import { axeViolations } from '../../test/axe.ts';
import { shadowQuery, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './admin-reference-page.ts';
import type { AdminReferencePage } from './admin-reference-page.ts';
import { pageHarness } from '../../test/harness.ts';

const LIVE = {
  scenarios: {
    conservative: { automationRealised: 0.3, augmentationProductivity: 0.1 },
    moderate: { automationRealised: 0.5, augmentationProductivity: 0.2 },
    aggressive: { automationRealised: 0.7, augmentationProductivity: 0.3 },
  },
  org: { narrowSpan: 4, wideSpan: 15 },
};

const OVERVIEW: ReferenceOverview = {
  current: { version: 2, notes: 'Pay refresh', publishedAt: '2026-03-02T10:00:00.000Z' },
  draft: null,
  versions: [
    { version: 2, notes: 'Pay refresh', publishedAt: '2026-03-02T10:00:00.000Z' },
    { version: 1, notes: 'Built-in', publishedAt: '2026-01-05T08:30:00.000Z' },
  ],
};

function draft(overrides: Partial<ReferenceDraft> = {}): ReferenceDraft {
  const data = structuredClone(LIVE);
  data.scenarios.moderate.automationRealised = 0.2;
  return {
    basedOn: 2,
    notes: null,
    createdAt: '2026-03-04T09:00:00.000Z',
    updatedAt: '2026-03-04T09:30:00.000Z',
    data: { schemaVersion: 1, ...data },
    issues: [
      {
        severity: 'error',
        path: 'scenarios.moderate.automationRealised',
        message: "moderate automationRealised is below conservative's; scenarios must not fall from conservative to aggressive",
      },
      { severity: 'warning', path: 'org.wideSpan', message: 'wide span is unusually wide' },
    ],
    ...overrides,
  };
}

const LIVE_ROUTE = {
  'GET /api/reference/versions/2': { status: 200, body: { version: 2, status: 'published', notes: 'Pay refresh', publishedAt: '2026-03-02T10:00:00.000Z', data: { schemaVersion: 1, ...LIVE } } },
};

describe('<admin-reference-page>', () => {
  const harness = pageHarness({ reference: true });
  let server: FakeServer;

  const mount = () => harness.mount<AdminReferencePage>('admin-reference-page');

  async function openScenarios(host: AdminReferencePage): Promise<Element> {
    const button = await waitFor(
      () => [...(host.shadowRoot?.querySelectorAll('nav button') ?? [])].find((b) => textOf(b).startsWith('Scenarios')) as HTMLButtonElement | undefined,
      'the Scenarios section',
    );
    button.click();
    return waitFor(() => shadowQuery(host, 'reference-section-editor', 'reference-fields-form'), 'the scenarios form');
  }

  const moderateInput = (form: Element) => form.shadowRoot!.querySelector('#field-scenarios-moderate-automationRealised') as HTMLInputElement;
  const issuesBeside = (form: Element) =>
    [...(moderateInput(form).closest('.field')?.querySelectorAll('ul.issues li') ?? [])].map(textOf);

  it('lists the published versions with their dates and notes, the live one marked, and offers a draft', async () => {
    server = harness.serve({ 'GET /api/admin/reference': { status: 200, body: OVERVIEW }, 'GET /api/admin/reference/draft': { status: 200, body: { draft: null } } });
    const host = mount();
    await waitFor(() => host.shadowRoot?.querySelector('tbody tr'), 'the versions');
    const rows = [...host.shadowRoot!.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map(textOf));
    expect(rows).to.deep.equal([
      ['2 Live', '2 Mar 2026, 10:00', 'Pay refresh'],
      ['1', '5 Jan 2026, 08:30', 'Built-in'],
    ]);
    expect(textOf(host.shadowRoot!.querySelector('form.create button'))).to.equal('Create draft');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('shows a draft’s cross-check error beside its field and refuses to publish while it remains', async () => {
    server = harness.serve({
      ...LIVE_ROUTE,
      'GET /api/admin/reference': { status: 200, body: { ...OVERVIEW, draft: { basedOn: 2, notes: null, createdAt: '2026-03-04T09:00:00.000Z', updatedAt: '2026-03-04T09:30:00.000Z' } } },
      'GET /api/admin/reference/draft': { status: 200, body: { draft: draft() } },
    });
    const host = mount();
    const form = await openScenarios(host);
    await waitFor(() => issuesBeside(form).length > 0, 'the issue beside the field');
    expect(issuesBeside(form)).to.deep.equal(["Error: moderate automationRealised is below conservative's; scenarios must not fall from conservative to aggressive"]);
    expect(moderateInput(form).getAttribute('aria-invalid')).to.equal('true');
    const publish = [...host.shadowRoot!.querySelectorAll('button')].find((b) => textOf(b) === 'Publish version') as HTMLButtonElement;
    expect(publish.disabled).to.equal(true);
    expect(textOf(host.shadowRoot!.querySelector('#publish-blocked'))).to.equal('Publishing is refused while the draft has 1 error.');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('keeps an invalid value in place and shows the server’s refusal beside the field', async () => {
    server = harness.serve({
      ...LIVE_ROUTE,
      'GET /api/admin/reference': { status: 200, body: OVERVIEW },
      'GET /api/admin/reference/draft': { status: 200, body: { draft: draft({ issues: [] }) } },
      'PUT /api/admin/reference/draft': {
        status: 400,
        body: {
          error: 'invalid_reference_data',
          message: 'The reference draft was not saved: its shape is invalid.',
          issues: [{ path: 'scenarios.moderate.automationRealised', message: 'error: Too big: expected number to be <=1' }],
        },
      },
    });
    const host = mount();
    const form = await openScenarios(host);
    const input = moderateInput(form);
    input.value = '1.5';
    input.dispatchEvent(new Event('input'));
    await (form as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    (form.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => issuesBeside(form).length > 0, 'the refusal beside the field');
    expect(issuesBeside(form)).to.deep.equal(['Error: Too big: expected number to be <=1']);
    expect(moderateInput(form).value).to.equal('1.5');
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect((put.body as { section: string; value: typeof LIVE.scenarios }).section).to.equal('scenarios');
    expect((put.body as { value: typeof LIVE.scenarios }).value.moderate.automationRealised).to.equal(1.5);
    const notice = shadowQuery(host, 'error-notice');
    expect(textOf(notice?.shadowRoot?.querySelector('p'))).to.equal('The reference draft was not saved: its shape is invalid.');
  });

  it('shows what the draft changes against the live version', async () => {
    server = harness.serve({
      ...LIVE_ROUTE,
      'GET /api/admin/reference': { status: 200, body: OVERVIEW },
      'GET /api/admin/reference/draft': { status: 200, body: { draft: draft() } },
    });
    const host = mount();
    const diff = await waitFor(() => shadowQuery(host, 'reference-diff'), 'the comparison');
    await waitFor(() => diff.shadowRoot?.querySelector('li'), 'a change');
    expect(textOf(diff.shadowRoot!.querySelector('p'))).to.equal('1 section differs from version 2.');
    expect(textOf(diff.shadowRoot!.querySelector('li'))).to.equal('scenarios.moderate.automationRealised: 0.5 → 0.2');
  });

  it('publishes a draft without errors with its notes and lists the new version', async () => {
    let published = false;
    server = harness.serve({
      ...LIVE_ROUTE,
      'GET /api/admin/reference': () => ({
        status: 200,
        body: published ? { ...OVERVIEW, current: { version: 3, notes: 'Spans widened', publishedAt: '2026-03-05T12:00:00.000Z' }, versions: [{ version: 3, notes: 'Spans widened', publishedAt: '2026-03-05T12:00:00.000Z' }, ...OVERVIEW.versions] } : OVERVIEW,
      }),
      'GET /api/admin/reference/draft': { status: 200, body: { draft: draft({ issues: [] }) } },
      'POST /api/admin/reference/draft/publish': () => {
        published = true;
        return { status: 200, body: { version: 3, warnings: 0 } };
      },
    });
    const host = mount();
    const notes = await waitFor(() => host.shadowRoot?.querySelector('#publish-notes') as HTMLTextAreaElement | null, 'the notes');
    notes.value = 'Spans widened';
    ([...host.shadowRoot!.querySelectorAll('button')].find((b) => textOf(b) === 'Publish version') as HTMLButtonElement).click();
    await waitFor(() => textOf(host.shadowRoot?.querySelector('p[role="status"]')).startsWith('Version 3 is published and live.'), 'the confirmation');
    expect(server.requests.find((r) => r.method === 'POST')?.body).to.deep.equal({ notes: 'Spans widened' });
    expect(textOf(host.shadowRoot!.querySelector('tbody tr th'))).to.equal('3 Live');
    expect(host.shadowRoot!.querySelector('#draft-heading')).to.equal(null);
  });

  it('edits regions, packs and taxonomy rules as forms that pass the accessibility checks', async () => {
    const data = {
      ...draft({ issues: [] }).data,
      locations: {
        regions: [
          { key: 'uk', label: 'United Kingdom', defaultFactor: 1, countryAliases: ['UK', 'GB'], keywords: [], nativeSalary: true },
          { key: 'poland', label: 'Poland', defaultFactor: 0.5, countryAliases: ['Poland'], keywords: ['warsaw'], nativeSalary: false },
        ],
        baselineRegion: 'uk',
      },
      packs: [
        { id: 'general', label: 'General', description: 'Any sector.', overlay: [] },
        { id: 'retail', label: 'Retail', description: 'Shops.', overlay: [{ pattern: '\\bstore manager\\b', usSoc2018: '41-1011', ukSoc2020: '1254' }] },
      ],
      taxonomy: { rules: [{ pattern: '\\bpayroll\\b', category: 'Finance', subcategory: 'Payroll Administrator' }], roles: [], defaultRubric: {} },
    };
    server = harness.serve({
      ...LIVE_ROUTE,
      'GET /api/admin/reference': { status: 200, body: OVERVIEW },
      'GET /api/admin/reference/draft': {
        status: 200,
        body: { draft: draft({ data, issues: [{ severity: 'error', path: 'locations.regions.1.defaultFactor', message: 'factor out of range' }] }) },
      },
      'PUT /api/admin/reference/draft': (request) => ({ status: 200, body: { draft: draft({ data: { ...data, locations: (request.body as { value: unknown }).value }, issues: [] }) } }),
    });
    const host = mount();
    const open = async (label: string, tag: string) => {
      const button = await waitFor(
        () => [...(host.shadowRoot?.querySelectorAll('nav button') ?? [])].find((b) => textOf(b).startsWith(label)) as HTMLButtonElement | undefined,
        label,
      );
      button.click();
      return waitFor(() => shadowQuery(host, 'reference-section-editor', tag), tag);
    };
    const regions = await open('Regions and cost factors', 'reference-regions-form');
    const factor = regions.shadowRoot!.querySelector('input[aria-label="Cost factor of region 2"]') as HTMLInputElement;
    expect(textOf(factor.parentElement!.querySelector('ul.issues'))).to.equal('Error: factor out of range');
    expect(await axeViolations(host)).to.deep.equal([]);
    factor.value = '0.55';
    factor.dispatchEvent(new Event('input'));
    await (regions as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    (regions.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => server!.requests.some((r) => r.method === 'PUT'), 'the save');
    const saved = server.requests.find((r) => r.method === 'PUT')!.body as { section: string; value: typeof data.locations };
    expect(saved.section).to.equal('locations');
    expect(saved.value.regions[1]!.defaultFactor).to.equal(0.55);
    await open('Industry packs', 'reference-packs-form');
    expect(await axeViolations(host)).to.deep.equal([]);
    await open('Taxonomy rules and roles', 'reference-taxonomy-form');
    expect(await axeViolations(host)).to.deep.equal([]);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { readCodingContext } from '../../repositories/datasetsRepository.ts';
import { classifyUntilDone, newEngagement, newDataset, readyDataset, uploadedDataset, type TestRow } from '../support/staffList.ts';
import { compiledSeed } from '../../../workers/reference/test/seed.ts';
import { contextsByTitle, resolveInContexts } from '../../services/titleResolution.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';

/**
 * A title coded in the context of its rows (issue 24): the same title read differently in two units becomes
 * one title with two variants, each person is scored by their own, and an override may take one variant only.
 * The seed's curated rules restricted to a division ("Associate" is a solicitor in Legal, a sales executive in
 * Sales) split the title whatever the coder's context weights. No salaries: pay would be context too.
 */
const associates = (): TestRow[] => [
  { employeeId: 'E1', managerEmployeeId: null, title: 'Chief Executive Officer', salary: null },
  { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Legal' },
  { employeeId: 'E3', managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Legal' },
  { employeeId: 'E4', managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Legal' },
  { employeeId: 'E5', managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Sales' },
  { employeeId: 'E6', managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Sales' },
];

const SALES = { kind: 'division', values: ['Sales'] };

describe.each(BACKENDS)('titles coded in context on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com' });

  const associateOf = async (datasetId: string) =>
    (decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as any[]).find((t) => t.title === 'Associate');
  const majors = async (datasetId: string) =>
    Object.fromEntries(((await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).body.dataset.summary.usMajorGroups as any[]).map((m) => [m.major, m.headcount]));
  const putOverride = (engagementId: string, body: Record<string, unknown>) => api.server.call(`/api/engagements/${engagementId}/overrides`, { method: 'PUT', body, cookie: api.lead });
  const postChunk = async (rows: Record<string, unknown>[]) => {
    const datasetId = await newDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows.length);
    return api.server.call(`/api/datasets/${datasetId}/rows`, { body: { chunk: 0, rows }, cookie: api.lead });
  };

  it('gives a title read differently in two units two variants, each with its people, codes and the unit that split them', async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), associates());
    const title = await associateOf(datasetId);
    expect(title.variants).toEqual([
      expect.objectContaining({ label: 'Unit: Legal', headcount: 3, usSoc2018: '23-1011', ukSoc2020: '2412', subcategory: 'Solicitor', source: 'rules', scope: { kind: 'division', values: ['Legal'] } }),
      expect.objectContaining({ label: 'Unit: Sales', headcount: 2, usSoc2018: '41-3091', ukSoc2020: '3552', source: 'rules', scope: SALES }),
    ]);
    // The title's own fields hold its largest variant.
    expect(title).toMatchObject({ usSoc2018: '23-1011', ukSoc2020: '2412', subcategory: 'Solicitor' });
  });

  it('scores each person by the variant of their own unit', async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), associates());
    expect(await majors(datasetId)).toMatchObject({ '23': 3, '41': 2 });
  });

  it('keeps a title with one reading in every context without variants', async () => {
    const rows = associates().map((r) => (r.title === 'Associate' ? { ...r, division: 'Legal' } : r));
    const title = await associateOf(await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows));
    expect(title).toMatchObject({ usSoc2018: '23-1011', variants: null });
  });

  it('applies an override of one variant to the rows of its unit only, and there beats the override of the title everywhere', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, associates());
    const scoped = await putOverride(engagementId, { title: 'Associate', usSoc2018: '43-3051', ukSoc2020: '4122', scope: SALES });
    expect(scoped.status, scoped.text).toBe(200);
    expect(scoped.body.override).toMatchObject({ title: 'Associate', usSoc2018: '43-3051', scope: SALES });
    expect(await majors(datasetId)).toMatchObject({ '23': 3, '43': 2 });

    expect((await putOverride(engagementId, { title: 'Associate', usSoc2018: '13-1111', ukSoc2020: '2431' })).status).toBe(200);
    expect(await majors(datasetId)).toMatchObject({ '13': 3, '43': 2 });
    const title = await associateOf(datasetId);
    expect(title.variants.map((v: any) => [v.headcount, v.usSoc2018, v.source, v.overrideScope])).toEqual([
      [3, '13-1111', 'override', null],
      [2, '43-3051', 'override', SALES],
    ]);
  });

  it('removes the override of one variant by its scope, and the override everywhere then takes its rows', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, associates());
    await putOverride(engagementId, { title: 'Associate', usSoc2018: '43-3051', ukSoc2020: '4122', scope: SALES });
    await putOverride(engagementId, { title: 'Associate', usSoc2018: '13-1111', ukSoc2020: '2431' });
    const removal = await api.server.call(`/api/engagements/${engagementId}/overrides?title=Associate&scopeKind=division&scopeValue=Sales`, { method: 'DELETE', cookie: api.lead });
    expect(removal.status, removal.text).toBe(200);
    expect(await majors(datasetId)).toMatchObject({ '13': 5 });
    expect(await associateOf(datasetId)).toMatchObject({ usSoc2018: '13-1111', source: 'override', variants: null });
    const left = (await api.server.call(`/api/engagements/${engagementId}/overrides`, { cookie: api.lead })).body.overrides;
    expect(left.map((o: any) => o.scope)).toEqual([null]);
  });

  it('records in the audit trail which kind of context an override was limited to, never its values', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    await readyDataset(api.server, api.lead, engagementId, associates());
    await putOverride(engagementId, { title: 'Associate', usSoc2018: '43-3051', ukSoc2020: '4122', scope: SALES });
    await api.server.call(`/api/engagements/${engagementId}/overrides?title=Associate&scopeKind=division&scopeValue=Sales`, { method: 'DELETE', cookie: api.lead });
    const trail = (await api.server.call(`/api/engagements/${engagementId}/audit`, { cookie: api.lead })).body;
    const entries = (trail.entries ?? trail.events) as any[];
    const overrides = entries.filter((e) => e.action === 'override_set' || e.action === 'override_removed');
    expect(overrides.map((e) => [e.action, e.details.scope])).toEqual(expect.arrayContaining([['override_set', 'division'], ['override_removed', 'division']]));
    expect(JSON.stringify(overrides)).not.toContain('Sales');
  });

  /** "Laborer" read alike in three divisions of a city (no salaries, so the coder reads it alike everywhere). */
  const laborers = (): TestRow[] => [
    { employeeId: 'E1', managerEmployeeId: null, title: 'Chief Executive Officer', salary: null },
    ...['Solid Waste', 'Solid Waste', 'Solid Waste', 'Parks', 'Parks', 'Highways'].map((division, i): TestRow => ({ employeeId: `L${i}`, managerEmployeeId: 'E1', title: 'Laborer', salary: null, division, grade: i < 4 ? 'A1' : null })),
  ];
  const contextsOf = (datasetId: string, title: string) => api.server.call(`/api/datasets/${datasetId}/titles/contexts?title=${encodeURIComponent(title)}`, { cookie: api.lead });

  it("lists the units and grades a title's rows hold, most people first, for a correction limited to some of them", async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), laborers());
    const reply = await contextsOf(datasetId, 'Laborer');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({
      title: 'Laborer',
      headcount: 6,
      choices: {
        division: [{ value: 'Solid Waste', headcount: 3 }, { value: 'Parks', headcount: 2 }, { value: 'Highways', headcount: 1 }],
        organisation: [],
        grade: [{ value: 'A1', headcount: 4 }],
        group: [],
      },
    });
  });

  it("lets a viewer staffed on the engagement read a title's units, as any member reads the rows", async () => {
    const admin = await api.server.signIn('admin@example.com');
    const email = `viewer-${randomUUID()}@example.com`;
    expect((await api.server.call('/api/users', { body: { email, name: 'Vera Viewer' }, cookie: admin })).status).toBe(201);
    const engagementId = await newEngagement(api.server, api.lead);
    expect((await api.server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email, role: 'viewer' }, cookie: api.lead })).status).toBe(201);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, laborers());
    const reply = await api.server.call(`/api/datasets/${datasetId}/titles/contexts?title=Laborer`, { cookie: await api.server.signIn(email) });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.choices.division.map((c: { value: string }) => c.value)).toEqual(['Solid Waste', 'Parks', 'Highways']);
  });

  it('answers 404 for a title the dataset does not hold, and 400 without a title', async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), laborers());
    const unknown = await contextsOf(datasetId, 'Refuse Collector');
    expect([unknown.status, unknown.body.error]).toEqual([404, 'not_found']);
    const bare = await api.server.call(`/api/datasets/${datasetId}/titles/contexts`, { cookie: api.lead });
    expect([bare.status, bare.body.error]).toEqual([400, 'validation_error']);
  });

  it("applies an override limited to two of a title's units to their rows only, as a variant of its own", async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await readyDataset(api.server, api.lead, engagementId, laborers());
    const before = (decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as any[]).find((t) => t.title === 'Laborer');
    expect(before.variants).toBeNull();
    const scope = { kind: 'division', values: ['Solid Waste', 'Parks'] };
    expect((await putOverride(engagementId, { title: 'Laborer', usSoc2018: '53-7081', ukSoc2020: '9225', scope })).status).toBe(200);
    const after = (decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as any[]).find((t) => t.title === 'Laborer');
    expect(after.variants.map((v: any) => [v.headcount, v.usSoc2018, v.source])).toEqual([
      [5, '53-7081', 'override'],
      [1, before.usSoc2018, 'rules'],
    ]);
    expect(after.variants[0].overrideScope).toEqual({ kind: 'division', values: ['Parks', 'Solid Waste'] });
  });

  it('refuses an override limited to a pay band: pay splits are corrected everywhere', async () => {
    const reply = await putOverride(await newEngagement(api.server, api.lead), { title: 'Associate', usSoc2018: '43-3051', ukSoc2020: '4122', scope: { kind: 'pay', values: ['3'] } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
  });

  it('refuses a chunk whose organisation holds a full-width @, naming the row and field', async () => {
    const reply = await postChunk([
      { employeeId: 'E1', title: 'Clerk', organisation: 'Environment Agency' },
      { employeeId: 'E2', title: 'Clerk', organisation: 'hr＠agency.example' },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues[0].path).toBe('rows.1.organisation');
  });

  it("refuses a chunk whose professional group holds people's names, naming the first", async () => {
    const names = ['Finance', 'Jane Smith', 'Ravi Patel', 'Mary Jones', 'Tom Brown', 'Ana Silva', 'Li Wei'];
    const reply = await postChunk(names.map((group, i) => ({ employeeId: `E${i + 1}`, title: 'Clerk', group })));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_error');
    expect(reply.body.issues[0].path).toBe('rows.1.group');
  });

  it('stores context text folded (NFKC, invisible characters removed) and returns it with the rows', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const rows = [{ employeeId: 'E1', title: 'Clerk', organisation: ' Environment\u200b Agency ', grade: 'ＳＣＳ１', group: 'Policy\u00ad', division: 'Head  Office' }];
    const datasetId = await newDataset(api.server, api.lead, engagementId, 1);
    expect((await api.server.call(`/api/datasets/${datasetId}/rows`, { body: { chunk: 0, rows }, cookie: api.lead })).status).toBe(201);
    const stored = (await api.server.call(`/api/datasets/${datasetId}/rows`, { cookie: api.lead })).body.rows[0];
    expect(stored).toMatchObject({ organisation: 'Environment Agency', grade: 'SCS1', group: 'Policy', division: 'Head Office' });
  });

  it("keeps the list's own grade ladder and each title's spread over units in its coding context", async () => {
    const band = (n: number, division: string): TestRow => ({ employeeId: `P${n}`, managerEmployeeId: 'E1', title: 'Policy Adviser', salary: 15_000 + n * 6_000, grade: `PB${n}`, group: 'Policy', division });
    const rows: TestRow[] = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Director General', salary: 120_000, grade: 'SCS3', group: 'Policy', division: 'Rail' },
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => band(n, n % 2 ? 'Rail' : 'Aviation')),
    ];
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows);
    const context = await asOwner(api.server.database, (tx) => readCodingContext(tx, datasetId));
    expect(context?.gradeLadder).toEqual({ pb1: 'clerical', pb2: 'clerical', pb3: 'administrative', pb4: 'associate', pb5: 'associate', pb6: 'team', pb7: 'team' });
    expect(context?.unitSpread).toEqual({ 'Policy Adviser': 2 });
  });

  /**
   * A list large enough for the coding threads (2,000 rows and more) whose titles take three classify steps:
   * 700 titles of three people each in three units, then 'Associate' in Legal and Sales, which falls to the
   * second step. The first step codes the later steps' titles ahead of them.
   */
  const largeList = (): TestRow[] => {
    const nouns = ['Analyst', 'Officer', 'Associate Director', 'Engineer', 'Clerk', 'Adviser', 'Technician'];
    const units = ['Legal', 'Sales', 'Finance'];
    const rows: TestRow[] = [{ employeeId: 'E0', managerEmployeeId: null, title: 'Chief Executive Officer', salary: 150_000 }];
    for (let t = 0; t < 700; t++) {
      for (let k = 0; k < 3; k++) rows.push({ employeeId: `E${t}-${k}`, managerEmployeeId: 'E0', title: `${nouns[t % nouns.length]} ${t}`, salary: 20_000 + ((t * 37 + k * 9_000) % 60_000), division: units[(t + k) % 3] });
    }
    rows.push({ employeeId: 'A1', managerEmployeeId: 'E0', title: 'Associate', salary: null, division: 'Legal' }, { employeeId: 'A2', managerEmployeeId: 'E0', title: 'Associate', salary: null, division: 'Sales' });
    return rows;
  };

  it("codes a large list's later steps at its first step exactly as each step would code its titles", async () => {
    const rows = largeList();
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows);
    const list = (await asOwner(api.server.database, (tx) => readCodingContext(tx, datasetId)))!;
    const contexts = contextsByTitle(rows.map((r) => ({ title: r.title, division: r.division ?? null, organisation: null, grade: null, group: null, salary: r.salary ?? null })), list);
    const reference = compiledSeed();
    const shown = (t: any) => ({
      usSoc2018: t.usSoc2018, ukSoc2020: t.ukSoc2020, subcategory: t.subcategory, confidence: t.confidence, reviewRequired: t.reviewRequired,
      variants: t.variants?.map((v: any) => [v.label, v.headcount, v.usSoc2018, v.ukSoc2020, v.confidence]) ?? null,
    });
    const titles = decodeTitlesList((await api.server.call(`/api/datasets/${datasetId}/titles`, { cookie: api.lead })).body) as any[];
    expect(titles).toHaveLength(702);
    for (const title of titles) expect(shown(title), title.title).toEqual(shown(resolveInContexts(reference, title.title, null, contexts.get(title.title))));
    expect(titles.some((t) => t.variants)).toBe(true);
  });

  it('gives a title coded ahead of its step the override of one unit set before that step', async () => {
    const engagementId = await newEngagement(api.server, api.lead);
    const datasetId = await uploadedDataset(api.server, api.lead, engagementId, largeList());
    const first = (await api.server.call(`/api/datasets/${datasetId}/classify`, { body: {}, cookie: api.lead })).body;
    expect(first).toMatchObject({ classifiedThisCall: 600, status: 'classifying' });
    expect((await associateOf(datasetId)).source).toBe('pending');
    expect((await putOverride(engagementId, { title: 'Associate', usSoc2018: '43-3051', ukSoc2020: '4122', scope: SALES })).status).toBe(200);
    await classifyUntilDone(api.server, api.lead, datasetId);
    const title = await associateOf(datasetId);
    expect(title.variants.map((v: any) => [v.label, v.usSoc2018, v.source])).toEqual([
      ['Unit: Legal', '23-1011', 'rules'],
      ['Unit: Sales', '43-3051', 'override'],
    ]);
  });

  it("keeps the list's coding context in the summary: pounds unless the settings say otherwise, and the list's pay level", async () => {
    const rows = associates().map((r, i) => ({ ...r, salary: 30000 + i * 1000 }));
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows);
    const { codingContext } = (await api.server.call(`/api/datasets/${datasetId}`, { cookie: api.lead })).body.dataset.summary;
    expect(codingContext.currency).toBe('GBP');
    expect(codingContext.payScale).toBeGreaterThan(0);
  });
});

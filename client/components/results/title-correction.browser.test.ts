// The correction dialog in Chromium, with the server faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import type { DatasetTitle, TitleVariant } from '../../api/datasets.ts';
import { catalogueFrom } from '../../reference/occupations.ts';
import { axeViolations } from '../../test/axe.ts';
import { installFakeServer, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import { overrideOf } from '../../test/engagement-fixtures.ts';
import './title-correction.ts';
import type { TitleCorrection } from './title-correction.ts';

const ENGAGEMENT_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const DATASET_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const PUT = `PUT /api/engagements/${ENGAGEMENT_ID}/overrides`;
const CONTEXTS = `GET /api/datasets/${DATASET_ID}/titles/contexts`;
/** The subject's rows: in three units and two grades, and one organisation (which offers no choice). */
const contexts = {
  title: 'Front of house',
  headcount: 3,
  choices: {
    division: [{ value: 'Reception', headcount: 1 }, { value: 'Payroll', headcount: 1 }, { value: 'Visitors', headcount: 1 }],
    organisation: [{ value: 'Head Office', headcount: 3 }],
    grade: [{ value: 'AO', headcount: 2 }, { value: 'EO', headcount: 1 }],
    group: [],
  },
};
const catalogue = catalogueFrom(1, {
  occupations: {
    us: { '43-3051': { title: 'Payroll and Timekeeping Clerks' }, '43-4171': { title: 'Receptionists and Information Clerks' } },
    uk: { '4122': { title: 'Book-keepers, payroll managers and wages clerks' }, '4216': { title: 'Receptionists' } },
  },
});
const subject: DatasetTitle = {
  title: 'Front of house', normalised: 'front of house', headcount: 3, source: 'rules', usSoc2018: '43-4171', ukSoc2020: '4216',
  category: 'Administration', subcategory: 'Receptionist', confidence: 0.35, reviewRequired: true, reason: 'Word vote: "front"', alternatives: [],
  variants: null,
};

const byUnit = (unit: string, headcount: number, fields: Partial<TitleVariant> = {}): TitleVariant => ({
  label: `Unit: ${unit}`, headcount, splitBy: ['division'], scope: { kind: 'division', values: [unit] }, contextKeys: [unit], source: 'rules',
  usSoc2018: '43-4171', ukSoc2020: '4216', category: 'Administration', subcategory: 'Receptionist', confidence: 0.6, reviewRequired: true,
  reason: null, alternatives: [], ...fields,
});

/** The subject read in two units, and once more at a pay band no one unit tells apart. */
const withVariants: DatasetTitle = {
  ...subject,
  headcount: 9,
  variants: [
    byUnit('Reception', 5),
    byUnit('Payroll', 3, { usSoc2018: '43-3051', ukSoc2020: '4122', reason: 'In context: unit Payroll', alternatives: [{ usSoc2018: '43-4171', ukSoc2020: '4216', score: 0.2, reason: 'Title alone' }] }),
    byUnit('', 1, { label: 'Pay: £80,000', splitBy: ['pay'], scope: null }),
  ],
};

describe('title correction dialog', () => {
  let server: FakeServer | null = null;
  let dialog: TitleCorrection | null = null;
  let opener: HTMLButtonElement | null = null;

  afterEach(() => {
    dialog?.remove();
    opener?.remove();
    server?.restore();
    dialog = opener = server = null;
  });

  async function open(title: DatasetTitle = subject, variant?: TitleVariant, datasetId = ''): Promise<TitleCorrection> {
    opener = document.createElement('button');
    opener.textContent = 'Correct';
    dialog = document.createElement('title-correction');
    dialog.engagementId = ENGAGEMENT_ID;
    dialog.datasetId = datasetId;
    dialog.catalogue = catalogue;
    document.body.append(opener, dialog);
    opener.focus();
    await dialog.show(title, opener, variant);
    return dialog;
  }

  const root = (d: TitleCorrection) => d.shadowRoot!;
  const search = (d: TitleCorrection, i: number) => root(d).querySelectorAll('occupation-search')[i]!;
  const input = (d: TitleCorrection, i: number) => search(d, i).shadowRoot!.querySelector('input')!;
  /** Real key presses, as Chromium delivers them. */
  const press = (...keys: string[]) => keys.reduce((done, k) => done.then(() => sendKeys({ press: k })), Promise.resolve());

  async function type(d: TitleCorrection, i: number, text: string): Promise<void> {
    const field = input(d, i);
    field.focus();
    field.select();
    await sendKeys({ type: text });
    await search(d, i).updateComplete;
  }

  it('opens with the current codes named and focus in the US search', async () => {
    const d = await open();
    expect(textOf(root(d).querySelector('dl'))).to.equal('US SOC 2018 43-4171 Receptionists and Information Clerks UK SOC 2020 4216 Receptionists Confidence 35% (Rules) Reason Word vote: "front"');
    expect(input(d, 0).value).to.equal('43-4171 Receptionists and Information Clerks');
    expect(search(d, 0).shadowRoot!.activeElement).to.equal(input(d, 0));
  });

  it('saves the occupations chosen from the lists with the keyboard', async () => {
    server = installFakeServer({ [PUT]: { status: 200, body: { override: overrideOf(), datasets: 1 } } });
    const d = await open();
    const saved: string[] = [];
    d.addEventListener('override-saved', (e) => saved.push((e as CustomEvent<{ title: string }>).detail.title));
    await type(d, 0, 'payroll');
    expect(input(d, 0).getAttribute('aria-expanded')).to.equal('true');
    await press('ArrowDown');
    await search(d, 0).updateComplete;
    expect(input(d, 0).getAttribute('aria-activedescendant')).to.equal('option-0');
    await press('Enter');
    await type(d, 1, 'book-keepers');
    await press('ArrowDown', 'Enter');
    await d.updateComplete;
    input(d, 1).focus();
    await press('Tab', 'Tab', 'Enter');
    await waitFor(() => saved.length > 0, 'the saved event');
    expect(server.requests.map((r) => r.body)).to.deep.equal([{ title: 'Front of house', usSoc2018: '43-3051', ukSoc2020: '4122' }]);
    expect(root(d).querySelector('dialog')!.open).to.equal(false);
  });

  it('cannot be saved while the text names no occupation', async () => {
    const d = await open();
    await type(d, 1, 'receptio');
    await d.updateComplete;
    expect(root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).to.equal(true);
  });

  it('closes an open list on Escape, and the dialog only on the next Escape, returning focus to its opener', async () => {
    const d = await open();
    await type(d, 0, 'clerks');
    await press('Escape');
    await search(d, 0).updateComplete;
    expect(input(d, 0).getAttribute('aria-expanded')).to.equal('false');
    expect(root(d).querySelector('dialog')!.open).to.equal(true);
    await press('Escape');
    await waitFor(() => !root(d).querySelector('dialog')!.open, 'the dialog closed');
    await waitFor(() => document.activeElement === opener, 'focus back on the opener');
  });

  it('has no WCAG A or AA violations (axe) with a list of matches open', async () => {
    const d = await open();
    await type(d, 0, 'clerks');
    await press('ArrowDown');
    await search(d, 0).updateComplete;
    expect(search(d, 0).shadowRoot!.querySelectorAll('[role=option]')).to.have.length(2);
    expect(await axeViolations(d)).to.deep.equal([]);
  });

  it('offers the title everywhere or only one variant, and corrects only the variant chosen, with its scope', async () => {
    server = installFakeServer({ [PUT]: { status: 200, body: { override: overrideOf(), datasets: 1 } } });
    const d = await open(withVariants);
    const choices = [...root(d).querySelectorAll<HTMLLabelElement>('fieldset.scope label')];
    expect(choices.map(textOf)).to.deep.equal(['This title everywhere (9 people)', 'Only Unit: Reception (5 people)', 'Only Unit: Payroll (3 people)']);
    expect(choices[0]!.querySelector('input')!.checked).to.equal(true);
    choices[2]!.querySelector('input')!.click();
    await d.updateComplete;
    expect(textOf(root(d).querySelector('dl'))).to.contain('US SOC 2018 43-3051 Payroll and Timekeeping Clerks');
    expect(textOf(root(d).querySelector('p.muted'))).to.match(/^3 people in this dataset \(Unit: Payroll\)/);
    root(d).querySelector<HTMLButtonElement>('ol.alternatives button')!.click();
    await waitFor(() => server!.requests.length > 0, 'the override sent');
    expect(server.requests.map((r) => r.body)).to.deep.equal([
      { title: 'Front of house', usSoc2018: '43-4171', ukSoc2020: '4216', scope: { kind: 'division', values: ['Payroll'] } },
    ]);
  });

  it('opens on the variant its Correct control belongs to', async () => {
    const d = await open(withVariants, withVariants.variants![1]);
    const checked = [...root(d).querySelectorAll<HTMLInputElement>('fieldset.scope input')].map((i) => i.checked);
    expect(checked).to.deep.equal([false, false, true]);
  });

  it('says a variant split by pay alone is corrected only with the title everywhere', async () => {
    const d = await open(withVariants);
    expect(textOf(root(d).querySelector('fieldset.scope .why'))).to.equal('Pay: £80,000: split by pay, so only correctable with the title everywhere.');
  });

  const scopeLabels = (d: TitleCorrection) => [...root(d).querySelectorAll<HTMLLabelElement>('fieldset.scope > label')];
  const values = (d: TitleCorrection) => root(d).querySelector('scope-values')!.shadowRoot!;

  it("offers a title read alike everywhere the units of its rows, and corrects only those ticked, with their scope", async () => {
    server = installFakeServer({ [CONTEXTS]: { status: 200, body: contexts }, [PUT]: { status: 200, body: { override: overrideOf(), datasets: 1 } } });
    const d = await open(subject, undefined, DATASET_ID);
    await waitFor(() => scopeLabels(d).length === 2, 'the scope choices');
    expect(server.requests[0]!.search).to.equal('?title=Front+of+house');
    expect(scopeLabels(d).map(textOf)).to.deep.equal(['This title everywhere (3 people)', 'Only some of its units or grades']);
    scopeLabels(d)[1]!.querySelector('input')!.click();
    await d.updateComplete;
    expect(root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).to.equal(true);
    const boxes = () => [...values(d).querySelectorAll<HTMLLabelElement>('li label')];
    expect(boxes().map(textOf)).to.deep.equal(['Reception (1 person)', 'Payroll (1 person)', 'Visitors (1 person)']);
    boxes()[0]!.querySelector('input')!.click();
    boxes()[2]!.querySelector('input')!.click();
    await d.updateComplete;
    expect(textOf(values(d).querySelector('[role=status]'))).to.equal('2 of 3 units ticked: 2 people in this dataset.');
    root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => server!.requests.length > 1, 'the override sent');
    expect(server.requests[1]!.body).to.deep.equal({ title: 'Front of house', usSoc2018: '43-4171', ukSoc2020: '4216', scope: { kind: 'division', values: ['Reception', 'Visitors'] } });
  });

  it('limits a correction by grade when the grade is chosen, starting again with nothing ticked', async () => {
    server = installFakeServer({ [CONTEXTS]: { status: 200, body: contexts }, [PUT]: { status: 200, body: { override: overrideOf(), datasets: 1 } } });
    const d = await open(subject, undefined, DATASET_ID);
    await waitFor(() => scopeLabels(d).length === 2, 'the scope choices');
    scopeLabels(d)[1]!.querySelector('input')!.click();
    await d.updateComplete;
    values(d).querySelector<HTMLInputElement>('li input')!.click();
    const kind = values(d).querySelector('select')!;
    expect([...kind.options].map((o) => o.textContent)).to.deep.equal(['unit', 'grade']);
    kind.value = 'grade';
    kind.dispatchEvent(new Event('change'));
    await root(d).querySelector('scope-values')!.updateComplete;
    expect(root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).to.equal(true);
    values(d).querySelector<HTMLInputElement>('li input')!.click();
    await root(d).querySelector('scope-values')!.updateComplete;
    expect(textOf(values(d).querySelector('[role=status]'))).to.equal('1 of 2 grades ticked: 2 people in this dataset.');
    expect(root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).to.equal(false);
    root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => server!.requests.length > 1, 'the override sent');
    expect((server.requests[1]!.body as { scope: unknown }).scope).to.deep.equal({ kind: 'grade', values: ['AO'] });
  });

  it('corrects the title everywhere, saying why, when its units cannot be read', async () => {
    server = installFakeServer({ [CONTEXTS]: { status: 404, body: { error: 'not_found', message: 'Title not found.' } } });
    const d = await open(subject, undefined, DATASET_ID);
    await waitFor(() => textOf(root(d).querySelector('p.why')) !== '', 'the note');
    expect(textOf(root(d).querySelector('p.why'))).to.equal("The title's units could not be read (Title not found.), so it is corrected everywhere.");
    expect(root(d).querySelector('fieldset.scope')).to.equal(null);
  });

  it('has no WCAG A or AA violations (axe) with units ticked', async () => {
    server = installFakeServer({ [CONTEXTS]: { status: 200, body: contexts } });
    const d = await open(subject, undefined, DATASET_ID);
    await waitFor(() => scopeLabels(d).length === 2, 'the scope choices');
    scopeLabels(d)[1]!.querySelector('input')!.click();
    await d.updateComplete;
    values(d).querySelector<HTMLInputElement>('li input')!.click();
    await d.updateComplete;
    expect(await axeViolations(d)).to.deep.equal([]);
  });

  it('stays open and shows the server’s message when the override is refused', async () => {
    const message = 'Reference version 1, pinned by the dataset "Staff", does not know the UK SOC 2020 code 4122 (with pay data).';
    server = installFakeServer({ [PUT]: { status: 400, body: { error: 'override_unknown_in_version', message } } });
    const d = await open();
    root(d).querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => textOf(root(d).querySelector('error-notice')?.shadowRoot?.querySelector('[role=alert]')) === message, 'the message');
    expect(root(d).querySelector('dialog')!.open).to.equal(true);
  });
});

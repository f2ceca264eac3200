// The region and currency proposed beside the column mapping, with the real import worker (the built bundle;
// `npm run test:browser` builds it): proposed from the file with its reason, offered among the regions a list can
// be priced in, and changed by the consultant.
import { expect } from '@esm-bundle/chai';
import type { RegionOption } from '../../../workers/import/currency.ts';
import { setImportWorkerUrl } from '../../worker-handles/import-worker.ts';
import { axeViolations } from '../../test/axe.ts';
import { shadowQuery, textOf, waitFor } from '../../test/fake-server.ts';
import './spreadsheet-import.ts';
import type { SpreadsheetImportElement } from './spreadsheet-import.ts';

const REGIONS: RegionOption[] = [
  { key: 'uk', label: 'United Kingdom (national)', currency: 'GBP', countryAliases: ['UK'], keywords: [], home: true, typicalPay: 37_430 },
  { key: 'india', label: 'India', currency: 'INR', countryAliases: ['India'], keywords: [], home: false },
  { key: 'united-states', label: 'United States', currency: 'USD', countryAliases: ['USA'], keywords: [], home: true, typicalPay: 49_500 },
];

describe('<list-region-choice> in the import', () => {
  let element: SpreadsheetImportElement | null = null;
  const announced: string[] = [];

  before(() => setImportWorkerUrl('/dist/client/workers/import.worker.js'));

  afterEach(() => {
    element?.remove();
    element = null;
    announced.length = 0;
  });

  async function mountWith(csv: string): Promise<SpreadsheetImportElement> {
    element = document.createElement('spreadsheet-import');
    element.listRegions = REGIONS;
    element.defaultRegion = { key: 'uk', source: 'baseline' };
    element.addEventListener('region-change', (e) => announced.push(e.detail));
    document.body.append(element);
    await element.updateComplete;
    const input = element.shadowRoot!.querySelector<HTMLInputElement>('#staff-file')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File([csv], 'staff.csv'));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
    return element;
  }

  const choice = (host: SpreadsheetImportElement) => shadowQuery(host, 'list-region-choice');
  const select = (host: SpreadsheetImportElement) => choice(host)?.shadowRoot?.querySelector<HTMLSelectElement>('#list-region') ?? null;

  it('proposes the United States in dollars for pay headed “Salary ($)”, says why, and offers only the regions it can price', async () => {
    const host = await mountWith('Job title,Salary ($)\nClerk,41000\nAnalyst,58500\n');
    const list = await waitFor(() => select(host), 'the region choice', 5000);
    expect(list.value).to.equal('united-states');
    expect([...list.options].map((o) => textOf(o))).to.deep.equal(['United Kingdom (national) (GBP, £)', 'United States (USD, $)']);
    expect(textOf(choice(host)!.shadowRoot!.querySelector('#list-region-reason'))).to.equal(
      'Proposed from the file: United States, US dollars (USD). The heading “Salary ($)” is in US dollars.',
    );
    await waitFor(() => announced.includes('united-states'), 'the proposal announced to the page');
    expect(await axeViolations(choice(host)!)).to.deep.equal([]);
  });

  it('keeps the consultant’s choice, announces it, and says the list will be read in that currency', async () => {
    const host = await mountWith('Job title,Salary ($)\nClerk,41000\nAnalyst,58500\n');
    const list = await waitFor(() => select(host), 'the region choice', 5000);
    list.value = 'uk';
    list.dispatchEvent(new Event('change'));
    await waitFor(() => announced.at(-1) === 'uk', 'the choice announced');
    const note = await waitFor(() => choice(host)!.shadowRoot!.querySelector('.changed'), 'the note of the change');
    expect(textOf(note)).to.equal('You chose United Kingdom (national): the list will be read in pounds sterling (GBP).');
  });

  it('assumes the default region, and says so, when nothing in the file points to a currency', async () => {
    const host = await mountWith('Job title,Salary\nClerk,41000\nAnalyst,58500\n');
    const list = await waitFor(() => select(host), 'the region choice', 5000);
    expect(list.value).to.equal('uk');
    expect(textOf(choice(host)!.shadowRoot!.querySelector('#list-region-reason'))).to.match(/^Assumed: United Kingdom \(national\), pounds sterling \(GBP\)\. No currency sign/);
  });
});

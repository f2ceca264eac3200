import { expect } from '@esm-bundle/chai';
import { setReferenceWorkerUrl } from '../../worker-handles/reference-worker.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor } from '../../test/fake-server.ts';
import './reference-title-test.ts';
import type { ReferenceTitleTest } from './reference-title-test.ts';

// Runs the built worker (npm run test:browser builds first) on the built-in reference document.
describe('<reference-title-test>', () => {
  let element: ReferenceTitleTest | null = null;
  let seed: Record<string, unknown>;

  before(async () => {
    setReferenceWorkerUrl('/dist/client/workers/reference.worker.js');
    seed = (await (await fetch('/seeds/reference-v1.json')).json()) as Record<string, unknown>;
  });

  afterEach(() => {
    element?.remove();
    element = null;
  });

  async function test(title: string, pack = '', context: Record<string, string> = {}, outcome = '.outcome'): Promise<ReferenceTitleTest> {
    element = document.createElement('reference-title-test');
    element.document = seed;
    document.body.append(element);
    await element.updateComplete;
    const root = element.shadowRoot!;
    (root.querySelector('#test-title') as HTMLInputElement).value = title;
    (root.querySelector('#test-pack') as HTMLSelectElement).value = pack;
    for (const [field, value] of Object.entries(context)) (root.querySelector(`#test-${field}`) as HTMLInputElement | HTMLSelectElement).value = value;
    (root.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => root.querySelector(outcome), 'the outcome', 15_000);
    return element;
  }

  const decidedBy = (host: ReferenceTitleTest) => textOf(host.shadowRoot!.querySelector('dd'));

  it('names the taxonomy rule that decides a title and offers to show it', async function (this: MochaContext) {
    this.timeout(20_000);
    const host = await test('Senior Payroll Clerk');
    expect(decidedBy(host)).to.match(/^Taxonomy rule \d+: .*payroll.* Show rule \d+$/);
    const [, us, uk, role] = [...host.shadowRoot!.querySelectorAll('dd')].map(textOf);
    expect([us, uk, role]).to.deep.equal(['43-3051 Payroll and Timekeeping Clerks', '4122 Book-keepers, payroll managers and wages clerks', 'Finance / Payroll Administrator']);
    const shown: number[] = [];
    host.addEventListener('show-rule', (e) => shown.push((e as CustomEvent<number>).detail));
    (host.shadowRoot!.querySelector('button.link') as HTMLButtonElement).click();
    expect(shown).to.have.length(1);
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('names the pack’s overlay rule when the chosen pack places the title', async function (this: MochaContext) {
    this.timeout(20_000);
    const host = await test('Bank Cashier', 'financial-services');
    expect(decidedBy(host)).to.match(/^Overlay rule 1 of the pack financial-services: /);
  });

  it('reads the title in the context a staff list gives, and shows the title\'s own reading beside it', async function (this: MochaContext) {
    this.timeout(20_000);
    const host = await test('Lieutenant', '', { division: 'Fire Department' });
    expect(decidedBy(host)).to.match(/^The row’s context \(unit\) over the title’s own reading: /);
    const terms = [...host.shadowRoot!.querySelectorAll('dt')].map(textOf);
    const values = [...host.shadowRoot!.querySelectorAll('dd')].map(textOf);
    expect(values[terms.indexOf('US SOC 2018')]).to.equal('33-1021 First-Line Supervisors of Firefighting and Prevention Workers');
    expect(terms).to.include('The title alone');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('says a context value holding an email address is refused, and codes nothing', async function (this: MochaContext) {
    this.timeout(20_000);
    const host = await test('Lieutenant', '', { group: 'ann＠example.org' }, '[role="alert"]');
    expect(textOf(host.shadowRoot!.querySelector('[role="alert"]'))).to.match(/never holds an email address/);
    expect(host.shadowRoot!.querySelector('.outcome')).to.equal(null);
  });
});

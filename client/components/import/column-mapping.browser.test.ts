import { expect } from '@esm-bundle/chai';
import { groupingChoices, type ColumnMapping } from '../../../workers/import/mapping.ts';
import { axeViolations } from '../../test/axe.ts';
import { textOf } from '../../test/fake-server.ts';
import './column-mapping.ts';
import type { ColumnMappingElement } from './column-mapping.ts';

const HEADERS = ['Staff no', 'Full name', 'Job title', 'Band', ' band', 'Line manager', '', 'Site', 'Grade', 'Team', 'Unit', 'Cost centre'];

describe('<column-mapping>', () => {
  let element: ColumnMappingElement | null = null;
  let changes: ColumnMapping[] = [];

  afterEach(() => {
    element?.remove();
    element = null;
    changes = [];
  });

  /** Mounts the element (one already created, with reasons or a layout set, is used as it is). */
  async function mount(mapping: ColumnMapping, issues: ColumnMappingElement['issues'] = []): Promise<ColumnMappingElement> {
    element ??= document.createElement('column-mapping');
    element.headers = HEADERS;
    element.preview = [['E1', 'Jane Smith', 'Clerk', 'B1', 'b1', 'Ravi Patel', 'x', 'Leeds', 'G1', 'Ops', 'U1', 'CC1']];
    element.mapping = mapping;
    element.choices = groupingChoices(HEADERS, mapping);
    element.issues = issues;
    element.addEventListener('mapping-change', (e) => changes.push(e.detail));
    document.body.append(element);
    await element.updateComplete;
    return element;
  }

  const root = () => element!.shadowRoot!;
  const box = (label: string) =>
    [...root().querySelectorAll<HTMLLabelElement>('.groupings label')].find((l) => textOf(l) === label)!.querySelector('input')!;

  it('reports a column chosen for a field and drops it from the groupings', async () => {
    await mount({ fields: { title: 2 }, groupings: [3] });
    const select = root().querySelector<HTMLSelectElement>('#field-division')!;
    select.value = '3';
    select.dispatchEvent(new Event('change'));
    expect(changes).to.deep.equal([{ fields: { title: 2, division: 3 }, groupings: [] }]);
  });

  it('shows why a column was suggested under its control and describes the control with it', async () => {
    element = document.createElement('column-mapping');
    element.reasons = { employeeId: '100% of “Line manager” values are in this column.' };
    await mount({ fields: { title: 2, employeeId: 0 }, groupings: [] });
    expect(textOf(root().querySelector('#field-employeeId-reason'))).to.equal('Why: 100% of “Line manager” values are in this column.');
    expect(root().querySelector('#field-employeeId')!.getAttribute('aria-describedby')).to.equal('field-employeeId-hint field-employeeId-reason');
  });

  it('names a recognised layout above the mapping', async () => {
    element = document.createElement('column-mapping');
    element.layout = { id: 'us-payroll', name: 'US public payroll table', note: 'Annual salaries, or hourly rates annualised.' };
    await mount({ fields: { title: 2 }, groupings: [] });
    expect(textOf(root().querySelector('.layout'))).to.equal('Recognised layout: US public payroll table. Annual salaries, or hourly rates annualised.');
  });

  it('reports the full-time week stated for weekly hours as the reading', async () => {
    await mount({ fields: { title: 2, hours: 7 }, groupings: [] });
    const week = root().querySelector<HTMLInputElement>('#full-time-hours')!;
    expect(week.value).to.equal('37.5');
    week.value = '40';
    week.dispatchEvent(new Event('change'));
    expect(changes).to.deep.equal([{ fields: { title: 2, hours: 7 }, groupings: [], reading: { fte: 'fraction', fullTimeHours: 40 } }]);
  });

  it('reports a field cleared with "Not in this file"', async () => {
    await mount({ fields: { title: 2, employeeId: 0 }, groupings: [] });
    const select = root().querySelector<HTMLSelectElement>('#field-employeeId')!;
    select.value = '';
    select.dispatchEvent(new Event('change'));
    expect(changes).to.deep.equal([{ fields: { title: 2 }, groupings: [] }]);
  });

  it('disables a second column with the same heading, a blank heading and a personal heading, saying why', async () => {
    await mount({ fields: { title: 2 }, groupings: [] });
    expect(box('band').disabled).to.equal(true);
    expect(box('Column G').disabled).to.equal(true);
    expect(box('Line manager').disabled).to.equal(true);
    expect(box('Full name').disabled).to.equal(true);
    expect(box('Band').disabled).to.equal(false);
    const reason = root().getElementById(box('Line manager').getAttribute('aria-describedby')!)!;
    expect(textOf(reason)).to.equal('Looks like personal data; never uploaded.');
  });

  it('does not offer columns already used for a field', async () => {
    await mount({ fields: { title: 2, employeeId: 0 }, groupings: [] });
    const offered = [...root().querySelectorAll('.groupings label')].map((l) => textOf(l));
    expect(offered).not.to.include('Job title');
    expect(offered).not.to.include('Staff no');
  });

  it('ticks a grouping, and disables further boxes once five are ticked', async () => {
    await mount({ fields: { title: 2 }, groupings: [3, 7, 8, 9, 10] });
    expect(box('Cost centre').disabled).to.equal(true);
    expect(box('Band').disabled).to.equal(false);
    box('Band').click();
    expect(changes).to.deep.equal([{ fields: { title: 2 }, groupings: [7, 8, 9, 10] }]);
  });

  it('shows each problem beside its control, marks the control invalid and counts the problems', async () => {
    await mount({ fields: { title: 2, employeeId: 1 }, groupings: [3] }, [
      { field: 'employeeId', message: 'IDs are never names.' },
      { grouping: 3, message: 'Too many values.' },
    ]);
    const select = root().querySelector<HTMLSelectElement>('#field-employeeId')!;
    expect(select.getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(root().getElementById('field-employeeId-problem'))).to.equal('IDs are never names.');
    expect(textOf(root().getElementById('grouping-3-problem'))).to.equal('Too many values.');
    expect(textOf(root().querySelector('[role="status"]'))).to.equal('2 problems to fix before upload.');
  });

  it('has no WCAG A or AA violations', async () => {
    await mount({ fields: { title: 2 }, groupings: [3] }, [{ field: 'title', message: 'Check the titles.' }]);
    expect(await axeViolations(element!)).to.deep.equal([]);
  });
});

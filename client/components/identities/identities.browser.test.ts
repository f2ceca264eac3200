import { expect } from '@esm-bundle/chai';
import { axeViolations } from '../../test/axe.ts';
import { textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './identity-reveal-panel.ts';
import { parseEmployeeIds, type IdentityRevealPanel } from './identity-reveal-panel.ts';
import './licence-match-panel.ts';
import { emailsInCsv, type LicenceMatchPanel } from './licence-match-panel.ts';
import { pageHarness } from '../../test/harness.ts';

const DATASET = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

describe('identity panels', () => {
  const harness = pageHarness();
  let server: FakeServer;

  const mount = <T extends HTMLElement>(tag: 'identity-reveal-panel' | 'licence-match-panel') =>
    harness.mount<T & { datasetId: string }>(tag, { datasetId: DATASET } as Partial<T & { datasetId: string }>);

  it('reads employee IDs from lines or commas, each once', () => {
    expect(parseEmployeeIds(' E1, E2\nE3\n\nE1 ')).to.deep.equal(['E1', 'E2', 'E3']);
  });

  it('finds every email in a licence list, whatever its columns', () => {
    const csv = new TextEncoder().encode('User,Email,Backup\nA,a@x.org,\nB,b@x.org,c@x.org\n');
    expect(emailsInCsv(csv)).to.deep.equal(['a@x.org', 'b@x.org', 'c@x.org']);
  });

  it('sends the purpose and shows the revealed people in the page, and Hide clears them', async () => {
    server = harness.serve({
      [`POST /api/datasets/${DATASET}/identities/reveal`]: { status: 200, body: { people: [{ employeeId: 'E1', name: 'Ada Lovelace', email: null }], unreadable: 0 } },
    });
    const panel = mount<IdentityRevealPanel>('identity-reveal-panel');
    await panel.updateComplete;
    const root = panel.shadowRoot!;
    (root.querySelector('#reveal-purpose') as HTMLTextAreaElement).value = 'Licence allocation';
    (root.querySelector('form') as HTMLFormElement).requestSubmit();
    await waitFor(() => textOf(root.querySelector('table')).includes('Ada Lovelace'), 'the revealed name');
    expect(server.requests[0]!.body).to.deep.equal({ purpose: 'Licence allocation' });
    expect(textOf(root.querySelector('[role="status"]'))).to.equal('1 person revealed.');
    expect(await axeViolations(panel)).to.deep.equal([]);
    (Array.from(root.querySelectorAll('button')).find((b) => b.textContent === 'Hide') as HTMLButtonElement).click();
    await panel.updateComplete;
    expect(root.querySelector('table')).to.equal(null);
  });

  it('shows the server’s refusal when the member has no PII access', async () => {
    server = harness.serve({
      [`POST /api/datasets/${DATASET}/identities/reveal`]: { status: 403, body: { error: 'forbidden', message: 'Names and emails need PII access on this engagement.' } },
    });
    const panel = mount<IdentityRevealPanel>('identity-reveal-panel');
    await panel.updateComplete;
    (panel.shadowRoot!.querySelector('#reveal-purpose') as HTMLTextAreaElement).value = 'Licence allocation';
    (panel.shadowRoot!.querySelector('form') as HTMLFormElement).requestSubmit();
    await waitFor(() => textOf(panel.shadowRoot!.querySelector('error-notice')?.shadowRoot?.firstElementChild).includes('PII access'), 'the refusal');
  });

  it('is axe-clean before a licence list is matched', async () => {
    const panel = mount<LicenceMatchPanel>('licence-match-panel');
    await panel.updateComplete;
    expect(await axeViolations(panel)).to.deep.equal([]);
  });
});

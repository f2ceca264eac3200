// The report notes editor in Chromium, with the server faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import { axeViolations } from '../../test/axe.ts';
import { engagement } from '../../test/engagement-fixtures.ts';
import type { ReportNotes } from '../../../schema/reportNotes.ts';
import { installFakeServer, shadowQuery, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './report-notes-editor.ts';
import type { ReportNotesEditor } from './report-notes-editor.ts';

const ENGAGEMENT_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const PATH = `/api/engagements/${ENGAGEMENT_ID}`;

describe('report notes editor', () => {
  let server: FakeServer | null = null;
  let editor: ReportNotesEditor | null = null;

  afterEach(() => {
    editor?.remove();
    server?.restore();
    editor = server = null;
  });

  async function mount(reportNotes: ReportNotes | null, canEdit = true): Promise<ReportNotesEditor> {
    server = installFakeServer({
      [`GET ${PATH}`]: { status: 200, body: { engagement: engagement({ id: ENGAGEMENT_ID, name: 'Review', reportNotes }), members: [] } },
      [`PATCH ${PATH}`]: (request) => ({ status: 200, body: { engagement: engagement({ id: ENGAGEMENT_ID, name: 'Review', reportNotes: (request.body as { reportNotes: ReportNotes | null }).reportNotes }) } }),
    });
    editor = document.createElement('report-notes-editor');
    editor.engagementId = ENGAGEMENT_ID;
    editor.canEdit = canEdit;
    document.body.append(editor);
    await waitFor(() => editor!.shadowRoot!.querySelector('form'), 'the form');
    return editor;
  }

  const root = () => editor!.shadowRoot!;
  const type = async (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    el.value = value;
    el.dispatchEvent(new Event('input'));
    await editor!.updateComplete;
  };
  const button = (text: string) => [...root().querySelectorAll('button')].find((b) => b.textContent?.includes(text))!;

  it('shows the stored notes and saves sections, value concentration and swaps with PATCH', async () => {
    await mount({ sections: { context: 'Head office review.' }, terms: [] });
    expect(root().querySelector<HTMLTextAreaElement>('#section-context')!.value).to.equal('Head office review.');
    await type(root().querySelector('#section-recommendations')!, 'Start with payroll.');
    await type(root().querySelector('#value-concentration')!, 'Finance holds most of it.');
    button('Add a swap').click();
    await editor!.updateComplete;
    const [from, to] = root().querySelectorAll<HTMLInputElement>('.swap input');
    await type(from!, 'employees');
    await type(to!, 'colleagues');
    button('Save report notes').click();
    await waitFor(() => root().textContent?.includes('Report notes saved.'), 'the saved message');
    expect(server!.requests.find((r) => r.method === 'PATCH')!.body).to.deep.equal({
      reportNotes: {
        sections: { context: 'Head office review.', recommendations: 'Start with payroll.' },
        valueConcentration: 'Finance holds most of it.',
        terms: [{ from: 'employees', to: 'colleagues' }],
      },
    });
    expect(await axeViolations(editor!)).to.deep.equal([]);
  });

  it('refuses a swap whose term holds digits or money signs before saving, as the server would', async () => {
    await mount(null);
    button('Add a swap').click();
    await editor!.updateComplete;
    await type(root().querySelector<HTMLInputElement>('.swap input')!, '£5 savings');
    expect(root().querySelector('.problem')!.textContent).to.contain('may not contain digits');
    expect(button('Save report notes').disabled).to.equal(true);
  });

  it('says the notes are no longer saved as soon as they change, a swap added included', async () => {
    await mount({ sections: { context: 'Head office review.' }, terms: [] });
    button('Save report notes').click();
    const status = () => textOf(root().querySelector('.actions [role="status"]'));
    await waitFor(() => status() === 'Report notes saved.', 'the saved message');
    button('Add a swap').click();
    await editor!.updateComplete;
    expect(status()).to.equal('');
  });

  it("shows the server's 409 refusal when the engagement is no longer active", async () => {
    await mount({ sections: { context: 'Head office review.' }, terms: [] });
    server!.route(`PATCH ${PATH}`, { status: 409, body: { error: 'conflict', message: 'The engagement is closed; changing report notes needs it to be active.' } });
    button('Save report notes').click();
    await waitFor(() => textOf(shadowQuery(editor!, 'error-notice', '[role="alert"]')).includes('The engagement is closed; changing report notes needs it to be active.'), 'the refusal');
    expect(button('Save report notes').disabled).to.equal(false);
    expect(root().textContent).not.to.contain('Report notes saved.');
  });

  it('shows the notes read-only to those who may not change them', async () => {
    await mount({ sections: { summary: 'Ours.' }, terms: [] }, false);
    expect(root().querySelector<HTMLTextAreaElement>('#section-summary')!.readOnly).to.equal(true);
    expect(button('Save report notes')).to.equal(undefined);
  });
});

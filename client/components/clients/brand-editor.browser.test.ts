// The brand editor in Chromium, with the server faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import { axeViolations } from '../../test/axe.ts';
import { installFakeServer, shadowQuery, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './brand-editor.ts';
import type { BrandEditor } from './brand-editor.ts';

const CLIENT_ID = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BRAND_PATH = `/api/clients/${CLIENT_ID}/brand`;
const svgLogo = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

describe('brand editor', () => {
  let server: FakeServer | null = null;
  let editor: BrandEditor | null = null;

  afterEach(() => {
    editor?.remove();
    server?.restore();
    editor = server = null;
  });

  async function mount(canEdit = true, brand: unknown = null): Promise<BrandEditor> {
    server = installFakeServer({
      [`GET ${BRAND_PATH}`]: { status: 200, body: { brand, canEdit } },
      [`PUT ${BRAND_PATH}`]: (request) => ({ status: 200, body: { brand: request.body } }),
      [`DELETE ${BRAND_PATH}`]: { status: 204 },
    });
    editor = document.createElement('brand-editor');
    editor.clientId = CLIENT_ID;
    editor.clientName = 'Northwind';
    document.body.append(editor);
    await waitFor(() => editor!.shadowRoot!.querySelector('form'), 'the form');
    return editor;
  }

  const root = () => editor!.shadowRoot!;
  const primaryInput = () => root().querySelector<HTMLInputElement>('#colour-primary')!;
  const setPrimary = async (value: string) => {
    primaryInput().value = value;
    primaryInput().dispatchEvent(new Event('change'));
    await editor!.updateComplete;
  };
  const saveButton = () => [...root().querySelectorAll('button')].find((b) => b.textContent?.includes('Save brand'))!;

  it('shows the contrast of white on the primary colour as it changes, and blocks a colour too pale', async () => {
    await mount();
    await setPrimary('#0b5d1e');
    expect(root().querySelector('.contrast')!.textContent).to.match(/\d+\.\d\d:1 — passes/);
    await setPrimary('#888888');
    expect(root().querySelector('.contrast')!.textContent).to.contain('3.54:1 — too pale');
    expect(saveButton().disabled).to.equal(true);
  });

  it('refuses an SVG logo with a script before uploading, with the reason', async () => {
    await mount();
    editor!.brand = { ...editor!.brand, logo: svgLogo('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') };
    await editor!.updateComplete;
    expect(root().querySelector('.problem')!.textContent).to.match(/SVG logo is refused because .*script/);
    expect(saveButton().disabled).to.equal(true);
    expect(root().querySelector('.preview img')).to.equal(null);
  });

  it('saves logo, colours and font with PUT and previews the logo', async () => {
    await mount();
    const logo = svgLogo('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c8102e"/></svg>');
    editor!.brand = { ...editor!.brand, logo };
    await setPrimary('#0b5d1e');
    const font = root().querySelector<HTMLSelectElement>('#font')!;
    font.value = 'Georgia';
    font.dispatchEvent(new Event('change'));
    await editor!.updateComplete;
    expect(root().querySelector<HTMLImageElement>('.preview img')!.src).to.equal(logo);
    saveButton().click();
    await waitFor(() => root().textContent?.includes('Brand saved'), 'the saved message');
    const put = server!.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).to.deep.equal({ logo, colours: { primary: '#0b5d1e', secondary: '#1f5fbf', accent: '#1f5fbf' }, font: 'Georgia' });
    expect(getComputedStyle(root().querySelector('.preview')!).backgroundColor).to.equal('rgb(11, 93, 30)');
    expect(await axeViolations(editor!)).to.deep.equal([]);
  });

  it('removes a stored brand with DELETE and goes back to the house style', async () => {
    await mount(true, { logo: null, colours: { primary: '#0b5d1e', secondary: null, accent: null }, font: 'Georgia' });
    expect(primaryInput().value).to.equal('#0b5d1e');
    [...root().querySelectorAll('button')].find((b) => b.textContent?.includes('Remove brand'))!.click();
    await waitFor(() => root().textContent?.includes('Brand removed'), 'the removed message');
    expect(server!.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).to.deep.equal([BRAND_PATH]);
    expect(primaryInput().value).to.equal('#1d3f6e');
    expect([...root().querySelectorAll('button')].some((b) => b.textContent?.includes('Remove brand'))).to.equal(false);
  });

  it("shows the server's refusal of a save and leaves the form usable", async () => {
    await mount();
    server!.route(`PUT ${BRAND_PATH}`, { status: 403, body: { error: 'forbidden', message: "Only administrators, the client's creator and leads of its engagements can change the brand." } });
    saveButton().click();
    await waitFor(() => textOf(shadowQuery(editor!, 'error-notice', '[role="alert"]')).includes('can change the brand'), 'the refusal');
    expect(saveButton().disabled).to.equal(false);
    expect(root().textContent).not.to.contain('Brand saved');
  });

  it('says so when the chosen logo file cannot be read', async () => {
    await mount();
    const readAsDataURL = FileReader.prototype.readAsDataURL;
    // As when the file was moved or changed after it was chosen.
    FileReader.prototype.readAsDataURL = function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    };
    try {
      const input = root().querySelector<HTMLInputElement>('#logo')!;
      const files = new DataTransfer();
      files.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change'));
      await waitFor(() => textOf(shadowQuery(editor!, 'error-notice', '[role="alert"]')).includes('logo.svg could not be read'), 'the read failure');
      expect(editor!.brand.logo).to.equal(null);
    } finally {
      FileReader.prototype.readAsDataURL = readAsDataURL;
    }
  });

  it('refuses a logo file over the limit before reading it', async () => {
    await mount();
    const input = root().querySelector<HTMLInputElement>('#logo')!;
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(256 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
    await waitFor(() => textOf(shadowQuery(editor!, 'error-notice', '[role="alert"]')).includes('huge.png is larger than 256 KB'), 'the size refusal');
    expect(editor!.brand.logo).to.equal(null);
  });

  it('shows the brand read-only to someone who may not change it', async () => {
    await mount(false, { logo: null, colours: { primary: '#1d3f6e', secondary: null, accent: null }, font: 'Arial' });
    expect(primaryInput().readOnly).to.equal(true);
    expect(saveButton()).to.equal(undefined);
    expect(root().textContent).to.contain('can change the brand');
  });
});

import { expect } from '@esm-bundle/chai';
import { axeViolations } from '../../test/axe.ts';
import { textOf } from '../../test/fake-server.ts';
import type { SectionSave } from './section-form.ts';
import './reference-json-editor.ts';
import type { ReferenceJsonEditor } from './reference-json-editor.ts';

describe('<reference-json-editor>', () => {
  let element: ReferenceJsonEditor | null = null;

  afterEach(() => {
    element?.remove();
    element = null;
  });

  async function mount(value: unknown): Promise<{ host: ReferenceJsonEditor; saves: SectionSave[] }> {
    element = document.createElement('reference-json-editor');
    element.section = 'org';
    element.value = value;
    const saves: SectionSave[] = [];
    element.addEventListener('section-save', (e) => saves.push(e.detail));
    document.body.append(element);
    await element.updateComplete;
    return { host: element, saves };
  }

  async function type(host: ReferenceJsonEditor, text: string): Promise<void> {
    const area = host.shadowRoot!.querySelector('textarea')!;
    area.value = text;
    area.dispatchEvent(new Event('input'));
    await host.updateComplete;
    (host.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await host.updateComplete;
  }

  it('shows a small section indented and a large one compact', async () => {
    const small = await mount({ narrowSpan: 4, wideSpan: 15 });
    expect(small.host.shadowRoot!.querySelector('textarea')!.value).to.equal('{\n  "narrowSpan": 4,\n  "wideSpan": 15\n}');
    small.host.remove();
    const big = { values: Array.from({ length: 50_000 }, (_, i) => i) };
    const large = await mount(big);
    expect(large.host.shadowRoot!.querySelector('textarea')!.value).to.equal(JSON.stringify(big));
  });

  it('refuses text that is not JSON without asking the server', async () => {
    const { host, saves } = await mount({ narrowSpan: 4, wideSpan: 15 });
    await type(host, '{ "narrowSpan": 4, }');
    expect(saves).to.deep.equal([]);
    expect(textOf(host.shadowRoot!.querySelector('p.problem'))).to.match(/^Not saved: the text is not valid JSON \(.+\)\.$/);
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('saves parsed JSON as the whole section', async () => {
    const { host, saves } = await mount({ narrowSpan: 4, wideSpan: 15 });
    await type(host, '{ "narrowSpan": 3, "wideSpan": 12 }');
    expect(saves).to.deep.equal([{ section: 'org', value: { narrowSpan: 3, wideSpan: 12 } }]);
  });

  it('puts back the saved text and clears the refusal on Undo changes', async () => {
    const { host } = await mount({ narrowSpan: 4, wideSpan: 15 });
    await type(host, '{ "narrowSpan": 4, }');
    const undo = [...host.shadowRoot!.querySelectorAll('button')].find((b) => textOf(b) === 'Undo changes')!;
    undo.click();
    await host.updateComplete;
    expect(host.shadowRoot!.querySelector('textarea')!.value).to.equal('{\n  "narrowSpan": 4,\n  "wideSpan": 15\n}');
    expect(host.shadowRoot!.querySelector('p.problem')).to.equal(null);
    expect(undo.disabled).to.equal(true);
  });
});

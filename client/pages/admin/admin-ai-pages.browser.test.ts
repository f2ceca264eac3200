import { expect } from '@esm-bundle/chai';
import type { AiUsageReport, PromptDetail, PromptSummary } from '../../api/ai.ts';
import { PROMPT_DEFINITIONS } from '../../../schema/prompts.ts';
import { axeViolations } from '../../test/axe.ts';
import { shadowQuery, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './admin-ai-usage-page.ts';
import './admin-prompts-page.ts';
import { AVA } from '../../test/admin-fixtures.ts';
import { pageHarness } from '../../test/harness.ts';

const SESSION = { ...AVA, aiEnabled: true };
const V1 = {
  id: 'p1', key: 'ask', version: 1, status: 'published', system: 'Answer from {{facts}} only.\nCite {{citationSourceId}}.', template: 'Question: {{question}}',
  model: null, temperature: 0.2, maxOutputTokens: 4096, notes: 'Version 1, built in.', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-01-01T00:00:00.000Z',
};
const SUMMARIES: PromptSummary[] = (['classifier', 'exec-summary', 'lifecycle', 'ask'] as const).map((key) => ({
  key, label: PROMPT_DEFINITIONS[key].label, purpose: PROMPT_DEFINITIONS[key].purpose, live: { version: 1, publishedAt: V1.publishedAt, model: null, notes: null }, draft: key === 'ask' ? { updatedAt: V1.updatedAt, issues: 0 } : null,
}));
const detail = (draft: object | null): PromptDetail =>
  ({ definition: PROMPT_DEFINITIONS.ask, versions: [V1], draft, issues: [], allowedModels: ['fake-model'], defaultModel: 'fake-model' }) as unknown as PromptDetail;

describe('the AI administration pages', () => {
  const harness = pageHarness();
  let server: FakeServer;

  it('prompts: checks the draft as it is typed, shows the change from the live version and saves it', async () => {
    const draft = { ...V1, id: 'd1', version: null, status: 'draft', publishedAt: null };
    server = harness.serve({
      'GET /api/me': { status: 200, body: SESSION },
      'GET /api/admin/prompts': { status: 200, body: { prompts: SUMMARIES } },
      'GET /api/admin/prompts/classifier': { status: 200, body: detail(null) },
      'GET /api/admin/prompts/ask': { status: 200, body: detail(draft) },
      'PUT /api/admin/prompts/ask/draft': (r) => ({ status: 200, body: { draft: { ...draft, ...(r.body as object) }, issues: [] } }),
    });
    const page = harness.mount('admin-prompts-page');
    const askButton = await waitFor(() => [...page.shadowRoot!.querySelectorAll('nav button')].find((b) => textOf(b).startsWith('Ask the data')), 'the prompt list');
    (askButton as HTMLButtonElement).click();
    const template = await waitFor(() => page.shadowRoot!.querySelector('#template') as HTMLTextAreaElement | null, 'the editor');
    expect(textOf(page.shadowRoot!.querySelector('.clean'))).to.equal('No issues: the draft can be published.');
    template.value = 'Question: {{salary}}';
    template.dispatchEvent(new Event('input'));
    const issues = await waitFor(() => page.shadowRoot!.querySelector('.issues'), 'the live issues');
    expect(textOf(issues)).to.contain('{{salary}} is not a variable of the Ask the data prompt.');
    expect(textOf(issues)).to.contain('The required variable {{question}} is used nowhere.');
    const diff = textOf(shadowQuery(page, 'prompt-diff[label="Template"]')!.shadowRoot!.querySelector('pre'));
    expect(diff).to.equal('Removed: − Question: {{question}}Added: + Question: {{salary}}');
    const save = await waitFor(() => server!.requests.find((r) => r.method === 'PUT'), 'the autosave', 3000);
    expect(save.body).to.deep.equal({ template: 'Question: {{salary}}' });
    const publish = [...page.shadowRoot!.querySelectorAll('button')].find((b) => textOf(b) === 'Publish') as HTMLButtonElement;
    expect(publish.disabled).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('AI usage: twelve months by feature, and a clear notice when the budget is spent', async () => {
    const features = ['classify', 'exec-summary', 'lifecycle', 'ask', 'prompt-lab'] as const;
    const zero = { calls: 0, inputTokens: 0, outputTokens: 0, spend: 0 };
    const months = Array.from({ length: 12 }, (_, k) => ({
      month: `2026-${String(k + 1).padStart(2, '0')}`,
      features: Object.fromEntries(features.map((f) => [f, k === 11 && f === 'classify' ? { calls: 40, inputTokens: 9e6, outputTokens: 1e6, spend: 5.2 } : zero])),
      spend: k === 11 ? 5.2 : 0,
    }));
    const report = { months, features, monthToDate: 5.2, budget: { monthly: 5, remaining: 0, reached: true }, model: 'fake-model', aiEnabled: true, prices: { inputPerMTok: 0.4, outputPerMTok: 1.6 }, askDailyLimit: 50 } as unknown as AiUsageReport;
    server = harness.serve({ 'GET /api/admin/ai-usage': { status: 200, body: report } });
    const page = harness.mount('admin-ai-usage-page');
    const notice = await waitFor(() => page.shadowRoot!.querySelector('.paused'), 'the budget notice');
    expect(textOf(notice)).to.match(/^This month's budget is spent: every AI feature is paused/);
    expect(page.shadowRoot!.querySelectorAll('tbody tr')).to.have.length(12);
    expect([...page.shadowRoot!.querySelectorAll('tbody tr:first-child > *')].map(textOf)).to.deep.equal(['Dec 26', '5.20 (40)', '0.00 (0)', '0.00 (0)', '0.00 (0)', '0.00 (0)', '5.20']);
    expect(page.shadowRoot!.querySelectorAll('svg rect title')).to.have.length(1);
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});

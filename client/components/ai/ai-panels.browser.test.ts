import { expect } from '@esm-bundle/chai';
import type { NarrativeResult } from '../../api/ai.ts';
import { axeViolations } from '../../test/axe.ts';
import { shadowQuery, textOf, waitFor, type FakeServer } from '../../test/fake-server.ts';
import './ai-ask-box.ts';
import './ai-narrative-panel.ts';
import './dataset-ai-panel.ts';
import type { AiAskBox } from './ai-ask-box.ts';
import type { AiNarrativePanel } from './ai-narrative-panel.ts';
import type { DatasetAiPanel } from './dataset-ai-panel.ts';
import { pageHarness } from '../../test/harness.ts';

const ID = '00000000-0000-4000-8000-0000000000aa';
const RULES: NarrativeResult = { kind: 'exec-summary', generated: 'rules', promptVersion: null, confidence: null, citations: [], markdown: '**Staff list** covers 6 people with an annual cost of £387,000.' };
const AI: NarrativeResult = {
  kind: 'exec-summary', generated: 'ai', promptVersion: 2, confidence: 0.42, reviewRequired: true,
  citations: [{ source: `dataset:${ID}`, detail: 'headcount and cost' }],
  markdown: 'We found **6 people**.\n\n- Finance costs the most\n- <script>alert(1)</script> stays text',
};

describe('the AI panels of the dataset page', () => {
  const harness = pageHarness();
  let server: FakeServer;

  const mountPanel = (canGenerate: boolean) =>
    harness.mount<AiNarrativePanel>('ai-narrative-panel', { kind: 'exec-summary', canGenerate, aiEnabled: true, datasetId: ID });

  it('shows the rule-based summary labelled as such, and no regenerate button for a viewer', async () => {
    server = harness.serve({ [`GET /api/datasets/${ID}/ai/exec-summary`]: { status: 200, body: { output: RULES } } });
    const panel = mountPanel(false);
    await waitFor(() => shadowQuery(panel, 'markdown-view'), 'the summary');
    expect(textOf(shadowQuery(panel, 'ai-label')?.shadowRoot?.querySelector('span'))).to.equal("Rule-based, from the dataset's figures");
    expect(textOf(shadowQuery(panel, 'markdown-view', 'strong'))).to.equal('Staff list');
    expect(panel.shadowRoot!.querySelector('button')).to.equal(null);
  });

  it('regenerates with AI: labelled AI-written with its confidence, low confidence marked for review, markdown without raw HTML', async () => {
    server = harness.serve({
      [`GET /api/datasets/${ID}/ai/exec-summary`]: { status: 200, body: { output: RULES } },
      [`POST /api/datasets/${ID}/ai/exec-summary`]: { status: 200, body: { output: AI } },
    });
    const panel = mountPanel(true);
    await waitFor(() => shadowQuery(panel, 'markdown-view'), 'the summary');
    (panel.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => panel.output?.generated === 'ai', 'the AI summary');
    await panel.updateComplete;
    const label = [...shadowQuery(panel, 'ai-label')!.shadowRoot!.querySelectorAll('span')].map(textOf);
    expect(label).to.deep.equal(['AI-written, confidence 42%', 'Low confidence: review before sharing']);
    const view = shadowQuery(panel, 'markdown-view')!.shadowRoot!;
    expect(view.querySelectorAll('li')).to.have.length(2);
    expect(view.querySelector('script')).to.equal(null);
    expect(textOf(view.querySelectorAll('li')[1])).to.equal('<script>alert(1)</script> stays text');
    expect(textOf(panel.shadowRoot!.querySelector('button'))).to.equal('Regenerate with AI');
    expect(await axeViolations(panel)).to.deep.equal([]);
  });

  it('says plainly when AI was not used because the budget is spent', async () => {
    server = harness.serve({
      [`GET /api/datasets/${ID}/ai/exec-summary`]: { status: 200, body: { output: RULES } },
      [`POST /api/datasets/${ID}/ai/exec-summary`]: { status: 200, body: { output: { ...RULES, aiUnavailableReason: "This month's AI budget has been spent; AI features are paused until the next calendar month (UTC)." } } },
    });
    const panel = mountPanel(true);
    await waitFor(() => shadowQuery(panel, 'markdown-view'), 'the summary');
    (panel.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    const notice = await waitFor(() => panel.shadowRoot!.querySelector('.notice'), 'the notice');
    expect(textOf(notice)).to.match(/^AI was not used: This month's AI budget has been spent/);
  });

  it('counts the titles each source coded, AI among them, and offers Ask only when AI is on', async () => {
    server = harness.serve({
      [`GET /api/datasets/${ID}/ai/exec-summary`]: { status: 200, body: { output: RULES } },
      [`GET /api/datasets/${ID}/ai/lifecycle`]: { status: 200, body: { output: { ...RULES, kind: 'lifecycle', markdown: undefined, lifecycle: { label: 'Generic value chain', phases: [{ key: 'support', label: 'Support functions', headcount: 6 }] } } } },
    });
    const panel = harness.mount<DatasetAiPanel>('dataset-ai-panel', { datasetId: ID, finalizedAt: '2026-01-01T00:00:00.000Z', bySource: { ai: 12, rules: 1204, pack: 3, cache: 0 }, aiEnabled: true });
    await panel.updateComplete;
    expect(textOf(panel.shadowRoot!.querySelector('.sources'))).to.equal('Titles coded by: Industry pack 3 · AI 12 · Rules 1,204.');
    expect(panel.shadowRoot!.querySelector('ai-ask-box')).to.not.equal(null);
    panel.aiEnabled = false;
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('ai-ask-box')).to.equal(null);
  });

  it('asks a question and shows the answer with its label and citation; a 429 shows the reason', async () => {
    let answered = false;
    server = harness.serve({
      [`POST /api/datasets/${ID}/ai/ask`]: () =>
        answered
          ? { status: 429, body: { error: 'ai_budget_exceeded', message: 'You have asked 50 questions today, the daily limit; it resets at midnight UTC.' } }
          : ((answered = true), { status: 200, body: { answer: { ...AI, kind: 'ask', reviewRequired: undefined, confidence: 0.9 } } }),
    });
    const box = harness.mount<AiAskBox>('ai-ask-box', { datasetId: ID });
    await box.updateComplete;
    const textarea = box.shadowRoot!.querySelector('textarea')!;
    textarea.value = 'Who costs the most?';
    textarea.dispatchEvent(new Event('input'));
    await box.updateComplete;
    (box.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    const answer = await waitFor(() => box.shadowRoot!.querySelector('.answer'), 'the answer');
    expect([...shadowQuery(box, 'ai-label')!.shadowRoot!.querySelectorAll('span')].map(textOf)).to.deep.equal(['AI-written, confidence 90%']);
    expect(textOf(answer.querySelector('p.muted'))).to.equal('Cited: this dataset (headcount and cost).');
    expect(server.requests.at(-1)!.body).to.deep.equal({ question: 'Who costs the most?' });
    expect(await axeViolations(box)).to.deep.equal([]);
    (box.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    const refusal = await waitFor(() => textOf(shadowQuery(box, 'error-notice', 'p')), 'the refusal');
    expect(refusal).to.equal('AI is paused for you: You have asked 50 questions today, the daily limit; it resets at midnight UTC.');
  });
});

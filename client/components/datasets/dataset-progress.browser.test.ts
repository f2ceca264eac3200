import { expect } from '@esm-bundle/chai';
import type { ClassifyProgress } from '../../api/datasets.ts';
import { textOf } from '../../test/fake-server.ts';
import type { PipelineProgress } from '../../upload/pipeline.ts';
import './dataset-progress.ts';
import type { DatasetProgress } from './dataset-progress.ts';

const step = (bySource: ClassifyProgress['bySource'], pending: number, aiUnavailableReason: string | null = null): ClassifyProgress => ({
  status: 'classifying',
  total: 1_500,
  pending,
  classifiedThisCall: 600,
  aiUsed: false,
  aiUnavailableReason,
  bySource,
});

describe('dataset progress', () => {
  let element: DatasetProgress | null = null;

  afterEach(() => {
    element?.remove();
    element = null;
  });

  async function show(progress: PipelineProgress, aiEnabled: boolean): Promise<DatasetProgress> {
    element = document.createElement('dataset-progress');
    element.progress = progress;
    element.aiEnabled = aiEnabled;
    document.body.append(element);
    await element.updateComplete;
    return element;
  }

  it('shows rows sent as a labelled progress bar, and a chunk being retried', async () => {
    const e = await show(
      { phase: 'uploading', upload: { sentRows: 4_000, totalRows: 10_000, sentChunks: 2, totalChunks: 5 }, retrying: { chunk: 2, retry: 1, delayMs: 1_400 } },
      false,
    );
    const bar = e.shadowRoot!.querySelector<HTMLProgressElement>('#upload-bar')!;
    expect([bar.value, bar.max, textOf(e.shadowRoot!.querySelector('label[for=upload-bar]'))]).to.deep.equal([4_000, 10_000, 'Uploading rows']);
    expect([...e.shadowRoot!.querySelectorAll('p')].map((p) => textOf(p))).to.deep.equal([
      '4,000 of 10,000 rows sent (2 of 5 chunks).',
      'Chunk 3 did not get through; trying again in 1 s (retry 1 of 3).',
    ]);
  });

  it('shows titles classified with counts by source, and why AI was not used when AI is on', async () => {
    const e = await show({ phase: 'classifying', classify: step({ pending: 300, rules: 900, ai: 250, override: 50 }, 300, 'The monthly AI budget is spent.'), retrying: null }, true);
    const bar = e.shadowRoot!.querySelector<HTMLProgressElement>('#classify-bar')!;
    expect([bar.value, bar.max]).to.deep.equal([1_200, 1_500]);
    expect([...e.shadowRoot!.querySelectorAll('dl div')].map((d) => textOf(d))).to.deep.equal(['Override 50', 'AI 250', 'Rules 900', 'Pending 300']);
    expect(textOf(e.shadowRoot!.querySelector('[role=status]'))).to.contain('AI classification was not used: The monthly AI budget is spent.');
  });

  it('says nothing about AI when the service has AI off', async () => {
    const e = await show({ phase: 'classifying', classify: step({ pending: 600, rules: 900 }, 600, 'AI is not configured.'), retrying: null }, false);
    expect(textOf(e.shadowRoot!.querySelector('[role=status]'))).to.not.contain('AI');
  });
});

// The upload pipeline against a server faked at the fetch boundary, with the queue in real IndexedDB.
import { expect } from '@esm-bundle/chai';
import { Dexie } from 'dexie';
import { AppDatabase } from '../storage/db.ts';
import type { ClassifyProgress } from '../api/datasets.ts';
import { runDatasetPipeline, serverTransport, type PipelineProgress } from './pipeline.ts';
import { DexieUploadQueue } from './queue-store.ts';
import { installScriptedFetch, noWait, sampleRows, type Answer, type ScriptedFetch, type SeenRequest } from './test/scripted-fetch.ts';

const DATASET = '6f0c1f0e-1111-4a5b-9c3d-000000000001';
const BASE = `/api/datasets/${DATASET}`;

function classifyAnswer(pending: number, total: number, status: ClassifyProgress['status']): Answer {
  const classified = total - pending;
  return {
    status: 200,
    body: { status, total, pending, classifiedThisCall: 0, aiUsed: false, aiUnavailableReason: null, bySource: { pending, rules: classified } },
  };
}

/** A server that stores every chunk, completes, and classifies 600 titles a step out of 1,500. */
function healthyServer(overrides: (request: SeenRequest) => Answer | null = () => null) {
  let pending = 1500;
  return (request: SeenRequest): Answer => {
    const special = overrides(request);
    if (special) return special;
    if (request.path === `${BASE}/rows`) return { status: 201, body: { duplicate: false, uploadedRows: 0 } };
    if (request.path === `${BASE}/complete`) return { status: 200, body: { titles: 1500, duplicateEmployeeIds: 0 } };
    if (request.path === `${BASE}/classify`) {
      pending = Math.max(0, pending - 600);
      return classifyAnswer(pending, 1500, pending === 0 ? 'ready' : 'classifying');
    }
    return { status: 500, body: { error: 'unexpected', message: `No fake for ${request.method} ${request.path}` } };
  };
}

const chunkNumbers = (fetcher: ScriptedFetch) => fetcher.requests.filter((r) => r.path.endsWith('/rows')).map((r) => r.body.chunk as number);
const steps = (fetcher: ScriptedFetch) => fetcher.requests.map((r) => r.path.slice(BASE.length + 1));

describe('upload pipeline', () => {
  let name: string;
  let db: AppDatabase;
  let queue: DexieUploadQueue;
  let fetcher: ScriptedFetch | null = null;

  beforeEach(async () => {
    name = `upload-test-${Math.random().toString(36).slice(2)}`;
    db = new AppDatabase(name);
    queue = new DexieUploadQueue(db);
  });

  afterEach(async () => {
    fetcher?.restore();
    fetcher = null;
    db.close();
    await Dexie.delete(name);
  });

  const enqueue = (rows: number) => queue.enqueue({ datasetId: DATASET, engagementId: 'eng-1', datasetName: 'Staff list' }, sampleRows(rows));
  const run = (onProgress?: (p: PipelineProgress) => void) =>
    runDatasetPipeline(DATASET, 'uploading', { queue, transport: serverTransport, sleep: noWait, onProgress });

  it('sends 2,000-row chunks three at a time, then completes, then classifies until ready', async () => {
    await enqueue(8500);
    // Each chunk is read from IndexedDB before it is posted, and those reads take uneven time: the server holds
    // chunk requests until three wait together (or the last chunks arrive), so overlap does not depend on timing.
    // A pipeline that never sends three at once is released after a second and fails the assertion below.
    const server = healthyServer();
    const held: Array<() => void> = [];
    let chunksLeft = 5;
    fetcher = installScriptedFetch((request) => {
      if (!request.path.endsWith('/rows')) return server(request);
      return new Promise<Answer>((resolve) => {
        const release = () => resolve(server(request));
        const releaseAll = () => {
          chunksLeft -= held.length;
          held.splice(0).forEach((go) => go());
        };
        held.push(release);
        if (held.length >= Math.min(3, chunksLeft)) releaseAll();
        else setTimeout(() => held.includes(release) && releaseAll(), 1000);
      });
    });
    const final = await run();
    expect(chunkNumbers(fetcher).sort()).to.deep.equal([0, 1, 2, 3, 4]);
    expect(fetcher.requests.filter((r) => r.path.endsWith('/rows')).map((r) => (r.body.rows as unknown[]).length).sort()).to.deep.equal([2000, 2000, 2000, 2000, 500]);
    expect(fetcher.maxInFlight()).to.equal(3);
    expect(steps(fetcher).slice(5)).to.deep.equal(['complete', 'classify', 'classify', 'classify']);
    expect([final?.status, final?.pending]).to.deep.equal(['ready', 0]);
    expect(await queue.upload(DATASET)).to.equal(undefined);
  });

  it('sends each row exactly as queued: the mapped fields and nothing else', async () => {
    await enqueue(3);
    fetcher = installScriptedFetch(healthyServer());
    await run();
    const sent = fetcher.requests.find((r) => r.path.endsWith('/rows'))!.body;
    expect(sent).to.deep.equal({ chunk: 0, rows: sampleRows(3) });
  });

  it('retries a chunk after a dropped connection and a 503, and reports each retry', async () => {
    await enqueue(2500);
    const failures: Answer[] = ['network-error', { status: 503, body: { error: 'unavailable', message: 'Busy' } }];
    fetcher = installScriptedFetch(healthyServer((r) => (r.path.endsWith('/rows') && r.body.chunk === 1 ? (failures.shift() ?? null) : null)));
    const retries: string[] = [];
    await run((p) => {
      if (p.phase === 'uploading' && p.retrying) retries.push(`chunk ${p.retrying.chunk} retry ${p.retrying.retry}`);
    });
    expect(chunkNumbers(fetcher)).to.deep.equal([0, 1, 1, 1]);
    expect(retries).to.deep.equal(['chunk 1 retry 1', 'chunk 1 retry 2']);
  });

  it('stops with the server message when a chunk is refused, without retrying it or completing', async () => {
    await enqueue(2500);
    const refusal: Answer = { status: 400, body: { error: 'validation_error', message: 'An employee or manager ID may not contain @.', issues: [] } };
    fetcher = installScriptedFetch(healthyServer((r) => (r.path.endsWith('/rows') && r.body.chunk === 0 ? refusal : null)));
    const error = await run().catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('An employee or manager ID may not contain @.');
    expect(chunkNumbers(fetcher).filter((c) => c === 0)).to.have.length(1);
    expect(steps(fetcher)).to.not.include('complete');
    expect(await queue.pendingChunks(DATASET)).to.deep.equal([0]);
  });

  it('counts a chunk the server already holds (duplicate) as sent', async () => {
    await enqueue(4000);
    fetcher = installScriptedFetch(healthyServer((r) => (r.path.endsWith('/rows') && r.body.chunk === 0 ? { status: 200, body: { duplicate: true, uploadedRows: 2000 } } : null)));
    const uploads: number[] = [];
    await run((p) => void (p.phase === 'uploading' && uploads.push(p.upload.sentRows)));
    expect(uploads.at(-1)).to.equal(4000);
    expect(await queue.pendingChunks(DATASET)).to.deep.equal([]);
  });

  it('resumes after a reload from what IndexedDB still holds, sending only the unsent chunks', async () => {
    await enqueue(10_000);
    // First visit: the connection drops for good after chunks 0 and 1 are stored.
    fetcher = installScriptedFetch((r) => (r.path.endsWith('/rows') && (r.body.chunk as number) >= 2 ? 'network-error' : healthyServer()(r)));
    const error = await run().catch((caught: unknown) => caught);
    expect((error as Error).message).to.match(/Could not reach the server/);
    fetcher.restore();

    // Reload: a new database connection and queue, as a fresh page would open them.
    db.close();
    db = new AppDatabase(name);
    queue = new DexieUploadQueue(db);
    expect(await queue.pendingChunks(DATASET)).to.deep.equal([2, 3, 4]);
    fetcher = installScriptedFetch(healthyServer());
    const progress: PipelineProgress[] = [];
    await run((p) => void progress.push(p));
    expect(chunkNumbers(fetcher).sort()).to.deep.equal([2, 3, 4]);
    const first = progress[0]!;
    expect(first.phase === 'uploading' && first.upload).to.deep.equal({ sentRows: 4000, totalRows: 10_000, sentChunks: 2, totalChunks: 5 });
  });

  it('goes on to classify when complete answers 409 because an earlier complete already went through', async () => {
    await enqueue(10);
    fetcher = installScriptedFetch(
      healthyServer((r) =>
        r.path.endsWith('/complete') ? { status: 409, body: { error: 'conflict', message: 'The dataset is classifying; completing the upload needs it to be uploading.' } } : null,
      ),
    );
    const final = await run();
    expect(final?.status).to.equal('ready');
  });

  it('reports counts by source after each classification step', async () => {
    fetcher = installScriptedFetch(healthyServer());
    const seen: string[] = [];
    await runDatasetPipeline(DATASET, 'classifying', {
      queue,
      transport: serverTransport,
      sleep: noWait,
      onProgress: (p) => {
        if ((p.phase === 'classifying' || p.phase === 'ready') && p.classify) seen.push(`${p.phase} ${p.classify.bySource.rules}/${p.classify.total}`);
      },
    });
    expect(seen).to.deep.equal(['classifying 600/1500', 'classifying 1200/1500', 'ready 1500/1500']);
    expect(steps(fetcher)).to.deep.equal(['classify', 'classify', 'classify']);
  });

  it('gives up when three classification steps in a row leave the same titles pending', async () => {
    fetcher = installScriptedFetch(() => classifyAnswer(40, 100, 'classifying'));
    const error = await runDatasetPipeline(DATASET, 'classifying', { queue, transport: serverTransport, sleep: noWait }).catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('Classification stopped making progress with 40 titles still pending. Try again later.');
    expect(fetcher.requests).to.have.length(4);
  });

  it('says the rows are not queued here when an uploading dataset has no queue in this browser', async () => {
    fetcher = installScriptedFetch(healthyServer());
    const error = await run().catch((caught: unknown) => caught);
    expect((error as Error).message).to.match(/^The rows of this upload are not queued in this browser/);
    expect(fetcher.requests).to.have.length(0);
  });
});

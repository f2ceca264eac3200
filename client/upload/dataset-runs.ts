// One pipeline run per dataset in this page, whoever is watching: leaving the dataset page and coming back
// re-attaches to the run already going instead of starting a second one. Across tabs a Web Lock keeps a
// single runner per dataset (repeated chunks would be harmless, but the progress would be confusing).
import { appDatabase } from '../storage/db.ts';
import type { ClassifyProgress, DatasetStatus } from '../api/datasets.ts';
import { PipelineError, runDatasetPipeline, serverTransport, type PipelineProgress } from './pipeline.ts';
import { DexieUploadQueue } from './queue-store.ts';

export type ProgressListener = (progress: PipelineProgress) => void;

interface Run {
  done: Promise<ClassifyProgress | null>;
  latest: PipelineProgress | null;
  listeners: Set<ProgressListener>;
}

const runs = new Map<string, Run>();

export interface RunHandle {
  done: Promise<ClassifyProgress | null>;
  /** Stops reporting to this listener; the run itself goes on. */
  detach(): void;
}

async function withLock<T>(datasetId: string, body: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return body();
  return await locks.request(`dataset-pipeline:${datasetId}`, { ifAvailable: true }, async (lock) => {
    if (!lock) throw new PipelineError('This dataset is being uploaded or classified in another tab of this browser. Reload this page when it has finished.');
    return body();
  });
}

/** Runs (or joins the run of) the dataset's pipeline from its server status, reporting progress to `listener`. */
export function runDataset(datasetId: string, status: DatasetStatus, listener: ProgressListener): RunHandle {
  let run = runs.get(datasetId);
  if (!run) {
    const fresh: Run = { done: Promise.resolve(null), latest: null, listeners: new Set() };
    const onProgress = (progress: PipelineProgress) => {
      fresh.latest = progress;
      for (const l of fresh.listeners) l(progress);
    };
    fresh.done = withLock(datasetId, () =>
      runDatasetPipeline(datasetId, status, { queue: new DexieUploadQueue(appDatabase()), transport: serverTransport, onProgress }),
    ).finally(() => runs.delete(datasetId));
    runs.set(datasetId, fresh);
    run = fresh;
  }
  run.listeners.add(listener);
  if (run.latest) listener(run.latest);
  const joined = run;
  return { done: joined.done, detach: () => joined.listeners.delete(listener) };
}

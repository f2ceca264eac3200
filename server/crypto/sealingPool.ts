import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { IdentityKeys, IdentityPlain, SealedRowsJson } from './identityCipher.ts';
import type { SealReply, SealRequest } from './sealingWorker.ts';

/**
 * Sealing names and emails (an AES-GCM cipher and an HMAC per person) is most of what
 * identities add to an upload. On worker threads it runs beside the main thread, which meanwhile parses
 * the other chunks and stores their rows. The keys go to a thread as KeyObjects, cloned in memory and
 * never written out. Threads start on first use and keep the process alive only while they have parts
 * to seal: an idle one never holds a finished test or a stopped server open.
 *
 * One core is left to the main thread: on two cores a second sealing thread took CPU from it without
 * shortening uploads, and cost 40-70 MB more.
 */
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

// The server runs its TypeScript through tsx, whose loader a worker thread does not inherit: the thread
// registers it before loading its module.
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./sealingWorker.ts', import.meta.url).href)});
})`;

interface Sealer {
  worker: Worker;
  pending: Map<number, { resolve: (reply: SealReply) => void; reject: (error: Error) => void }>;
}

const sealers: Sealer[] = [];
let nextId = 0;

function startSealer(): Sealer {
  const sealer: Sealer = { worker: new Worker(BOOT, { eval: true }), pending: new Map() };
  sealer.worker.on('message', (reply: SealReply) => {
    const job = sealer.pending.get(reply.id);
    sealer.pending.delete(reply.id);
    if (sealer.pending.size === 0) sealer.worker.unref();
    job?.resolve(reply);
  });
  // A thread that fails or ends fails its parts and leaves the pool; the next part starts another.
  const retire = (error: Error) => {
    const at = sealers.indexOf(sealer);
    if (at >= 0) sealers.splice(at, 1);
    for (const job of sealer.pending.values()) job.reject(error);
    sealer.pending.clear();
  };
  sealer.worker.on('error', retire);
  sealer.worker.on('exit', (code) => retire(new Error(`An identity sealing thread ended (${code}).`)));
  sealers.push(sealer);
  return sealer;
}

/**
 * Starts the threads before they are needed, when a dataset that will send identities is created: a thread
 * loads its modules for a few hundred milliseconds, which the dataset's first chunks would otherwise wait out.
 * A warm thread is idle, so it holds nothing open.
 */
export function warmSealingThreads(): void {
  while (sealers.length < THREADS) startSealer().worker.unref();
}

/** An idle thread, else a new one while under THREADS, else the one with the fewest parts queued. */
function chooseSealer(): Sealer {
  const idle = sealers.find((s) => s.pending.size === 0);
  if (idle) return idle;
  if (sealers.length < THREADS) return startSealer();
  return sealers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
}

async function sealPart(keys: IdentityKeys, datasetId: string, people: IdentityPlain[]): Promise<SealedRowsJson> {
  const sealer = chooseSealer();
  const request: SealRequest = {
    id: nextId++,
    keys,
    datasetId,
    employeeIds: people.map((p) => p.employeeId),
    names: people.map((p) => p.name),
    emails: people.map((p) => p.email),
  };
  const reply = await new Promise<SealReply>((resolve, reject) => {
    // Posted first: a message that cannot be cloned throws here and leaves nothing pending.
    sealer.worker.postMessage(request);
    sealer.pending.set(request.id, { resolve, reject });
    sealer.worker.ref();
  });
  if ('errorCode' in reply) throw new Error(`Sealing failed on an identity thread (${reply.errorCode}).`);
  return reply.sealed;
}

/**
 * sealIdentities on the worker threads, as SealedRowsJson parts in the people's order. Each call is split into
 * one part per thread, so that every thread works on the last chunk of a burst instead of one sealing it while
 * the others idle.
 */
export async function sealOffThread(keys: IdentityKeys, datasetId: string, people: IdentityPlain[]): Promise<SealedRowsJson[]> {
  const size = Math.ceil(people.length / THREADS);
  const parts: Promise<SealedRowsJson>[] = [];
  for (let start = 0; start < people.length; start += size) parts.push(sealPart(keys, datasetId, people.slice(start, start + size)));
  return Promise.all(parts);
}

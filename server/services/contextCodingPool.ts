import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { listPayScale } from '../../workers/classify/classify.ts';
import { paySideOf, type ListContext } from '../../workers/classify/context.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import type { TitleRowContext } from '../repositories/rowsRepository.ts';
import type { TitleClassificationWrite } from '../repositories/titlesRepository.ts';
import { bundledWorker } from './bundledWorker.ts';
import type { CodingReply, CodingRequest, ContextRows, TitleToResolve } from './contextCodingWorker.ts';
import { contextsByTitle, resolveInContexts } from './titleResolution.ts';

/**
 * Coding a list's titles in the contexts of their rows (issue 24) is most of a classify step: tens of
 * thousands of contexts at tens of microseconds each. It runs on worker threads while the main thread, which
 * only waits for it, answers requests: one thread a core, less the core the main thread keeps (at most four).
 * On two cores one coding thread ran bench:pipeline's 50,000 rows in 4.7 s where two took 5.1 s (three runs
 * each): a second thread compiles the reference and warms its code again, and with both cores busy each ran
 * at about 70% of its speed alone, so the two did little more than one. A title always goes to the same thread
 * (by a hash of it), so the thread that worked out its title-alone reading for the list's pay scale codes it in
 * context from the same cache. Threads start on first use (as a large list's chunks arrive on SQLite, or as its
 * upload completes), hold the reference they were last sent, keep the process alive only while they have work,
 * and end after a minute without any.
 */
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

/** Below this many rows a thread's start and messages cost more than the work: it runs on the calling thread. */
export const OFF_THREAD_ROWS = 2000;

const WORKER_MODULE = new URL('./contextCodingWorker.ts', import.meta.url);

/** A thread idle this long ends, giving back its compiled reference and caches (a hundred megabytes or so). */
const IDLE_MS = 60_000;

interface Coder {
  worker: Worker;
  idle: NodeJS.Timeout | null;
  /** The pool's number for the reference the thread holds (the last one sent to it). */
  holds: number | null;
  pending: Map<number, { resolve: (reply: CodingReply) => void; reject: (error: Error) => void }>;
}

const coders: (Coder | undefined)[] = [];
let nextId = 0;

function startCoder(slot: number, bundle: URL): Coder {
  // The bundle is plain JavaScript: the thread does not run the server's own --import of tsx either.
  const coder: Coder = { worker: new Worker(bundle, { execArgv: [] }), idle: null, holds: null, pending: new Map() };
  coder.worker.on('message', (reply: CodingReply) => {
    const job = coder.pending.get(reply.id);
    coder.pending.delete(reply.id);
    if (coder.pending.size === 0) idle(slot, coder);
    job?.resolve(reply);
  });
  // A thread that fails or ends fails its jobs and leaves its slot; the next job starts another.
  const retire = (error: Error) => {
    if (coders[slot] === coder) coders[slot] = undefined;
    for (const job of coder.pending.values()) job.reject(error);
    coder.pending.clear();
  };
  coder.worker.on('error', retire);
  coder.worker.on('exit', (code) => retire(new Error(`A title coding thread ended (${code}).`)));
  coders[slot] = coder;
  return coder;
}

/** An idle thread holds nothing open, and ends after IDLE_MS; it leaves its slot first, so no job is sent to it meanwhile. */
function idle(slot: number, coder: Coder): void {
  coder.worker.unref();
  coder.idle = setTimeout(() => {
    if (coders[slot] === coder) coders[slot] = undefined;
    void coder.worker.terminate();
  }, IDLE_MS).unref();
}

/**
 * Starts the threads before they are needed: a thread loads its bundle, then compiles the reference for a few
 * hundred milliseconds, which a classify step would otherwise wait out. Called with the list's reference
 * as a large list's upload completes, so the threads are ready by its first classify step, and as each step
 * begins (a thread may have ended meanwhile). Idle, a thread holds nothing open.
 */
export function warmCodingThreads(reference: CompiledReference): void {
  for (let slot = 0; slot < THREADS; slot++) {
    if (coders[slot]?.holds !== referenceText(reference).id) {
      // A failure here shows again, and is answered, in the job the step sends next.
      run(slot, reference, { kind: 'hold' }).catch(() => undefined);
    }
  }
}

/**
 * Codes a large list's titles alone on the threads that will code them in context, ahead of its first classify
 * step: that step's pay scale (listPayScaleOf) and every coding in context start from these readings, which the
 * threads keep, and working them out was the longest part of the step while nothing else ran. Called as the
 * upload completes, so the threads code beside the rest of complete and the step's own read of the rows. Nothing
 * waits for the medians: the step asks for them again and its threads answer from what they kept.
 */
export function codeTitlesAhead(reference: CompiledReference, titles: readonly string[], currency: string): void {
  if (!paySideOf(currency) || !reference.coder()) return;
  // A failure here shows again, and is answered, in the step's own jobs.
  payMediansOffThread(reference, titles, currency).catch(() => undefined);
}

/**
 * Codes titles alone on the threads that will code them in context, while a large list is still uploading: the
 * upload holds the server's thread, the coding the other cores, so by its first classify step the pay medians
 * (codeTitlesAhead, listPayScaleOf) and every coding in context start from readings the threads already keep.
 * Each chunk sends its own distinct titles; a title sent again is a cache hit. Nothing waits for it, and a
 * failure shows again, and is answered, in the step's own jobs.
 */
export function codeTitlesAlone(reference: CompiledReference, titles: readonly string[]): void {
  if (!reference.coder()) return;
  bySlot([...new Set(titles)], (t) => t).forEach((part, slot) => {
    if (part.length) run(slot, reference, { kind: 'alone', titles: part }).catch(() => undefined);
  });
}

/** Each compiled reference's number and JSON text, made once for every thread it is sent to. */
const sent = new WeakMap<CompiledReference, { id: number; json: string }>();
let nextReference = 0;

function referenceText(reference: CompiledReference): { id: number; json: string } {
  let known = sent.get(reference);
  if (!known) sent.set(reference, (known = { id: nextReference++, json: JSON.stringify(reference.data) }));
  return known;
}

/** Omit over each member of a union (Omit over the union itself keeps only the members' common fields). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type JobBody = OmitEach<CodingRequest, 'id' | 'referenceId' | 'reference'>;

async function run(slot: number, reference: CompiledReference, body: JobBody): Promise<CodingReply> {
  const bundle = await bundledWorker(WORKER_MODULE);
  const coder = coders[slot] ?? startCoder(slot, bundle);
  if (coder.idle) clearTimeout(coder.idle);
  coder.idle = null;
  const { id: referenceId, json } = referenceText(reference);
  const request = { ...body, id: nextId++, referenceId, ...(coder.holds !== referenceId && { reference: json }) } as CodingRequest;
  const reply = await new Promise<CodingReply>((resolve, reject) => {
    // Posted first: a message that cannot be cloned throws here and leaves nothing pending.
    coder.worker.postMessage(request);
    coder.holds = referenceId;
    coder.pending.set(request.id, { resolve, reject });
    coder.worker.ref();
  });
  if ('error' in reply) {
    // The thread may have failed while taking the reference in: the next job sends it again.
    coder.holds = null;
    throw new Error(`Coding titles failed on a coding thread: ${reply.error}`);
  }
  return reply;
}

/** The thread a title goes to (FNV-1a of its text). */
function slotOf(title: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) hash = Math.imul(hash ^ title.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % THREADS;
}

function bySlot<T>(items: readonly T[], titleOf: (item: T) => string): T[][] {
  const parts: T[][] = Array.from({ length: THREADS }, () => []);
  for (const item of items) parts[slotOf(titleOf(item))].push(item);
  return parts;
}

/** titlePayMedian for each title, on the threads that will code them. */
async function payMediansOffThread(reference: CompiledReference, titles: readonly string[], currency: string): Promise<Map<string, number | null>> {
  const parts = bySlot(titles, (t) => t);
  const replies = await Promise.all(parts.map((part, slot) => (part.length ? run(slot, reference, { kind: 'payMedians', titles: part, currency }) : null)));
  const medians = new Map<string, number | null>();
  parts.forEach((part, slot) => {
    const reply = replies[slot];
    if (reply && 'medians' in reply) part.forEach((title, i) => medians.set(title, reply.medians[i]));
  });
  return medians;
}

function columns(rows: readonly TitleRowContext[]): ContextRows {
  return {
    titles: rows.map((r) => r.title),
    divisions: rows.map((r) => r.division),
    organisations: rows.map((r) => r.organisation),
    grades: rows.map((r) => r.grade),
    groups: rows.map((r) => r.group),
    salaries: rows.map((r) => r.salary),
  };
}

/** resolveInContexts for each title over its rows (in `rows`), on the threads; the writes in the titles' order. */
async function resolveOffThread(
  reference: CompiledReference,
  list: ListContext,
  titles: readonly TitleToResolve[],
  rows: readonly TitleRowContext[],
): Promise<TitleClassificationWrite[]> {
  const parts = bySlot(titles, (t) => t.title);
  const rowParts = bySlot(rows, (r) => r.title);
  const replies = await Promise.all(
    parts.map((part, slot) => (part.length ? run(slot, reference, { kind: 'resolve', list, titles: part, rows: columns(rowParts[slot]) }) : null)),
  );
  const writes = new Map<string, TitleClassificationWrite>();
  parts.forEach((part, slot) => {
    const reply = replies[slot];
    if (reply && 'writes' in reply) part.forEach((t, i) => writes.set(t.title, reply.writes[i]));
  });
  return titles.map((t) => writes.get(t.title)!);
}

/** listPayScale over a list's rows, its titles coded alone on the threads when the list is large. */
export async function listPayScaleOf(reference: CompiledReference, rows: readonly TitleRowContext[], currency: string): Promise<number> {
  if (rows.length < OFF_THREAD_ROWS || !paySideOf(currency) || !reference.coder()) return listPayScale(reference, rows, currency);
  // The titles listPayScale asks about: those of its rows with pay.
  const paid = new Set<string>();
  for (const r of rows) if (r.salary && r.salary > 0) paid.add(r.title);
  const medians = await payMediansOffThread(reference, [...paid], currency);
  return listPayScale(reference, rows, currency, (title) => medians.get(title) ?? null);
}

/**
 * A large list's later classify steps' titles, coded in context at its first step (codeLaterStepsAhead): each
 * title's write, or null when its thread failed (its step then codes it again). Kept per dataset, for the
 * reference they were coded under, until its steps take them or KEPT_AHEAD_MS pass.
 */
interface CodedAhead {
  reference: CompiledReference;
  writes: Map<string, Promise<TitleClassificationWrite | null>>;
  expiry: NodeJS.Timeout;
}
const codedAhead = new Map<string, CodedAhead>();

/** A dataset whose steps stop (abandoned, or left for another process) gives its codings back after this. */
const KEPT_AHEAD_MS = 10 * 60_000;

/**
 * Codes the titles of a large list's later classify steps in their rows' contexts, one job a step (`batches`,
 * in step order), queued behind the first step's own: the thread then codes without pause while the steps
 * read, write and go back and forth, and a later step only takes what is done. Called at the first step, which
 * holds every row and has just stored the list's coding context, unchanged while the list classifies; only
 * titles the coder would read with no decision and no scoped override are sent, and a step takes a title's
 * coding only while that holds (takeCodedAhead).
 */
export function codeLaterStepsAhead(datasetId: string, reference: CompiledReference, list: ListContext, batches: readonly (readonly string[])[], rows: readonly TitleRowContext[]): void {
  forgetCodedAhead(datasetId);
  const rowsOf = new Map<string, TitleRowContext[]>();
  for (const row of rows) {
    const titleRows = rowsOf.get(row.title);
    if (titleRows) titleRows.push(row);
    else rowsOf.set(row.title, [row]);
  }
  const writes = new Map<string, Promise<TitleClassificationWrite | null>>();
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const coded = resolveOffThread(reference, list, batch.map((title) => ({ title, decided: null, scoped: [] })), batch.flatMap((t) => rowsOf.get(t) ?? []));
    batch.forEach((title, i) => writes.set(title, coded.then((w) => w[i], () => null)));
  }
  codedAhead.set(datasetId, { reference, writes, expiry: setTimeout(() => forgetCodedAhead(datasetId), KEPT_AHEAD_MS).unref() });
}

/** A title's coding made ahead for its step under `reference`, taken (once); undefined when there is none. */
export function takeCodedAhead(datasetId: string, reference: CompiledReference, title: string): Promise<TitleClassificationWrite | null> | undefined {
  const ahead = codedAhead.get(datasetId);
  if (!ahead || ahead.reference !== reference) return undefined;
  const write = ahead.writes.get(title);
  ahead.writes.delete(title);
  if (ahead.writes.size === 0) forgetCodedAhead(datasetId);
  return write;
}

export function forgetCodedAhead(datasetId: string): void {
  const ahead = codedAhead.get(datasetId);
  if (ahead) clearTimeout(ahead.expiry);
  codedAhead.delete(datasetId);
}

/** Each title's classification over the contexts of its rows (resolveInContexts), on the threads when there are many rows. */
export async function resolveTitles(
  reference: CompiledReference,
  list: ListContext,
  titles: readonly TitleToResolve[],
  rows: readonly TitleRowContext[],
): Promise<TitleClassificationWrite[]> {
  if (rows.length >= OFF_THREAD_ROWS && titles.length > 1) return resolveOffThread(reference, list, titles, rows);
  const contexts = contextsByTitle(rows, list);
  return titles.map((t) => resolveInContexts(reference, t.title, t.decided, contexts.get(t.title), t.scoped));
}

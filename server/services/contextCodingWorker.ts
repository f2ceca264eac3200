import { parentPort } from 'node:worker_threads';
import { readTitleAlone, titlePayMedian } from '../../workers/classify/classify.ts';
import type { ListContext } from '../../workers/classify/context.ts';
import type { TitleReading } from '../../workers/classify/variants.ts';
import { compileReference, type CompiledReference } from '../../workers/reference/compile.ts';
import type { Override } from '../repositories/overridesRepository.ts';
import type { TitleClassificationWrite } from '../repositories/titlesRepository.ts';
import { contextsByTitle, resolveInContexts } from './titleResolution.ts';

/**
 * A coding thread of contextCodingPool.ts. It holds one compiled reference version, sent as JSON text with the
 * first job of that version (a string is copied whole; the parsed document cloned field by field cost more
 * than compiling it). The data was validated where the server compiled it, so it is compiled here as it is.
 * Rows travel as columns, as sealingWorker's people do.
 */
export interface ContextRows {
  titles: string[];
  divisions: (string | null)[];
  organisations: (string | null)[];
  grades: (string | null)[];
  groups: (string | null)[];
  salaries: (number | null)[];
}

export interface TitleToResolve {
  title: string;
  decided: TitleReading | null;
  scoped: Override[];
}

interface Job {
  id: number;
  /** The pool's number for the compiled reference the job reads. */
  referenceId: number;
  /** That reference's data as JSON, when the thread does not hold it yet. */
  reference?: string;
}

export type CodingRequest =
  /** Only take the reference in (compile it), ahead of the jobs that read it. */
  | (Job & { kind: 'hold' })
  /** Code titles alone into the thread's cache, ahead of the jobs that read them. */
  | (Job & { kind: 'alone'; titles: string[] })
  | (Job & { kind: 'payMedians'; titles: string[]; currency: string })
  | (Job & { kind: 'resolve'; list: ListContext; titles: TitleToResolve[]; rows: ContextRows });

export type CodingReply =
  | { id: number; held: true }
  | { id: number; coded: number }
  | { id: number; medians: (number | null)[] }
  | { id: number; writes: TitleClassificationWrite[] }
  | { id: number; error: string };

let held: { id: number; reference: CompiledReference } | null = null;

function referenceFor(request: CodingRequest): CompiledReference {
  if (request.reference !== undefined) held = { id: request.referenceId, reference: compileReference(JSON.parse(request.reference)) };
  if (held?.id !== request.referenceId) throw new Error('The coding thread was sent a job for a reference it does not hold.');
  return held.reference;
}

function rowsOf(rows: ContextRows) {
  return rows.titles.map((title, i) => ({
    title, division: rows.divisions[i], organisation: rows.organisations[i], grade: rows.grades[i], group: rows.groups[i], salary: rows.salaries[i],
  }));
}

parentPort!.on('message', (request: CodingRequest) => {
  let reply: CodingReply;
  try {
    const reference = referenceFor(request);
    if (request.kind === 'hold') {
      reference.coder();
      reply = { id: request.id, held: true };
    } else if (request.kind === 'alone') {
      for (const title of request.titles) readTitleAlone(reference, title);
      reply = { id: request.id, coded: request.titles.length };
    } else if (request.kind === 'payMedians') {
      reply = { id: request.id, medians: request.titles.map((title) => titlePayMedian(reference, title, request.currency)) };
    } else {
      const contexts = contextsByTitle(rowsOf(request.rows), request.list);
      reply = {
        id: request.id,
        writes: request.titles.map((t) => resolveInContexts(reference, t.title, t.decided, contexts.get(t.title), t.scoped)),
      };
    }
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : 'unknown' };
  }
  parentPort!.postMessage(reply);
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listPayScale } from '../../workers/classify/classify.ts';
import type { ListContext } from '../../workers/classify/context.ts';
import { compiledSeed } from '../../workers/reference/test/seed.ts';
import type { TitleRowContext } from '../repositories/rowsRepository.ts';
import { codeLaterStepsAhead, codeTitlesAlone, forgetCodedAhead, listPayScaleOf, OFF_THREAD_ROWS, resolveTitles, takeCodedAhead, warmCodingThreads } from './contextCodingPool.ts';
import { contextsByTitle, fromRules, resolveInContexts } from './titleResolution.ts';

const reference = compiledSeed();
const TITLES = ['Lieutenant', 'Senior Adviser', 'Head of Fees', 'Finance Manager', 'Operations Officer I', 'Operations Officer II', 'Operations Officer IV', 'Project Manager', 'Clerk', 'Captain', 'Analyst', 'Director'];
const DIVISIONS = ['Fire Department (130)', 'Police Department', 'Finance', 'HLTH-Health Department', null];
const GRADES = ['SCS1', 'G7', 'EO', 'AO', 'OR-4', null];
const GROUPS = ['Economics', 'Policy', null];

/** A list large enough to go to the threads, with every kind of context and some rows with none. */
const rows: TitleRowContext[] = Array.from({ length: OFF_THREAD_ROWS + 500 }, (_, i) => ({
  title: i % 97 === 0 ? `Officer ${i}` : TITLES[(i * 7) % TITLES.length],
  division: DIVISIONS[i % DIVISIONS.length],
  organisation: i % 4 === 0 ? 'Ministry of Defence' : null,
  grade: GRADES[(i * 3) % GRADES.length],
  group: GROUPS[(i * 5) % GROUPS.length],
  salary: i % 11 === 0 ? null : 18_000 + ((i * 7919) % 90_000),
}));

describe('coding titles on worker threads', () => {
  it('works out the pay scale and codes every title in its contexts exactly as the calling thread does', async () => {
    // As a large list uploads, its titles are coded alone ahead; as a classify step begins, the threads take the
    // reference in before the first job. Neither changes a reading.
    codeTitlesAlone(reference, rows.map((r) => r.title));
    warmCodingThreads(reference);
    expect(await listPayScaleOf(reference, rows, 'GBP')).toBe(listPayScale(reference, rows, 'GBP'));
    const list: ListContext = { currency: 'GBP', payScale: listPayScale(reference, rows, 'GBP'), sector: 'Local government', classTops: { 'operations officer': 4 } };
    // A decision about one title (as an AI pick is) and an override of one context of another travel too.
    const finance = fromRules(reference, 'Finance Manager');
    const override = {
      normalisedTitle: 'clerk', title: 'Clerk', usSoc2018: finance.usSoc2018!, ukSoc2020: finance.ukSoc2020, category: finance.category, subcategory: finance.subcategory,
      scope: { kind: 'division' as const, values: ['Police Department'] }, updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const titles = [...new Set(rows.map((r) => r.title)), 'A title with no rows'].map((title) => ({
      title,
      decided: title === 'Analyst' ? finance : null,
      scoped: title === 'Clerk' ? [override] : [],
    }));
    const contexts = contextsByTitle(rows, list);
    const here = titles.map((t) => resolveInContexts(reference, t.title, t.decided, contexts.get(t.title), t.scoped));
    const threads = await resolveTitles(reference, list, titles, rows);
    expect(threads).toEqual(here);
    expect(here.some((c) => c.variants)).toBe(true);
  });

  it("keeps a list's later steps' codings for its reference, each taken once and equal to the calling thread's", async () => {
    const list: ListContext = { currency: 'GBP', payScale: listPayScale(reference, rows, 'GBP') };
    const titles = [...new Set(rows.map((r) => r.title))];
    codeLaterStepsAhead('dataset-ahead', reference, list, [titles.slice(0, 4), titles.slice(4)], rows);
    const contexts = contextsByTitle(rows, list);
    expect(takeCodedAhead('dataset-ahead', compiledSeed(), titles[0])).toBeUndefined();
    expect(await takeCodedAhead('dataset-ahead', reference, titles[5])).toEqual(resolveInContexts(reference, titles[5], null, contexts.get(titles[5])));
    expect(takeCodedAhead('dataset-ahead', reference, titles[5])).toBeUndefined();
    expect(takeCodedAhead('another-dataset', reference, titles[0])).toBeUndefined();
    forgetCodedAhead('dataset-ahead');
    expect(takeCodedAhead('dataset-ahead', reference, titles[0])).toBeUndefined();
  });

  it('gives no coding ahead for a title whose thread failed, so that its own step codes it again', async () => {
    // A reference the thread cannot compile fails the batch's job on the thread.
    const broken = { data: { schemaVersion: 1 } } as unknown as typeof reference;
    const list: ListContext = { currency: 'GBP', payScale: 1 };
    codeLaterStepsAhead('dataset-broken', broken, list, [['Clerk']], rows.filter((r) => r.title === 'Clerk'));
    expect(await takeCodedAhead('dataset-broken', broken, 'Clerk')).toBeNull();
  });

  it('does not hold the process open: a script that has coded a large list ends by itself', async () => {
    const script = `
      const { compiledSeed } = await import(${JSON.stringify(import.meta.resolve('../../workers/reference/test/seed.ts'))});
      const { resolveTitles } = await import(${JSON.stringify(import.meta.resolve('./contextCodingPool.ts'))});
      const rows = Array.from({ length: 3000 }, (_, i) => ({ title: 'Clerk ' + (i % 40), division: 'Finance', organisation: null, grade: null, group: null, salary: 20000 + i }));
      const titles = [...new Set(rows.map((r) => r.title))].map((title) => ({ title, decided: null, scoped: [] }));
      const writes = await resolveTitles(compiledSeed(), { currency: 'GBP', payScale: 1 }, titles, rows);
      console.log(writes.length);`;
    // A thread holding the process would run into the timeout, which kills the script and fails the call.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('40');
  });
});

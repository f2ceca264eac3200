import { expect } from 'vitest';
import { distinctTitles, generateStaffList, rng, type GeneratedRow } from '../../bench/staffListGenerator.ts';
import type { ApiUser } from '../support/serverProcess.ts';

export const CHUNK = 2000;

/** A generated staff list without client groupings (these tests are about counts), each of `titles` distinct titles used. */
export function staffList(rows: number, titles: number, seed = 7): Omit<GeneratedRow, 'attributes'>[] {
  const names = distinctTitles(titles, rng(seed));
  return generateStaffList(rows, { seed }).map(({ attributes: _groupings, ...row }, i) => ({ ...row, title: names[i % names.length] }));
}

/** Chunks of `size` rows (at most 2,000; the row numbers stay chunk × 2,000 + index on the server). */
export const chunkBodies = (rows: unknown[], size = CHUNK) => Array.from({ length: Math.ceil(rows.length / size) }, (_, chunk) => ({ chunk, rows: rows.slice(chunk * size, (chunk + 1) * size) }));

/** Sends every chunk, as the browser resumes: a chunk already stored answers 200 { duplicate: true }, a new one 201. */
export async function sendChunks(user: ApiUser, url: string, datasetId: string, rows: unknown[], size = CHUNK): Promise<void> {
  for (const body of chunkBodies(rows, size)) {
    const reply = await user.call(url, `/api/datasets/${datasetId}/rows`, body);
    expect([200, 201], `chunk ${body.chunk}: ${reply.text}`).toContain(reply.status);
  }
}

/** Calls classify until nothing is pending, on whichever servers are given in turn. */
export async function classifyUntilDone(user: ApiUser, urls: string[], datasetId: string): Promise<void> {
  for (let step = 0; step < 50; step += 1) {
    const reply = await user.call(urls[step % urls.length], `/api/datasets/${datasetId}/classify`, {});
    expect(reply.status, reply.text).toBe(200);
    if (reply.body.pending === 0) return;
  }
  throw new Error('classify did not finish in 50 steps');
}

/** The engagement's audit trail, as its lead reads it. */
export async function auditTrail(user: ApiUser, url: string, engagementId: string): Promise<{ action: string; datasetId: string | null }[]> {
  const reply = await user.call(url, `/api/engagements/${engagementId}/audit?limit=500`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.events;
}

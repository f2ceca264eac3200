import { expect } from '@esm-bundle/chai';
import { ApiError } from '../api/http.ts';
import { CHUNK_ROWS, runLimited, splitIntoChunks } from './chunks.ts';
import { backoffDelay, isRetryable, withRetries } from './retry.ts';

const failing = (status: number) => new ApiError(status, 'x', `failed with ${status}`);

/** An attempt that fails with each of `errors` in turn, then succeeds; counts its calls. */
function attempts(...errors: unknown[]) {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= errors.length) throw errors[calls - 1];
    return 'stored';
  };
  return { attempt, calls: () => calls };
}

describe('upload retry rules', () => {
  it('retries a 503 and resolves when the next attempt succeeds', async () => {
    const run = attempts(failing(503));
    expect(await withRetries(run.attempt, { sleep: async () => {} })).to.equal('stored');
    expect(run.calls()).to.equal(2);
  });

  it('gives up after three retries, four attempts in all, with the last error', async () => {
    const run = attempts(failing(500), failing(502), failing(503), failing(504), failing(500));
    const error = await withRetries(run.attempt, { sleep: async () => {} }).catch((caught: unknown) => caught);
    expect((error as ApiError).status).to.equal(504);
    expect(run.calls()).to.equal(4);
  });

  it('does not retry a 400 validation_error', async () => {
    const run = attempts(failing(400));
    const error = await withRetries(run.attempt, { sleep: async () => {} }).catch((caught: unknown) => caught);
    expect((error as ApiError).status).to.equal(400);
    expect(run.calls()).to.equal(1);
  });

  it('retries 408, 429, 5xx and a request that got no answer, and no other 4xx', () => {
    const retryable = [0, 408, 429, 500, 503].map((s) => isRetryable(failing(s)));
    const final = [400, 401, 403, 404, 409, 413, 415].map((s) => isRetryable(failing(s)));
    expect(retryable).to.deep.equal([true, true, true, true, true]);
    expect(final).to.deep.equal([false, false, false, false, false, false, false]);
  });

  it('does not retry an error that is not from the server, such as a bug in the caller', () => {
    expect(isRetryable(new TypeError('x is undefined'))).to.equal(false);
  });

  it('backs off twice as long before each retry, with jitter within the upper half', async () => {
    const waits: number[] = [];
    const run = attempts(failing(503), failing(503), failing(503));
    await withRetries(run.attempt, { sleep: async (ms) => void waits.push(ms), random: () => 0.5 });
    expect(waits).to.deep.equal([750, 1500, 3000]);
    expect([backoffDelay(1, () => 0), backoffDelay(1, () => 1), backoffDelay(9, () => 1)]).to.deep.equal([500, 1000, 8000]);
  });

  it('splits 4,500 rows into chunks of 2,000, 2,000 and 500', () => {
    const rows = Array.from({ length: 4500 }, (_, i) => i);
    expect(splitIntoChunks(rows).map((c) => c.length)).to.deep.equal([CHUNK_ROWS, CHUNK_ROWS, 500]);
  });

  it('never runs more than three tasks at once and runs them all', async () => {
    let running = 0;
    let busiest = 0;
    const done: number[] = [];
    await runLimited([0, 1, 2, 3, 4, 5, 6], 3, async (item) => {
      running += 1;
      busiest = Math.max(busiest, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      done.push(item);
    });
    expect(busiest).to.equal(3);
    expect([...done].sort()).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
  });

  it('starts no new task after one fails and rethrows that failure', async () => {
    const started: number[] = [];
    const error = await runLimited([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      if (item === 1) throw new Error('chunk 1 refused');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('chunk 1 refused');
    expect(started).to.deep.equal([0, 1]);
  });
});

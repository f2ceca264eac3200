// Splitting the rows into the server's chunks and sending a few at a time (spec: Upload rules 1).

/** Rows per chunk: the server's limit per POST rows; row numbers on the server are chunk × 2000 + index. */
export const CHUNK_ROWS = 2000;
/** Chunks in flight at once. */
export const PARALLEL_CHUNKS = 3;

export function splitIntoChunks<T>(rows: readonly T[], size: number = CHUNK_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/**
 * Runs `task` over `items` with at most `limit` running at once, in order of `items`. After the first
 * failure no new task starts; the ones already running finish, then the first error is thrown.
 */
export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

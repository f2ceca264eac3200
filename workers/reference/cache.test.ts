import { describe, expect, it } from 'vitest';
import { CompiledReferenceCache, DamagedReferenceError } from './cache.ts';
import { smallReference } from './test/seed.ts';

describe('CompiledReferenceCache', () => {
  const doc = smallReference();

  it('loads a version once and serves it from the cache afterwards', () => {
    const cache = new CompiledReferenceCache();
    let loads = 0;
    const load = () => (loads++, doc);
    const first = cache.get(3, load);
    expect(cache.get(3, load)).toBe(first);
    expect(loads).toBe(1);
    expect(first.version).toBe(3);
  });

  it('keeps 16 versions and evicts the least recently used past 16', () => {
    const cache = new CompiledReferenceCache();
    const loads: number[] = [];
    const get = (v: number) => cache.get(v, () => (loads.push(v), doc));
    for (let v = 1; v <= 16; v++) get(v);
    get(1); // version 1 becomes the most recently used; version 2 is now the oldest
    get(17);
    expect(cache.size).toBe(16);
    expect(cache.has(1)).toBe(true);
    expect(cache.has(2)).toBe(false);
    get(2);
    expect(loads.filter((v) => v === 2)).toHaveLength(2);
    expect(cache.has(3)).toBe(false);
  });

  it('fails loudly on a damaged version, naming the version and the first issues', () => {
    const cache = new CompiledReferenceCache();
    const damaged = structuredClone(doc) as { exposure: { augFloor: number; augCeil: number } };
    damaged.exposure.augFloor = damaged.exposure.augCeil + 5;
    let error: unknown;
    try {
      cache.get(7, () => damaged);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DamagedReferenceError);
    expect((error as DamagedReferenceError).version).toBe(7);
    expect((error as Error).message).toMatch(/^reference version 7 is damaged: exposure\.augFloor: augFloor \d+ is above augCeil \d+$/);
    expect(cache.has(7)).toBe(false);
  });

  it('fails loudly on stored data that is not a reference document', () => {
    const cache = new CompiledReferenceCache();
    expect(() => cache.get(8, () => ({ schemaVersion: 1 }))).toThrow(/reference version 8 is damaged: occupations: /);
  });

  it('loads asynchronously and caches the result', async () => {
    const cache = new CompiledReferenceCache();
    let loads = 0;
    const load = async () => (loads++, doc);
    const first = await cache.getAsync(4, load);
    expect(await cache.getAsync(4, load)).toBe(first);
    expect(loads).toBe(1);
  });
});

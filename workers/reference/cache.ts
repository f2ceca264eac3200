import { compileReference, type CompiledReference } from './compile.ts';
import type { ReferenceIssue } from './issues.ts';
import { validateReferenceData } from './validate.ts';

/**
 * Compiled reference versions, most recently used kept (spec: 16 versions). A version whose stored data
 * fails validation with errors is damaged: it throws instead of scoring with half-valid data.
 */

export const COMPILED_REFERENCE_CACHE_SIZE = 16;

export class DamagedReferenceError extends Error {
  constructor(
    readonly version: number,
    readonly issues: ReferenceIssue[],
  ) {
    const errors = issues.filter((i) => i.severity === 'error');
    const first = errors
      .slice(0, 3)
      .map((i) => `${i.path || '(document)'}: ${i.message}`)
      .join('; ');
    const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : '';
    super(`reference version ${version} is damaged: ${first}${more}`);
    this.name = 'DamagedReferenceError';
  }
}

/** Validates and compiles raw stored data, or throws DamagedReferenceError. */
export function compileStoredReference(version: number, raw: unknown): CompiledReference {
  const result = validateReferenceData(raw);
  if (!result.ok || !result.data) throw new DamagedReferenceError(version, result.issues);
  return compileReference(result.data, version);
}

export class CompiledReferenceCache {
  private readonly entries = new Map<number, CompiledReference>();

  constructor(readonly capacity = COMPILED_REFERENCE_CACHE_SIZE) {}

  get size(): number {
    return this.entries.size;
  }

  has(version: number): boolean {
    return this.entries.has(version);
  }

  get(version: number, load: () => unknown): CompiledReference {
    return this.touch(version) ?? this.store(version, compileStoredReference(version, load()));
  }

  async getAsync(version: number, load: () => Promise<unknown>): Promise<CompiledReference> {
    const hit = this.touch(version);
    if (hit) return hit;
    const raw = await load();
    return this.touch(version) ?? this.store(version, compileStoredReference(version, raw));
  }

  /** Returns a cached version and marks it most recently used (a Map iterates in insertion order). */
  private touch(version: number): CompiledReference | undefined {
    const hit = this.entries.get(version);
    if (hit) {
      this.entries.delete(version);
      this.entries.set(version, hit);
    }
    return hit;
  }

  private store(version: number, compiled: CompiledReference): CompiledReference {
    this.entries.set(version, compiled);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
    return compiled;
  }
}

const shared = new CompiledReferenceCache();

/** The process-wide (or worker-wide) cache: `load` runs only when the version is not cached. */
export function getCompiledReference(version: number, load: () => unknown): CompiledReference {
  return shared.get(version, load);
}

export function getCompiledReferenceAsync(version: number, load: () => Promise<unknown>): Promise<CompiledReference> {
  return shared.getAsync(version, load);
}

/**
 * What a reference draft changes against another version, section by section, as dot paths (the same
 * paths validation issues use). Arrays are compared by index, so an inserted taxonomy rule shows as
 * changes from that index on, which is what ordered first-match rules mean anyway.
 */

export interface ReferenceChange {
  /** Dot path, e.g. `scenarios.moderate.automationRealised`. */
  path: string;
  /** Absent when the path was added. */
  before?: unknown;
  /** Absent when the path was removed. */
  after?: unknown;
}

export interface SectionDiff {
  section: string;
  /** Total changes found in the section. */
  count: number;
  /** The first changes, up to the limit asked for. */
  changes: ReferenceChange[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function collect(before: unknown, after: unknown, path: string, out: { count: number; changes: ReferenceChange[] }, limit: number): void {
  if (Object.is(before, after)) return;
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  const bothObjects = isObject(before) && isObject(after);
  if (bothArrays || bothObjects) {
    const keys = bothArrays
      ? Array.from({ length: Math.max(before.length, after.length) }, (_, i) => String(i))
      : [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
    for (const key of keys) {
      const b = (before as Record<string, unknown>)[key];
      const a = (after as Record<string, unknown>)[key];
      const hasB = key in (before as object);
      const hasA = key in (after as object);
      const child = path ? `${path}.${key}` : key;
      if (hasB && hasA) collect(b, a, child, out, limit);
      else record(out, limit, hasB ? { path: child, before: b } : { path: child, after: a });
    }
    return;
  }
  record(out, limit, { path, before, after });
}

function record(out: { count: number; changes: ReferenceChange[] }, limit: number, change: ReferenceChange): void {
  out.count += 1;
  if (out.changes.length < limit) out.changes.push(change);
}

/** The sections whose content differs, in the draft's section order, each with up to `limit` changes. */
export function diffReference(before: Record<string, unknown>, after: Record<string, unknown>, limit = 50): SectionDiff[] {
  const sections = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const diffs: SectionDiff[] = [];
  for (const section of sections) {
    const out = { count: 0, changes: [] as ReferenceChange[] };
    if (!(section in before)) record(out, limit, { path: section, after: after[section] });
    else if (!(section in after)) record(out, limit, { path: section, before: before[section] });
    else collect(before[section], after[section], section, out, limit);
    if (out.count > 0) diffs.push({ section, ...out });
  }
  return diffs;
}

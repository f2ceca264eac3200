/**
 * The one place where values are bound to and read from either backend: SQLite stores booleans
 * as 0/1 and JSON as text, Postgres returns real booleans and parsed JSON.
 */
export const bindBool = (value: boolean): number => (value ? 1 : 0);
export const bindJson = (value: unknown): string => JSON.stringify(value);
export const nowIso = (): string => new Date().toISOString();

export function readBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function readIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

export function readIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : readIso(value);
}


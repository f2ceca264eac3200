/**
 * Text order by UTF-16 code units: the same in every browser and in Node, unlike locale collation, so
 * summaries built on either side sort identically.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

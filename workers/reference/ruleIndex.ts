import { extractPatternKeys } from './patternKeys.ts';

/**
 * Candidate lookup for an ordered list of patterns. Each pattern is filed under the literal words it needs
 * (see patternKeys.ts); a title's candidates are the patterns filed under its words plus the patterns that
 * have no provable key, returned in the original order so first-match-wins is kept.
 */

/** The \w-runs of a title, as the regex engine sees word boundaries (ASCII letters, digits, underscore). */
export function titleWords(title: string): string[] {
  return title.toLowerCase().split(/\W+/).filter(Boolean);
}

export class RuleIndex {
  private readonly exact = new Map<string, number[]>();
  private readonly prefix = new Map<string, number[]>();
  private readonly suffix = new Map<string, number[]>();
  private readonly substring = new Map<string, number[]>();
  /** Lengths of the keys filed under each one-sided or unanchored kind, so lookups try only those. */
  private readonly prefixLengths: number[];
  private readonly suffixLengths: number[];
  private readonly substringLengths: number[];
  /** Patterns with no provable key: candidates for every title. */
  readonly unindexed: number[] = [];

  constructor(patterns: readonly string[]) {
    const lengths = { prefix: new Set<number>(), suffix: new Set<number>(), substring: new Set<number>() };
    patterns.forEach((pattern, index) => {
      const keys = extractPatternKeys(pattern);
      if (!keys) {
        this.unindexed.push(index);
        return;
      }
      for (const { word, kind } of keys) {
        const map = this[kind];
        const list = map.get(word);
        if (!list) map.set(word, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
        if (kind !== 'exact') lengths[kind].add(word.length);
      }
    });
    const ascending = (set: Set<number>) => Array.from(set).sort((a, b) => a - b);
    this.prefixLengths = ascending(lengths.prefix);
    this.suffixLengths = ascending(lengths.suffix);
    this.substringLengths = ascending(lengths.substring);
  }

  /** Indices of the patterns that can match `title`, ascending. */
  candidates(title: string): number[] {
    const lists: number[][] = [];
    if (this.unindexed.length) lists.push(this.unindexed);
    for (const word of titleWords(title)) {
      const hit = this.exact.get(word);
      if (hit) lists.push(hit);
      for (const len of this.prefixLengths) {
        if (len > word.length) break;
        const hit = this.prefix.get(word.slice(0, len));
        if (hit) lists.push(hit);
      }
      for (const len of this.suffixLengths) {
        if (len > word.length) break;
        const hit = this.suffix.get(word.slice(word.length - len));
        if (hit) lists.push(hit);
      }
      for (const len of this.substringLengths) {
        if (len > word.length) break;
        for (let start = 0; start + len <= word.length; start++) {
          const hit = this.substring.get(word.slice(start, start + len));
          if (hit) lists.push(hit);
        }
      }
    }
    if (lists.length === 0) return [];
    if (lists.length === 1) return lists[0];
    const merged = new Set<number>();
    for (const list of lists) for (const index of list) merged.add(index);
    return Array.from(merged).sort((a, b) => a - b);
  }
}

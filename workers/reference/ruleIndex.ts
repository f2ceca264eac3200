import { extractPatternBranches, type Branch, type KeySet, type PatternKey } from './patternKeys.ts';

/**
 * Candidate lookup for an ordered list of patterns. Each pattern is filed under one key set per top-level
 * alternative (see patternKeys.ts), choosing the words fewest patterns use, since a word common among the
 * rules ("manager") is common among titles too. A title's candidates are the patterns filed under its
 * words plus the patterns with no provable key, kept only when the title satisfies every key set of one of
 * the pattern's alternatives, and returned in the original order so first-match-wins is kept.
 */

/** The \w-runs of a title, as the regex engine sees word boundaries (ASCII letters, digits, underscore). */
export function titleWords(title: string): string[] {
  return title.toLowerCase().split(/\W+/).filter(Boolean);
}

/** A title's words, prepared once for the key checks of all its candidates. */
class TitleWords {
  readonly words: string[];
  readonly set: Set<string>;
  readonly lower: string;

  constructor(title: string) {
    this.lower = title.toLowerCase();
    this.words = titleWords(title);
    this.set = new Set(this.words);
  }

  has(key: PatternKey): boolean {
    switch (key.kind) {
      case 'exact':
        return this.set.has(key.word);
      case 'prefix':
        return this.words.some((w) => w.startsWith(key.word));
      case 'suffix':
        return this.words.some((w) => w.endsWith(key.word));
      case 'substring':
        return this.lower.includes(key.word);
    }
  }

  /** True when some branch has every key set satisfied; null branches (unanalysed pattern) always pass. */
  satisfies(branches: Branch[] | null): boolean {
    return !branches || branches.some((branch) => branch.every((set) => set.some((key) => this.has(key))));
  }
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
  /** Each pattern's requirements, checked before its regex runs. */
  private readonly branches: (Branch[] | null)[];
  /** Patterns with no provable key: candidates for every title. */
  readonly unindexed: number[] = [];

  constructor(patterns: readonly string[]) {
    this.branches = patterns.map(extractPatternBranches);
    const uses = new Map<string, number>();
    for (const branches of this.branches) {
      const words = new Set((branches ?? []).flat(2).map((k) => k.word));
      for (const word of words) uses.set(word, (uses.get(word) ?? 0) + 1);
    }
    const kindWeight = { exact: 1, prefix: 1.5, suffix: 1.5, substring: 2 };
    const cost = (set: KeySet) => set.reduce((sum, k) => sum + kindWeight[k.kind] * (uses.get(k.word) ?? 1), 0);
    const cheapest = (branch: Branch) => branch.reduce<KeySet | null>((best, set) => (!best || cost(set) < cost(best) ? set : best), null);

    const lengths = { prefix: new Set<number>(), suffix: new Set<number>(), substring: new Set<number>() };
    this.branches.forEach((branches, index) => {
      const filed = branches?.map(cheapest);
      if (!filed || filed.some((set) => set === null)) {
        this.unindexed.push(index);
        return;
      }
      for (const { word, kind } of (filed as KeySet[]).flat()) {
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

  /** The sorted candidate lists a title's words select (before the requirement check). */
  private lists(words: TitleWords): number[][] {
    const lists: number[][] = [];
    if (this.unindexed.length) lists.push(this.unindexed);
    for (const word of words.words) {
      const hit = this.exact.get(word);
      if (hit) lists.push(hit);
      for (const len of this.prefixLengths) {
        if (len > word.length) break;
        const p = this.prefix.get(word.slice(0, len));
        if (p) lists.push(p);
      }
      for (const len of this.suffixLengths) {
        if (len > word.length) break;
        const s = this.suffix.get(word.slice(word.length - len));
        if (s) lists.push(s);
      }
      for (const len of this.substringLengths) {
        if (len > word.length) break;
        for (let start = 0; start + len <= word.length; start++) {
          const s = this.substring.get(word.slice(start, start + len));
          if (s) lists.push(s);
        }
      }
    }
    return lists;
  }

  /** Indices of the patterns that can match `title`, ascending. */
  candidates(title: string): number[] {
    const words = new TitleWords(title);
    const merged = new Set<number>();
    for (const list of this.lists(words)) for (const index of list) merged.add(index);
    const result: number[] = [];
    for (const index of merged) if (words.satisfies(this.branches[index])) result.push(index);
    return result.sort((a, b) => a - b);
  }

  /**
   * The first candidate, in pattern order, that `test` accepts, or -1. The candidate lists are merged
   * lazily, so a title stops at its first match instead of collecting every candidate.
   */
  first(title: string, test: (index: number) => boolean): number {
    const words = new TitleWords(title);
    const lists = this.lists(words);
    const heads = new Array<number>(lists.length).fill(0);
    let previous = -1;
    for (;;) {
      let next = -1;
      let from = -1;
      for (let k = 0; k < lists.length; k++) {
        const value = lists[k][heads[k]];
        if (value !== undefined && (next < 0 || value < next)) [next, from] = [value, k];
      }
      if (next < 0) return -1;
      heads[from] += 1;
      if (next === previous) continue;
      previous = next;
      if (words.satisfies(this.branches[next]) && test(next)) return next;
    }
  }
}

import { extractPatternRequirements, type PatternKey } from './patternKeys.ts';

/**
 * Candidate lookup for an ordered list of patterns. Each pattern is filed under the cheapest key set it
 * requires (see patternKeys.ts); a title's candidates are the patterns filed under its words plus the
 * patterns with no provable key, kept only when the title also satisfies every other key set the pattern
 * requires, and returned in the original order so first-match-wins is kept.
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

  satisfies(requirements: PatternKey[][]): boolean {
    return requirements.every((set) => set.some((key) => this.has(key)));
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
  /** Key sets each pattern requires beyond the one it is filed under. */
  private readonly filters: PatternKey[][][];
  /** Patterns with no provable key: candidates for every title. */
  readonly unindexed: number[] = [];

  constructor(patterns: readonly string[]) {
    const lengths = { prefix: new Set<number>(), suffix: new Set<number>(), substring: new Set<number>() };
    this.filters = patterns.map((pattern, index) => {
      const [filed, ...others] = extractPatternRequirements(pattern);
      if (!filed) {
        this.unindexed.push(index);
        return others;
      }
      for (const { word, kind } of filed) {
        const map = this[kind];
        const list = map.get(word);
        if (!list) map.set(word, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
        if (kind !== 'exact') lengths[kind].add(word.length);
      }
      return others;
    });
    const ascending = (set: Set<number>) => Array.from(set).sort((a, b) => a - b);
    this.prefixLengths = ascending(lengths.prefix);
    this.suffixLengths = ascending(lengths.suffix);
    this.substringLengths = ascending(lengths.substring);
  }

  /** Indices of the patterns that can match `title`, ascending. */
  candidates(title: string): number[] {
    const words = new TitleWords(title);
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
    const merged = new Set<number>();
    for (const list of lists) for (const index of list) merged.add(index);
    const result: number[] = [];
    for (const index of merged) if (words.satisfies(this.filters[index])) result.push(index);
    return result.sort((a, b) => a - b);
  }
}

/**
 * Finds literal words a title pattern cannot match without, so the rule index only tests a title against
 * rules that share a word with it. The analysis is conservative: whenever it is unsure it returns null and
 * the rule is tested against every title, which is slower but never wrong.
 *
 * A key is a run of regex word characters ([A-Za-z0-9_]) that every match contains. Its kind says what the
 * pattern guarantees around it: `exact` (a word boundary on both sides, so the key is a whole \w-run of the
 * title), `prefix` (boundary before only), `suffix` (boundary after only) or `substring` (neither: the key
 * lies somewhere inside one \w-run). A key set is a disjunction (any match contains one of its keys); a
 * pattern may require several sets at once (`\bpayroll (clerk|officer)\b` needs "payroll" and one of
 * "clerk" or "officer"), and a pattern with top-level alternatives requires the sets of one of them. The
 * index files a rule under one set per alternative and checks the rest before running the regex, because
 * compiling a regex on first use costs far more than the check.
 */

export type PatternKeyKind = 'exact' | 'prefix' | 'suffix' | 'substring';
export interface PatternKey {
  word: string;
  kind: PatternKeyKind;
}

type Node =
  | { t: 'char'; c: string; min: number; max: number }
  | { t: 'class'; wordFree: boolean; min: number; max: number }
  | { t: 'boundary' } // \b, ^, $: the neighbouring character is a non-word character or an edge
  | { t: 'opaque'; min: number; max: number } // anything we cannot reason about precisely (., \w, \B…)
  | { t: 'look' } // lookaround: zero-width, transparent
  | { t: 'group'; alts: Node[][]; min: number; max: number };

class Unsupported extends Error {}

/** The `i` flag folds ASCII letters only (non-unicode mode), so only they are lower-cased. */
const asciiLower = (c: string) => (c >= 'A' && c <= 'Z' ? String.fromCharCode(c.charCodeAt(0) + 32) : c);

/** A regex word character ([A-Za-z0-9_]); `c` is a single character. */
const isWordChar = (c: string) => {
  const code = c.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
};

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };

/** Recursive-descent reader for the (non-unicode) JavaScript regex syntax the schema accepts. */
class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node[][] {
    const alts = this.alternatives();
    if (this.i !== this.src.length) throw new Unsupported('unbalanced )');
    return alts;
  }

  private alternatives(): Node[][] {
    const alts: Node[][] = [[]];
    while (this.i < this.src.length && this.src[this.i] !== ')') {
      if (this.src[this.i] === '|') {
        this.i++;
        alts.push([]);
        continue;
      }
      alts[alts.length - 1].push(this.quantified(this.atom()));
    }
    return alts;
  }

  private atom(): Node {
    const c = this.src[this.i++];
    if (c === '^' || c === '$') return { t: 'boundary' };
    if (c === '.') return { t: 'opaque', min: 1, max: 1 };
    if (c === '[') return this.charClass();
    if (c === '(') return this.group();
    if (c === '\\') return this.escape();
    return { t: 'char', c: asciiLower(c), min: 1, max: 1 };
  }

  private group(): Node {
    let look = false;
    if (this.src.startsWith('?:', this.i)) this.i += 2;
    else if (this.src.startsWith('?=', this.i) || this.src.startsWith('?!', this.i)) {
      look = true;
      this.i += 2;
    } else if (this.src.startsWith('?<=', this.i) || this.src.startsWith('?<!', this.i)) {
      look = true;
      this.i += 3;
    } else if (this.src.startsWith('?<', this.i)) this.i = this.src.indexOf('>', this.i) + 1;
    else if (this.src[this.i] === '?') throw new Unsupported('group modifier');
    const alts = this.alternatives();
    if (this.src[this.i] !== ')') throw new Unsupported('unclosed group');
    this.i++;
    return look ? { t: 'look' } : { t: 'group', alts, min: 1, max: 1 };
  }

  private escape(): Node {
    const c = this.src[this.i++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (c === 'b') return { t: 'boundary' };
    if (c === 's' || c === 'W') return { t: 'class', wordFree: true, min: 1, max: 1 };
    if (c === 'B' || c === 'w' || c === 'd' || c === 'D' || c === 'S') return { t: 'opaque', min: 1, max: 1 };
    if (/[1-9]/.test(c) || c === 'k') throw new Unsupported('backreference');
    return { t: 'char', c: asciiLower(this.escapedChar(c)), min: 1, max: 1 };
  }

  private escapedChar(c: string): string {
    if (c in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[c];
    if (c === 'x' || c === 'u') {
      const len = c === 'x' ? 2 : 4;
      const hex = this.src.slice(this.i, this.i + len);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) return c;
      this.i += len;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (c === 'c') throw new Unsupported('control escape');
    return c;
  }

  /** A class is word-free when none of its members can be a word character. */
  private charClass(): Node {
    let wordFree = this.src[this.i] !== '^';
    if (!wordFree) this.i++;
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      let c = this.src[this.i++];
      if (c === '\\') {
        const e = this.src[this.i++];
        if (e === 's' || e === 'W') continue;
        if (/[wdDSbB]/.test(e ?? '')) {
          wordFree = false;
          continue;
        }
        c = this.escapedChar(e ?? '');
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        // A range may span word characters; treat every range as possibly holding one.
        this.i += 1;
        const end = this.src[this.i++];
        if (end === '\\') this.i++;
        wordFree = false;
        continue;
      }
      if (isWordChar(c)) wordFree = false;
    }
    if (this.src[this.i] !== ']') throw new Unsupported('unclosed class');
    this.i++;
    return { t: 'class', wordFree, min: 1, max: 1 };
  }

  private quantified(node: Node): Node {
    const c = this.src[this.i];
    if (c !== '*' && c !== '+' && c !== '?' && c !== '{') return node;
    const q = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(this.src.slice(this.i, this.i + 24));
    if (!q) return node;
    if (node.t === 'boundary' || node.t === 'look') throw new Unsupported('quantified assertion');
    this.i += q[0].length;
    let min: number;
    let max: number;
    if (q[1]) [min, max] = q[1] === '*' ? [0, Infinity] : q[1] === '+' ? [1, Infinity] : [0, 1];
    else {
      min = Number(q[2]);
      max = q[3] === undefined ? min : q[4] === '' ? Infinity : Number(q[4]);
    }
    return { ...node, min, max };
  }
}

/** Whether a word boundary is guaranteed right after the sequence, given the guarantee before it. */
function endsOnBoundary(seq: Node[], before: boolean): boolean {
  let ok = before;
  for (const node of seq) ok = afterNode(node, ok);
  return ok;
}

/** Whether a word boundary is guaranteed right before the sequence, given the guarantee after it. */
function startsOnBoundary(seq: Node[], after: boolean): boolean {
  let ok = after;
  for (let k = seq.length - 1; k >= 0; k--) ok = beforeNode(seq[k], ok);
  return ok;
}

function afterNode(node: Node, before: boolean): boolean {
  return passNode(node, before, (alts, ctx) => alts.every((alt) => endsOnBoundary(alt, ctx)));
}

function beforeNode(node: Node, after: boolean): boolean {
  return passNode(node, after, (alts, ctx) => alts.every((alt) => startsOnBoundary(alt, ctx)));
}

function passNode(node: Node, outside: boolean, groupOk: (alts: Node[][], ctx: boolean) => boolean): boolean {
  switch (node.t) {
    case 'boundary':
      return true;
    case 'look':
      return outside;
    case 'opaque':
      return false;
    case 'char':
    case 'class': {
      const matched = node.t === 'char' ? !isWordChar(node.c) : node.wordFree;
      return node.min === 0 ? matched && outside : matched;
    }
    case 'group': {
      const matched = node.max > 1 ? groupOk(node.alts, false) && groupOk(node.alts, outside) : groupOk(node.alts, outside);
      return node.min === 0 ? matched && outside : matched;
    }
  }
}

/** Cost of relying on a key set: short and one-sided keys let more titles through. */
function keySetCost(keys: PatternKey[]): number {
  const kindWeight = { exact: 1, prefix: 1.5, suffix: 1.5, substring: 2 };
  return keys.reduce((sum, k) => sum + kindWeight[k.kind] * (8 / Math.min(k.word.length, 8)), 0);
}

function cheapest(sets: PatternKey[][]): PatternKey[] | null {
  let best: PatternKey[] | null = null;
  for (const set of sets) if (!best || keySetCost(set) < keySetCost(best)) best = set;
  return best;
}

/**
 * Every key set one alternative sequence requires (each set a disjunction; all sets must hold), given the
 * boundary guarantees around the sequence.
 */
function sequenceRequirements(seq: Node[], leftCtx: boolean, rightCtx: boolean): PatternKey[][] {
  const left: boolean[] = [leftCtx];
  for (let k = 0; k < seq.length; k++) left.push(afterNode(seq[k], left[k]));
  const right: boolean[] = new Array(seq.length + 1);
  right[seq.length] = rightCtx;
  for (let k = seq.length - 1; k >= 0; k--) right[k] = beforeNode(seq[k], right[k + 1]);

  const sets: PatternKey[][] = [];
  let k = 0;
  while (k < seq.length) {
    const node = seq[k];
    if (node.t === 'char' && node.min === 1 && node.max === 1 && isWordChar(node.c)) {
      const start = k;
      let word = '';
      while (k < seq.length) {
        const n = seq[k];
        if (n.t !== 'char' || n.min !== 1 || n.max !== 1 || !isWordChar(n.c)) break;
        word += n.c;
        k++;
      }
      const l = left[start];
      const r = right[k];
      sets.push([{ word, kind: l && r ? 'exact' : l ? 'prefix' : r ? 'suffix' : 'substring' }]);
      continue;
    }
    if (node.t === 'group' && node.min >= 1) {
      const repeated = node.max > 1;
      const l = repeated ? false : left[k];
      const r = repeated ? false : right[k + 1];
      if (node.alts.length === 1) sets.push(...sequenceRequirements(node.alts[0], l, r));
      else {
        const union = alternativesRequirement(node.alts, l, r);
        if (union) sets.push(union);
      }
    }
    k++;
  }
  return sets;
}

/** One key set covering a choice of alternatives: the union of each alternative's cheapest set. */
function alternativesRequirement(alts: Node[][], leftCtx: boolean, rightCtx: boolean): PatternKey[] | null {
  const union: PatternKey[] = [];
  for (const alt of alts) {
    const keys = cheapest(sequenceRequirements(alt, leftCtx, rightCtx));
    if (!keys) return null;
    union.push(...keys);
  }
  return union;
}

/** A choice of keys (any one will do), and a conjunction of such choices for one top-level branch. */
export type KeySet = PatternKey[];
export type Branch = KeySet[];

/**
 * What a pattern requires, per top-level alternative: every match satisfies all key sets of at least one
 * branch. A branch with no key sets can match without any literal word. Null when the pattern uses syntax
 * the analysis does not cover. Keys are lower case: patterns run with the `i` flag, which folds ASCII
 * letters only.
 */
export function extractPatternBranches(pattern: string): Branch[] | null {
  try {
    return new Parser(pattern).parse().map((alt) => sequenceRequirements(alt, false, false));
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

/**
 * Title-pattern safety (spec "Limits"): administrators write the taxonomy and pack patterns, and every
 * uploaded title runs through them, so a pattern that can backtrack catastrophically would stall
 * classification for everyone. We refuse the constructs that make JavaScript regexes blow up or that
 * make rules hard to reason about: nested repetition, backreferences, lookbehind, more than three
 * open-ended wildcards, and anything over 300 characters.
 */

export const MAX_PATTERN_LENGTH = 300;
export const MAX_OPEN_ENDED_WILDCARDS = 3;

interface GroupFrame {
  /** True once the group holds a repeating quantifier anywhere inside it. */
  repeats: boolean;
}

type Atom = 'none' | 'literal' | 'wildcard' | 'group';

interface Quantifier {
  length: number;
  repeating: boolean;
  unbounded: boolean;
}

const WILDCARD_ESCAPES = new Set(['w', 'W', 's', 'S', 'd', 'D']);
const ASSERTION_ESCAPES = new Set(['b', 'B']);

/** Reads a quantifier starting at `i`, or returns null when the text there is not one. */
function readQuantifier(pattern: string, i: number): Quantifier | null {
  const c = pattern[i];
  let q: Quantifier | null = null;
  if (c === '*' || c === '+') q = { length: 1, repeating: true, unbounded: true };
  else if (c === '?') q = { length: 1, repeating: false, unbounded: false };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (!m) return null;
    const min = Number(m[1]);
    const hasComma = m[2] !== undefined;
    const max = hasComma ? (m[3] === '' ? Infinity : Number(m[3])) : min;
    q = { length: m[0].length, repeating: max > 1, unbounded: max === Infinity };
  }
  if (q && pattern[i + q.length] === '?') q.length += 1; // lazy modifier
  return q;
}

/** Index just past the character class that opens at `i` (pattern[i] === '['). */
function skipClass(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '^') j++;
  while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
  return j + 1;
}

/**
 * Returns the reason a pattern is refused, or null when it is safe to run against titles.
 * Validity as a regex is checked separately (the schema compiles every pattern).
 */
export function checkPatternSafety(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `pattern is ${pattern.length} characters; at most ${MAX_PATTERN_LENGTH} are allowed`;
  }
  const stack: GroupFrame[] = [{ repeats: false }];
  let wildcards = 0;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    let atom: Atom = 'literal';
    let closed: GroupFrame | null = null;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')) return 'backreferences are not allowed';
      atom = WILDCARD_ESCAPES.has(next) ? 'wildcard' : ASSERTION_ESCAPES.has(next) ? 'none' : 'literal';
      i += 2;
    } else if (c === '[') {
      atom = 'wildcard';
      i = skipClass(pattern, i);
    } else if (c === '(') {
      if (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i)) return 'lookbehind is not allowed';
      stack.push({ repeats: false });
      if (pattern.startsWith('(?<', i)) i = pattern.indexOf('>', i) + 1;
      else if (pattern[i + 1] === '?') i += 3;
      else i += 1;
      continue;
    } else if (c === ')') {
      closed = stack.length > 1 ? (stack.pop() as GroupFrame) : null;
      atom = 'group';
      i += 1;
    } else if (c === '.') {
      atom = 'wildcard';
      i += 1;
    } else if (c === '|' || c === '^' || c === '$') {
      atom = 'none';
      i += 1;
    } else {
      i += 1;
    }

    const frame = stack[stack.length - 1];
    const q = atom === 'none' ? null : readQuantifier(pattern, i);
    if (q) {
      i += q.length;
      if (q.repeating && closed?.repeats) return 'nested repetition (a repeated group that itself repeats) is not allowed';
      if (q.unbounded && atom === 'wildcard' && ++wildcards > MAX_OPEN_ENDED_WILDCARDS) {
        return `more than ${MAX_OPEN_ENDED_WILDCARDS} open-ended wildcards`;
      }
      if (q.repeating) frame.repeats = true;
    }
    if (closed?.repeats) frame.repeats = true;
  }
  return null;
}

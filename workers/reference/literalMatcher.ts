/**
 * A string-search stand-in for the common shape of title patterns, so most rules never need a RegExp.
 * Running a RegExp the first time compiles it (tens of microseconds), and a staff list touches thousands of
 * distinct rules once each, so compiling dominated a cold classification pass.
 *
 * Accepted shape (anything else returns null and the caller uses a RegExp):
 *   pattern := branch ('|' branch)*
 *   branch  := '^'? segment ('.*' segment)*
 *   segment := '\b' body ('\b' | '$')
 *   body    := phrase | '(' '?:'? phrase ('|' phrase)* ')'
 *   phrase  := words of [a-z0-9] separated by single spaces
 * The matcher gives exactly the RegExp's answer (flag `i`) on any title without line breaks; a title with
 * one is handed back to the RegExp, because `.` does not cross line breaks.
 */

interface Segment {
  phrases: string[];
  /** '$': the phrase must end the title; otherwise a word boundary must follow it. */
  atEnd: boolean;
}

interface LiteralBranch {
  atStart: boolean;
  segments: Segment[];
}

export type LiteralMatcher = (title: string) => boolean;

const PHRASE = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const isWord = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

function parseSegment(text: string): Segment | null {
  if (!text.startsWith('\\b')) return null;
  let atEnd: boolean;
  let body: string;
  if (text.endsWith('\\b')) [atEnd, body] = [false, text.slice(2, -2)];
  else if (text.endsWith('$')) [atEnd, body] = [true, text.slice(2, -1)];
  else return null;
  let phrases: string[];
  if (body.startsWith('(') && body.endsWith(')')) {
    const inner = body.startsWith('(?:') ? body.slice(3, -1) : body.slice(1, -1);
    phrases = inner.split('|');
  } else phrases = [body];
  return phrases.every((p) => PHRASE.test(p)) ? { phrases, atEnd } : null;
}

function parseBranch(text: string): LiteralBranch | null {
  const atStart = text.startsWith('^');
  const segments = (atStart ? text.slice(1) : text).split('.*').map(parseSegment);
  return segments.every((s): s is Segment => s !== null) ? { atStart, segments } : null;
}

/** Whether `phrase` at `at` has a word boundary before it and the required ending after it. */
function fits(title: string, phrase: string, at: number, atEnd: boolean): boolean {
  const end = at + phrase.length;
  if (at > 0 && isWord(title.charCodeAt(at - 1))) return false;
  return atEnd ? end === title.length : end === title.length || !isWord(title.charCodeAt(end));
}

/**
 * End of the earliest-ending occurrence of the segment starting at or after `from` (exactly at 0 when
 * anchored), or -1. Taking the earliest end leaves the most room for the segments after it.
 */
function earliestEnd(title: string, segment: Segment, from: number, anchored: boolean): number {
  let best = -1;
  for (const phrase of segment.phrases) {
    if (anchored) {
      if (title.startsWith(phrase) && fits(title, phrase, 0, segment.atEnd) && (best < 0 || phrase.length < best)) best = phrase.length;
      continue;
    }
    for (let at = title.indexOf(phrase, from); at >= 0; at = title.indexOf(phrase, at + 1)) {
      if (fits(title, phrase, at, segment.atEnd)) {
        if (best < 0 || at + phrase.length < best) best = at + phrase.length;
        break;
      }
    }
  }
  return best;
}

function branchMatches(title: string, branch: LiteralBranch): boolean {
  let position = 0;
  for (let i = 0; i < branch.segments.length; i++) {
    const end = earliestEnd(title, branch.segments[i], position, i === 0 && branch.atStart);
    if (end < 0) return false;
    position = end;
  }
  return true;
}

/** A matcher equivalent to `new RegExp(pattern, 'i').test`, or null when the pattern has another shape. */
export function compileLiteralMatcher(pattern: string): LiteralMatcher | null {
  const branches = pattern.split('|');
  // Alternation inside a group also uses '|': re-join pieces until every branch's parentheses balance.
  const joined: string[] = [];
  for (const piece of branches) {
    const last = joined.length ? joined[joined.length - 1] : null;
    const open = last !== null && (last.match(/\(/g)?.length ?? 0) > (last.match(/\)/g)?.length ?? 0);
    if (open) joined[joined.length - 1] = `${last}|${piece}`;
    else joined.push(piece);
  }
  const parsed = joined.map(parseBranch);
  if (!parsed.every((b): b is LiteralBranch => b !== null)) return null;
  let regex: RegExp | null = null;
  return (title: string) => {
    if (LINE_BREAK.test(title)) return (regex ??= new RegExp(pattern, 'i')).test(title);
    const folded = title.replace(/[A-Z]+/g, (s) => s.toLowerCase());
    return parsed.some((branch) => branchMatches(folded, branch));
  };
}

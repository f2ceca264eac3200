import { featureKind, featureWords } from './features.ts';
import type { RankedFeature } from './induce.ts';

/**
 * Turns the ordered feature list into compact regex rules. Features whose scores fall in the same tier
 * (`tierWidth` wide) are treated as equally reliable, so within a tier all features with the same label
 * become one rule (split at 300 characters), a top-level alternation of these shapes:
 *   words    `\b(?:payroll|wages)\b`, and each longer phrase on its own, `\bpayroll clerk\b`
 *   heads    `\b(?:clerk|cashier)$`, and `\bwages clerk$`
 *   pairs    `\b(?:payroll|wages)\b.*\bofficer\b` (grouped by their second word; at most three per rule,
 *            the pattern-safety limit on open-ended wildcards)
 * Tiers keep their order; within a tier a rule sits where its label's best feature sat.
 */

export interface EmittedRule {
  pattern: string;
  us: string;
  uk: string;
}

const MAX_PATTERN = 300;
const MAX_WILDCARDS = 3;

interface Label {
  us: string;
  uk: string;
  phrases: string[];
  heads: string[];
  /** Second word of a pair → first words. */
  pairs: Map<string, string[]>;
}

const group = (alternatives: string[]) => (alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`);

/** One alternative of a rule: a shape with its words; `render` gives its regex. */
interface Piece {
  render(words: string[]): string;
  words: string[];
  wildcard: boolean;
}

/**
 * Single words share one group; a phrase of several words is its own alternative, because the rule index
 * can then require all of its words before running the regex (a word inside a group only counts as "one of").
 */
/**
 * Drops alternatives that another alternative of the same rule already covers: once a word matches on its
 * own, a phrase, head or pair containing it adds nothing; once a word matches as a head, a longer head ending
 * in it adds nothing.
 */
function withoutCovered(label: Label): Label {
  const words = new Set(label.phrases.filter((p) => !p.includes(' ')));
  const phrases = new Set(label.phrases);
  const heads = new Set(label.heads.filter((h) => !h.includes(' ')));
  const covered = (phrase: string) => phrase.split(' ').some((w) => words.has(w));
  const pairs = new Map<string, string[]>();
  for (const [head, firsts] of label.pairs) {
    if (words.has(head)) continue;
    const kept = firsts.filter((w) => !words.has(w));
    if (kept.length) pairs.set(head, kept);
  }
  return {
    ...label,
    phrases: label.phrases.filter((p) => !p.includes(' ') || !covered(p)),
    heads: label.heads.filter((h) => {
      if (!h.includes(' ')) return !words.has(h);
      return !covered(h) && !phrases.has(h) && !heads.has(h.split(' ').pop() as string);
    }),
    pairs,
  };
}

function pieces(label: Label): Piece[] {
  const out: Piece[] = [];
  const shapes: [string[], (w: string[]) => string][] = [
    [label.phrases, (w) => `\\b${group(w)}\\b`],
    [label.heads, (w) => `\\b${group(w)}$`],
  ];
  for (const [words, render] of shapes) {
    const single = words.filter((w) => !w.includes(' '));
    if (single.length) out.push({ words: single, wildcard: false, render });
    for (const phrase of words.filter((w) => w.includes(' '))) out.push({ words: [phrase], wildcard: false, render });
  }
  for (const [head, firsts] of label.pairs) out.push({ words: firsts, wildcard: true, render: (w) => `\\b${group(w)}\\b.*\\b${head}\\b` });
  return out;
}

/** Packs a label's pieces into patterns of at most 300 characters and three wildcards. */
function pack(label: Label): string[] {
  const patterns: string[] = [];
  let current: string[] = [];
  let wildcards = 0;
  const flush = () => {
    if (current.length) patterns.push(current.join('|'));
    current = [];
    wildcards = 0;
  };
  const fits = (part: string, wildcard: boolean) =>
    [...current, part].join('|').length <= MAX_PATTERN && (!wildcard || wildcards < MAX_WILDCARDS);
  for (const piece of pieces(label)) {
    let words: string[] = [];
    const place = () => {
      if (!words.length) return;
      const part = piece.render(words);
      if (!fits(part, piece.wildcard)) flush();
      current.push(part);
      if (piece.wildcard) wildcards++;
      words = [];
    };
    for (const word of piece.words) {
      if (words.length && piece.render([...words, word]).length > MAX_PATTERN) place();
      words.push(word);
    }
    place();
  }
  flush();
  return patterns;
}

export function emitRules(features: readonly RankedFeature[], tierWidth: number): EmittedRule[] {
  const rules: EmittedRule[] = [];
  const tierOf = (score: number) => (tierWidth > 0 ? Math.floor(score / tierWidth) : score);
  let i = 0;
  while (i < features.length) {
    const tier = tierOf(features[i].score);
    const labels = new Map<string, Label>();
    for (; i < features.length && tierOf(features[i].score) === tier; i++) {
      const f = features[i];
      const key = `${f.us}|${f.uk}`;
      let label = labels.get(key);
      if (!label) {
        label = { us: f.us, uk: f.uk, phrases: [], heads: [], pairs: new Map() };
        labels.set(key, label);
      }
      const words = featureWords(f.key);
      const kind = featureKind(f.key);
      if (kind === 'p') label.phrases.push(words.join(' '));
      else if (kind === 'h') label.heads.push(words.join(' '));
      else label.pairs.set(words[1], [...(label.pairs.get(words[1]) ?? []), words[0]]);
    }
    for (const label of labels.values()) {
      for (const pattern of pack(withoutCovered(label))) rules.push({ pattern, us: label.us, uk: label.uk });
    }
  }
  return rules;
}

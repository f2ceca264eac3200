import { classifierWords } from '../scripts/build-reference/taxonomy/index.ts';
import type { CodedTitle } from '../scripts/build-reference/taxonomy/titleSets.ts';

/**
 * Reference points for the rule classifier's held-out accuracy, computed from the same training titles
 * (`npm run bench:classify -- --baselines`). They say how much a title-only coder can get on this split,
 * so the rule list's figures can be judged against the data rather than against hope:
 *
 * - word vote: a bag-of-words classifier that is not a rule list. Each word, adjacent word pair and last
 *   word of a held-out title votes for the codes of the training titles containing it, weighted by the
 *   feature's rarity (IDF) and the code's share of the feature. One model per country.
 * - word evidence (wordEvidence): how often the training words point at the right code at all, and how
 *   often they all agree on it.
 */

export interface Case {
  title: string;
  /** Codes counted as right for the title. */
  codes: string[];
}

function voteFeatures(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) out.add(`w:${w}`);
  for (let i = 0; i + 1 < words.length; i++) out.add(`b:${words[i]} ${words[i + 1]}`);
  if (words.length) out.add(`h:${words[words.length - 1]}`);
  return [...out];
}

/** Trains the word-vote classifier on `train` and returns it. */
export function wordVote(train: readonly CodedTitle[]): (title: string) => string | null {
  const codesOf = new Map<string, Map<string, number>>();
  const titlesWith = new Map<string, number>();
  for (const t of train) {
    for (const f of voteFeatures(classifierWords(t.title))) {
      titlesWith.set(f, (titlesWith.get(f) ?? 0) + 1);
      let codes = codesOf.get(f);
      if (!codes) codesOf.set(f, (codes = new Map()));
      for (const c of t.codes) codes.set(c, (codes.get(c) ?? 0) + 1 / t.codes.length);
    }
  }
  // Each feature's vote per code: rarity (IDF) × emphasis × the code's share of the feature.
  const votesOf = new Map<string, [code: string, vote: number][]>();
  for (const [f, codes] of codesOf) {
    const idf = Math.log(train.length / titlesWith.get(f)!);
    // Pairs and heads say more about the job than a lone word.
    const emphasis = f.startsWith('w:') ? 1 : 1.5;
    let total = 0;
    for (const n of codes.values()) total += n;
    votesOf.set(f, [...codes].map(([code, n]) => [code, (emphasis * idf * n) / total]));
  }
  return (title) => {
    const votes = new Map<string, number>();
    for (const f of voteFeatures(classifierWords(title))) {
      for (const [code, vote] of votesOf.get(f) ?? []) votes.set(code, (votes.get(code) ?? 0) + vote);
    }
    let best: string | null = null;
    let bestVote = -1;
    for (const [code, vote] of votes) {
      if (vote > bestVote || (vote === bestVote && best !== null && code < best)) [best, bestVote] = [code, vote];
    }
    return best;
  };
}

/**
 * How far the training words point at the right code, as shares (0–1) of `cases`:
 * - anyWord: the right code was seen with at least one known word of the title. A coder that only gives
 *   codes some word of the title was seen with (the word vote, every induced rule) can get no more.
 * - allWords: the right code was seen with every known word of the title: the titles on which the training
 *   data points one way. The rest need the coder to pick which word decides.
 */
export function wordEvidence(train: readonly CodedTitle[], cases: readonly Case[]): { anyWord: number; allWords: number } {
  const codesOfWord = new Map<string, Set<string>>();
  for (const t of train) {
    for (const w of new Set(classifierWords(t.title))) {
      let codes = codesOfWord.get(w);
      if (!codes) codesOfWord.set(w, (codes = new Set()));
      for (const c of t.codes) codes.add(c);
    }
  }
  let anyWord = 0;
  let allWords = 0;
  for (const t of cases) {
    const known = [...new Set(classifierWords(t.title))].filter((w) => codesOfWord.has(w)).map((w) => codesOfWord.get(w)!);
    if (!known.length) continue;
    if (t.codes.some((c) => known.some((codes) => codes.has(c)))) anyWord++;
    if (t.codes.some((c) => known.every((codes) => codes.has(c)))) allWords++;
  }
  const share = (n: number) => (cases.length ? n / cases.length : 0);
  return { anyWord: share(anyWord), allWords: share(allWords) };
}

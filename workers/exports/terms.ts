/**
 * The engagement's terms swaps applied to report wording (never to figures): each `from` is replaced as a whole
 * word or phrase, case-insensitively, keeping a capital first letter where the text had one. Longer phrases win
 * over shorter ones they contain, and a replacement is never swapped again.
 */
import type { TermSwap } from '../../schema/reportNotes.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type Wording = (text: string) => string;

export function termSwapper(terms: readonly TermSwap[]): Wording {
  const swaps = terms.map((t) => ({ from: t.from.trim(), to: t.to.trim() })).filter((t) => t.from !== '');
  if (swaps.length === 0) return (text) => text;
  swaps.sort((a, b) => b.from.length - a.from.length);
  const byLower = new Map(swaps.map((s) => [s.from.toLocaleLowerCase('en-GB'), s.to]));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${swaps.map((s) => escape(s.from)).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (text) =>
    text.replace(pattern, (found) => {
      const to = byLower.get(found.toLocaleLowerCase('en-GB')) ?? found;
      const capital = found[0] !== found[0]!.toLocaleLowerCase('en-GB');
      return capital && to ? to[0]!.toLocaleUpperCase('en-GB') + to.slice(1) : to;
    });
}

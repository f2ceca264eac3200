// The titles list's records and their wire form (schema/titlesList.ts), shared by the server, which encodes the
// list, and the browser, which reads it back into the same records.
import type { TitleSource, TitlesList } from '../../schema/titlesList.ts';
import type { ClassificationAlternative } from './classify.ts';
import type { OverrideScope, TitleVariant } from './variants.ts';

/** A title as the page reads it (and as the server's records hold it). */
export interface TitleEntry {
  title: string;
  normalised: string;
  headcount: number;
  source: TitleSource;
  usSoc2018: string | null;
  ukSoc2020: string | null;
  category: string | null;
  subcategory: string | null;
  confidence: number | null;
  reviewRequired: boolean;
  /** Why the title coder chose the codes; null for other sources. */
  reason: string | null;
  /** Other readings a reviewer may accept, best first (title coder only). */
  alternatives: ClassificationAlternative[];
  /** The title's readings in the contexts of its rows, most people first, when they differ; else null. */
  variants: TitleVariant[] | null;
}

type ReadingTuple = [TitleSource, string | null, string | null, number | null, number | null, number | null, 0 | 1, number | null, number[] | null];
type Reading = Pick<TitleEntry, 'source' | 'usSoc2018' | 'ukSoc2020' | 'category' | 'subcategory' | 'confidence' | 'reviewRequired' | 'reason'> & {
  alternatives: ClassificationAlternative[] | null;
};

/** The wire form of titles (server side). */
export function encodeTitlesList(titles: readonly TitleEntry[]): TitlesList {
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const alternatives: TitlesList['alternatives'] = [];
  const alternativeIndex = new Map<string, number>();
  const textOf = (value: string) => {
    let i = textIndex.get(value);
    if (i === undefined) textIndex.set(value, (i = texts.push(value) - 1));
    return i;
  };
  const optional = (value: string | null) => (value === null ? null : textOf(value));
  const alternativeOf = (a: ClassificationAlternative) => {
    const tuple: TitlesList['alternatives'][number] = [a.usSoc2018, a.ukSoc2020, a.score, textOf(a.reason)];
    const key = JSON.stringify(tuple);
    let i = alternativeIndex.get(key);
    if (i === undefined) alternativeIndex.set(key, (i = alternatives.push(tuple) - 1));
    return i;
  };
  const readingOf = (r: Reading): ReadingTuple => [
    r.source, r.usSoc2018, r.ukSoc2020, optional(r.category), optional(r.subcategory), r.confidence, r.reviewRequired ? 1 : 0, optional(r.reason),
    r.alternatives === null ? null : r.alternatives.map(alternativeOf),
  ];
  const variantOf = (v: TitleVariant) => {
    const tuple = [...readingOf(v), v.contextKeys, v.label, v.splitBy, v.scope, v.headcount];
    return 'overrideScope' in v ? [...tuple, v.overrideScope ?? null] : tuple;
  };
  const list = titles.map((t) => [t.title, t.normalised, t.headcount, ...readingOf(t), t.variants === null ? null : t.variants.map(variantOf)]);
  return { texts, alternatives, titles: list as TitlesList['titles'] };
}

/** The titles the page reads, from the wire form (browser side). */
export function decodeTitlesList(list: TitlesList): TitleEntry[] {
  const { texts } = list;
  const alternatives = list.alternatives.map(([usSoc2018, ukSoc2020, score, reason]): ClassificationAlternative => ({ usSoc2018, ukSoc2020, score, reason: texts[reason] }));
  const optional = (i: number | null) => (i === null ? null : texts[i]);
  const readingOf = (r: readonly unknown[]) => {
    const [source, usSoc2018, ukSoc2020, category, subcategory, confidence, review, reason, alts] = r as ReadingTuple;
    return {
      source, usSoc2018, ukSoc2020, category: optional(category), subcategory: optional(subcategory), confidence, reviewRequired: review === 1, reason: optional(reason),
      alternatives: alts === null ? null : alts.map((i) => alternatives[i]),
    };
  };
  return list.titles.map((t) => {
    const [title, normalised, headcount] = t;
    const variants = t[12];
    return {
      title,
      normalised,
      headcount,
      ...readingOf(t.slice(3, 12)),
      variants:
        variants === null
          ? null
          : variants.map((v) => {
              const variant = { ...readingOf(v), contextKeys: v[9], label: v[10], splitBy: v[11], scope: v[12], headcount: v[13] } as TitleVariant;
              if (v.length > 14) variant.overrideScope = v[14] as OverrideScope | null;
              return variant;
            }),
    } as TitleEntry;
  });
}

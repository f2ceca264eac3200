// The US (SOC 2018) and UK (SOC 2020) occupation catalogues of a reference version, for showing names
// beside codes and for finding an occupation by name or code, built from the version Dexie holds
// (client/reference/reference-data.ts).
import { referenceChoices, referenceVersion } from './reference-data.ts';

export type Country = 'us' | 'uk';

export interface Occupation {
  code: string;
  title: string;
}

export interface CatalogueEntry extends Occupation {
  /** The title's words, lower-cased; the code without its hyphen. */
  words: string[];
  bareCode: string;
}

export interface OccupationCatalogue {
  version: number;
  us: readonly CatalogueEntry[];
  uk: readonly CatalogueEntry[];
  name(country: Country, code: string | null): string | null;
}

const LOCALE = 'en-GB';
const wordsOf = (text: string) => text.toLocaleLowerCase(LOCALE).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function indexed(entries: Record<string, { title: string }> | undefined): CatalogueEntry[] {
  return Object.entries(entries ?? {})
    .map(([code, { title }]) => ({ code, title, words: wordsOf(title), bareCode: code.replace('-', '') }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function catalogueFrom(version: number, data: unknown): OccupationCatalogue {
  const occupations = (data as { occupations?: { us?: Record<string, { title: string }>; uk?: Record<string, { title: string }>; ukUnpriced?: Record<string, string> } })
    .occupations;
  const us = indexed(occupations?.us);
  // UK groups without ASHE pay (armed forces officers, senior fire officers) are choosable too, priced by their stated proxy.
  const unpriced = Object.fromEntries(Object.entries(occupations?.ukUnpriced ?? {}).map(([code, title]) => [code, { title }]));
  const uk = indexed({ ...unpriced, ...occupations?.uk });
  const names = { us: new Map(us.map((o) => [o.code, o.title])), uk: new Map(uk.map((o) => [o.code, o.title])) };
  return { version, us, uk, name: (country, code) => (code === null ? null : (names[country].get(code) ?? null)) };
}

/** The catalogues of a published version (the version's data comes from Dexie once held). */
export async function occupationCatalogue(version: number): Promise<OccupationCatalogue> {
  return catalogueFrom(version, (await referenceVersion(version)).data);
}

/** The live version's catalogues (overrides are checked against it), through this session's one look-up. */
export async function liveOccupationCatalogue(): Promise<OccupationCatalogue> {
  return occupationCatalogue((await referenceChoices()).version);
}

/**
 * Occupations matching what a person typed, case-insensitively: every word of the query must start a
 * word of the title or start the code (with or without its hyphen: "43-30", "4330", "4122"). An exact
 * code comes first, then titles that begin with the query, then code order.
 */
export function searchOccupations(catalogue: readonly CatalogueEntry[], query: string, limit = 8): Occupation[] {
  const text = query.trim().toLocaleLowerCase(LOCALE);
  const tokens = wordsOf(text.replace(/(\d)-(\d)/g, '$1$2'));
  if (tokens.length === 0) return [];
  const matches = catalogue.filter((o) =>
    tokens.every((t) => o.bareCode.startsWith(t) || o.words.some((w) => w.startsWith(t))),
  );
  const rank = (o: CatalogueEntry) => (o.code === text || o.bareCode === text ? 0 : o.title.toLocaleLowerCase(LOCALE).startsWith(text) ? 1 : 2);
  return matches
    .map((o, i) => ({ o, r: rank(o), i }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, limit)
    .map(({ o }) => ({ code: o.code, title: o.title }));
}

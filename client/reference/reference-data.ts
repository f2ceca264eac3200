// The live reference version, fetched once per session: GET /api/reference names it, Dexie keeps each
// published version's data (immutable once published), and the network is asked only for a version not held.
import { publishedReferenceVersion, referenceVersionMeta } from '../../schema/api/reference.ts';
import { api } from '../api/http.ts';
import { appDatabase, type StoredReferenceVersion } from '../storage/db.ts';
import type { ReferenceData } from '../../schema/reference/index.ts';
import { homeRegions, pricedCurrencies, regionCurrency } from '../../workers/reference/currencies.ts';
import type { RegionOption } from '../../workers/import/currency.ts';

export interface PackChoice {
  id: string;
  label: string;
}

export interface RegionChoice {
  key: string;
  label: string;
}

export interface ReferenceChoices {
  version: number;
  packs: PackChoice[];
  regions: RegionChoice[];
  /** Every region as the import's currency proposal reads it; `home` marks those a list can be priced in. */
  listRegions: RegionOption[];
  baselineRegion: string;
}

let session: Promise<ReferenceChoices> | null = null;

/** Pack and region choices from the live reference version; one network round per session. */
export function referenceChoices(): Promise<ReferenceChoices> {
  if (!session) {
    const attempt: Promise<ReferenceChoices> = loadChoices().catch((error: unknown) => {
      if (session === attempt) session = null; // A failure is not remembered, so a retry asks again.
      throw error;
    });
    session = attempt;
  }
  return session;
}

/** Forgets this session's answer (sign-out, tests). */
export function forgetReferenceSession(): void {
  session = null;
}

async function loadChoices(): Promise<ReferenceChoices> {
  const live = await api.get('/reference', referenceVersionMeta);
  const stored = await referenceVersion(live.version);
  return { version: live.version, ...choicesFrom(stored.data) };
}

const loading = new Map<number, Promise<StoredReferenceVersion>>();

/**
 * A published version's data from Dexie, else from the server (then kept). Storage failures fall back to the
 * network. Callers asking for the same version at once share one request: a version is megabytes.
 */
export function referenceVersion(version: number): Promise<StoredReferenceVersion> {
  let pending = loading.get(version);
  if (!pending) {
    pending = loadVersion(version).finally(() => loading.delete(version));
    loading.set(version, pending);
  }
  return pending;
}

async function loadVersion(version: number): Promise<StoredReferenceVersion> {
  const table = appDatabase().referenceVersions;
  const held = await table.get(version).catch(() => undefined);
  if (held) return held;
  const fetched = await api.get(`/reference/versions/${version}`, publishedReferenceVersion);
  const record: StoredReferenceVersion = { version: fetched.version, publishedAt: fetched.publishedAt, notes: fetched.notes, data: fetched.data };
  await table.put(record).catch(() => undefined);
  return record;
}

function choicesFrom(data: unknown): Omit<ReferenceChoices, 'version'> {
  const doc = data as ReferenceData;
  return {
    packs: (doc.packs ?? []).map(({ id, label }) => ({ id, label })),
    regions: (doc.locations?.regions ?? []).map(({ key, label }) => ({ key, label })),
    listRegions: listRegions(doc),
    baselineRegion: doc.locations?.baselineRegion ?? 'uk',
  };
}

/** The regions with their currencies, the homes a list can have, and typical pay in each priced currency. */
export function listRegions(doc: ReferenceData): RegionOption[] {
  if (!doc.locations || !doc.occupations) return [];
  const homes = new Set(homeRegions(doc).map((r) => r.key));
  const priced = pricedCurrencies(doc);
  // UK pay's all-occupations median for the baseline's currency, US pay's for the other.
  const typicalPay = (currency: string) => (priced.get(currency) === doc.locations.baselineRegion ? doc.occupations.fallbackMedian : doc.occupations.usPay?.fallbackMedian);
  return doc.locations.regions.map((r) => ({
    key: r.key,
    label: r.label,
    currency: regionCurrency(r),
    countryAliases: r.countryAliases,
    keywords: r.keywords,
    home: homes.has(r.key),
    ...(homes.has(r.key) ? { typicalPay: typicalPay(regionCurrency(r)) } : {}),
  }));
}

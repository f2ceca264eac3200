import type { CompiledReference } from '../../../workers/reference/index.ts';
import { knowsCodes } from '../titleResolution.ts';

export interface ClassifierPick {
  /** 1-based position of the title in the batch as sent. */
  i: number;
  usSoc2018: string;
  ukSoc2020: string;
  confidence: number;
}

export interface ClassifierVerdict {
  accepted: ClassifierPick[];
  /** Rows the contract refused (their titles fall to the rules). */
  rejected: number;
  /** Why nothing could be read at all; null when the envelope was valid. */
  error: string | null;
}

export const DEFAULT_AI_CONFIDENCE = 0.5;

const citationsMatch = (z: unknown, u: string, k: string) =>
  Array.isArray(z) && z.length === 2 && new Set(z).size === 2 && z.includes(`us-soc-2018:${u}`) && z.includes(`uk-soc-2020:${k}`);

function confidenceOf(c: unknown): number {
  return typeof c === 'number' && Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : DEFAULT_AI_CONFIDENCE;
}

/**
 * The classifier response contract (spec: Classification step rules), enforced exactly: JSON
 * { rows: [{ i, u, k, c, z }] }; i names a title of the batch and no two rows name the same title
 * (both are refused when they do); u is in the US catalogue; k has UK pay data in the dataset's
 * reference version; z cites exactly us-soc-2018:<u> and uk-soc-2020:<k>; c is clamped to 0–1
 * (0.5 when absent). Used by the classify step and by the prompt lab alike.
 */
export function parseClassifierResponse(text: string, batchSize: number, reference: CompiledReference): ClassifierVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { accepted: [], rejected: 0, error: 'The reply is not valid JSON.' };
  }
  const rows = (parsed as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return { accepted: [], rejected: 0, error: 'The reply has no rows array.' };

  const indexCount = new Map<unknown, number>();
  for (const row of rows) {
    const i = (row as { i?: unknown } | null)?.i;
    indexCount.set(i, (indexCount.get(i) ?? 0) + 1);
  }
  const accepted: ClassifierPick[] = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const { i, u, k, c, z } = row as Record<string, unknown>;
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 1 || i > batchSize || indexCount.get(i) !== 1) continue;
    if (typeof u !== 'string' || typeof k !== 'string' || !knowsCodes(reference, u, k)) continue;
    if (!citationsMatch(z, u, k)) continue;
    accepted.push({ i, usSoc2018: u, ukSoc2020: k, confidence: confidenceOf(c) });
  }
  return { accepted, rejected: rows.length - accepted.length, error: null };
}

/** The JSON shape asked of the provider as structured output (the parser above is what binds). */
export const CLASSIFIER_RESPONSE_SCHEMA = {
  name: 'title_classifications',
  schema: {
    type: 'object',
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            i: { type: 'integer' },
            u: { type: 'string' },
            k: { type: 'string' },
            c: { type: 'number' },
            z: { type: 'array', items: { type: 'string' } },
          },
          required: ['i', 'u', 'k', 'c', 'z'],
        },
      },
    },
    required: ['rows'],
  },
};

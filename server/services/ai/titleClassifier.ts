/**
 * What the classify step needs from a language model: codes for a numbered batch of titles.
 * The step itself enforces the response contract (codes known to the dataset's reference, each
 * title used once), meters usage and falls back to the rules, so every provider is held to the
 * same rules.
 */
export interface AiTitleContext {
  sector: string | null;
  /** The pack's label when the pack is not general. */
  packLabel: string | null;
  region: string | null;
}

export interface AiTitlePick {
  /** 1-based position of the title in the batch as sent. */
  i: number;
  usSoc2018: string;
  ukSoc2020: string;
  confidence?: number;
}

export interface AiBatchResult {
  picks: AiTitlePick[];
  model: string;
  inputTokens: number;
  outputTokens: number;
  promptVersion: number | null;
}

export interface AiTitleClassifier {
  classifyBatch(titles: string[], context: AiTitleContext): Promise<AiBatchResult>;
}

/** A classifier when AI can be used now, else the reason reported to the client. */
export type AiAvailability = { classifier: AiTitleClassifier } | { unavailableReason: string };

export const AI_NOT_CONFIGURED: AiAvailability = { unavailableReason: 'AI title classification is not configured on this server; titles were coded by the rules.' };

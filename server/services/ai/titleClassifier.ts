import type { PromptVersion } from '../../../schema/prompts.ts';
import { CLASSIFIER_RESPONSE_SCHEMA } from './classifierResponse.ts';
import { promptRequest } from './promptRequest.ts';
import type { ModelRequest } from './provider.ts';

/**
 * What the classify step sends a language model: a numbered batch of titles and their context
 * (spec: AI data flows). Nothing else about the dataset reaches the model: no names, emails,
 * employee IDs, salaries or reporting lines. The step parses and judges the reply itself
 * (classifierResponse.ts), so every reply is held to the same contract.
 */
export interface AiTitleContext {
  sector: string | null;
  /** The pack's label when the pack is not general. */
  packLabel: string | null;
  region: string | null;
}

export const AI_TITLE_MAX_LENGTH = 300;

/** Whitespace collapsed and cut to 300 characters. */
export const titleForModel = (title: string) => title.replace(/\s+/g, ' ').trim().slice(0, AI_TITLE_MAX_LENGTH);

export function renderTitleContext(context: AiTitleContext): string {
  return [
    `Sector: ${context.sector ?? 'not stated'}`,
    ...(context.packLabel ? [`Industry pack: ${context.packLabel}`] : []),
    `Region: ${context.region ?? 'not stated'}`,
  ].join('\n');
}

/** A 1-based numbered list, one title per line. */
export const numberedTitles = (titles: string[]) => titles.map((t, k) => `${k + 1}. ${titleForModel(t)}`).join('\n');

/** The request production sends for one batch, from a prompt version's text and settings. */
export function classifierRequest(prompt: PromptVersion, defaultModel: string, titles: string[], context: AiTitleContext): ModelRequest {
  return promptRequest(prompt, defaultModel, { context: renderTitleContext(context), titles: numberedTitles(titles) }, CLASSIFIER_RESPONSE_SCHEMA);
}

import { renderPrompt } from '../../../workers/prompts/prompt.ts';
import type { PromptTemplate } from '../../../schema/prompts.ts';
import type { ModelRequest } from './provider.ts';

/** A model request from a prompt version: both texts rendered with the values, the version's settings, the contract's JSON shape. */
export function promptRequest(prompt: PromptTemplate, defaultModel: string, values: Record<string, string>, responseSchema: ModelRequest['responseSchema']): ModelRequest {
  return {
    system: renderPrompt(prompt.system, values),
    user: renderPrompt(prompt.template, values),
    model: prompt.model ?? defaultModel,
    temperature: prompt.temperature,
    maxOutputTokens: prompt.maxOutputTokens,
    responseSchema,
  };
}

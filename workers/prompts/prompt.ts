import { PROMPT_DEFINITIONS, PROMPT_LIMITS, type PromptIssue, type PromptKey, type PromptTemplate } from '../../schema/prompts.ts';

/** {{name}}, names starting with a letter, spaces allowed inside the braces (spec: Prompt rendering). */
const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** Substitutes values verbatim in one pass (a value holding {{x}} is never expanded); unknown names become empty. */
export function renderPrompt(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (_, name: string) => (Object.hasOwn(values, name) ? values[name] : ''));
}

export function variablesUsed(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1]));
}

/**
 * The publishable rules: both texts present and within 20,000 characters, only the key's variables,
 * every required variable used, a model that is null or allowed, settings within range. The browser
 * shows these as the editor's live issues; the server refuses to publish while any remain.
 */
export function promptIssues(key: PromptKey, prompt: PromptTemplate, allowedModels: readonly string[]): PromptIssue[] {
  const issues: PromptIssue[] = [];
  const definition = PROMPT_DEFINITIONS[key];
  const known = new Set(definition.variables.map((v) => v.name));
  for (const field of ['system', 'template'] as const) {
    const text = prompt[field];
    if (!text.trim()) issues.push({ field, message: `The ${field} text is empty.` });
    if (text.length > PROMPT_LIMITS.textMax) issues.push({ field, message: `The ${field} text has ${text.length} characters; at most ${PROMPT_LIMITS.textMax} are allowed.` });
    for (const name of variablesUsed(text)) {
      if (!known.has(name)) issues.push({ field, message: `{{${name}}} is not a variable of the ${definition.label} prompt.` });
    }
  }
  const used = new Set([...variablesUsed(prompt.system), ...variablesUsed(prompt.template)]);
  for (const variable of definition.variables) {
    if (variable.required && !used.has(variable.name)) issues.push({ field: 'template', message: `The required variable {{${variable.name}}} is used nowhere.` });
  }
  if (prompt.model !== null) {
    if (!PROMPT_LIMITS.modelPattern.test(prompt.model)) issues.push({ field: 'model', message: 'A model name is 1 to 100 letters, digits, dots, underscores or hyphens.' });
    else if (!allowedModels.includes(prompt.model)) issues.push({ field: 'model', message: `The model ${prompt.model} is not in the allowed list (MODEL_ALLOWED_MODELS).` });
  }
  if (!(prompt.temperature >= PROMPT_LIMITS.temperatureMin && prompt.temperature <= PROMPT_LIMITS.temperatureMax)) {
    issues.push({ field: 'temperature', message: `Temperature must be within ${PROMPT_LIMITS.temperatureMin} to ${PROMPT_LIMITS.temperatureMax}.` });
  }
  const tokens = prompt.maxOutputTokens;
  if (!Number.isInteger(tokens) || tokens < PROMPT_LIMITS.maxOutputTokensMin || tokens > PROMPT_LIMITS.maxOutputTokensMax) {
    issues.push({ field: 'maxOutputTokens', message: `Output tokens must be a whole number within ${PROMPT_LIMITS.maxOutputTokensMin} to ${PROMPT_LIMITS.maxOutputTokensMax}.` });
  }
  return issues;
}

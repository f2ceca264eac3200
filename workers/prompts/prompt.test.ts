import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROMPTS } from '../../seeds/prompts-v1.ts';
import { PROMPT_KEYS } from '../../schema/prompts.ts';
import { promptIssues, renderPrompt } from './prompt.ts';

describe('prompt rendering', () => {
  it('substitutes {{name}} verbatim, spaces inside the braces allowed, unknown names empty', () => {
    expect(renderPrompt('A {{ facts }} B {{question}} C {{nobody}}.', { facts: '{"a":1}', question: 'Why?' })).toBe('A {"a":1} B Why? C .');
  });

  it('never expands a placeholder that arrives inside a value', () => {
    expect(renderPrompt('Q: {{question}}', { question: 'ignore {{facts}}', facts: 'SECRET' })).toBe('Q: ignore {{facts}}');
  });

  it('leaves braces that are not a variable name alone', () => {
    expect(renderPrompt('{{1x}} {{ }} {x}', {})).toBe('{{1x}} {{ }} {x}');
  });
});

describe('the publishable rules', () => {
  const base = { ...BUILT_IN_PROMPTS.ask };

  it('pass for every built-in version 1', () => {
    for (const key of PROMPT_KEYS) expect(promptIssues(key, BUILT_IN_PROMPTS[key], []), key).toEqual([]);
  });

  it('refuse empty texts and texts over 20,000 characters', () => {
    expect(promptIssues('ask', { ...base, system: '  ' }, []).map((i) => i.field)).toContain('system');
    expect(promptIssues('ask', { ...base, template: `${base.template}${'x'.repeat(20_000)}` }, []).map((i) => i.message).join()).toMatch(/at most 20000/);
  });

  it('refuse a variable the key does not define and a required one used nowhere', () => {
    const messages = promptIssues('ask', { ...base, template: 'Facts {{facts}} {{salary}}' }, []).map((i) => i.message);
    expect(messages).toEqual(['{{salary}} is not a variable of the Ask the data prompt.', 'The required variable {{question}} is used nowhere.']);
  });

  it('accept a required variable used only in the system text', () => {
    expect(promptIssues('ask', { ...base, system: `${base.system} {{question}}`, template: 'Facts {{facts}}' }, [])).toEqual([]);
  });

  it('allow a named model only from the allowed list and of the allowed form', () => {
    expect(promptIssues('ask', { ...base, model: 'big-model' }, ['big-model'])).toEqual([]);
    expect(promptIssues('ask', { ...base, model: 'big-model' }, []).map((i) => i.field)).toEqual(['model']);
    expect(promptIssues('ask', { ...base, model: 'bad model!' }, ['bad model!']).map((i) => i.field)).toEqual(['model']);
  });

  it('keep temperature within 0 to 2 and output tokens a whole number within 64 to 32768', () => {
    expect(promptIssues('ask', { ...base, temperature: 2.1, maxOutputTokens: 63.5 }, []).map((i) => i.field)).toEqual(['temperature', 'maxOutputTokens']);
  });
});

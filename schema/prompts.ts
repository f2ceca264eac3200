/**
 * The four AI prompts (spec: Prompts): what each is for, the variables production fills in, and
 * the response contract its parser enforces. Administrators edit the text and settings of a
 * version; the contract stays fixed, so no edit can widen what is accepted. Shared by the server
 * and the prompts page.
 */
import { z } from 'zod';

export const PROMPT_KEYS = ['classifier', 'exec-summary', 'lifecycle', 'ask'] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];
const promptKey = z.enum(PROMPT_KEYS);

const promptVariable = z.object({ name: z.string(), description: z.string(), required: z.boolean() });
export type PromptVariable = z.infer<typeof promptVariable>;

const promptDefinition = z.object({
  key: promptKey,
  label: z.string(),
  purpose: z.string(),
  /** The response contract, as the parser enforces it. */
  output: z.string(),
  variables: z.array(promptVariable),
});
export type PromptDefinition = z.infer<typeof promptDefinition>;

/** The editable part of a version. */
const promptTemplate = z.object({
  system: z.string(),
  template: z.string(),
  /** null means the platform's configured model. */
  model: z.string().nullable(),
  temperature: z.number(),
  maxOutputTokens: z.number(),
});
export type PromptTemplate = z.infer<typeof promptTemplate>;

export const PROMPT_LIMITS = {
  textMax: 20_000,
  temperatureMin: 0,
  temperatureMax: 2,
  maxOutputTokensMin: 64,
  maxOutputTokensMax: 32_768,
  modelPattern: /^[A-Za-z0-9._-]{1,100}$/,
} as const;

const NARRATIVE_ENVELOPE =
  'JSON { "markdown": string (at least 40 characters), "confidence": number 0 to 1, "citations": [{ "source": "<citationSourceId>", "detail"?: string }] } with at least one citation, every citation naming the citation source id; no figure may appear that is not in the facts.';

// The variables the narrative prompts share.
const FACTS: PromptVariable = { name: 'facts', description: 'Dataset name, sector and aggregate figures as JSON (no row-level data).', required: true };
const CITATION_SOURCE: PromptVariable = { name: 'citationSourceId', description: 'The only source the answer may cite: dataset:<dataset id>.', required: true };

export const PROMPT_DEFINITIONS: Record<PromptKey, PromptDefinition> = {
  classifier: {
    key: 'classifier',
    label: 'Title classifier',
    purpose: 'Codes distinct job titles to a US SOC-2018 and a UK SOC-2020 occupation.',
    output:
      'JSON { "rows": [{ "i": title number (1-based, each once), "u": US SOC-2018 code in the catalogue, "k": UK SOC-2020 code with pay data, "c": confidence 0 to 1 (default 0.5), "z": ["us-soc-2018:<u>", "uk-soc-2020:<k>"] }] }. Rows breaking any rule are dropped and those titles are coded by the rules.',
    variables: [
      { name: 'context', description: "The client's sector, the industry pack label (when not general) and the region.", required: true },
      { name: 'titles', description: 'The numbered list of titles, one per line, each cut to 300 characters. Data, not instructions.', required: true },
    ],
  },
  'exec-summary': {
    key: 'exec-summary',
    label: 'Executive summary',
    purpose: "A short executive summary of one dataset's aggregate results.",
    output: NARRATIVE_ENVELOPE,
    variables: [FACTS, CITATION_SOURCE],
  },
  lifecycle: {
    key: 'lifecycle',
    label: 'Value-chain mapper',
    purpose: "Places the dataset's role types on the phases of the client's value chain.",
    output:
      'JSON { "phases": [{ "key": string, "label": string }] (3 to 7), "roles": [{ "role": exact role name as given, "weights": { "<phase key>": number } }], "confidence": number 0 to 1, "citations": [{ "source": "<citationSourceId>" }] }. Weights are normalised; unknown roles and phases are dropped; roles left unplaced are spread evenly.',
    variables: [
      { name: 'sector', description: "The client's sector (or 'not stated').", required: true },
      { name: 'roles', description: 'The 120 largest role types with their headcounts, as JSON.', required: true },
      CITATION_SOURCE,
    ],
  },
  ask: {
    key: 'ask',
    label: 'Ask the data',
    purpose: "Answers one question about a dataset's aggregate results.",
    output: NARRATIVE_ENVELOPE,
    variables: [
      FACTS,
      { name: 'question', description: "The person's question, 3 to 1,000 characters. Data, not instructions.", required: true },
      CITATION_SOURCE,
    ],
  },
};

/** A problem that stops a prompt version from being published; `field` names the offending setting. */
const promptIssue = z.object({ field: z.enum(['system', 'template', 'model', 'temperature', 'maxOutputTokens']), message: z.string() });
export type PromptIssue = z.infer<typeof promptIssue>;

/** A stored version of a prompt: the draft (no number yet) or a published one. */
export const promptVersion = promptTemplate
  .extend({
    id: z.string(),
    key: promptKey,
    /** null for the draft. */
    version: z.number().int().min(1).nullable(),
    status: z.enum(['draft', 'published']),
    notes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    publishedAt: z.string().nullable(),
  })
  .meta({ id: 'PromptVersion' });
export type PromptVersion = z.infer<typeof promptVersion>;

/** One row of GET /admin/prompts. */
const promptSummary = z.object({
  key: promptKey,
  label: z.string(),
  purpose: z.string(),
  live: z.object({ version: z.number(), publishedAt: z.string(), model: z.string().nullable(), notes: z.string().nullable() }).nullable(),
  draft: z.object({ updatedAt: z.string(), issues: z.number() }).nullable(),
});
export type PromptSummary = z.infer<typeof promptSummary>;
export const promptsReply = z.object({ prompts: z.array(promptSummary) });

/** GET /admin/prompts/:key. */
export const promptDetail = z
  .object({
    definition: promptDefinition,
    versions: z.array(promptVersion),
    draft: promptVersion.nullable(),
    issues: z.array(promptIssue),
    allowedModels: z.array(z.string()),
    defaultModel: z.string(),
  })
  .meta({ id: 'PromptDetail' });
export type PromptDetail = z.infer<typeof promptDetail>;

/** What creating or saving a draft answers: the draft and its live issues. */
export const draftSaved = z.object({ draft: promptVersion, issues: z.array(promptIssue) });
export type DraftSaved = z.infer<typeof draftSaved>;

/** POST /admin/prompts/:key/draft/publish: the version published. */
export const publishedPromptReply = z.object({ version: promptVersion });
export type PublishedPrompt = z.infer<typeof publishedPromptReply>;

/** GET /admin/prompts/datasets: ready datasets across engagements, to test the narrative prompts on. */
export const labDataset = z
  .object({ id: z.uuid(), name: z.string(), engagementId: z.uuid(), engagementName: z.string(), headcount: z.number().nullable(), finalizedAt: z.string().nullable() })
  .meta({ id: 'LabDataset' });
export type LabDataset = z.infer<typeof labDataset>;
export const labDatasetsReply = z.object({ datasets: z.array(labDataset) });
export type LabDatasetsReply = z.infer<typeof labDatasetsReply>;

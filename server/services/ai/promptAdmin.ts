import { randomUUID } from 'node:crypto';
import {
  PROMPT_DEFINITIONS,
  PROMPT_KEYS,
  type DraftSaved,
  type PromptDetail,
  type PromptIssue,
  type PromptKey,
  type PromptSummary,
  type PromptTemplate,
  type PromptVersion,
  type PublishedPrompt,
} from '../../../schema/prompts.ts';
import { promptIssues } from '../../../workers/prompts/prompt.ts';
import { conflict, HttpError, notFound } from '../../http/httpError.ts';
import {
  deletePromptDraft,
  findPromptDraft,
  findPromptVersion,
  insertPromptDraft,
  listPromptVersions,
  livePromptVersion,
  publishPromptDraft,
  updatePromptDraft,
} from '../../repositories/promptsRepository.ts';
import { requireAdmin } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { ServiceContext } from '../context.ts';
import type { AiRuntime } from './availability.ts';

/** What only administrators may do here, in the 403 message. */
export const PROMPTS = 'manage AI prompts';

/** The configured model is always allowed; MODEL_ALLOWED_MODELS adds others. */
export const allowedModels = (ai: AiRuntime) => [...new Set([ai.config.model, ...ai.config.allowedModels])];

export const issuesOf = (ai: AiRuntime, version: PromptVersion): PromptIssue[] => promptIssues(version.key, version, allowedModels(ai));

/** GET /admin/prompts: each prompt's label, purpose, live version and draft. */
export async function listPrompts(ctx: ServiceContext, ai: AiRuntime): Promise<PromptSummary[]> {
  requireAdmin(ctx.actor, PROMPTS);
  return Promise.all(
    PROMPT_KEYS.map(async (key) => {
      const live = await livePromptVersion(ctx.tx, key);
      const draft = await findPromptDraft(ctx.tx, key);
      const { label, purpose } = PROMPT_DEFINITIONS[key];
      return {
        key, label, purpose,
        live: live && { version: live.version!, publishedAt: live.publishedAt!, model: live.model, notes: live.notes },
        draft: draft && { updatedAt: draft.updatedAt, issues: issuesOf(ai, draft).length },
      };
    }),
  );
}

/** GET /admin/prompts/:key: the definition (variables, output contract) and every version, the draft with its issues. */
export async function promptDetail(ctx: ServiceContext, ai: AiRuntime, key: PromptKey): Promise<PromptDetail> {
  requireAdmin(ctx.actor, PROMPTS);
  const versions = await listPromptVersions(ctx.tx, key);
  const draft = versions.find((v) => v.status === 'draft') ?? null;
  return {
    definition: PROMPT_DEFINITIONS[key],
    versions: versions.filter((v) => v.status === 'published'),
    draft,
    issues: draft ? issuesOf(ai, draft) : [],
    allowedModels: allowedModels(ai),
    defaultModel: ai.config.model,
  };
}

async function requireDraft(ctx: ServiceContext, key: PromptKey): Promise<PromptVersion> {
  const draft = await findPromptDraft(ctx.tx, key);
  if (!draft) throw notFound('Prompt draft');
  return draft;
}

/** POST /admin/prompts/:key/draft: copies the newest published version, or the one named by `from`. */
export async function createPromptDraft(ctx: ServiceContext, ai: AiRuntime, key: PromptKey, from: number | undefined): Promise<DraftSaved> {
  requireAdmin(ctx.actor, PROMPTS);
  if (await findPromptDraft(ctx.tx, key)) throw conflict(`A draft of the ${PROMPT_DEFINITIONS[key].label} prompt already exists; edit or discard it first.`);
  const base = from === undefined ? await livePromptVersion(ctx.tx, key) : await findPromptVersion(ctx.tx, key, from);
  if (!base || base.status !== 'published') throw notFound(from === undefined ? 'Published prompt version' : `Prompt version ${from}`);
  const { system, template, model, temperature, maxOutputTokens } = base;
  await insertPromptDraft(ctx.tx, { id: randomUUID(), key, createdBy: ctx.actor.id, system, template, model, temperature, maxOutputTokens });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'prompt_draft_created', details: { key, from: base.version } });
  const draft = await requireDraft(ctx, key);
  return { draft, issues: issuesOf(ai, draft) };
}

/** PUT /admin/prompts/:key/draft: saves the fields sent (not audited); the answer carries the live issues. */
export async function savePromptDraft(ctx: ServiceContext, ai: AiRuntime, key: PromptKey, patch: Partial<PromptTemplate> & { notes?: string | null }): Promise<DraftSaved> {
  requireAdmin(ctx.actor, PROMPTS);
  const draft = await requireDraft(ctx, key);
  await updatePromptDraft(ctx.tx, draft.id, patch);
  const saved = await requireDraft(ctx, key);
  return { draft: saved, issues: issuesOf(ai, saved) };
}

/** POST /admin/prompts/:key/draft/publish: refused with 400 invalid_prompt while any issue remains. */
export async function publishPrompt(ctx: ServiceContext, ai: AiRuntime, key: PromptKey, notes: string): Promise<PublishedPrompt> {
  requireAdmin(ctx.actor, PROMPTS);
  const draft = await requireDraft(ctx, key);
  const issues = issuesOf(ai, draft);
  if (issues.length > 0) {
    throw new HttpError(400, 'invalid_prompt', `The draft has ${issues.length} issue${issues.length === 1 ? '' : 's'} to fix before it can be published.`, issues.map((i) => ({ path: i.field, message: i.message })));
  }
  const version = await publishPromptDraft(ctx.tx, key, draft.id, notes);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'prompt_published', details: { key, version }, publishNotes: notes });
  // Read back in the transaction that just published it, so it is there.
  return { version: (await findPromptVersion(ctx.tx, key, version))! };
}

/** DELETE /admin/prompts/:key/draft */
export async function discardPromptDraft(ctx: ServiceContext, key: PromptKey): Promise<void> {
  requireAdmin(ctx.actor, PROMPTS);
  const draft = await requireDraft(ctx, key);
  await deletePromptDraft(ctx.tx, draft.id);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'prompt_draft_discarded', details: { key } });
}

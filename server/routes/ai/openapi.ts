import type { RouteArea } from '../../http/openapi.ts';
import { cacheDeleteBody, cacheQuery, cacheVerifyBody } from '../admin/cacheSchema.ts';
import { createDraftBody, publishBody, saveDraftBody, testBody } from '../admin/promptsSchema.ts';
import { askBody } from '../datasets/aiSchema.ts';
import { aiUsageReport, askReply, narrativeReply } from '../../../schema/ai.ts';
import { draftSaved, labDatasetsReply, promptDetail, promptsReply, publishedPromptReply } from '../../../schema/prompts.ts';
import { labResult } from '../../../schema/api/promptLab.ts';
import { sharedCacheEntryReply, sharedCachePage } from '../../../schema/cache.ts';

/** The AI routes: narratives and Ask on a dataset (routes/datasets/ai.ts), prompts, usage and the shared cache (routes/admin). */
export const aiApi: RouteArea = {
  tag: 'AI',
  routes: {
    'POST /datasets/:id/ai/ask': { summary: 'Ask the data: an answer from aggregate figures with citations; capped per person per UTC day; not cached', who: 'member', body: askBody, reply: askReply },
    'GET /datasets/:id/ai/:kind': { summary: 'The cached AI executive summary or value chain (kind exec-summary or lifecycle), else the rule-based one; never calls a model', who: 'member', reply: narrativeReply },
    'POST /datasets/:id/ai/:kind': { summary: 'Write the executive summary or value chain with AI and cache it; the rule-based one with the reason when AI is unavailable or the reply is refused; 409 when rescored meanwhile', who: 'lead, analyst', reply: narrativeReply },
    'GET /admin/prompts': { summary: "Each prompt's label, purpose, live version and draft", who: 'admin', reply: promptsReply },
    'GET /admin/prompts/datasets': { summary: 'Up to 200 ready datasets across engagements, to test narrative prompts on', who: 'admin', reply: labDatasetsReply },
    'GET /admin/prompts/:key': { summary: 'A prompt definition (variables, output contract) and every version', who: 'admin', reply: promptDetail },
    'POST /admin/prompts/:key/draft': { summary: 'Create a draft from the newest published version (or from)', who: 'admin', body: createDraftBody, reply: draftSaved, status: 201 },
    'PUT /admin/prompts/:key/draft': { summary: 'Save draft fields and notes; returns the draft and its issues', who: 'admin', body: saveDraftBody, reply: draftSaved },
    'POST /admin/prompts/:key/draft/publish': { summary: 'Publish the draft as the next version; refused with invalid_prompt while issues remain', who: 'admin', body: publishBody, reply: publishedPromptReply },
    'DELETE /admin/prompts/:key/draft': { summary: 'Discard the draft', who: 'admin', status: 204 },
    'POST /admin/prompts/:key/test': { summary: 'Test a version: the rendered prompt (dry run) or a metered model call judged by the production parser', who: 'admin', body: testBody, reply: labResult },
    'GET /admin/ai-usage': { summary: 'Twelve months of AI use by month and feature, month-to-date spend, budget and model', who: 'admin', reply: aiUsageReport },
    'GET /admin/cache': { summary: 'Shared title cache entries, most used first', who: 'admin', query: cacheQuery, reply: sharedCachePage },
    'PATCH /admin/cache': { summary: 'Mark a shared cache entry verified or not', who: 'admin', body: cacheVerifyBody, reply: sharedCacheEntryReply },
    'DELETE /admin/cache': { summary: 'Delete a shared cache entry', who: 'admin', body: cacheDeleteBody, status: 204 },
  },
};

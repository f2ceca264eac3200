import type { RouteArea } from '../../http/openapi.ts';
import { createDraftBody, publishBody, saveDraftBody } from './schema.ts';
import { maybeReferenceDraftReply, publishReferenceReply, referenceDraftReply, referenceOverviewReply, referenceVersionMeta, referenceVersionReply } from '../../../schema/api/reference.ts';

export const referenceApi: RouteArea = {
  tag: 'Reference data',
  routes: {
    'GET /reference': { summary: 'The live (newest published) version: number, date and notes', who: 'signed in', reply: referenceVersionMeta },
    'GET /reference/versions/:version': { summary: "A published version's full data (the draft: admins only)", who: 'signed in', reply: referenceVersionReply },
    'GET /admin/reference': { summary: 'Current version, draft and versions (metadata only)', who: 'admin', reply: referenceOverviewReply },
    'POST /admin/reference/draft': { summary: 'Start a draft from a version (one draft at a time)', who: 'admin', body: createDraftBody, reply: referenceDraftReply, status: 201 },
    'GET /admin/reference/draft': { summary: 'The draft, or null', who: 'admin', reply: maybeReferenceDraftReply },
    'PUT /admin/reference/draft': { summary: 'Change the draft', who: 'admin', body: saveDraftBody, reply: referenceDraftReply },
    'POST /admin/reference/draft/publish': { summary: 'Validate, compile and publish the draft', who: 'admin', body: publishBody, reply: publishReferenceReply },
    'DELETE /admin/reference/draft': { summary: 'Discard the draft', who: 'admin', status: 204 },
  },
};

import type { RouteArea } from '../../http/openapi.ts';
import { auditPageQuery, createEngagementBody, purgeBody, putMemberBody, updateEngagementBody } from './schema.ts';

export const engagementsApi: RouteArea = {
  tag: 'Engagements',
  routes: {
    'GET /engagements': { summary: "Engagements the caller can read, with the caller's role and PII flag", who: 'signed in' },
    'POST /engagements': { summary: 'Create an engagement; the caller becomes its lead', who: 'signed in', body: createEngagementBody, status: 201 },
    'GET /engagements/:id': { summary: 'One engagement', who: 'member' },
    'PATCH /engagements/:id': { summary: 'Change name, pack, region, sharing, retention or report notes (only fields sent)', who: 'lead', body: updateEngagementBody },
    'POST /engagements/:id/close': { summary: 'Close the engagement; retention starts', who: 'lead' },
    'POST /engagements/:id/reopen': { summary: 'Reopen a closed engagement', who: 'lead' },
    'POST /engagements/:id/purge': { summary: "Purge a closed engagement's data now, confirming its name", who: 'lead', body: purgeBody },
    'DELETE /engagements/:id': { summary: 'Delete an engagement', who: 'admin', status: 204 },
    'GET /engagements/:id/members': { summary: 'Members and their roles', who: 'member' },
    'PUT /engagements/:id/members': { summary: 'Add or update a member (at least one lead stays)', who: 'lead', body: putMemberBody },
    'DELETE /engagements/:id/members/:userId': { summary: 'Remove a member (at least one lead stays)', who: 'lead', status: 204 },
    'GET /engagements/:id/audit': { summary: "The engagement's audit trail, 100 a page by default", who: 'lead', query: auditPageQuery },
  },
};

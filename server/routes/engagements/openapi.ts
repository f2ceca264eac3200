import { engagementPageReply, engagementReply, engagementsReply, memberReply, membersReply, myEngagementReply } from '../../../schema/api/engagements.ts';
import type { RouteArea } from '../../http/openapi.ts';
import { auditPageQuery, createEngagementBody, purgeBody, putMemberBody, updateEngagementBody } from './schema.ts';
import { auditPage } from '../../../schema/api/audit.ts';

export const engagementsApi: RouteArea = {
  tag: 'Engagements',
  routes: {
    'GET /engagements': { summary: "Engagements the caller can read, with the caller's role and PII flag", who: 'signed in', reply: engagementsReply },
    'POST /engagements': { summary: 'Create an engagement; the caller becomes its lead', who: 'signed in', body: createEngagementBody, reply: myEngagementReply, status: 201 },
    'GET /engagements/:id': { summary: "One engagement and its members, with the caller's role", who: 'member', reply: engagementPageReply },
    'PATCH /engagements/:id': { summary: 'Change name, pack, region, sharing, retention or report notes (only fields sent)', who: 'lead', body: updateEngagementBody, reply: engagementReply },
    'POST /engagements/:id/close': { summary: 'Close the engagement; retention starts', who: 'lead', reply: engagementReply },
    'POST /engagements/:id/reopen': { summary: 'Reopen a closed engagement', who: 'lead', reply: engagementReply },
    'POST /engagements/:id/purge': { summary: "Purge a closed engagement's data now, confirming its name", who: 'lead', body: purgeBody, reply: engagementReply },
    'DELETE /engagements/:id': { summary: 'Delete an engagement', who: 'admin', status: 204 },
    'GET /engagements/:id/members': { summary: 'Members and their roles', who: 'member', reply: membersReply },
    'PUT /engagements/:id/members': { summary: 'Add or update a member (at least one lead stays)', who: 'lead', body: putMemberBody, reply: memberReply },
    'DELETE /engagements/:id/members/:userId': { summary: 'Remove a member (at least one lead stays)', who: 'lead', status: 204 },
    'GET /engagements/:id/audit': { summary: "The engagement's audit trail, 100 a page by default", who: 'lead', query: auditPageQuery, reply: auditPage },
  },
};

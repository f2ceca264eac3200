import type { RouteArea } from '../../http/openapi.ts';
import { matchBody, revealBody } from './schema.ts';
import { matchReply, revealReply } from '../../../schema/api/identities.ts';

export const identitiesApi: RouteArea = {
  tag: 'Identities',
  routes: {
    'POST /datasets/:id/identities/reveal': { summary: 'Names and emails of the dataset’s people, for a stated purpose (up to 4 MB; audited)', who: 'PII access', body: revealBody, reply: revealReply },
    'POST /datasets/:id/identities/match': { summary: 'Match a licence list of emails by blind index; matches by index, never the emails (up to 8 MB; audited)', who: 'PII access', body: matchBody, reply: matchReply },
  },
};

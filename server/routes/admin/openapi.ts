import { platformStatsReply } from '../../../schema/api/users.ts';
import type { RouteArea } from '../../http/openapi.ts';
import { auditQuery } from './schema.ts';
import { auditPage } from '../../../schema/api/audit.ts';

export const adminApi: RouteArea = {
  tag: 'Administration',
  routes: {
    'GET /admin/audit': { summary: 'The platform audit trail with engagement names; action filters by code', who: 'admin', query: auditQuery, reply: auditPage },
    'GET /admin/stats': { summary: 'Counts of engagements, datasets, people analysed and cache entries', who: 'admin', reply: platformStatsReply },
  },
};

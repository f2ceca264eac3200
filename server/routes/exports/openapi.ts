import { exportRecordBody } from '../../../schema/exports.ts';
import type { RouteArea } from '../../http/openapi.ts';

export const exportsApi: RouteArea = {
  tag: 'Exports',
  routes: {
    'POST /datasets/:id/exports': { summary: 'Record an export the browser generated', who: 'member', body: exportRecordBody, status: 204 },
  },
};

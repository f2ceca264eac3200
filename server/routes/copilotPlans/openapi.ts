import { copilotPlanBody } from '../../../schema/copilotPlan.ts';
import type { RouteArea } from '../../http/openapi.ts';

export const copilotPlansApi: RouteArea = {
  tag: 'Copilot plans',
  routes: {
    'GET /datasets/:id/copilot-plans': { summary: "The dataset's saved Copilot plans", who: 'member' },
    'POST /datasets/:id/copilot-plans': { summary: 'Save a Copilot plan', who: 'lead, analyst', body: copilotPlanBody, status: 201 },
    'GET /copilot-plans/:id': { summary: 'One Copilot plan', who: 'member' },
    'PUT /copilot-plans/:id': { summary: 'Change a Copilot plan', who: 'lead, analyst', body: copilotPlanBody },
    'DELETE /copilot-plans/:id': { summary: 'Delete a Copilot plan', who: 'lead, analyst', status: 204 },
  },
};

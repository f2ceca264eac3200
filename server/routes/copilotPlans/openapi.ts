import { copilotPlanBody } from '../../../schema/copilotPlan.ts';
import type { RouteArea } from '../../http/openapi.ts';
import { copilotPlanReply, copilotPlansReply } from '../../../schema/api/copilotPlans.ts';

export const copilotPlansApi: RouteArea = {
  tag: 'Copilot plans',
  routes: {
    'GET /datasets/:id/copilot-plans': { summary: "The dataset's saved Copilot plans", who: 'member', reply: copilotPlansReply },
    'POST /datasets/:id/copilot-plans': { summary: 'Save a Copilot plan', who: 'lead, analyst', body: copilotPlanBody, reply: copilotPlanReply, status: 201 },
    'GET /copilot-plans/:id': { summary: 'One Copilot plan', who: 'member', reply: copilotPlanReply },
    'PUT /copilot-plans/:id': { summary: 'Change a Copilot plan', who: 'lead, analyst', body: copilotPlanBody, reply: copilotPlanReply },
    'DELETE /copilot-plans/:id': { summary: 'Delete a Copilot plan', who: 'lead, analyst', status: 204 },
  },
};

import type { RouteArea } from '../../http/openapi.ts';
import { signInBody } from './schema.ts';
import { devUsersReply } from '../../../schema/api/session.ts';
import { userReply } from '../../../schema/api/users.ts';

export const devSignInApi: RouteArea = {
  tag: 'Development sign-in',
  routes: {
    'GET /dev/users': { summary: 'Provisioned users to pick from (local runtime only)', who: 'anyone, local runtime only', reply: devUsersReply },
    'POST /dev/sign-in': { summary: 'Trade an email for a session cookie (local runtime only)', who: 'anyone, local runtime only', body: signInBody, reply: userReply },
    'POST /dev/sign-out': { summary: 'End the session', who: 'anyone, local runtime only', status: 204 },
  },
};

import { userReply, usersReply } from '../../../schema/api/users.ts';
import type { RouteArea } from '../../http/openapi.ts';
import { createUserBody, updateUserBody } from './schema.ts';

export const usersApi: RouteArea = {
  tag: 'Users',
  routes: {
    'GET /users': { summary: 'Active users (admins also see deactivated ones)', who: 'signed in', reply: usersReply },
    'POST /users': { summary: 'Add a user', who: 'admin', body: createUserBody, reply: userReply, status: 201 },
    'PATCH /users/:id': { summary: 'Change role, active or name (the last active admin stays)', who: 'admin', body: updateUserBody, reply: userReply },
  },
};

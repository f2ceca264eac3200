import { clientReply, clientsReply } from '../../../schema/api/users.ts';
import type { RouteArea } from '../../http/openapi.ts';
import { brandBody, createClientBody, updateClientBody } from './schema.ts';
import { brandReply, savedBrandReply } from '../../../schema/api/brand.ts';

export const clientsApi: RouteArea = {
  tag: 'Clients',
  routes: {
    'GET /clients': { summary: 'All clients', who: 'signed in', reply: clientsReply },
    'POST /clients': { summary: 'Add a client', who: 'signed in', body: createClientBody, reply: clientReply, status: 201 },
    'PATCH /clients/:id': { summary: 'Change name, sector, notes or archived', who: "the client's creator or an admin", body: updateClientBody, reply: clientReply },
    'GET /clients/:id/brand': { summary: 'The brand or null, and whether the caller may change it', who: 'signed in', reply: brandReply },
    'PUT /clients/:id/brand': { summary: 'Set logo, colours and font', who: "an admin, the client's creator or a lead of one of its engagements", body: brandBody, reply: savedBrandReply },
    'DELETE /clients/:id/brand': { summary: 'Remove the brand', who: "an admin, the client's creator or a lead of one of its engagements", status: 204 },
  },
};

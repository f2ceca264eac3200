// Typed calls for clients (the organisations engagements are for), as the server's client routes answer them.
// The brand has its own calls in report.ts.
import { api } from './http.ts';
import { clientReply, clientsReply, type Client } from '../../schema/api/users.ts';

export type { Client } from '../../schema/api/users.ts';

export interface NewClient {
  name: string;
  sector?: string | null;
  notes?: string | null;
}

export interface ClientChanges {
  name?: string;
  sector?: string | null;
  notes?: string | null;
  archived?: boolean;
}

export async function listClients(): Promise<Client[]> {
  return (await api.get('/clients', clientsReply)).clients;
}

export async function createClient(input: NewClient): Promise<Client> {
  return (await api.post('/clients', input, clientReply)).client;
}

/** The client's creator or an administrator; anyone else gets 403 forbidden. */
export async function updateClient(id: string, changes: ClientChanges): Promise<Client> {
  return (await api.patch(`/clients/${encodeURIComponent(id)}`, changes, clientReply)).client;
}

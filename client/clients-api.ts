// Typed calls for clients (the organisations engagements are for), as the server's client routes answer them.
// The brand has its own calls in report-api.ts.
import { api } from './api.ts';

export interface Client {
  id: string;
  name: string;
  sector: string | null;
  notes: string | null;
  archived: boolean;
  /** The user who added it: they and administrators may change it. */
  createdBy: string;
  hasBrand: boolean;
  createdAt: string;
  updatedAt: string;
}

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

export async function fetchClients(): Promise<Client[]> {
  return (await api.get<{ clients: Client[] }>('/clients')).clients;
}

export async function createClient(input: NewClient): Promise<Client> {
  return (await api.post<{ client: Client }>('/clients', input)).client;
}

/** The client's creator or an administrator; anyone else gets 403 forbidden. */
export async function updateClient(id: string, changes: ClientChanges): Promise<Client> {
  return (await api.patch<{ client: Client }>(`/clients/${encodeURIComponent(id)}`, changes)).client;
}

import type { Tx } from '../db/connection.ts';
import { bindBool, bindJson, nowIso, readBool, readIso, readJson } from '../db/convert.ts';
import type { Brand } from '../../workers/brand/brand.ts';

export interface Client {
  id: string;
  name: string;
  sector: string | null;
  notes: string | null;
  archived: boolean;
  createdBy: string;
  brand: Brand | null;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'name', 'sector', 'notes', 'archived', 'created_by', 'brand', 'created_at', 'updated_at'] as const;

function toClient(row: Record<(typeof columns)[number], unknown>): Client {
  return {
    id: row.id as string,
    name: row.name as string,
    sector: (row.sector as string | null) ?? null,
    notes: (row.notes as string | null) ?? null,
    archived: readBool(row.archived),
    createdBy: row.created_by as string,
    brand: row.brand === null || row.brand === undefined ? null : readJson<Brand>(row.brand),
    createdAt: readIso(row.created_at),
    updatedAt: readIso(row.updated_at),
  };
}

export async function listClients(tx: Tx): Promise<Client[]> {
  const rows = await tx.selectFrom('clients').select(columns).orderBy('name').execute();
  return rows.map((r) => toClient(r as never));
}

export async function findClient(tx: Tx, id: string): Promise<Client | null> {
  const row = await tx.selectFrom('clients').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toClient(row as never) : null;
}

export async function insertClient(tx: Tx, client: { id: string; name: string; sector: string | null; notes: string | null; createdBy: string }): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('clients')
    .values({ id: client.id, name: client.name, sector: client.sector, notes: client.notes, archived: bindBool(false), created_by: client.createdBy, brand: null, created_at: now, updated_at: now } as never)
    .execute();
}

export async function updateClient(tx: Tx, id: string, patch: { name?: string; sector?: string | null; notes?: string | null; archived?: boolean }): Promise<void> {
  const values: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.sector !== undefined) values.sector = patch.sector;
  if (patch.notes !== undefined) values.notes = patch.notes;
  if (patch.archived !== undefined) values.archived = bindBool(patch.archived);
  await tx.updateTable('clients').set(values as never).where('id', '=', id).execute();
}

export async function setClientBrand(tx: Tx, id: string, brand: Brand | null): Promise<void> {
  await tx.updateTable('clients').set({ brand: brand === null ? null : bindJson(brand), updated_at: nowIso() } as never).where('id', '=', id).execute();
}

import { readOnce, type Database, type Slot, type Tx } from '../db/connection.ts';
import type { PlatformRole } from '../../schema/roles.ts';
import { bindBool, nowIso, readBool, readIso } from '../db/convert.ts';

export interface User {
  id: string;
  email: string;
  name: string;
  role: PlatformRole;
  active: boolean;
  createdAt: string;
}

const columns = ['id', 'email', 'name', 'role', 'active', 'created_at'] as const;

function toUser(row: { id: string; email: string; name: string; role: string; active: unknown; created_at: unknown }): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as PlatformRole,
    active: readBool(row.active),
    createdAt: readIso(row.created_at),
  };
}

export async function findUserById(tx: Tx, id: string): Promise<User | null> {
  const row = await tx.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<User | null> {
  const row = await tx.selectFrom('users').select(columns).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? toUser(row) : null;
}

/** What names a request's caller: the email of a verified access token, or the hash of a development session's token. */
export type Credential = { email: string } | { sessionTokenHash: string };

/** The values that name a caller in callerIdQuery: the token's email as users are stored, or a session's token hash and the time now. */
export type CallerValues = { email: string } | { sessionTokenHash: string; now: string };

export function callerValues(credential: Credential): CallerValues {
  if ('email' in credential) return { email: credential.email.trim().toLowerCase() };
  return { sessionTokenHash: credential.sessionTokenHash, now: nowIso() };
}

/** callerValues with slots in their place, for a statement compiled once (compiledOnce); one statement per kind of credential. */
export function callerSlots(credential: Credential, slot: Slot): CallerValues {
  if ('email' in credential) return { email: slot('email') };
  return { sessionTokenHash: slot('sessionTokenHash'), now: slot('now') };
}

/** The statement selecting the id of the user named: the user of that email, or an unexpired session's user. */
export function callerIdQuery(database: Database, caller: CallerValues) {
  if ('email' in caller) return database.reader.selectFrom('users').select('id').where('email', '=', caller.email);
  return database.reader
    .selectFrom('dev_sessions')
    .select('user_id as id')
    .where('token_hash', '=', caller.sessionTokenHash)
    .where('expires_at', '>', caller.now as never);
}

/** The user a credential names, in one statement (one round trip on Postgres); null when it names nobody. */
export async function identifyCaller(database: Database, credential: Credential): Promise<User | null> {
  const [row] = await readOnce(database, database.reader.selectFrom('users').select(columns).where('id', '=', callerIdQuery(database, callerValues(credential))));
  return row ? toUser(row) : null;
}

/** A user read under the column names of `columns` from a wider row. */
export function userOfRow(row: Record<string, unknown>): User {
  return toUser(row as Parameters<typeof toUser>[0]);
}

export async function listUsers(tx: Tx, includeInactive: boolean): Promise<User[]> {
  let query = tx.selectFrom('users').select(columns).orderBy('name').orderBy('email');
  if (!includeInactive) query = query.where('active', '=', bindBool(true) as never);
  return (await query.execute()).map(toUser);
}

export async function insertUser(tx: Tx, user: { id: string; email: string; name: string; role: PlatformRole }): Promise<User> {
  const now = nowIso();
  await tx
    .insertInto('users')
    .values({ id: user.id, email: user.email.trim().toLowerCase(), name: user.name, role: user.role, active: bindBool(true), created_at: now, updated_at: now } as never)
    .execute();
  return (await findUserById(tx, user.id))!;
}

export async function updateUser(tx: Tx, id: string, patch: { name?: string; role?: PlatformRole; active?: boolean }): Promise<void> {
  const values: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.role !== undefined) values.role = patch.role;
  if (patch.active !== undefined) values.active = bindBool(patch.active);
  await tx.updateTable('users').set(values as never).where('id', '=', id).execute();
}

/** Ids of active admins; on Postgres the rows are locked so two demotions cannot both pass the last-admin check. */
export async function lockActiveAdminIds(tx: Tx, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const query = tx.selectFrom('users').select('id').where('role', '=', 'admin').where('active', '=', bindBool(true) as never);
  const rows = dialect === 'postgres' ? await query.forUpdate().execute() : await query.execute();
  return rows.map((r) => r.id);
}


import type { Tx } from '../db/connection.ts';
import { nowIso } from '../db/convert.ts';

export async function insertDevSession(tx: Tx, tokenHash: string, userId: string, expiresAt: string): Promise<void> {
  await tx.insertInto('dev_sessions').values({ token_hash: tokenHash, user_id: userId, created_at: nowIso(), expires_at: expiresAt } as never).execute();
}

export async function deleteDevSession(tx: Tx, tokenHash: string): Promise<void> {
  await tx.deleteFrom('dev_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredDevSessions(tx: Tx): Promise<void> {
  await tx.deleteFrom('dev_sessions').where('expires_at', '<=', nowIso() as never).execute();
}

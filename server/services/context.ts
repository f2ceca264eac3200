import type { Dialect, Tx } from '../db/connection.ts';
import type { User } from '../repositories/usersRepository.ts';

/** What every service function receives: the request's transaction and who is acting. */
export interface ServiceContext {
  tx: Tx;
  dialect: Dialect;
  actor: User;
}

/**
 * Runs one unit of work in its own transaction as the acting user. Services that must not hold a
 * transaction open across a slow call (a model request) take a runner instead of a context.
 */
export type TransactionRunner = <T>(fn: (ctx: ServiceContext) => Promise<T>) => Promise<T>;

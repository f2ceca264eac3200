import type { Dialect, Tx } from '../db/connection.ts';
import type { User } from '../repositories/usersRepository.ts';

/** What every service function receives: the request's transaction and who is acting. */
export interface ServiceContext {
  tx: Tx;
  dialect: Dialect;
  actor: User;
}

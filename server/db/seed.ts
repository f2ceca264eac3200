import { randomUUID } from 'node:crypto';
import { DEV_USERS } from '../../seeds/devUsers.ts';
import { findUserByEmail, insertUser } from '../repositories/usersRepository.ts';
import { asOwner, type Database } from './connection.ts';

/** Local development seed: idempotent, never run by the deployed runtime. */
export async function seedDevelopmentUsers(database: Database): Promise<number> {
  return asOwner(database, async (tx) => {
    let added = 0;
    for (const user of DEV_USERS) {
      if (await findUserByEmail(tx, user.email)) continue;
      await insertUser(tx, { id: randomUUID(), ...user });
      added += 1;
    }
    return added;
  });
}

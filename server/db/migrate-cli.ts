import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { findUserByEmail, insertUser, updateUser } from '../repositories/usersRepository.ts';
import { SERVICE_VERSION } from '../version.ts';
import { asOwner, openDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { seedBuiltInContent } from './seed.ts';

/**
 * `npm run migrate [-- --bootstrap-admin <email> --name <name>]`: brings the database (DATABASE_URL,
 * else the SQLite file under DATA_DIR) to the latest schema as the owner. The optional bootstrap
 * provisions the first administrator of a deployed installation; it never seeds anything else.
 */
const { values } = parseArgs({ options: { 'bootstrap-admin': { type: 'string' }, name: { type: 'string' } } });
const config = loadConfig(process.env, SERVICE_VERSION);
const database = openDatabase(config);
try {
  const applied = await migrateToLatest(database);
  process.stdout.write(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'Database already up to date.\n');
  const { referenceSeeded, promptsSeeded } = await seedBuiltInContent(database);
  if (referenceSeeded) process.stdout.write('Seeded reference data version 1.\n');
  if (promptsSeeded) process.stdout.write(`Seeded version 1 of ${promptsSeeded} prompts.\n`);
  const email = values['bootstrap-admin'];
  if (email) {
    await asOwner(database, async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing) await updateUser(tx, existing.id, { role: 'admin', active: true });
      else await insertUser(tx, { id: randomUUID(), email, name: values.name ?? email.split('@')[0], role: 'admin' });
    });
    process.stdout.write('Administrator provisioned.\n');
  }
} finally {
  await database.close();
}

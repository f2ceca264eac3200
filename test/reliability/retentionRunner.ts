/**
 * One run of the retention job in its own process, as a server's scheduler runs it: waits until the
 * given instant so that several runners start together, then prints { purged, skipped } as JSON.
 * Usage: tsx test/reliability/retentionRunner.ts <postgres url> <epoch ms>
 */
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { purgeDueEngagements } from '../../server/services/retention.ts';

const [databaseUrl, at] = process.argv.slice(2);
const database = openDatabase(loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test' }, '0.0.0-test'));
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(at) - Date.now())));
try {
  process.stdout.write(`${JSON.stringify(await purgeDueEngagements(database))}\n`);
} finally {
  await database.close();
}

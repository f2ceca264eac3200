import { loadConfig } from './config.ts';
import { log } from './log.ts';
import { SetupError, startServer } from './server.ts';
import { SERVICE_VERSION } from './version.ts';

try {
  const config = loadConfig(process.env, SERVICE_VERSION);
  const running = await startServer(config);
  log.info('listening', { url: running.url, runtime: config.runtime, database: running.database.dialect });
  if (config.runtime === 'local') process.stdout.write(`Staff analysis is running at ${running.url.replace('127.0.0.1', 'localhost')}\n`);
  const stop = () => {
    running.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  if (err instanceof SetupError || (err instanceof Error && err.message.startsWith('Invalid environment'))) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

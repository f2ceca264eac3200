import fs from 'node:fs';
import path from 'node:path';

/** The service version reported by /api/health: package.json's version. */
export const SERVICE_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
).version;

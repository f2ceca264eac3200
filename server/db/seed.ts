import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEV_USERS } from '../../seeds/devUsers.ts';
import { BUILT_IN_PROMPT_NOTES, BUILT_IN_PROMPTS } from '../../seeds/prompts-v1.ts';
import { PROMPT_KEYS } from '../../schema/prompts.ts';
import { insertPublishedPromptIfMissing } from '../repositories/promptsRepository.ts';
import { insertPublishedVersionIfMissing } from '../repositories/referenceRepository.ts';
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

export const REFERENCE_SEED_FILE = path.resolve(import.meta.dirname, '../../seeds/reference-v1.json');
// A fixed id keeps the seed idempotent across servers racing to insert it.
const REFERENCE_V1_ID = '00000000-0000-4000-8000-000000000001';

// Fixed ids for the four built-in prompts, for the same reason.
const PROMPT_V1_IDS = {
  classifier: '00000000-0000-4000-8000-000000000101',
  'exec-summary': '00000000-0000-4000-8000-000000000102',
  lifecycle: '00000000-0000-4000-8000-000000000103',
  ask: '00000000-0000-4000-8000-000000000104',
} as const;

/**
 * Built-in content that every installation needs: reference data version 1 and version 1 of each
 * prompt. Run after migrations by the local server and by `npm run migrate` (the deployed runtime
 * never seeds at start).
 */
export async function seedBuiltInContent(database: Database): Promise<{ referenceSeeded: boolean; promptsSeeded: number }> {
  const data = JSON.parse(fs.readFileSync(REFERENCE_SEED_FILE, 'utf8'));
  return asOwner(database, async (tx) => {
    const referenceSeeded = await insertPublishedVersionIfMissing(tx, 1, data, 'Version 1, built from public data (see seeds/ and scripts/build-reference).', REFERENCE_V1_ID);
    let promptsSeeded = 0;
    for (const key of PROMPT_KEYS) {
      if (await insertPublishedPromptIfMissing(tx, PROMPT_V1_IDS[key], key, BUILT_IN_PROMPTS[key], BUILT_IN_PROMPT_NOTES)) promptsSeeded += 1;
    }
    return { referenceSeeded, promptsSeeded };
  });
}

import { parentPort } from 'node:worker_threads';
import { sealIdentities, type IdentityKeys, type SealedRowsJson } from './identityCipher.ts';

/**
 * A sealing thread of sealingPool.ts. People travel as columns of strings rather than as objects: the
 * structured clone then copies strings without a property name per field, a third of the cost.
 */
export interface SealRequest {
  id: number;
  keys: IdentityKeys;
  datasetId: string;
  employeeIds: string[];
  names: (string | null)[];
  emails: (string | null)[];
}

export type SealReply =
  | { id: number; sealed: SealedRowsJson }
  | { id: number; errorCode: string };

parentPort!.on('message', ({ id, keys, datasetId, employeeIds, names, emails }: SealRequest) => {
  let reply: SealReply;
  try {
    const people = employeeIds.map((employeeId, i) => ({ employeeId, name: names[i] ?? null, email: emails[i] ?? null }));
    reply = { id, sealed: sealIdentities(keys, datasetId, people) };
  } catch (error) {
    // The code alone: Node's argument errors quote the value they refused, which may be a name or an email.
    const code = (error as { code?: unknown } | null)?.code;
    reply = { id, errorCode: typeof code === 'string' ? code : 'unknown' };
  }
  parentPort!.postMessage(reply);
});

import type { Request } from 'express';
import { asReader, asStatements, asUser, type Database } from '../db/connection.ts';
import type { ServiceContext, TransactionRunner } from '../services/context.ts';
import { findCallerAndDatasetVersion, findDatasetVersionForReader } from '../repositories/datasetsRepository.ts';
import type { VersionedReads } from '../services/datasets.ts';
import { currentUser, identifiedWith } from './auth.ts';

/** Runs a service call in one transaction as the signed-in user: the change and its audit row commit together. */
export function inUserTransaction<T>(database: Database, req: Request, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  const actor = currentUser(req);
  return asUser(database, actor.id, (tx) => fn({ tx, dialect: database.dialect, actor }));
}

/** One request's transactions, each as the signed-in user, for a service that must not hold one open across a slow call. */
export function userRunner(database: Database, req: Request): TransactionRunner {
  return (fn) => inUserTransaction(database, req, fn);
}

/** inUserTransaction with the database fixed, for a route file's handlers. */
export function userTransactions(database: Database) {
  return <T>(req: Request, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> => inUserTransaction(database, req, fn);
}

/** userTransactions for handlers that only read: on SQLite they run on the read-only connection, beside any writer. */
export function userReads(database: Database) {
  return <T>(req: Request, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> => {
    const actor = currentUser(req);
    return asReader(database, actor.id, (tx) => fn({ tx, dialect: database.dialect, actor }));
  };
}

/** userRunner for units of work that only read: on SQLite each runs on the read-only connection, beside any writer. */
export function userReadRunner(database: Database, req: Request): TransactionRunner {
  const read = userReads(database);
  return (fn) => read(req, fn);
}

/**
 * Where a dataset reply read by version runs (services/datasets.ts): the version in one statement, which also
 * identifies the caller when authenticate() left that to the route (one round trip on Postgres for both), and
 * the reply in one read-only transaction as the caller.
 */
export function userVersionedReads(database: Database, req: Request): VersionedReads {
  return {
    version: (datasetId) =>
      identifiedWith(req, {
        identifying: async (credential) => {
          const found = await findCallerAndDatasetVersion(database, credential, datasetId);
          return found && { user: found.user, value: found.version };
        },
        asUser: (actor) => asStatements(database, actor.id, (tx) => findDatasetVersionForReader(tx, datasetId, actor.id)),
      }),
    read: userReadRunner(database, req),
  };
}

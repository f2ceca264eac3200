import type { Request } from 'express';
import { asReader, asStatements, asUser, type Database } from '../db/connection.ts';
import type { ServiceContext, TransactionRunner } from '../services/context.ts';
import { currentUser } from './auth.ts';

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

/** userReadRunner for reads whose statements need not share a transaction: one round trip a statement on Postgres (asStatements). */
export function userStatementRunner(database: Database, req: Request): TransactionRunner {
  const actor = currentUser(req);
  return (fn) => asStatements(database, actor.id, (tx) => fn({ tx, dialect: database.dialect, actor }));
}

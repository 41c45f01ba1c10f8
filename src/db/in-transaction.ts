/**
 * Run `fn` in the caller's transaction when `db` is one, else in a new transaction: so an action
 * (a GM's extension, a decision) can run on its own from the CLI, or as part of a larger unit of
 * work — the email that asked for it — and commit or roll back with it.
 */
import type { Db, Trx } from './schema.js';

export function inTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}

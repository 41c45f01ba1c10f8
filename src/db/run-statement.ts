/** Run a {@link Statement} of receipt-sql.ts on a Kysely handle (or transaction): its rows. */
import { CompiledQuery } from 'kysely';
import type { Statement } from './receipt-sql.js';
import type { Db } from './schema.js';

export async function runStatement<R>(db: Db, s: Statement): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(s.text, [...s.values]))).rows;
}

/**
 * The one way the shell gets a database handle: a Kysely instance over a `pg.Pool`.
 *
 * Invariants worth knowing: int8 columns (ids, counts) come back as JS numbers, not strings (ids stay
 * far below 2^53; a larger value throws rather than silently losing digits), and the pool has an
 * `'error'` listener, because an idle client that the server drops (`57P01` when the embedded server
 * stops) would otherwise crash the process (INFRA.md §2 "Teardown pitfall").
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';

/** The OID of PostgreSQL's `int8` (bigint) type. */
const INT8_OID = 20;

function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} does not fit a JS number`);
  return n;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** Options of {@link createDb}. */
export interface CreateDbOptions {
  /** Most connections the pool opens (default 10). */
  readonly maxConnections?: number;
  /** Called with errors of idle pool clients (default: ignored; the next query reconnects). */
  readonly onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL's `statement_timeout` on every connection, in ms (issue 29): a statement running
   * longer is cancelled (SQLSTATE 57014). Default: the server's (usually none).
   */
  readonly statementTimeoutMs?: number;
  /** The connections' `application_name` (pg_stat_activity; the 0030 `*_by` columns record it). */
  readonly applicationName?: string;
  /**
   * Issue 29: statements with parameters run as named prepared statements, parsed and planned once
   * per connection (prepared-statements.ts; default on). Off for a pooler that cannot keep them
   * (PgBouncer in transaction mode): `MAILJUDGE_DB_PREPARE=off`.
   */
  readonly prepare?: boolean;
}

/**
 * Open a pooled Kysely handle on the PostgreSQL database at `url` (`postgres://user:pw@host:port/db`).
 * Connects lazily; close it with `db.destroy()`.
 */
export function createDb(url: string, options: CreateDbOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url, max: options.maxConnections ?? 10, types,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  const onError = options.onPoolError ?? (() => {});
  pool.on('error', onError);
  // A client in use whose connection dies (server restart, pg_terminate_backend) emits 'error' as
  // well as failing its query; without a listener that would crash the process.
  pool.on('connect', (client) => client.on('error', onError));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, options.prepare === false ? null : undefined) }) });
}

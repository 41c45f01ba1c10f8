/**
 * Open the judge's database as the configuration says: the external server of `DATABASE_URL`, or
 * else the embedded server under the state directory (started here, stopped by `stop()`); either
 * way migrated to the latest schema before it is handed out.
 */
import type { Config } from '../config/config.js';
import { createDb } from './database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';
import { migrate } from './migrate.js';
import type { Db } from './schema.js';

/** An open, migrated database. */
export interface OpenDatabase {
  readonly db: Db;
  /** Migrations this call applied (usually none). */
  readonly applied: readonly string[];
  /** The embedded server, when one was started (or reused) for this handle. */
  readonly embedded: EmbeddedServer | undefined;
  /** Close the pool, then stop the embedded server if this handle started it. */
  stop(): Promise<void>;
}

/**
 * Connect (starting the embedded server if `DATABASE_URL` is unset) and migrate (unless `schemaChecked`). Throws a DbError
 * when the server cannot start or a migration is refused; nothing is left running then.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'stateDir' | 'embeddedPort'> & Partial<Pick<Config, 'databasePoolSize' | 'statementTimeoutSeconds' | 'databasePrepare'>>,
  options: { applicationName?: string; schemaChecked?: boolean } = {},
): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.stateDir, { port: config.embeddedPort });
  // Issue 29: the pool's size and the statement timeout are settings (docs/configuration.md).
  const db = createDb(config.databaseUrl ?? embedded!.url, {
    ...(config.databasePoolSize ? { maxConnections: config.databasePoolSize } : {}),
    ...(config.statementTimeoutSeconds ? { statementTimeoutMs: config.statementTimeoutSeconds * 1000 } : {}),
    applicationName: options.applicationName ?? 'mailjudge',
    ...(config.databasePrepare === false ? { prepare: false } : {}),
  });
  const stop = async (): Promise<void> => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    // `schemaChecked`: the caller has just read that the schema is this build's (`mailjudge ingest`'s
    // store path, src/service/intake/pipe-receipt.ts), so the migrator's lock and reads are skipped.
    const applied = options.schemaChecked && config.databaseUrl ? [] : await migrate(db);
    return { db, applied, embedded, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

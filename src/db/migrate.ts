/**
 * Forward-only raw-SQL migrations (graphile-worker style): `sql/NNNN_name.sql`, applied in order,
 * each in its own transaction together with its `schema_migrations` row.
 *
 * Invariants: an applied file is never edited (its checksum is recorded and compared on every run;
 * CRLF line endings are normalised first, so a Windows checkout does not count as an edit), a
 * database that has a migration this build does not know is refused (an older build must not run
 * against a newer schema), and a session advisory lock serialises concurrent `migrate` calls from
 * any number of processes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { DbError } from './errors.js';
import { defaultMigrationsDir, MIGRATION_FILE_NAME as FILE_NAME } from './migration-files.js';
import type { Db } from './schema.js';

/** One migration file. */
export interface Migration {
  /** File name without `.sql`: `0001_init`. */
  readonly name: string;
  readonly sql: string;
  /** sha256 hex of the text with CRLF normalised to LF. */
  readonly checksum: string;
}

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /** Folder of the `NNNN_name.sql` files (default: the project's `sql/`). */
  readonly dir?: string;
}

/** `pg_advisory_lock` key of the migrator ("mjmi"). */
const MIGRATION_LOCK_KEY = 0x6d6a6d69;


/** sha256 hex of a migration's text, CRLF normalised to LF. */
export function migrationChecksum(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

/**
 * Read every `NNNN_name.sql` file of `dir`, sorted by number. Throws a {@link DbError}
 * (`bad-migration-file`) for a `.sql` file with another name or a number used twice.
 */
export function readMigrations(dir: string = defaultMigrationsDir()): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const out: Migration[] = [];
  for (const file of files) {
    const m = FILE_NAME.exec(file);
    if (!m) {
      problems.push(`${file}: migration files are named NNNN_lower_case_name.sql`);
      continue;
    }
    const number = m[1]!;
    const other = seen.get(number);
    if (other) problems.push(`${file}: number ${number} is also used by ${other}`);
    seen.set(number, file);
    const text = readFileSync(join(dir, file), 'utf8');
    out.push({ name: file.slice(0, -'.sql'.length), sql: text, checksum: migrationChecksum(text) });
  }
  if (problems.length > 0) throw new DbError('bad-migration-file', `bad migration files in ${dir}: ${problems.join('; ')}`);
  return out;
}

/**
 * Compare the applied migrations with the files; returns the files still to apply, or throws a
 * {@link DbError}: `migration-changed` (an applied file's checksum differs) or `migration-unknown`
 * (the database has a migration with no file here). Pure.
 */
export function pendingMigrations(
  files: readonly Migration[],
  applied: readonly { readonly name: string; readonly checksum: string }[],
): Migration[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  const problems: string[] = [];
  for (const a of applied) {
    const file = byName.get(a.name);
    if (!file) {
      problems.push(`${a.name} is applied but there is no ${a.name}.sql: this build is older than the database; run a newer mailjudge`);
    } else if (file.checksum !== a.checksum) {
      problems.push(
        `${a.name}.sql was edited after it was applied (checksum ${a.checksum.slice(0, 12)}… recorded, ${file.checksum.slice(0, 12)}… now): ` +
          'migrations are forward-only; restore the file and put the change in a new numbered file',
      );
    }
  }
  if (problems.length > 0) {
    const code = problems.some((p) => p.includes('was edited')) ? 'migration-changed' : 'migration-unknown';
    throw new DbError(code, `refusing to migrate: ${problems.join('; ')}`);
  }
  const done = new Set(applied.map((a) => a.name));
  return files.filter((f) => !done.has(f.name));
}

/**
 * Apply every pending migration, each in its own transaction, under an advisory lock; returns the
 * names applied (empty when the database is up to date). Throws a {@link DbError}:
 * `migration-changed` / `migration-unknown` before applying anything, `migration-failed` (with the
 * database error as `cause`) when a file fails; that file is rolled back, earlier ones stay applied.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const files = readMigrations(options.dir);
  return db.connection().execute(async (conn) => {
    // Waiting for another process's migrations, or a migration rewriting a large table, is never cut by
    // the judge's statement timeout (issue 29); RESET at the end gives the connection its own back.
    await sql`SET statement_timeout = 0`.execute(conn);
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          name       text PRIMARY KEY,
          checksum   text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`.execute(conn);
      const applied = await conn.selectFrom('schema_migrations').select(['name', 'checksum']).orderBy('name').execute();
      const pending = pendingMigrations(files, applied);
      const done: string[] = [];
      for (const m of pending) {
        try {
          await conn.transaction().execute(async (trx) => {
            await sql.raw(m.sql).execute(trx);
            await trx.insertInto('schema_migrations').values({ name: m.name, checksum: m.checksum }).execute();
          });
        } catch (e) {
          throw new DbError('migration-failed', `${m.name}.sql failed and was rolled back: ${(e as Error).message}`, { cause: e });
        }
        done.push(m.name);
      }
      return done;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
      await sql`RESET statement_timeout`.execute(conn);
    }
  });
}

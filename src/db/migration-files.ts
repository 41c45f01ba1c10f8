/**
 * Where the migration files are and which is the last (migrate.ts applies them), without a database
 * driver: `mailjudge ingest`'s store path compares the database's schema with them before it stores
 * (service/intake/pipe-receipt.ts, docs/startup.md).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DbError } from './errors.js';

/** `NNNN_lower_case_name.sql`. */
export const MIGRATION_FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** The project root: the nearest folder above this module with a package.json (works from src/ and dist/src/). */
function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new DbError('no-project-root', `no package.json above ${import.meta.dirname}`);
    dir = up;
  }
  return dir;
}

/** The project's `sql/` folder. */
export function defaultMigrationsDir(): string {
  return join(projectRoot(), 'sql');
}

/** How many migrations `dir` holds and the name of the last (`0034_audit_append_function`): what a migrated database's schema_migrations holds. */
export function migrationsExpected(dir: string = defaultMigrationsDir()): { count: number; last: string | undefined } {
  // Every .sql file counts: one with a bad name (which migrate refuses) makes the count disagree.
  const names = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  return { count: names.length, last: names.at(-1)?.slice(0, -'.sql'.length) };
}

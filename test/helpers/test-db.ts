/**
 * A database of its own for each test file, copied from the run's migrated template
 * (`CREATE DATABASE … TEMPLATE …`, a few hundred ms instead of an initdb). Needs the global setup
 * (test/helpers/postgres-global-setup.ts), which `npm test` configures.
 */
import pg from 'pg';
import { inject } from 'vitest';
import { createDb } from '../../src/db/database.js';
import type { Db } from '../../src/db/schema.js';
import { databaseUrl } from './postgres-context.js';

/** A test file's database. */
export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  readonly db: Db;
  /** Milliseconds the CREATE DATABASE took. */
  readonly createMs: number;
  /** Close the pool (the database is dropped with the run's server). */
  close(): Promise<void>;
}

let counter = 0;

/** Run one statement on the maintenance database. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgres').adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Create a fresh database: a copy of the migrated template, or with `empty` an unmigrated one
 * (from `template0`, for migration tests).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const { adminUrl, template, prefix } = inject('postgres');
  const name = `${prefix}_${process.pid}_${++counter}`;
  const t0 = performance.now();
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${options.empty ? 'template0' : template}"`);
  const createMs = performance.now() - t0;
  const url = databaseUrl(adminUrl, name);
  const db = createDb(url, { maxConnections: 5 });
  return { name, url, db, createMs, close: () => db.destroy() };
}

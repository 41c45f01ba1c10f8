/**
 * What the global setup hands the test files about the run's PostgreSQL server (vitest
 * `provide`/`inject`).
 */

/** The run's server: a maintenance URL, the migrated template database, the prefix of test databases. */
export interface PostgresTestInfo {
  /** A URL on the `postgres` maintenance database (superuser on the embedded server). */
  readonly adminUrl: string;
  /** The database holding the migrated schema, copied for each test file. */
  readonly template: string;
  /** Every database of this run starts with it (`mjt_<run>`). */
  readonly prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresTestInfo;
  }
}

/** `url` pointing at database `name` instead. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

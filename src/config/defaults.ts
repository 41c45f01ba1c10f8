/**
 * Defaults the command line's help text names, and those the pipe's store path reads
 * (src/config/pipe-settings.ts), in a module of their own so that `mailjudge --help` and `mailjudge
 * ingest` before its message is stored do not load the configuration schema (zod): docs/startup.md.
 */

/** The default state directory (embedded database, .eml outbox). */
export const DEFAULT_STATE_DIR = './var';
/** The default embedded-PostgreSQL port. */
export const DEFAULT_PG_PORT = 54329;
/** The default From address of the judge's mail. */
export const DEFAULT_FROM_ADDRESS = 'judge@localhost';
/** PostgreSQL `statement_timeout` on the judge's connections, in seconds (issue 29; docs/scaling.md "Sizing"). */
export const DEFAULT_STATEMENT_TIMEOUT_SECONDS = 30;

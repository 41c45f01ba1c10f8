/**
 * Defaults the command line's help text names, in a module of their own so that `mailjudge --help`
 * does not load the configuration schema (zod): docs/startup.md.
 */

/** The default state directory (embedded database, .eml outbox). */
export const DEFAULT_STATE_DIR = './var';
/** The default embedded-PostgreSQL port. */
export const DEFAULT_PG_PORT = 54329;

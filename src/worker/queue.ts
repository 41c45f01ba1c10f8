/**
 * The job queue's runtime side: graphile-worker's own schema and its logger. Jobs are added by
 * src/db/jobs.ts inside the caller's transaction.
 */
import { Logger, runMigrations } from 'graphile-worker';
import { log } from '../config/log.js';

/** Install or update graphile-worker's own schema (idempotent). */
export async function migrateQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: quietLogger() });
}


/** graphile-worker's logger, with debug and info silenced (warnings and errors go to stderr). */
export function quietLogger(): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') log()[level === 'error' ? 'error' : 'warn']({ event: 'queue' }, message);
  });
}

/**
 * Infrastructure failures of the storage layer (STYLE.md 6.4, kind 3): thrown, with a stable `code`
 * and the underlying `cause`, never turned into player-facing text.
 */

/** Stable codes of {@link DbError}. */
export type DbErrorCode =
  | 'no-project-root'
  | 'bad-migration-file'
  | 'migration-changed'
  | 'migration-unknown'
  | 'migration-failed'
  | 'embedded-start-failed'
  | 'audit-isolation'
  | 'audit-hash'
  | 'bad-state-json'
  | 'not-found'
  | 'restore-refused';

/** A storage-layer failure: a broken invariant, a refused migration, a server that would not start. */
export class DbError extends Error {
  override readonly name = 'DbError';
  constructor(
    readonly code: DbErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Which failures are of the environment, and so worth retrying, and which would happen again with
 * the same input (issue 20: a stored message that can never be decided is quarantined, not retried
 * forever). Pure: it reads the error objects node-postgres and Node's sockets throw.
 *
 * Temporary (retry): the database cannot be reached or went away (SQLSTATE class 08 connection
 * exception, 57 operator intervention such as 57P01 admin shutdown or 57P03 cannot connect now, 53
 * insufficient resources, 58 system error), a transaction that lost a race (40001 serialization
 * failure, 40P01 deadlock), a lock or statement timeout (55P03, 57014), and Node's socket errors
 * (ECONNREFUSED, ECONNRESET, ETIMEDOUT, …; ENOENT on connecting to a unix socket) or node-postgres's own "Connection terminated" errors,
 * which carry no code. Everything else (a constraint violation, invalid text, a bug in the judge)
 * recurs with the same bytes: permanent.
 */

/** SQLSTATE classes (the first two characters) of failures of the environment. */
const TRANSIENT_SQLSTATE_CLASSES: ReadonlySet<string> = new Set(['08', '53', '57', '58']);
/** Single SQLSTATEs outside those classes that a retry can cure. */
const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01', '55P03']);
/** Node's network error codes. */
const TRANSIENT_NODE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN',
]);
/** node-postgres and pg-pool errors without a code: the connection or the pool, never the query. */
const TRANSIENT_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/i,
  /^timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
  /^the database system is (starting up|shutting down|in recovery mode)/i,
];

/**
 * A connection to a unix socket whose file is not there: the server is down (it removes its socket
 * when it stops; the embedded server is reached through one, issue 29). Any other ENOENT (a file the
 * judge reads) is not a connection failure.
 */
export function isMissingSocket(err: { code?: unknown; syscall?: unknown }): boolean {
  return err.code === 'ENOENT' && err.syscall === 'connect';
}

/** SQLSTATEs after which the server has closed the connection (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57P04 database dropped). */
const CONNECTION_CLOSING_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '57P04']);
/** node-postgres's errors of a connection that is dead. */
const DEAD_CONNECTION_MESSAGES: readonly RegExp[] = [/^Connection terminated/i, /^Client has encountered a connection error/i, /^Client was closed/i];

/**
 * Whether a statement's error `e` says its connection is gone, so the client must not go back to
 * the pool (issue 29, stop 46). Over TCP a server that stops sends 57P01 and then closes: a statement
 * written in between fails with the 57P01, but node-postgres marks the client dead only when it reads
 * the close, after the pool has had it back and may have handed it out again. Pure.
 */
export function isConnectionLost(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof err.code === 'string') {
    if (TRANSIENT_NODE_CODES.has(err.code) || isMissingSocket(err)) return true;
    if (CONNECTION_CLOSING_SQLSTATES.has(err.code) || /^08[0-9A-Z]{3}$/.test(err.code)) return true;
  }
  return typeof err.message === 'string' && DEAD_CONNECTION_MESSAGES.some((re) => re.test(err.message as string));
}

/** Whether `e` is a failure of the environment that a later attempt may not meet. Pure. */
export function isTransientFailure(e: unknown, depth = 0): boolean {
  if (depth > 5 || typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof err.code === 'string') {
    // Node's codes first: `EPIPE` has the shape of a SQLSTATE (five capitals), and read as one (class
    // `EP`) it was permanent, so a write to a connection the server had closed (the unix socket's
    // answer; over TCP the client reads 57P01 or a reset) quarantined the message being decided (issue 29, stop 46).
    if (TRANSIENT_NODE_CODES.has(err.code) || isMissingSocket(err)) return true;
    if (/^[0-9A-Z]{5}$/.test(err.code) && (TRANSIENT_SQLSTATES.has(err.code) || TRANSIENT_SQLSTATE_CLASSES.has(err.code.slice(0, 2)))) return true;
  }
  if (typeof err.message === 'string' && TRANSIENT_MESSAGES.some((re) => re.test(err.message as string))) return true;
  // An AggregateError (several addresses refused) or an error wrapping another.
  if (Array.isArray(err.errors) && err.errors.some((x) => isTransientFailure(x, depth + 1))) return true;
  return err.cause !== undefined && isTransientFailure(err.cause, depth + 1);
}

/** A failure as one line for the record: the SQLSTATE or Node code, then the message. Pure. */
export function describeFailure(e: unknown): string {
  if (typeof e !== 'object' || e === null) return String(e);
  const err = e as { code?: unknown; message?: unknown; constraint?: unknown; errors?: unknown };
  const message = typeof err.message === 'string' && err.message !== '' ? err.message
    : Array.isArray(err.errors) && err.errors.length > 0 ? describeFailure(err.errors[0]) : String(e);
  const code = typeof err.code === 'string' ? `[${err.code}] ` : '';
  return `${code}${message}`.replace(/\s+/g, ' ').trim();
}

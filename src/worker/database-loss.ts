/**
 * Whether an error means the judge has lost its database (issue 25, item 8): the server shut down
 * (57P01 admin shutdown on SIGINT/SIGTERM of postgres, 57P02 crash shutdown, 57P03 cannot connect
 * now), the connection broke (SQLSTATE class 08, node-postgres's "Connection terminated …"), or the
 * server refuses connections. `mailjudge start` exits 75 on it, whichever library notices first: the
 * watchdog, graphile-worker's runner, or a rejection no one handled. Pure: it reads the error objects
 * node-postgres, pg-pool and Node's sockets throw. Not a database loss: a deadlock, a serialization
 * failure, a lock timeout (a retry cures those), or any error a query's input causes.
 */

import { isMissingSocket } from '../db/transient-error.js';

const LOSS_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03']);
/** Node's socket errors: only with the database's port when it is known (a smarthost's are not ours). */
const LOSS_NODE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const LOSS_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/i,
  /^Client has encountered a connection error/i,
  /^the database system is (shutting down|starting up|in recovery mode)/i,
  /^terminating connection due to administrator command/i,
];

/** The reason `e` means the database is lost, as one line, or `undefined`. `port`: the database's port. Pure. */
export function databaseLoss(e: unknown, port?: number, depth = 0): string | undefined {
  if (depth > 5 || typeof e !== 'object' || e === null) return undefined;
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; port?: unknown; address?: unknown; syscall?: unknown };
  const message = typeof err.message === 'string' ? err.message : '';
  const said = (code: string) => `[${code}] ${message}`.trim();
  if (typeof err.code === 'string') {
    if (LOSS_SQLSTATES.has(err.code) || /^08[0-9A-Z]{3}$/.test(err.code)) return said(err.code);
    // Through a unix socket (the embedded server, issue 29) the port is the socket file's suffix, and
    // a server that stopped has removed the file (ENOENT on connect).
    const socketPort = typeof err.address === 'string' ? /\.s\.PGSQL\.(\d+)$/.exec(err.address)?.[1] : undefined;
    const errPort = err.port ?? (socketPort === undefined ? undefined : Number(socketPort));
    if ((LOSS_NODE_CODES.has(err.code) || isMissingSocket(err)) && (port === undefined || errPort === undefined || errPort === port)) return said(err.code);
  }
  if (LOSS_MESSAGES.some((re) => re.test(message))) return message;
  if (Array.isArray(err.errors)) {
    for (const x of err.errors) {
      const r = databaseLoss(x, port, depth + 1);
      if (r !== undefined) return r;
    }
  }
  return err.cause !== undefined ? databaseLoss(err.cause, port, depth + 1) : undefined;
}

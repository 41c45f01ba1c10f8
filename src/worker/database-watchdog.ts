/**
 * The embedded database's supervisor (issue 16). With `mailjudge start` on the embedded PostgreSQL,
 * the judge owns its database: if the postgres server dies (kill -9, the OOM killer, a full disk),
 * the workers and the intake would otherwise retry their connections forever, taking no mail and
 * adjudicating nothing. The watchdog notices within seconds — the postmaster's pid is gone, or the
 * database has failed `failuresAllowed` pings in a row — and reports it once through `onDead`, and
 * `mailjudge start` exits non-zero (75, EX_TEMPFAIL) so that the service manager restarts the whole
 * judge; the next start clears the dead server's postmaster.pid and starts it again (embedded.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export interface WatchdogOptions {
  readonly connectionString: string;
  /** The embedded cluster's directory (its `postmaster.pid` names the server's pid). */
  readonly dataDir?: string;
  /** How often to check (ms; default 1000). */
  readonly everyMs?: number;
  /** Consecutive failed pings that mean the database is gone (default 3). */
  readonly failuresAllowed?: number;
  readonly onDead: (reason: string) => void;
}

export interface Watchdog {
  stop(): void;
}

/** The postmaster's pid from `postmaster.pid`, or `undefined`. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` exists (EPERM: it exists, owned by another user, e.g. `postgres` under root). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ping(connectionString: string, timeoutMs: number): Promise<string | undefined> {
  const c = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'mailjudge-watchdog' });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('SELECT 1');
    return undefined;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await c.end().catch(() => {});
  }
}

export function watchDatabase(o: WatchdogOptions): Watchdog {
  const pid = o.dataDir ? postmasterPid(o.dataDir) : undefined;
  const every = o.everyMs ?? 1000;
  let failures = 0;
  let stopped = false;
  let busy = false;
  const dead = (reason: string) => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    o.onDead(reason);
  };
  const timer = setInterval(() => {
    if (busy || stopped) return;
    if (pid !== undefined && !processAlive(pid)) return dead(`the postgres server (pid ${pid}) is gone`);
    busy = true;
    void ping(o.connectionString, Math.max(every * 2, 2000)).then((error) => {
      busy = false;
      failures = error === undefined ? 0 : failures + 1;
      if (error !== undefined && failures >= (o.failuresAllowed ?? 3)) dead(`${failures} checks in a row could not reach it: ${error}`);
    });
  }, every);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

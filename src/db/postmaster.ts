/**
 * The `postmaster.pid` file a PostgreSQL data directory holds while a server runs on it, and what to
 * do when one is found before starting: a server left running by a killed mailjudge (re-parented to
 * init, INFRA.md §2 "Orphan pitfall") is shut down; a file whose process is gone, or is no longer a
 * postgres, is removed; a server that a live mailjudge process still owns is left alone and reused.
 *
 * Linux-specific where it reads `/proc`; elsewhere a live pid is taken to be a postgres.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { realNow } from '../config/clock.js';

/** What `postmaster.pid` says (lines 1 and 4 of the file). */
export interface PostmasterInfo {
  readonly pid: number;
  readonly port: number;
}

/** Parse the text of a `postmaster.pid` file; `undefined` if it is not one. Pure. */
export function parsePostmasterPid(text: string): PostmasterInfo | undefined {
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  return { pid, port };
}

/** The data directory's `postmaster.pid`, if there is a readable one. */
export function readPostmasterPid(dataDir: string): PostmasterInfo | undefined {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  try {
    return parsePostmasterPid(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists (EPERM: it exists, but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` runs a postgres binary (true when `/proc` cannot tell). */
export function isPostgres(pid: number): boolean {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /(^|\/)postgres$/.test(argv0);
  } catch {
    return !existsSync('/proc/self');
  }
}

/** The parent pid of `pid`, or `undefined` when `/proc` cannot tell. */
export function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** Wait up to `ms` for `pid` to exit; returns whether it did. */
export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = realNow().getTime() + ms;
  while (isAlive(pid)) {
    if (realNow().getTime() > until) return false;
    await sleep(25);
  }
  return true;
}

/** What {@link clearStalePostmaster} found. */
export type PostmasterState =
  /** No server on the directory (any stale file is gone now). */
  | { readonly kind: 'free' }
  /** A server that a live process (`ownerPid`) started is running: use it, do not stop it. */
  | { readonly kind: 'in-use'; readonly port: number; readonly ownerPid: number };

/**
 * Make `dataDir` startable. A live postgres whose parent is `ownerPid` (the process recorded as
 * having started it) is in use and left running; a live postgres whose parent is gone is an orphan
 * and is shut down (SIGINT, then SIGQUIT); a stale file is removed. Throws if an orphan will not stop.
 */
export async function clearStalePostmaster(dataDir: string, ownerPid: number | undefined): Promise<PostmasterState> {
  const info = readPostmasterPid(dataDir);
  const file = join(dataDir, 'postmaster.pid');
  if (!info) {
    if (existsSync(file)) rmSync(file, { force: true });
    return { kind: 'free' };
  }
  if (isAlive(info.pid) && isPostgres(info.pid)) {
    const ppid = parentPid(info.pid);
    if (ownerPid !== undefined && ppid === ownerPid && ownerPid !== 1 && isAlive(ownerPid)) {
      return { kind: 'in-use', port: info.port, ownerPid };
    }
    process.kill(info.pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
    if (!(await waitForExit(info.pid, 15_000))) {
      process.kill(info.pid, 'SIGQUIT'); // immediate shutdown: recovery runs at the next start
      if (!(await waitForExit(info.pid, 5_000))) {
        throw new Error(`the orphaned postgres (pid ${info.pid}) on ${dataDir} did not stop; kill it and retry`);
      }
    }
  }
  rmSync(file, { force: true });
  return { kind: 'free' };
}

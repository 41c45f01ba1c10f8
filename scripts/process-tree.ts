/**
 * CPU and memory of a server's process tree from /proc, for the benchmarks and the rehearsal: a
 * master (PostgreSQL's postmaster, Dovecot's or Postfix's master), its exited children (reaped into
 * its cutime and cstime) and its live children (backends; smtpd, cleanup, qmgr, lmtp; imap, auth, …).
 * Linux only, as the benchmarks are.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PAGE_MB = 4096 / (1024 * 1024);

export interface ProcessStat {
  readonly ppid: number;
  /** utime + stime, seconds. */
  readonly cpu: number;
  /** cutime + cstime: the children it has reaped, seconds. */
  readonly childCpu: number;
  /** Resident set, MB. */
  readonly rss: number;
}

/** One process's stat line (undefined once it has exited). */
export function processStat(pid: number): ProcessStat | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = line.slice(line.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND, childCpu: (Number(f[13]) + Number(f[14])) / TICKS_PER_SECOND, rss: Number(f[21]) * PAGE_MB };
  } catch {
    return undefined;
  }
}

let childLists = existsSync(`/proc/${process.pid}/task/${process.pid}/children`);

/** A process's children: its threads' children lists, or (a kernel without them) every process whose parent it is. */
export function childrenOf(pid: number): number[] {
  if (childLists) {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') childLists = false;
      else return [];
    }
  }
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n) && processStat(Number(n))?.ppid === pid).map(Number);
}

/**
 * A master and its children now: CPU seconds (its own, its reaped children's, its live children's)
 * and RSS in MB (its own and its live children's). Undefined when the master is gone.
 */
export function treeUsage(pid: number | undefined): { cpu: number; rss: number } | undefined {
  const m = pid === undefined ? undefined : processStat(pid);
  if (!m) return undefined;
  const kids = childrenOf(pid!).flatMap((c) => processStat(c) ?? []);
  return { cpu: m.cpu + m.childCpu + kids.reduce((n, c) => n + c.cpu, 0), rss: m.rss + kids.reduce((n, c) => n + c.rss, 0) };
}

/**
 * The process's own measurements for `/metrics` and `/healthz` (issue 31), beside the log: what only
 * this process can see — adjudication durations, IMAP reconnects, each mailbox's last successful poll.
 * Counts that live in the database (messages, decisions, mails, the queue) are read from it when
 * scraped (src/web/metrics.ts), so every judge process reports the same totals. One prom-client
 * registry per process; the layers below the web view only call the functions here.
 */
import { Counter, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

const adjudications = new Histogram({
  name: 'mailjudge_adjudication_duration_seconds',
  help: 'Time an adjudication job took in this process (load, adjudicate, store, queue the results), seconds',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const imapReconnects = new Counter({
  name: 'mailjudge_imap_reconnects_total',
  help: 'IMAP connections this process lost and set out to re-open, per mailbox',
  labelNames: ['mailbox'] as const,
  registers: [registry],
});

const lastPolls = new Map<string, Date>();

/** An adjudication job ended (`ok` or `failed`) after `seconds`. */
export function observeAdjudication(seconds: number, outcome: 'ok' | 'failed'): void {
  adjudications.observe({ outcome }, seconds);
}

/** The IMAP connection of `mailbox` closed and is being re-opened. */
export function countImapReconnect(mailbox: string): void {
  imapReconnects.inc({ mailbox });
}

/** `mailbox` was read to the end without an error at `at`. */
export function recordMailboxPoll(mailbox: string, at: Date): void {
  lastPolls.set(mailbox, at);
}

/** Each mailbox this process has read, with its last successful poll. */
export function mailboxPolls(): ReadonlyMap<string, Date> {
  return lastPolls;
}

/**
 * The judge's structured log: pino, JSON lines on stderr (stdout stays the CLI's output), pretty when
 * a person reads it in a terminal. One line per message received, decision, adjudication and mail
 * sent, each carrying `game`, `phase` and the message's `inboundId`/`messageId` where they apply, so
 * an operator can follow one order from the mailbox to the result:
 *
 *   mailjudge start 2>&1 | grep '"inboundId":42'
 *
 * `MAILJUDGE_LOG_LEVEL` (trace, debug, info, warn, error, silent; default info) sets the level.
 */
import pino, { type Logger } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { clockSetting, judgeNow } from './clock.js';

export type { Logger };

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** A logger writing to `destination` (default stderr): pretty on a terminal, JSON lines otherwise. */
export function createLogger(options: { level?: string; destination?: NodeJS.WritableStream; pretty?: boolean } = {}): Logger {
  const env = process.env.MAILJUDGE_LOG_LEVEL;
  const level = options.level ?? (env && (LOG_LEVELS as readonly string[]).includes(env) ? env : 'info');
  const destination = options.destination ?? process.stderr;
  const isTty = options.pretty ?? (destination === process.stderr && process.stderr.isTTY === true);
  // Issue 30: with the fast clock on, every line carries the simulated time (`time` stays real).
  const mixin = () => (clockSetting() ? { simulatedTime: judgeNow().toISOString() } : {});
  const base = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, mixin };
  // pino-pretty (~40 ms to load) only on a terminal: `mailjudge ingest` from an MTA never needs it (docs/startup.md).
  const pretty = isTty ? (createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty) : undefined;
  if (pretty) return pino(base, pretty({ destination: 2, sync: true, colorize: true, translateTime: 'UTC:yyyy-mm-dd HH:MM:ss.l o', ignore: 'pid' }));
  return pino(base, destination);
}

let root: Logger | undefined;

/** The process's logger (created on first use). */
export function log(): Logger {
  return (root ??= createLogger());
}

/** Replace the process's logger (a test that reads the lines); returns the one it replaced. */
export function useLogger(logger: Logger): Logger | undefined {
  const previous = root;
  root = logger;
  return previous;
}

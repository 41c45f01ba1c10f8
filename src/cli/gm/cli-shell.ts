/**
 * The shell of the calendar's GM commands (loaded only when one runs, as src/cli/db-command-shell.ts
 * is): configuration (every problem at once), pure input checks before the database is touched, the
 * database (migrated) and the job queue's schema (the commands queue mail and move jobs), then text
 * or `--json`. Exit codes: 0 done; 2 bad input, every problem listed; 1 the database failed.
 */
import type { Db } from '../../db/schema.js';
import type { CommandResult } from '../../service/command-result.js';
import { migrateQueue } from '../../worker/queue.js';

export type { CommonOptions } from '../db-command-shell.js';
import type { CommonOptions } from '../db-command-shell.js';

import type { RunContext } from '../../service/command-result.js';
import { judgeNow } from '../../config/clock.js';
export type { RunContext };

/**
 * Run one command through the shared database-command shell (src/cli/db-command-shell.ts), with the
 * job queue's schema in place first (the calendar commands queue mail and move jobs). Never throws;
 * sets `process.exitCode`.
 */
export async function execute<T>(
  command: string,
  opts: CommonOptions,
  check: () => { ok: true; value: T } | { ok: false; problems: string[] },
  run: (db: Db, value: T, ctx: RunContext) => Promise<CommandResult>,
): Promise<void> {
  const { execute: executeDbCommand } = await import('../db-command-shell.js');
  return executeDbCommand(command, opts, check, async (db, value, _applied, ctx) => {
    await migrateQueue(ctx.url);
    return run(db, value, { actor: ctx.actor, now: judgeNow(), clock: judgeNow, fromAddress: ctx.fromAddress });
  });
}

/**
 * A console command of the GM or the TD, logged for `mailjudge reproduce` (replay_log, 0013) with
 * its arguments and clock in the same transaction as its effects, when it succeeds. A command that
 * came by email (`byMail`) is not logged: its archived message replays it.
 */
import { inTransaction } from '../db/in-transaction.js';
import { insertReplayEntry } from '../db/replay-log.js';
import type { Db, Trx } from '../db/schema.js';
import type { CommandResult } from './command-result.js';

/** The commands `mailjudge reproduce` replays (src/service/reproduce/replay-command.ts). */
export type RecordedCommandName = 'game-create' | 'coalition-create' | 'coalition-verdict' | 'coalition-ruling' | 'coalition-place' | 'extend' | 'deadline' | 'process' | 'process-now' | 'absence' | 'replace' | 'calendar' | 'rollback'
  | 'proposal-agree' | 'rollback-request' | 'holiday-create';

export interface RecordingContext {
  readonly actor: string;
  readonly now: Date;
  /** The command came in a message to the judge: the message is the record. */
  readonly byMail?: boolean;
}

/** Run `run` in one transaction (the caller's when there is one) and log the command if it succeeded. */
export async function recordedCommand(
  db: Db, name: RecordedCommandName, gameId: string | null, args: unknown, ctx: RecordingContext,
  run: (trx: Trx) => Promise<CommandResult>,
  /** Whether the run changed something and so is logged (default: it succeeded). */
  changed: (result: CommandResult) => boolean = (r) => r.ok,
): Promise<CommandResult> {
  return inTransaction(db, async (trx) => {
    const result = await run(trx);
    if (changed(result) && !ctx.byMail) await insertReplayEntry(trx, { gameId, at: ctx.now, kind: 'command', name, args, actor: ctx.actor });
    return result;
  });
}

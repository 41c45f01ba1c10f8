/**
 * A console command of the GM or the TD, logged for `mailjudge reproduce` (replay_log, 0013) with
 * its arguments and clock in the same transaction as its effects, when it succeeds. A command that
 * came by email (`byMail`) is not logged: its archived message replays it.
 */
import { lockGame } from '../db/games.js';
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
  /**
   * The judge's clock, for a command run live: `now` is read again under the game's lock (issue 30's
   * rehearsal), so that a decision of the same game committed before the command has an earlier
   * instant, as `reproduce` replays them. Without it (a replay, a test) `now` is used as given.
   */
  readonly clock?: () => Date;
}

/**
 * Run `run` in one transaction (the caller's when there is one) and log the command if it succeeded.
 * With a clock and a game, the game's row is locked first and the instant read under the lock (the
 * one `run` is given and the log records).
 */
export async function recordedCommand<C extends RecordingContext>(
  db: Db, name: RecordedCommandName, gameId: string | null, args: unknown, given: C,
  run: (trx: Trx, ctx: C) => Promise<CommandResult>,
  /** Whether the run changed something and so is logged (default: it succeeded). */
  changed: (result: CommandResult) => boolean = (r) => r.ok,
): Promise<CommandResult> {
  return inTransaction(db, async (trx) => {
    let ctx = given;
    if (given.clock && gameId !== null) {
      await lockGame(trx, gameId);
      ctx = { ...given, now: given.clock() };
    }
    const result = await run(trx, ctx);
    if (changed(result) && !ctx.byMail) await insertReplayEntry(trx, { gameId, at: ctx.now, kind: 'command', name, args, actor: ctx.actor });
    return result;
  });
}

/**
 * `mailjudge coalition verdict`: the Battle Judge's weather lines and verdicts from the command line,
 * the same text and the same effect as by mail to the battle address (judge-text.ts).
 */
import { insertReplayEntry } from '../../db/replay-log.js';
import { findGame, lockGame } from '../../db/games.js';
import { findCoalitionGame } from '../../db/coalition.js';
import type { Db } from '../../db/schema.js';
import { problems, type CommandResult } from '../command-result.js';
import { enterJudgeText } from './judge-text.js';

/** `command`: the console command it came from, logged under that name for `mailjudge reproduce` (replay_log). */
export async function runCoalitionJudgeText(db: Db, gameId: string, text: string, actor: string, now: Date, fromAddress: string, command: 'coalition-verdict' | 'coalition-ruling' = 'coalition-verdict'): Promise<CommandResult> {
  return db.transaction().execute(async (trx): Promise<CommandResult> => {
    await lockGame(trx, gameId);
    const game = await findGame(trx, gameId);
    const setup = game ? await findCoalitionGame(trx, gameId) : undefined;
    if (!game || !setup) return problems([`no Coalition game ${gameId}`]);
    const r = await enterJudgeText(trx, fromAddress, { game, setup, text, at: now, actor });
    if (r.notes.length === 0) return problems(r.problems);
    await insertReplayEntry(trx, { gameId, at: now, kind: 'command', name: command, args: { gameId, text }, actor });
    return { ok: true, text: [...r.notes, ...r.problems.map((p) => `not taken: ${p}`)].join('\n'), json: r };
  });
}

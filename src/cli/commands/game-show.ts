/**
 * `mailjudge game show <game>`: the game as its judges see it, in its kind's words (never an order):
 * a Diplomacy game's powers, centres and order-set status (src/service/diplomacy/diplomacy-show.ts), a
 * Coalition round's turn, armies, control list, judges and what is pending
 * (src/service/coalition/judge-show.ts).
 */
import { findGame } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { problems, type CommandResult } from '../../service/command-result.js';
import { kindOf } from '../../service/game-kinds.js';

export { powerTable, type PowerRow } from '../../service/diplomacy/diplomacy-show.js';

/** Show a game without revealing any order; `now` is the instant the control list is read at (Coalition 5.2.1). */
export async function runGameShow(db: Db, id: string, now: Date = new Date()): Promise<CommandResult> {
  const game = await findGame(db, id);
  if (!game) return problems([`no game "${id}"; create it with: mailjudge game create --from <file>`]);
  return kindOf(game).views.show(db, game, now);
}

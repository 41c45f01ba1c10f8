/** The game and its open phase, locked, for a GM command; or the problem to report. */
import { lockGame, type Game } from '../../db/games.js';
import { findPhase, type PhaseRecord } from '../../db/phases.js';
import type { Trx } from '../../db/schema.js';

export async function lockOpenTurn(trx: Trx, gameId: string): Promise<{ ok: true; game: Game; phase: PhaseRecord } | { ok: false; problem: string }> {
  const game = await lockGame(trx, gameId);
  if (!game) return { ok: false, problem: `no game "${gameId}"; see mailjudge game show <game>` };
  if (game.status !== 'active') return { ok: false, problem: `${game.id} is ${game.status}: it has no turn open` };
  const phase = await findPhase(trx, game.id, game.currentPhase);
  if (!phase || phase.adjudicatedAt) return { ok: false, problem: `${game.id} ${game.currentPhase} has been adjudicated already; nothing is open` };
  return { ok: true, game, phase };
}

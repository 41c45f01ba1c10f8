/**
 * Every kind of game the judge runs, by the name stored in `games.kind`. The intake and the worker
 * look a game's kind up here and never branch on it themselves.
 */
import type { Game } from '../db/games.js';
import { findGame } from '../db/games.js';
import type { Db, GameKindName } from '../db/schema.js';
import { COALITION } from './coalition/coalition-kind.js';
import { DIPLOMACY } from './diplomacy/diplomacy-kind.js';
import type { GameKind, TurnContext, TurnJob, TurnOutcome } from './game-kind.js';

const KINDS: Partial<Record<GameKindName, GameKind>> = { diplomacy: DIPLOMACY, coalition: COALITION };

/** Add a kind (each kind's module registers itself where the judge starts). */
export function registerGameKind(kind: GameKind): void {
  KINDS[kind.name] = kind;
}

/** The kind of `game`; throws when the judge running it does not know that kind (a newer database). */
export function kindOf(game: Pick<Game, 'id' | 'kind'>): GameKind {
  const kind = KINDS[game.kind];
  if (!kind) throw new Error(`game ${game.id} is a ${game.kind} game, which this judge does not run`);
  return kind;
}

/** The worker's `adjudicate-phase` job, for a game of any kind (`skipped` when the game is gone). */
export async function adjudicateTurn(db: Db, ctx: TurnContext, job: TurnJob): Promise<TurnOutcome> {
  const game = await findGame(db, job.gameId);
  if (!game) return 'skipped';
  return kindOf(game).adjudicateTurn(db, ctx, job);
}

/**
 * The whole movement update of one turn (3.1), for the service: the moves (chapter 3), then day
 * counts and bases destroyed (1.5, 1.7.1), the winner if any (1.7.2, 1.7.3), and the Raider spawn
 * roll (6.3.2). Battles are resolved later, one by one, with {@link resolveBattle}.
 */
import type { DiceStream, RecordedRoll } from '../../dice/index.js';
import { adjudicateMovement } from './adjudicate-movement.js';
import { countDays, findWinner, rollRaiderSpawn, type DayCount, type DestroyedBase, type Winner } from './day-counts.js';
import type { MovementOrder, MovementState, MovementUpdate } from './types.js';

export interface TurnUpdate {
  readonly movement: MovementUpdate;
  readonly counts: readonly DayCount[];
  readonly destroyed: readonly DestroyedBase[];
  readonly winner: Winner;
  readonly raiderSpawn: null | '1/1-4/4' | '2/2-5/5';
  /** Every roll of the update, with its purpose, in order (for the audit log and `dice verify`). */
  readonly rolls: readonly RecordedRoll[];
}

/** Carry out the movement update. Pure; chance only through `dice`. */
export function updateTurn(state: MovementState, orders: readonly MovementOrder[], dice: DiceStream): TurnUpdate {
  const movement = adjudicateMovement(state, orders, dice);
  const moved = state.armies.map((a, i) => ({ ...a, at: movement.armies[i]!.at }));
  const { counts, destroyed } = countDays(state.map, state.armies, movement);
  const destroyedSquares = new Set(destroyed.map((d) => d.square));
  const map = {
    ...state.map,
    sites: Object.fromEntries(Object.entries(state.map.sites).map(([k, s]) => [k, destroyedSquares.has(k) && s.kind !== 'town' ? { ...s, destroyed: true } : s])),
  };
  const winner = findWinner(map, moved, counts);
  const raiders = state.armies.filter((a) => a.mercenary === 'raider').length;
  const spawn = rollRaiderSpawn(raiders, dice);
  return { movement, counts, destroyed, winner, raiderSpawn: spawn.spawn, rolls: [...dice.rolls] };
}

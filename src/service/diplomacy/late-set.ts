/**
 * D.VII(6)(b): while a 1901 movement phase's results are withheld, the missing powers' orders (from
 * the player or the replacement) are taken after the deadline — "Grace periods will not be permitted
 * … other than by the operation of this rule". Every other power's deadline stands.
 */
import { findGame } from '../../db/games.js';
import { findPhase } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { findWithheldPhase } from '../../db/withheld-phases.js';
import type { Power } from '../../diplomacy/index.js';
import { noNmrAllowed } from '../../diplomacy/calendar/index.js';
import { findOrderSets } from '../../db/order-sets.js';
import { isOnTime } from '../../rules/submission/index.js';

/** Whether a set from `power` for `phase` must be accepted although it arrived after the deadline. */
export async function lateSetAllowed(db: Db, s: { gameId: string; phase: string; power: Power }): Promise<boolean> {
  const game = await findGame(db, s.gameId);
  if (!game || game.status !== 'active' || game.currentPhase !== s.phase) return false;
  const phase = await findPhase(db, s.gameId, s.phase);
  if (!phase || phase.adjudicatedAt) return false;
  const withheld = await findWithheldPhase(db, s.gameId, s.phase, phase.generation);
  if (withheld) return withheld.releasedAt === null && withheld.missing.includes(s.power);
  // Past the deadline of a 1901 movement phase the job has not yet run (a busy judge): the results
  // will be withheld for a power with no set by the deadline, and its set is taken as it would be
  // once they are (adjudicate-phase.ts counts it), so the set's fate does not hang on the job's timing.
  if (!noNmrAllowed(phase.stateBefore.phase)) return false;
  const sets = await findOrderSets(db, s.gameId, s.phase);
  return !sets.some((x) => x.power === s.power && isOnTime(x.receivedAt, phase.deadline));
}

/**
 * The acknowledgement's line for a set accepted after the deadline, saying the rule that let it in:
 * the game's stated alternative rule (D.VII(3)), or, in a game that refuses late orders, the 1901
 * withholding (D.VII(6)(b)) — never the alternative rule's words in a game that does not use it. Pure.
 */
export function lateAcceptedNote(rule: 'D.VII(3) alternative' | 'D.VII(6)(b)', phase: string): string {
  return rule === 'D.VII(3) alternative'
    ? 'It arrived after the deadline; this game accepts late orders until adjudication starts (D.VII(3)), so it counts.'
    : `It arrived after the deadline. This game does not accept late orders (D.VII(3)), but the ${phase} results are withheld until the missing powers' orders are in (D.VII(6)(b)), so your set is accepted; ${phase} is adjudicated as soon as every missing power has ordered.`;
}

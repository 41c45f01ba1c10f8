/**
 * D.VII(6)(b): while a 1901 movement phase's results are withheld, the missing powers' orders (from
 * the player or the replacement) are taken after the deadline — "Grace periods will not be permitted
 * … other than by the operation of this rule". Every other power's deadline stands.
 */
import { findGame } from '../db/games.js';
import { findPhase } from '../db/phases.js';
import type { Db } from '../db/schema.js';
import { findWithheldPhase } from '../db/withheld-phases.js';
import type { Power } from '../game/index.js';

/** Whether a set from `power` for `phase` must be accepted although it arrived after the deadline. */
export async function lateSetAllowed(db: Db, s: { gameId: string; phase: string; power: Power }): Promise<boolean> {
  const game = await findGame(db, s.gameId);
  if (!game || game.status !== 'active' || game.currentPhase !== s.phase) return false;
  const phase = await findPhase(db, s.gameId, s.phase);
  if (!phase || phase.adjudicatedAt) return false;
  const withheld = await findWithheldPhase(db, s.gameId, s.phase, phase.generation);
  return withheld !== undefined && withheld.releasedAt === null && withheld.missing.includes(s.power);
}

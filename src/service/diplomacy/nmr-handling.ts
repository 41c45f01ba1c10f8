/**
 * What the judge does about powers without orders at a deadline (D.VII(6)):
 * - Spring 1901 and the Fall 1901 movement phase: results are withheld, the GM and the TD are told,
 *   and a replacement is sought at once ({@link withholdResults}); the phase is adjudicated when the
 *   missing orders are in ({@link withheldReady}).
 * - Later: the power holds (the engine's default) and its player, team captain and the TD get an NMR
 *   notice naming the contact deadline ({@link sendNmrNotices}); a message from the player meanwhile
 *   is the contact ({@link markContacted}); the calendar tick starts the replacement procedure after.
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { insertNmrNotice } from '../../db/nmr-notices.js';
import { precompiled } from '../../db/precompiled.js';
import { findLatestOrderSets } from '../../db/order-sets.js';
import type { PhaseRecord } from '../../db/phases.js';
import type { Db, Trx } from '../../db/schema.js';
import { findWithheldPhase, insertWithheldPhase } from '../../db/withheld-phases.js';
import type { Power } from '../../diplomacy/index.js';
import { contactDeadline } from '../../diplomacy/calendar/index.js';
import { distinctPeople, findActingPlayers, findCaptain, findGm, findTds } from '../game-people.js';
import { sendNotice, when } from '../notify.js';
import { advanceReplacement } from './replacement-procedure.js';

/** D.VII(6)(a): a message from the NMR'd player is contact with the GM; returns the phases it answers. */
export const MARK_CONTACTED = precompiled((db, c: { gameId: string; power: Power; personId: number; at: Date }) => db
  .updateTable('nmr_notices')
  .set({ status: 'contacted', resolved_at: c.at, note: 'the player wrote to the game (D.VII(6)(a))' })
  .where('game_id', '=', c.gameId)
  .where('power', '=', c.power)
  .where('person_id', '=', c.personId)
  .where('status', '=', 'open')
  .where('contact_deadline', '>=', c.at)
  .returning('phase'));

export async function markContacted(db: Db, c: { gameId: string; power: Power; personId: number; at: Date }): Promise<string[]> {
  // Issue 29: compiled once (precompiled.ts).
  const rows = await MARK_CONTACTED.execute(db, { gameId: c.gameId, power: c.power, personId: c.personId, at: c.at });
  return rows.map((r) => r.phase);
}

/**
 * D.VII(6)(b): withhold the results of a 1901 movement phase with powers missing. Idempotent: the
 * notices go out and the procedure starts only the first time (returns `true` then).
 */
export async function withholdResults(trx: Trx, w: { game: Game; phase: PhaseRecord; missing: readonly Power[]; stillMissing?: readonly Power[]; now: Date; fromAddress: string }): Promise<boolean> {
  const { game, phase } = w;
  // Recorded: every power missing at the deadline (whose sets are taken late, late-set.ts); told and
  // replaced: those still without a set now (`stillMissing`, default all of them).
  if (!(await insertWithheldPhase(trx, { gameId: game.id, phase: phase.name, generation: phase.generation, missing: w.missing, at: w.now }))) return false;
  const still = w.stillMissing ?? w.missing;
  const acting = await findActingPlayers(trx, game.id);
  const gm = await findGm(trx, game);
  const tds = await findTds(trx, game);
  await sendNotice(trx, w.fromAddress, {
    game,
    template: 'nmr-withheld',
    key: `withheld:${game.id}:${phase.name}.g${phase.generation}`,
    context: (zone) => ({ phase: phase.name, missing: still.map((p) => ({ power: p, player: acting.get(p)?.name ?? '(nobody)' })), deadline: when(phase.deadline, zone), noTd: tds.length === 0 }),
  }, distinctPeople([gm, ...tds]));
  for (const power of still) {
    const player = acting.get(power);
    if (!player) continue;
    await advanceReplacement(trx, { game, power, playerId: player.id, startedAt: w.now, now: w.now, cause: `no orders for ${phase.name}, rule D.VII(6)(b)`, phase: phase.name, fromAddress: w.fromAddress });
  }
  await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'phase.withhold', detail: { phase: phase.name, generation: phase.generation, missing: [...still], ...(still.length < w.missing.length ? { missingAtDeadline: [...w.missing] } : {}) } });
  return true;
}

/**
 * Whether a withheld phase may now be adjudicated: every power missing at the deadline has a set
 * (from its player or replacement) or has fallen into civil disorder (B.8(f)). `undefined` when the
 * phase is not withheld.
 */
export async function withheldReady(db: Db, game: Game, phase: PhaseRecord, civilDisorder: ReadonlySet<Power>): Promise<boolean | undefined> {
  const withheld = await findWithheldPhase(db, game.id, phase.name, phase.generation);
  if (!withheld || withheld.releasedAt) return undefined;
  const ordered = new Set((await findLatestOrderSets(db, game.id, phase.name)).map((s) => s.power));
  return withheld.missing.every((p) => ordered.has(p) || civilDisorder.has(p));
}

/**
 * D.VII(6)(c) and B.8(b): NMR notices to the player, the team captain and the TD, with the contact
 * deadline (48 hours, 96 over a weekend on the player's clock). Recorded for the calendar tick;
 * idempotent per phase and power.
 */
export async function sendNmrNotices(
  trx: Trx,
  n: {
    game: Game; phase: string; powers: readonly Power[]; publishedAt: Date; mayOrderRetreats: boolean; next?: string; nextDeadline?: Date; fromAddress: string;
    /** Per power, what became of its units, in the words of the phase ("the builds are waived"). */
    consequences: Partial<Record<Power, string>>;
  },
): Promise<void> {
  const acting = await findActingPlayers(trx, n.game.id);
  const tds = await findTds(trx, n.game);
  for (const power of n.powers) {
    const player = acting.get(power);
    if (!player) continue;
    const contact = contactDeadline(n.publishedAt, player.timeZone);
    const id = await insertNmrNotice(trx, { gameId: n.game.id, phase: n.phase, power, personId: player.id, publishedAt: n.publishedAt, contactDeadline: contact });
    if (id === undefined) continue;
    const captain = await findCaptain(trx, n.game, player.id);
    const notice = (role: string) => ({
      game: n.game,
      template: 'nmr-notice',
      key: `nmr:${n.game.id}:${n.phase}:${power}`,
      context: (zone: string) => ({
        phase: n.phase, power, playerName: player.name, [role]: true, contactBy: when(contact, zone), mayOrderRetreats: n.mayOrderRetreats,
        consequence: n.consequences[power] ?? 'all units hold (D.VII(6)(c))',
        next: n.next, nextDeadline: n.nextDeadline ? when(n.nextDeadline, zone) : undefined,
      }),
    });
    await sendNotice(trx, n.fromAddress, notice('toPlayer'), [player]);
    if (captain) await sendNotice(trx, n.fromAddress, notice('toCaptain'), [captain]);
    await sendNotice(trx, n.fromAddress, notice('toTd'), tds);
  }
}

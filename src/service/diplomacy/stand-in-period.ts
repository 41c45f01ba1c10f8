/**
 * B.7, a temporary replacement keeps its word (issue #26, item 2). A stand-in declared "until S1902M"
 * covers the phases before S1902M: the player is back FOR S1902M. The period ends at that phase or
 * when the player returns — the player's own accepted set — whichever comes first:
 * - the player's set while a stand-in holds the power: "the player's decision will be final" (B.7);
 *   the player's set is the one that counts, the stand-in's holding ends at once, and both are told
 *   (with everyone else), each mail saying whose set counts;
 * - the declared phase opens: the stand-in's holding ends, the player plays again; announced.
 * Neither makes the stand-in permanent. Permanence (B.7: "If a replacement period exceeds the original
 * specification, the replacement will become permanent") comes only when the stand-in goes on
 * playing past the period: a set from the former stand-in after its period ran out, before the player
 * has sent one ({@link overstayingStandIn}, {@link makeOverstayPermanent}).
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { findPerson, type Person } from '../../db/people.js';
import { endPosition, findCurrentPositions, holdersByPower, insertPosition, type Position } from '../../db/positions.js';
import { findOpenReplacementPeriods, findReplacementPeriods, type ReplacementPeriodRow } from '../../db/replacement-periods.js';
import type { Db, Trx } from '../../db/schema.js';
import { followingPhase, formatPhase, parsePhase, phaseIndex, type Phase, type Power } from '../../diplomacy/index.js';
import { announcementRecipients, distinctPeople } from '../game-people.js';
import { sendNotice } from '../notify.js';

/** Written on a stand-in's holding when its declared period ran out (the player plays again). */
export const PERIOD_OVER = 'declared period over, the player plays again (B.7)';

/** The last phase a period `[from, until)` covers (the one before `until`); `from` when `until` is not after it. Pure. */
export function lastPhaseBefore(from: Phase, until: Phase): Phase {
  let p = from;
  for (let next = followingPhase(p); phaseIndex(next) < phaseIndex(until); next = followingPhase(next)) p = next;
  return p;
}

async function everyone(trx: Db, game: Game, extra: readonly (Person | undefined)[]): Promise<Person[]> {
  return distinctPeople([...(await announcementRecipients(trx, game)).map((r) => r.person), ...extra]);
}

/**
 * The player of record sent an accepted set while a stand-in holds `power`: the player is back (B.7).
 * Ends the stand-in's holding, tells everyone (the stand-in included) whose set counts; returns the
 * note for the player's acknowledgement, or `undefined` when no stand-in held the power.
 */
export async function playerReturns(trx: Trx, game: Game, power: Power, player: Person, phase: string, now: Date, fromAddress: string, positions?: readonly Position[]): Promise<string | undefined> {
  // `positions`: the game's current positions, when the caller has just read them in this transaction.
  const holders = holdersByPower(positions ?? (await findCurrentPositions(trx, game.id))).find((h) => h.power === power)!;
  const stand = holders.standIn;
  if (!stand || !holders.ofRecord || holders.ofRecord.personId !== player.id) return undefined;
  const standIn = await findPerson(trx, stand.personId);
  await endPosition(trx, stand.id, { at: now, reason: `the player is back: the player's own set for ${phase} was accepted (B.7)` });
  const counts = `${player.name}'s set for ${phase} is the one that counts for ${power}: the player's decision is final (rule B.7)${standIn ? `, and no set from ${standIn.name} is used from now on` : ''}`;
  await sendNotice(trx, fromAddress, {
    game, template: 'position-change', key: `position:${game.id}:${power}:back:${stand.id}`,
    context: () => ({ power, ended: true, incoming: player.name, outgoing: standIn?.name, setCounts: counts }),
  }, await everyone(trx, game, [standIn, player]));
  await appendAudit(trx, { gameId: game.id, actor: `person:${player.id}`, action: 'position.return', detail: { power, standIn: stand.personId, phase, rule: 'B.7', by: 'player-set' } });
  return `You are back: ${standIn?.name ?? 'the stand-in'}'s temporary replacement as ${power} has ended, and this set is the one that counts (rule B.7: the player's decision is final). Everyone has been told.`;
}

/**
 * Every open stand-in period whose declared phase has opened ends: the player plays again (B.7).
 * Announced to everyone. Returns how many ended.
 */
export async function settleReplacementPeriods(trx: Trx, game: Game, now: Date, fromAddress: string, open?: readonly ReplacementPeriodRow[]): Promise<number> {
  // `open`: the game's open periods, when the caller has just read them under the game's lock (issue 29).
  const current = parsePhase(game.currentPhase);
  if (!current || game.status !== 'active') return 0;
  let ended = 0;
  for (const p of open ?? (await findOpenReplacementPeriods(trx, game.id))) {
    const until = parsePhase(p.untilPhase);
    if (!until || phaseIndex(current) < phaseIndex(until)) continue;
    const power = p.power as Power;
    const ofRecord = (await findCurrentPositions(trx, game.id)).find((x) => x.power === power && x.kind !== 'temporary');
    const player = ofRecord && (await findPerson(trx, ofRecord.personId));
    const standIn = await findPerson(trx, p.personId);
    await endPosition(trx, p.positionId, { at: now, reason: PERIOD_OVER });
    await sendNotice(trx, fromAddress, {
      game, template: 'position-change', key: `position:${game.id}:${power}:period:${p.positionId}`,
      context: () => ({
        power, ended: true, incoming: player?.name ?? 'the player of record', outgoing: standIn?.name, periodOver: p.untilPhase,
        overstay: `${standIn?.name ?? 'The stand-in'} no longer orders for ${power}; a set from ${standIn?.name ?? 'the stand-in'} before ${player?.name ?? 'the player'} sends one would take the replacement past its declared period and make it permanent (rule B.7)`,
      }),
    }, await everyone(trx, game, [standIn]));
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'position.return', detail: { power, standIn: p.personId, until: p.untilPhase, rule: 'B.7', by: 'period' } });
    ended++;
  }
  return ended;
}

/**
 * B.7 "exceeds the original specification": `person` stood in for a power whose declared period ran
 * out, and the player has sent no set since. The power and the holding, or `undefined`.
 */
export async function overstayingStandIn(trx: Db, game: Game, person: Person): Promise<{ power: Power; holding: Position; until: string } | undefined> {
  const periods = (await findReplacementPeriods(trx, game.id)).filter((p) => p.personId === person.id && p.endedAt !== null);
  const last = periods.at(-1);
  if (!last) return undefined;
  const row = await trx.selectFrom('positions').selectAll().where('id', '=', last.positionId).executeTakeFirst();
  if (!row || !row.reason?.endsWith(`ended: ${PERIOD_OVER}`) || !row.ended_at) return undefined;
  const holders = holdersByPower(await findCurrentPositions(trx, game.id)).find((h) => h.power === last.power)!;
  if (holders.standIn || !holders.ofRecord || holders.ofRecord.startedAt.getTime() > row.ended_at.getTime()) return undefined;
  const playerSet = await trx.selectFrom('order_sets').select('id').where('game_id', '=', game.id).where('power', '=', last.power)
    .where('person_id', '=', holders.ofRecord.personId).where('received_at', '>=', row.ended_at).executeTakeFirst();
  if (playerSet) return undefined;
  return { power: last.power as Power, holding: holders.ofRecord, until: last.untilPhase };
}

/** The overstaying stand-in becomes the permanent player (B.7); announced. Returns the new holding and the note for the acknowledgement. */
export async function makeOverstayPermanent(trx: Trx, game: Game, person: Person, o: { power: Power; holding: Position; until: string }, now: Date, fromAddress: string): Promise<{ position: Position; note: string }> {
  const outgoing = await findPerson(trx, o.holding.personId);
  await endPosition(trx, o.holding.id, { at: now, reason: `the temporary replacement went on playing past ${o.until}: permanent (B.7)` });
  const position = await insertPosition(trx, { gameId: game.id, power: o.power, personId: person.id, kind: 'permanent', startedAt: now, reason: `stand-in sent orders after the declared period (until ${o.until}): permanent (B.7)` });
  const why = `${person.name}'s temporary replacement was declared until ${o.until}, and ${person.name} went on sending orders after it, before ${outgoing?.name ?? 'the player'} came back: a replacement period that exceeds the original specification becomes permanent (rule B.7)`;
  await sendNotice(trx, fromAddress, {
    game, template: 'position-change', key: `position:${game.id}:${o.power}:b7:${position.id}`,
    context: () => ({ power: o.power, incoming: person.name, outgoing: outgoing?.name, permanent: true, why }),
  }, await everyone(trx, game, [outgoing]));
  await appendAudit(trx, { gameId: game.id, actor: `person:${person.id}`, action: 'position.replace', detail: { power: o.power, person: person.id, kind: 'permanent', rule: 'B.7', until: o.until } });
  return { position, note: `You are now the permanent player of ${o.power}: your temporary replacement was declared until ${o.until}, and a set sent after it makes the replacement permanent (rule B.7). Everyone has been told.` };
}

/** `S1902M` -> the phase text of the last phase a stand-in from `from` until `until` covers. Pure. */
export function coveredTo(from: string, until: string): string {
  const f = parsePhase(from);
  const u = parsePhase(until);
  return f && u ? formatPhase(lastPhaseBefore(f, u)) : from;
}

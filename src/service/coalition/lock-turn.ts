/**
 * A Coalition turn's movement lock (3.1), the job `adjudicate-phase` for game G and turn T<n>: the
 * orders received are put to the movement update with the control list as it stood at the lock
 * (5.4.2), the dice drawn from the turn's committed seed (revealed now); the update is published to
 * both teams and the judges (positions, day counts, the orders not carried out and why, the battles,
 * the PMs held back until now), an order from a player who did not control the army at the lock is
 * reported to its real controller and the Battle Judge (5.4.1), and the next turn opens with its
 * lock and the commitment to its seed.
 */
import { randomBytes } from 'node:crypto';
import { appendAudit } from '../../db/audit-log.js';
import { insertReplayEntry } from '../../db/replay-log.js';
import { findGame, lockGame, updateGameProgress } from '../../db/games.js';
import {
  advanceCoalitionTurn, findCoalitionGame, findCoalitionOrders, findCoalitionPlayers, findControlChanges, insertCoalitionTurn, type CoalitionWorld,
} from '../../db/coalition.js';
import { enqueueJob, adjudicateJobKey } from '../../db/jobs.js';
import type { Db } from '../../db/schema.js';
import { declareAtWar, healTownDefendersAtLock, spawnedRaiderName } from '../../coalition/index.js';
import { asControlList, controlAt, controlLostAfterPosting, mercenaryJudgePlayer, withMercenaryJudge, formatMovementUpdate, healAtLock, parseWorldMap, updateTurn, type Army, type MovementOrder } from '../../coalition/index.js';
import { DiceStream, commitment } from '../../dice/index.js';
import { log } from '../../config/log.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';
import type { TurnContext, TurnJob, TurnOutcome } from '../game-kind.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople, controllerName, everyone } from './game-people.js';
import { lockText, mercenaryJudgeName } from './movement-mail.js';
import { settleBattles } from './battles-at-lock.js';
import { startTransfers } from './transfers-at-lock.js';
import { changeTroopsAtLock } from './troop-changes-at-lock.js';
import { turnPicture, turnPictureModel } from './turn-picture.js';

import { coalitionLockEvent, lockJobAt, updateJobAt } from './turn-times.js';

export { lockJobAt };

/** A fresh secret seed for a turn's dice (its SHA-256 is published when the turn opens). */
export function newTurnSeed(): string {
  return randomBytes(24).toString('hex');
}

export async function lockCoalitionTurn(db: Db, ctx: TurnContext, job: TurnJob): Promise<TurnOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<TurnOutcome> => {
    await lockGame(trx, job.gameId);
    const game = await findGame(trx, job.gameId);
    const setup = await findCoalitionGame(trx, job.gameId, { forUpdate: true });
    if (!game || !setup || game.status !== 'active' || `T${setup.turn}` !== job.phase) return 'skipped';
    const now = ctx.now();
    if (now.getTime() < lockJobAt(setup.lockAt).getTime()) return 'skipped';
    // 6.3.2: the Mercenary Judge's After Lock Edit window, unless he has settled it (EDIT or NO EDIT).
    if (setup.editDecidedTurn !== setup.turn && now.getTime() < updateJobAt(setup.lockAt, setup).getTime()) return 'skipped';
    const players = await findCoalitionPlayers(trx, game.id);
    const orders = await findCoalitionOrders(trx, game.id, setup.turn);
    const parsedMap = parseWorldMap(setup.world.map);
    if (!parsedMap.ok) throw new Error(`game ${game.id}: its stored map no longer reads: ${parsedMap.problems.join('; ')}`);
    const armies = setup.world.armies as unknown as Army[];
    // 5.4.2: "what counts is what the proxy list says at the time of the movement lock".
    // Chapter 6: the mercenary armies are the Mercenary Judge's (without one they are nobody's and hold).
    const mercJudge = await mercenaryJudgeName(trx, setup);
    const changes = await findControlChanges(trx, game.id);
    const atLock = withMercenaryJudge(controlAt(armies, players, changes, setup.lockAt), armies, mercJudge);
    const state = {
      map: parsedMap.map, armies, lock: setup.lockAt,
      control: { list: asControlList(atLock, armies), players: [...players.map((p) => ({ name: p.name, team: p.team, rank: p.rank as never })), ...(mercJudge ? [mercenaryJudgePlayer(mercJudge)] : [])] },
      ...(setup.world.carriedMoves ? { carriedMoves: setup.world.carriedMoves as never } : {}),
    };
    // 6.3.2 Disband: the Raider takes this movement turn to disband (it holds), and leaves the map at the update.
    const disbanding = new Set((setup.world.disbanding ?? []).map((n) => n.toLowerCase()));
    const movementOrders: MovementOrder[] = orders.filter((o) => !disbanding.has(o.army.toLowerCase())).map((o) => ({ army: o.army, text: o.text, at: o.receivedAt, post: String(o.inboundMessageId), line: o.line, sender: o.senderName, via: o.via, ...(o.afterLockEdit ? { afterLockEdit: true } : {}) }));
    const dice = new DiceStream(setup.seed, `${game.id}:T${setup.turn}`);
    const update = updateTurn(state, movementOrders, dice);
    const seedCommitment = commitment(setup.seed);
    const inserted = await insertCoalitionTurn(trx, { gameId: game.id, turn: setup.turn, lockedAt: setup.lockAt, seed: setup.seed, seedCommitment, result: { ...update, rolls: update.rolls } });
    if (!inserted) return 'skipped';

    // 1.5, 2.3.1: new squares and day counts; healing on the days it falls due (after a battle: in applyOutcome).
    const healing = healAtLock(parsedMap.map, armies, update.movement, update.counts);
    // 2.3.2: troop changes mailed by the controllers, carried out when the army has counted 2 days on a base or portal.
    // 6.1.2: a Town Defender in its home town heals 500, lowest rank first (not while a battle is announced for it).
    const tdf = healTownDefendersAtLock(parsedMap.map, healing.armies, update.movement.battles.flatMap((b) => b.armies));
    const troopChanges = await changeTroopsAtLock(trx, ctx.fromAddress, { game, setup, players, map: parsedMap.map, armies: tdf.armies, counts: update.counts, atLock });
    const nextArmies = troopChanges.armies;
    const nextLock = new Date(setup.lockAt.getTime() + setup.turnHours * 3_600_000);
    const nextSeed = ctx.turnSeed?.(game.id, setup.turn + 1) ?? newTurnSeed();
    const finished = update.winner !== null;
    // 3.1: after the update, last turn's battles judged are rolled and separated; this turn's are announced.
    // 3.2.4.2, 3.2.4.3: transfers with the creatures mailed for them by the sender's controller at the lock.
    const transfers = await startTransfers(trx, ctx.fromAddress, { game, setup, players, armies: nextArmies, effects: update.movement.transfers, atLock });
    const battles = await settleBattles(trx, ctx.fromAddress, { game, setup, players, map: parsedMap.map, armies: transfers.armies, movementBattles: update.movement.battles, dice, nextLock: finished ? null : nextLock, now, pending: transfers.pending });
    // 6.2.2: a TDF killed in a battle rolled now sets a random non-ocean Theme army At War (the turn's dice, recorded).
    const atWar = declareAtWar(parsedMap.map, battles.armies, battles.tdfKills, dice);
    // 1.7.1: a base destroyed stays destroyed.
    const destroyedAt = new Set(update.destroyed.map((d) => d.square));
    const sites = Object.fromEntries(Object.entries((setup.world.map as { sites?: Record<string, object> }).sites ?? {}).map(([sq, st]) => [sq, destroyedAt.has(sq) && (st as { kind?: string }).kind !== 'town' ? { ...st, destroyed: true } : st]));
    // 6.3.2 Spawning: "Where it appears is the Mercenary Judge's": it waits, off the map, for his PLACE.
    const waiting = setup.world.pendingRaiders ?? [];
    const spawned = update.raiderSpawn && mercJudge ? { name: spawnedRaiderName([...battles.armies.map((a) => a.name), ...waiting.map((w) => w.name)], setup.turn), rank: update.raiderSpawn, turn: setup.turn } : null;
    const pendingRaiders = [...waiting, ...(spawned ? [spawned] : [])];
    // A Raider engaged in a battle this turn fights it first: it stays on the map (and may disband again).
    const engaged = new Set(update.movement.battles.flatMap((b) => b.armies).map((n) => n.toLowerCase()));
    const leaves = (name: string) => disbanding.has(name.toLowerCase()) && !engaged.has(name.toLowerCase());
    const disbanded = atWar.armies.filter((a) => leaves(a.name)).map((a) => a.name);
    const nextWorld: CoalitionWorld = { map: { ...(setup.world.map as object), sites }, armies: atWar.armies.filter((a) => !leaves(a.name)) as never, carriedMoves: update.movement.carriedMoves, pendingTransfers: battles.pending, ...(pendingRaiders.length > 0 ? { pendingRaiders } : {}) } as CoalitionWorld;
    await advanceCoalitionTurn(trx, game.id, { turn: setup.turn + 1, lockAt: nextLock, seed: nextSeed, world: nextWorld });
    await updateGameProgress(trx, game.id, { currentPhase: `T${setup.turn + 1}`, status: finished ? 'finished' : 'active' });
    if (!finished) await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: `T${setup.turn + 1}` }, { jobKey: adjudicateJobKey(game.id, `T${setup.turn + 1}`), runAt: updateJobAt(nextLock, setup) });

    const people = await coalitionPeople(trx, game, setup, players);
    const heldPms = orders.filter((o) => o.via === 'pm' && !o.afterLockEdit);
    // 6.3.2: the Mercenary Judge's After Lock Edit, carried out or refused (with the rule).
    const edits = orders.filter((o) => o.afterLockEdit).map((o) => {
      const r = update.movement.results.find((x) => x.post === String(o.inboundMessageId) && x.line === o.line && x.code === 'afterLockEdit');
      return { text: o.text, receivedAt: gmtSeconds(o.receivedAt), outcome: r ? `refused: ${r.reason}` : 'carried out in place of its earlier order' };
    });
    const editWindow = people.mercenaryJudge && (setup.editWindowMinutes ?? 60) > 0 ? { minutes: setup.editWindowMinutes ?? 60, judge: people.mercenaryJudge.name } : null;
    // 3.1: the update shows the world as it stands when sent: after the battles this lock rolled (4.2.5).
    const text = formatMovementUpdate(update.movement, update.counts, battles.armies, new Map(battles.losses.map((l) => [l.army.trim().toLowerCase(), l.lost.reduce((n, x) => n + x.count, 0)])));
    // Issue 15: the grid as it stands now, with this turn's moves and the battles announced, drawn once for everyone.
    const picture = turnPicture(game.id, setup.turn, turnPictureModel(game.id, setup.turn, parsedMap.map, armies, update.movement, setup.lockAt, battles.armies, battles.battles));
    await sendNotice(trx, ctx.fromAddress, {
      game, template: 'coalition-update', key: `update:${game.id}:T${setup.turn}`,
      context: (zone) => ({
        turn: setup.turn, lockedAt: gmtSeconds(setup.lockAt), update: text, picture: picture.filename,
        troopChanges: troopChanges.changed,
        healed: healing.healed.map((h) => ({ army: h.army, square: h.square, days: h.days, what: h.healed.map((x) => `${x.count} ${x.creature}`).join(', ') })),
        spawn: update.raiderSpawn ? { rank: update.raiderSpawn, name: spawned?.name ?? null, judge: mercJudge } : null,
        tdfHealed: tdf.healed.map((h) => ({ army: h.army, square: h.square, what: h.healed.map((x) => `${x.count} ${x.creature}`).join(', ') })),
        disbanded,
        atWar: atWar.declared.map((d) => ({ army: d.army, against: d.against, tdf: d.tdf, by: d.by, healed: d.healed.map((h) => `${h.count} ${h.creature}`).join(', ') || 'nothing to heal' })),
        atWarNone: atWar.none, atWarRolls: atWar.rolls.map((r) => ({ nonce: r.nonce, notation: r.notation, dice: r.dice.join(' '), purpose: r.purpose })),
        edits, editWindow, nextUpdate: gmtSeconds(updateJobAt(nextLock, setup)),
        pms: heldPms.map((o) => ({ sender: o.senderName, text: o.text, receivedAt: gmtSeconds(o.receivedAt) })),
        destroyed: update.destroyed, winner: update.winner ? `${update.winner.team} wins (${update.winner.rule}${update.winner.by ? `, ${update.winner.by}` : ''})` : null,
        seed: setup.seed, seedCommitment, rolls: update.rolls.map((r) => ({ nonce: r.nonce, notation: r.notation, dice: r.dice.join(' '), purpose: r.purpose })),
        next: finished ? null : { turn: setup.turn + 1, lock: lockText(nextLock, zone), commitment: commitment(nextSeed) },
      }),
      attachments: [picture],
      // The next movement lock as a calendar event (UID per game and turn).
      ...(finished ? {} : { calendar: coalitionLockEvent(setup.turn + 1, nextLock, setup.lockAt) }),
    }, everyone(people));
    await battles.publish();
    // An order for an army the sender did not control at the lock (5.4.2): the real controller and the Battle
    // Judge are told. 5.4.2 comes first: a sender who controlled the army when posting and lost it before the
    // lock is not reported under 5.4.1 (the judges "are encouraged not to impose penalties"); he is told why.
    const foreign = update.movement.results.filter((r) => r.code === 'notController');
    for (const r of foreign) {
      const o = orders.find((x) => String(x.inboundMessageId) === r.post && x.line === r.line);
      const controller = atLock.get(r.army.trim().toLowerCase()) ?? null;
      const real = players.find((p) => controller !== null && p.name.toLowerCase() === controller.toLowerCase());
      const lostAt = o ? controlLostAfterPosting(withMercenaryJudge(controlAt(armies, players, changes, o.receivedAt), armies, mercJudge), changes, r.army, o.senderName, o.receivedAt, setup.lockAt) : null;
      const sender = o ? people.people.get(o.senderPersonId) : undefined;
      const army = armies.find((a) => a.name.toLowerCase() === r.army.trim().toLowerCase());
      const senderTeam = players.find((p) => o && p.personId === o.senderPersonId)?.team;
      const to = [people.battleJudge, ...(real ? [people.people.get(real.personId)!] : []), ...(lostAt && sender ? [sender] : [])];
      await sendNotice(trx, ctx.fromAddress, {
        game, template: 'coalition-not-controller', key: `not-controller:${game.id}:T${setup.turn}:${r.post}:${r.line}`,
        context: () => ({
          turn: setup.turn, army: r.army, sender: o?.senderName ?? 'someone', order: r.order, receivedAt: o ? gmtSeconds(o.receivedAt) : '', lockedAt: gmtSeconds(setup.lockAt),
          controller: controllerName(controller, r.army), enemy: army !== undefined && senderTeam !== undefined && army.team !== senderTeam,
          lostAfterPosting: lostAt !== null, lostAt: lostAt ? gmtSeconds(lostAt) : null,
        }),
      }, to);
    }
    // Logged for `mailjudge reproduce` (replay_log) with the instant it ran, in the same transaction.
    await insertReplayEntry(trx, { gameId: game.id, at: now, kind: 'task', name: 'adjudicate-phase', args: { payload: job, outcome: finished ? 'ended' : 'adjudicated' }, actor: 'worker' });
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'coalition.lock', detail: { turn: setup.turn, orders: orders.length, battles: update.movement.battles.length, seedCommitment, rolls: update.rolls.length, next: finished ? null : nextLock.toISOString() } });
    return finished ? 'ended' : 'adjudicated';
  });
  log().info({ event: 'phase.adjudication', game: job.gameId, phase: job.phase, outcome }, `${job.gameId} ${job.phase}: ${outcome}`);
  return outcome;
}

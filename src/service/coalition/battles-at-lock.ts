/**
 * What the movement lock does with battles (3.1), after the movement update: the battles announced at
 * the previous lock whose verdict the Battle Judge has entered are rolled with this turn's committed
 * dice (4.2.4) and applied to the world (troops lost, kills, captures, the loser moved or pushed out,
 * 4.2.5; day counts and healing on a base, 1.5, 2.3.1); then every new battle is announced with its
 * deadline, terrain, site, weather and "no-attacker" / "X attacks Y" (4.1.2.3), empty armies being
 * killed at once with no battle (4.3.1), and the deadline's digest job is queued.
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { findOpenBattles, insertBattle, setBattleOutcome, type BattleRow } from '../../db/coalition-battles.js';
import type { CoalitionPlayer, CoalitionSetup } from '../../db/coalition.js';
import { enqueueJob } from '../../db/jobs.js';
import type { Db, Trx } from '../../db/schema.js';
import {
  announceBattles, battleDeadline, countDayAfterBattle, countPurpose, formatBattleAnnouncement, formatBattleOutcome, heal, resolveBattle, siteAt,
  deliverAfterBattle, battleLosses, type ArmyLosses, type Army, type Battle, type BattleOutcome, type BattleVerdict, type PendingTransfer, type WorldMap,
} from '../../coalition/index.js';
import { commitment, type DiceStream } from '../../dice/index.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople, everyone } from './game-people.js';
import { coalitionBattleEvent, deadlineText, lockJobAt } from './turn-times.js';
import { lockText } from './movement-mail.js';

const k = (s: string) => s.trim().toLowerCase();

export interface SettledBattles {
  /** The armies after the battles rolled now and the automatic kills (4.3.1). */
  readonly armies: Army[];
  /** Troops still on their way to armies whose battle is not over (3.2.4.3). */
  readonly pending: PendingTransfer[];
  /** The battles to be fought, announced now (those the movement made and pushes onto an enemy, 4.2.5), and those still open. */
  readonly battles: Battle[];
  /** 4.2.5: each army's losses in the battles rolled now. */
  readonly losses: readonly ArmyLosses[];
  /** 6.2.2: Town Defenders killed in the battles rolled now, and the team that killed each. */
  readonly tdfKills: readonly { tdf: string; by: 'coalition' | 'phyrexia' }[];
  /** Queue the Battle Results and Battle Announcements mails (after the movement update's). */
  publish(): Promise<void>;
}

/** The key of the job that sends the Battle Judge his digests at a turn's battle deadline. */
export function battleDeadlineJobKey(gameId: string, turn: number): string {
  return `battle-deadline:${gameId}:T${turn}`;
}

/** The weather line while the Battle Judge has not entered it (4.1.2.5). */
export const NO_WEATHER = 'not entered yet: the Battle Judge mails it before the deadline, and everyone gets it then (4.1.2.5)';

export async function settleBattles(
  trx: Trx, fromAddress: string,
  s: { game: Game; setup: CoalitionSetup; players: readonly CoalitionPlayer[]; map: WorldMap; armies: readonly Army[]; movementBattles: readonly Battle[]; dice: DiceStream; nextLock: Date | null; now: Date; pending: readonly PendingTransfer[] },
): Promise<SettledBattles> {
  const { game, setup, map } = s;
  let armies = [...s.armies];
  let pending = [...s.pending];
  const open = await findOpenBattles(trx, game.id);
  const voided: string[] = [];
  const voidedIds = new Set<BattleRow['id']>();
  const results: { battle: BattleRow; outcome: BattleOutcome; rolls: DiceStream['rolls']; notes: string[]; before: Army[] }[] = [];

  // 1. Battles with a verdict: rolled now (3.1: "Around this time, the battle judge will post the results").
  for (const b of open) {
    const inIt = b.armies.map((n) => armies.find((a) => k(a.name) === k(n))).filter((a): a is Army => a !== undefined);
    if (new Set(inIt.map((a) => a.team)).size < 2) {
      // Only one side is left in it (a ruling, a kill): nothing to roll; the battle is closed and said so.
      const why = `only ${inIt.map((a) => a.name).join(' and ') || 'no army'} of ${b.armies.join(', ')} ${inIt.length === 1 ? 'is' : 'are'} left in it: no battle is fought`;
      await setBattleOutcome(trx, b.id, setup.turn, { void: true, why });
      voided.push(`Battle at ${b.square}: ${why}.`);
      voidedIds.add(b.id);
      continue;
    }
    if (b.verdict === null) continue; // not judged yet: it goes on (3.1), rolled at a later lock
    const before = s.dice.rolls.length;
    const outcome = resolveBattle({ battle: { square: b.square, armies: inIt.map((a) => a.name), attacker: b.attacker, jointEngage: b.jointEngage }, map, armies }, b.verdict as BattleVerdict, s.dice);
    const rolls = s.dice.rolls.slice(before);
    armies = applyOutcome(map, armies, outcome);
    const delivered = deliverAfterBattle(armies, pending, { armies: outcome.sides.flatMap((x) => x.armies), winners: outcome.sides.find((x) => x.team === outcome.winner)!.armies, killed: outcome.killed });
    armies = delivered.armies;
    pending = delivered.pending;
    await setBattleOutcome(trx, b.id, setup.turn, outcome);
    // Every roll in the audit log with what it decided (commit–reveal: the seed is revealed in the update).
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'coalition.battle', detail: {
      battle: b.id, square: b.square, turn: setup.turn, winner: outcome.winner, decidedBy: outcome.decidedBy, killed: outcome.killed, moves: outcome.moves,
      seedCommitment: commitment(setup.seed), rolls: rolls.map((r) => ({ nonce: r.nonce, notation: r.notation, dice: r.dice, total: r.total, purpose: r.purpose })),
    } });
    results.push({ battle: b, outcome, rolls, notes: delivered.notes, before: inIt });
  }

  // 2. New battles: those the movement made, and squares where a loser was pushed onto an enemy (4.2.5).
  const stillOpen = new Set(open.filter((b) => !results.some((r) => r.battle.id === b.id)).map((b) => b.square));
  const battles: Battle[] = s.movementBattles.filter((b) => !stillOpen.has(b.square));
  const squares = new Map<string, Army[]>();
  for (const a of armies) squares.set(a.at, [...(squares.get(a.at) ?? []), a]);
  for (const [sq, here] of squares) {
    if (stillOpen.has(sq) || battles.some((b) => b.square === sq) || new Set(here.map((a) => a.team)).size < 2) continue;
    // 4.2.5: "pushed into one of them and must fight again the very next turn": nobody attacked: no-attacker.
    battles.push({ square: sq, armies: here.map((a) => a.name), attacker: null, jointEngage: false });
  }
  const announcements = announceBattles(battles, map, armies);
  const killedNow = announcements.flatMap((a) => a.automaticKills);
  if (killedNow.length > 0) {
    armies = armies.filter((a) => !killedNow.includes(a.name));
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'coalition.empty-killed', detail: { turn: setup.turn, armies: killedNow, rule: '4.3.1' } });
  }
  const deadline = s.nextLock ? battleDeadline(s.nextLock, setup.turnHours) : null;
  const announced: { line: string; square: string; armies: readonly string[]; description?: string }[] = [];
  for (const a of announcements) {
    if (!a.fought || !deadline) continue;
    const line = formatBattleAnnouncement(a);
    const row = await insertBattle(trx, { gameId: game.id, announcedTurn: setup.turn, square: a.square, armies: a.armies.filter((n) => !a.automaticKills.includes(n)), attacker: a.attacker, jointEngage: a.jointEngage, announcement: line, deadline });
    if (row) announced.push({ line, square: a.square, armies: row.armies, ...(a.site?.description ? { description: a.site.description } : {}) });
  }
  if (announced.length > 0 && deadline) {
    await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: `T${setup.turn}`, step: 'battle-deadline' }, { jobKey: battleDeadlineJobKey(game.id, setup.turn), runAt: lockJobAt(deadline) });
  }

  const standingBattles: Battle[] = [
    ...open.filter((b) => stillOpen.has(b.square) && !voidedIds.has(b.id)).map((b) => ({ square: b.square, armies: b.armies, attacker: b.attacker, jointEngage: b.jointEngage })),
    ...announcements.filter((a) => a.fought).map((a) => ({ square: a.square, armies: a.armies.filter((n) => !a.automaticKills.includes(n)), attacker: a.attacker, jointEngage: a.jointEngage })),
  ];
  // 6.2.2: the Town Defenders killed in this lock's battles, and by which team (for At War).
  const tdfKills = results.flatMap((r) => r.outcome.killed.map((n) => ({ n, winner: r.outcome.winner })))
    .filter((x) => (x.winner === 'coalition' || x.winner === 'phyrexia') && s.armies.some((a) => k(a.name) === k(x.n) && a.mercenary === 'town-defender'))
    .map((x) => ({ tdf: x.n, by: x.winner as 'coalition' | 'phyrexia' }));
  return {
    armies,
    pending,
    tdfKills,
    losses: results.flatMap((r) => battleLosses(r.before, r.outcome)),
    battles: standingBattles,
    publish: async () => {
      const people = await coalitionPeople(trx, game, setup, s.players);
      if (results.length > 0 || voided.length > 0) {
        await sendNotice(trx, fromAddress, {
          game, template: 'coalition-battle-results', key: `battle-results:${game.id}:T${setup.turn}`,
          context: () => ({
            turn: setup.turn, seedCommitment: commitment(setup.seed), voided,
            battles: results.map((r) => ({ text: formatBattleOutcome(r.outcome, r.before).trimEnd(), notes: r.notes, rolls: r.rolls.map((x) => ({ nonce: x.nonce, notation: x.notation, dice: x.dice.join(' '), purpose: x.purpose })) })),
          }),
        }, everyone(people));
      }
      if (announced.length > 0 || killedNow.length > 0) {
        await sendNotice(trx, fromAddress, {
          game, template: 'coalition-battles', key: `battles:${game.id}:T${setup.turn}`,
          // The strategy deadline as a calendar event (UID per game and turn's battles).
          ...(deadline && announced.length > 0 ? { calendar: coalitionBattleEvent(setup.turn, deadline, setup.lockAt, setup.battleAddress) } : {}),
          context: (zone) => ({
            turn: setup.turn, next: setup.turn + 1, battleAddress: setup.battleAddress,
            deadline: deadline ? { ...lockText(deadline, zone), rule: `strategies stamped up to ${deadlineText(deadline)} count; from the next minute on they are refused (3.1, 4.1.1)` } : null,
            battles: announced.map((b) => ({ line: b.line, weather: NO_WEATHER, example: b.armies[0], description: b.description })),
            killed: announcements.filter((a) => a.automaticKills.length > 0).map((a) => ({ square: a.square, armies: a.automaticKills.join(' and '), fought: a.fought })),
          }),
        }, everyone(people));
      }
    },
  };
}

/** The battle's outcome applied to every army: losses, kills, capture, moves; day counts and healing on a counting site (1.5, 2.3.1). */
export function applyOutcome(map: WorldMap, armies: readonly Army[], o: BattleOutcome): Army[] {
  const after = new Map(o.armies.map((a) => [k(a.name), a]));
  const winners = new Set(o.sides.find((x) => x.team === o.winner)!.armies.map(k));
  return armies.filter((a) => !o.killed.some((n) => k(n) === k(a.name))).map((a) => {
    let x = after.get(k(a.name));
    if (!x) return a;
    const moved = o.moves.some((m) => k(m.army) === k(a.name));
    const site = siteAt(map, x.at);
    const purpose = countPurpose(map, x, site);
    if (moved || !winners.has(k(a.name)) || !purpose) return { ...x, days: moved || !winners.has(k(a.name)) ? 0 : x.days ?? 0 };
    // 1.5: an army attacked on its base or portal counts the day "if and when" it defeats the enemy.
    const days = countDayAfterBattle(x.days ?? 0, true);
    x = { ...x, days };
    return purpose === 'heal' ? { ...x, troops: heal(x, site!, days).troops } : x;
  });
}

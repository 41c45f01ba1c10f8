/**
 * Create a Coalition round (the judges' setup, seed 000): the game with its three addresses, the
 * Movement Judge (the game's GM) and the Battle Judge, the world (map and armies, checked), the
 * players of both teams, the first lock, and the first turn's dice commitment; every player and both
 * judges get the start mail with the lock and the commitment; the lock job is queued.
 */
import { insertReplayEntry } from '../../db/replay-log.js';
import { commitment } from '../../dice/index.js';
import { appendAudit } from '../../db/audit-log.js';
import { insertCoalitionGame, insertCoalitionPlayers, type CoalitionWorld } from '../../db/coalition.js';
import { adjudicateJobKey, enqueueJob } from '../../db/jobs.js';
import { findGame, insertGame } from '../../db/games.js';
import { findOrInsertPerson } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { checkMap, isArmyRankOf, parseWorldMap, readArmies, type ArmyJson } from '../../coalition/index.js';
import { problems, type CommandResult } from '../command-result.js';
import { identityNote } from '../game-start.js';
import { issueSecretIfNone, secretNote } from '../role-secret.js';
import { sendNotice } from '../notify.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';
import { coalitionPeople, everyone } from './game-people.js';
import { newTurnSeed } from './lock-turn.js';
import { lockText } from './movement-mail.js';
import { coalitionLockEvent, updateJobAt } from './turn-times.js';

export interface CoalitionPlayerSpec {
  readonly name: string;
  readonly email: string;
  readonly team: 'coalition' | 'phyrexia';
  readonly rank: string;
  readonly authority?: boolean;
  readonly timeZone?: string;
}

export interface CoalitionGameSpec {
  readonly id: string;
  readonly address: string;
  readonly pmAddress: string;
  readonly battleAddress: string;
  readonly movementJudge: { readonly name: string; readonly email: string };
  readonly battleJudge: { readonly name: string; readonly email: string };
  /** Chapter 6: optional; he controls every mercenary army and cannot be a player of either team. Without him the mercenaries hold. */
  readonly mercenaryJudge?: { readonly name: string; readonly email: string };
  /** 6.3.2 After Lock Edit: minutes after each lock before the movement update is computed (default 60; 0: none). */
  readonly editWindowMinutes?: number;
  readonly world: { readonly map: unknown; readonly armies: readonly ArmyJson[] };
  readonly players: readonly CoalitionPlayerSpec[];
  readonly lock: Date;
  readonly turnHours?: number;
}

/** Everything wrong with a spec, each problem naming where it is. Pure. */
export function checkCoalitionSpec(spec: CoalitionGameSpec, now: Date): string[] {
  const out: string[] = [];
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(spec.id)) out.push(`id "${spec.id}": lower-case letters, digits and dashes`);
  const addresses = [spec.address, spec.pmAddress, spec.battleAddress].map((a) => a.toLowerCase());
  if (new Set(addresses).size !== 3) out.push('the game, PM and battle addresses must be three different addresses');
  const map = parseWorldMap(spec.world.map);
  if (!map.ok) out.push(...map.problems.map((p) => `map: ${p}`));
  else out.push(...checkMap(map.map).map((p) => `map: ${p.message} (${p.rule})`));
  readArmies(spec.world.armies, out);
  const names = new Set<string>();
  spec.players.forEach((p, i) => {
    if (names.has(p.name.toLowerCase())) out.push(`players[${i}]: two players are named "${p.name}"`);
    names.add(p.name.toLowerCase());
    if (!isArmyRankOf(p.rank, p.team) && p.rank !== 'cadet' && p.rank !== 'drudge') out.push(`players[${i}].rank: "${p.rank}" is not a ${p.team} rank`);
  });
  for (const team of ['coalition', 'phyrexia'] as const) {
    const n = spec.players.filter((p) => p.team === team && p.authority).length;
    if (n !== 2) out.push(`${team}: exactly two players have authority over the control list (5.2.2.1); ${n} given`);
  }
  const mj = spec.mercenaryJudge;
  if (mj) {
    // Chapter 6: "the Mercenary Judge, who cannot be a player on either Player team".
    if (spec.players.some((p) => p.email.toLowerCase() === mj.email.toLowerCase() || p.name.toLowerCase() === mj.name.toLowerCase())) out.push(`mercenaryJudge: ${mj.name} <${mj.email}> is a player; the Mercenary Judge cannot be a player on either team (chapter 6)`);
    if ([spec.movementJudge.email, spec.battleJudge.email].some((e) => e.toLowerCase() === mj.email.toLowerCase())) out.push('mercenaryJudge: give him his own address (the Movement and Battle Judges have theirs)');
  }
  if (spec.editWindowMinutes !== undefined && !(Number.isInteger(spec.editWindowMinutes) && spec.editWindowMinutes >= 0 && spec.editWindowMinutes <= 1440)) out.push(`editWindowMinutes ${spec.editWindowMinutes}: whole minutes from 0 to 1440`);
  if (spec.lock.getTime() <= now.getTime()) out.push(`lock ${spec.lock.toISOString()} is in the past`);
  return out;
}

/**
 * `options.seed`: turn 1's seed when it is already known (`mailjudge reproduce` replays with the
 * recorded one); otherwise a fresh one. `options.byMail`: not logged in the replay log.
 */
export async function runCoalitionCreate(db: Db, spec: CoalitionGameSpec, actor: string, now: Date, fromAddress: string, options: { seed?: string } = {}): Promise<CommandResult> {
  const found = checkCoalitionSpec(spec, now);
  if (found.length > 0) return problems(found);
  return db.transaction().execute(async (trx) => {
    if (await findGame(trx, spec.id)) return problems([`game ${spec.id} exists already`]);
    const mj = (await findOrInsertPerson(trx, { name: spec.movementJudge.name, email: spec.movementJudge.email })).person;
    const bj = (await findOrInsertPerson(trx, { name: spec.battleJudge.name, email: spec.battleJudge.email })).person;
    const merc = spec.mercenaryJudge ? (await findOrInsertPerson(trx, { name: spec.mercenaryJudge.name, email: spec.mercenaryJudge.email })).person : null;
    const game = await insertGame(trx, { id: spec.id, address: spec.address, boardName: spec.id, gmPersonId: mj.id, kind: 'coalition', currentPhase: 'T1', status: 'active' });
    // 6.1: a Town Defender's home town is the town it starts in, unless the round file names it.
    const armies = readArmies(spec.world.armies, []).map((a) => (a.mercenary === 'town-defender' && !a.home ? { ...a, home: a.at } : a));
    const seed = options.seed ?? newTurnSeed();
    await insertCoalitionGame(trx, { gameId: game.id, pmAddress: spec.pmAddress, battleAddress: spec.battleAddress, battleJudgePersonId: bj.id, turn: 1, lockAt: spec.lock, turnHours: spec.turnHours ?? 24, seed, world: { map: spec.world.map as CoalitionWorld['map'], armies: armies as unknown as CoalitionWorld['armies'] }, mercenaryJudgePersonId: merc?.id ?? null, editWindowMinutes: spec.editWindowMinutes ?? 60 });
    const players: { personId: number; name: string; team: 'coalition' | 'phyrexia'; rank: string; authority: boolean }[] = [];
    for (const p of spec.players) {
      const person = (await findOrInsertPerson(trx, { name: p.name, email: p.email, ...(p.timeZone ? { timeZone: p.timeZone } : {}) })).person;
      players.push({ personId: person.id, name: p.name, team: p.team, rank: p.rank, authority: p.authority === true });
    }
    await insertCoalitionPlayers(trx, game.id, players);
    await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: 'T1' }, { jobKey: adjudicateJobKey(game.id, 'T1'), runAt: updateJobAt(spec.lock, { mercenaryJudgePersonId: merc?.id ?? null, editWindowMinutes: spec.editWindowMinutes ?? 60 }) });
    // Logged for `mailjudge reproduce` (replay_log): the spec as given, with the judge's clock.
    await insertReplayEntry(trx, { gameId: game.id, at: now, kind: 'command', name: 'coalition-create', args: spec, actor });
    await appendAudit(trx, { gameId: game.id, actor, action: 'coalition.create', detail: { lock: spec.lock.toISOString(), players: players.length, armies: armies.length, seedCommitment: commitment(seed) } });
    const setup = { gameId: game.id, pmAddress: spec.pmAddress, battleAddress: spec.battleAddress, battleJudgePersonId: bj.id, turn: 1, lockAt: spec.lock, turnHours: spec.turnHours ?? 24, seed, world: { map: {}, armies: [] }, mercenaryJudgePersonId: merc?.id ?? null };
    const people = await coalitionPeople(trx, game, setup, players.map((p) => ({ ...p, contingency: null })));
    // Issue 33 item 8 (issue 25): every player and judge gets a secret of their own, as in Diplomacy,
    // so that on a domain without DMARC nobody is trusted on the From address alone.
    for (const person of everyone(people)) {
      const secret = await issueSecretIfNone(trx, person, game.policies.identity);
      const judge = person.id === mj.id || person.id === bj.id || person.id === merc?.id;
      const note = secretNote(secret, game.policies.identity, judge ? 'every ruling, order and command' : 'every order, post and strategy');
    await sendNotice(trx, fromAddress, {
      game, template: 'coalition-start', key: `start:${game.id}`,
      // Issue 12: the first movement lock as a calendar event (UID per game and turn, see coalitionLockEvent).
      calendar: coalitionLockEvent(1, spec.lock, now),
      context: (zone) => ({
        lock: lockText(spec.lock, zone), commitment: commitment(seed), pmAddress: spec.pmAddress, battleAddress: spec.battleAddress,
        movementJudge: mj.name, battleJudge: bj.name,
        // Chapter 6: who orders the mercenary armies, or that they hold.
        mercenaries: armies.filter((a) => a.team === 'mercenary').map((a) => `${a.name} (${a.mercenary ?? 'mercenary'}, ${a.rank}) at ${a.at}`),
        mercenaryJudge: merc?.name ?? null, editWindow: merc ? (spec.editWindowMinutes ?? 60) : 0, update: gmtSeconds(updateJobAt(spec.lock, { mercenaryJudgePersonId: merc?.id ?? null, editWindowMinutes: spec.editWindowMinutes ?? 60 })),
        teams: (['coalition', 'phyrexia'] as const).map((t) => ({ team: t, players: players.filter((p) => p.team === t).map((p) => `${p.name} (${p.rank}${p.authority ? ', control list' : ''})`).join(', ') })),
        armies: armies.map((a) => `${a.name} (${a.team}, ${a.rank}) at ${a.at}`),
        identity: identityNote(game, null), secretNote: note,
      }),
    }, [person]);
    }
    return { ok: true, text: `Created Coalition game ${game.id}: ${players.length} players, ${armies.length} armies; turn 1 locks at ${spec.lock.toISOString()}.`, json: { game: game.id, players: players.length, armies: armies.length, lock: spec.lock.toISOString(), commitment: commitment(seed) } };
  });
}

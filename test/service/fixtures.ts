/**
 * Builders for the calendar's database tests: a game (optionally a tournament board with team
 * captains, reserves and a TD), order sets, stored messages, and a player's communications run
 * through `recordCommunications` as the pipeline runs them.
 */
import { recordCommunications } from '../../src/service/diplomacy/record-communications.js';
import { insertGame, type Game, type GamePolicies } from '../../src/db/games.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { insertOrderSet } from '../../src/db/order-sets.js';
import { insertPerson, type Person } from '../../src/db/people.js';
import { findPhase, insertPhase } from '../../src/db/phases.js';
import { insertPosition } from '../../src/db/positions.js';
import type { Db } from '../../src/db/schema.js';
import { ensureRound, insertTeam, insertTournament, insertTournamentMember } from '../../src/db/tournaments.js';
import { POWERS, RULE_PROFILES, standardStartState, type Power } from '../../src/diplomacy/index.js';
import { parseOrderSheet } from '../../src/diplomacy/sheet/index.js';
import { JUDGE } from './sim.js';

export interface CalendarGame {
  readonly game: Game;
  readonly gm: Person;
  readonly players: Map<Power, Person>;
  readonly captains: Map<Power, Person>;
  readonly td: Person | undefined;
  readonly reserves: Person[];
}

export interface GameOptions {
  readonly deadline: Date;
  readonly policies?: Partial<GamePolicies>;
  /** Make it a board of round `round` of a tournament (with a TD). */
  readonly round?: number;
  /** Powers whose player has a team captain. */
  readonly captains?: readonly Power[];
  readonly reserves?: number;
  readonly zones?: Partial<Record<Power, string>>;
}

let tournaments = 0;

/** Game `id` (players `<id>-<power>@example.org`, GM `<id>-gm@example.org`) with S1901M open until `deadline`. */
export async function calendarGame(db: Db, id: string, o: GameOptions): Promise<CalendarGame> {
  const gm = await insertPerson(db, { name: `GM of ${id}`, email: `${id}-gm@example.org` });
  let tournamentId: number | null = null;
  let td: Person | undefined;
  if (o.round !== undefined) {
    const t = await insertTournament(db, { slug: `t${++tournaments}-${id}`.slice(0, 60), name: `Tournament for ${id}` });
    tournamentId = t.id;
    await ensureRound(db, { tournamentId, number: o.round });
    td = await insertPerson(db, { name: `TD of ${id}`, email: `${id}-td@example.org` });
    await insertTournamentMember(db, { tournamentId, personId: td.id, role: 'td' });
  }
  const game = await insertGame(db, {
    id, boardName: id, address: `${id}@judge.example.org`, gmPersonId: gm.id, status: 'active', policies: o.policies ?? {},
    tournamentId, roundNumber: o.round ?? null,
  });
  const players = new Map<Power, Person>();
  const captains = new Map<Power, Person>();
  for (const power of POWERS) {
    const p = await insertPerson(db, { name: `${power} player`, email: `${id}-${power.toLowerCase()}@example.org`, timeZone: o.zones?.[power] ?? 'UTC' });
    await insertPosition(db, { gameId: id, power, personId: p.id, kind: 'original', startedAt: new Date('2020-01-01T00:00:00Z') });
    players.set(power, p);
    if (tournamentId !== null && o.captains?.includes(power)) {
      const c = await insertPerson(db, { name: `${power} captain`, email: `${id}-${power.toLowerCase()}-captain@example.org` });
      const team = await insertTeam(db, { tournamentId, name: `team ${power}`, captainPersonId: c.id });
      await insertTournamentMember(db, { tournamentId, personId: p.id, role: 'player', teamId: team.id });
      await insertTournamentMember(db, { tournamentId, personId: c.id, role: 'captain', teamId: team.id });
      captains.set(power, c);
    }
  }
  const reserves: Person[] = [];
  for (let i = 1; tournamentId !== null && i <= (o.reserves ?? 0); i++) {
    const r = await insertPerson(db, { name: `reserve ${i}`, email: `${id}-reserve${i}@example.org` });
    await insertTournamentMember(db, { tournamentId, personId: r.id, role: 'reserve', rank: i });
    reserves.push(r);
  }
  await insertPhase(db, { gameId: id, state: standardStartState(), deadline: o.deadline });
  return { game, gm, players, captains, td, reserves };
}

/** An order set for `power` in the game's phase, as if accepted at `at`. */
export async function orders(db: Db, g: CalendarGame, power: Power, phase: string, at: Date, final: boolean, list: readonly string[] = [], person?: Person): Promise<void> {
  await insertOrderSet(db, { gameId: g.game.id, phase, power, personId: (person ?? g.players.get(power)!).id, receivedAt: at, final, sheet: {}, orders: list });
}

let messages = 0;

/** A stored inbound message (its id is what communications are recorded against). */
export async function storedMessage(db: Db, at: Date): Promise<number> {
  const r = await insertInboundMessage(db, { raw: Buffer.from(`Message-ID: <m${++messages}-${at.getTime()}@example.org>\r\nSubject: x\r\n\r\nbody ${messages}\r\n`), receivedAt: at, source: 'cli' });
  return r.id;
}

/** Run `text` from `power`'s player through `recordCommunications` as the pipeline does; returns the notes. */
export async function communicate(db: Db, g: CalendarGame, power: Power, text: string, at: Date, o: { person?: Person; inboundId?: number } = {}): Promise<{ notes: string[]; inboundId: number }> {
  const phase = (await findPhase(db, g.game.id, (await db.selectFrom('games').select('current_phase').where('id', '=', g.game.id).executeTakeFirstOrThrow()).current_phase))!;
  const sheet = parseOrderSheet(text, { state: phase.stateBefore, power, rules: RULE_PROFILES.wm });
  const inboundId = o.inboundId ?? (await storedMessage(db, at));
  const r = await recordCommunications(db, {
    gameId: g.game.id, phase: phase.name, power, personId: (o.person ?? g.players.get(power)!).id, inboundMessageId: inboundId, receivedAt: at, sheet, now: at, fromAddress: JUDGE,
  });
  return { notes: r.notes, inboundId };
}

/** The outbox rows of a game of one kind: `[to, subject, body]`, oldest first. */
export async function mails(db: Db, gameId: string, kind: string): Promise<{ to: string; subject: string; body: string }[]> {
  const rows = await db.selectFrom('outbox').select(['to_address', 'subject', 'body_text']).where('game_id', '=', gameId).where('kind', '=', kind).orderBy('id').execute();
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, body: r.body_text }));
}

/**
 * Who a game's notices go to: the acting player of each power, the GM, the tournament's TD(s), a
 * player's team captain (B.8(a),(c)) and the reserve pool (B.8(d)). Read-only queries.
 */
import type { Game } from '../db/games.js';
import { findPeople, findPerson, type Person } from '../db/people.js';
import { findCurrentPositions, holdersByPower, type Position } from '../db/positions.js';
import type { Db } from '../db/schema.js';
import type { Power } from '../diplomacy/index.js';

/** Someone a game notice goes to. */
export interface Recipient {
  readonly person: Person;
  /** The powers they act for in this game (none for the GM or the TD). */
  readonly powers: readonly Power[];
  readonly role: 'player' | 'gm' | 'td' | 'captain' | 'reserve';
}

/** The person acting for each power now (the stand-in if any, else the player of record). */
export async function findActingPlayers(db: Db, gameId: string): Promise<Map<Power, Person>> {
  const positions = await findCurrentPositions(db, gameId);
  const holders = holdersByPower(positions);
  return actingFrom(positions, await findPeople(db, holders.flatMap((h) => (h.acting ? [h.acting.personId] : []))));
}

/**
 * Everyone a game announcement goes to: every current holder of a power (player of record and
 * stand-in) and the GM, each once, with the powers they hold.
 */
export async function announcementRecipients(db: Db, game: Pick<Game, 'id' | 'gmPersonId'>): Promise<Recipient[]> {
  return recipientsFrom(await findSeats(db, game), game);
}

/**
 * Issue 29: a game's open holdings and everyone they name, with the GM, read once (two statements)
 * for whoever needs the acting players, the announcement's recipients and the GM of one transaction.
 */
export interface Seats {
  readonly positions: readonly Position[];
  readonly people: ReadonlyMap<number, Person>;
}

/** The game's {@link Seats}: its open holdings, then their people and the GM. */
export async function findSeats(db: Db, game: Pick<Game, 'id' | 'gmPersonId'>): Promise<Seats> {
  const positions = await findCurrentPositions(db, game.id);
  return { positions, people: await findPeople(db, [...positions.map((p) => p.personId), game.gmPersonId]) };
}

/** The person acting for each power among `positions` (the stand-in if any, else the player of record). Pure. */
export function actingFrom(positions: readonly Position[], people: ReadonlyMap<number, Person>): Map<Power, Person> {
  const out = new Map<Power, Person>();
  for (const h of holdersByPower(positions)) {
    const p = h.acting && people.get(h.acting.personId);
    if (p) out.set(h.power, p);
  }
  return out;
}

/** {@link announcementRecipients} of read {@link Seats}. Pure. */
export function recipientsFrom(seats: Seats, game: Pick<Game, 'gmPersonId'>): Recipient[] {
  const byPerson = new Map<number, { person: Person; powers: Power[] }>();
  for (const pos of seats.positions) {
    const entry = byPerson.get(pos.personId);
    if (entry) { if (!entry.powers.includes(pos.power)) entry.powers.push(pos.power); continue; }
    const person = seats.people.get(pos.personId);
    if (person) byPerson.set(pos.personId, { person, powers: [pos.power] });
  }
  const out: Recipient[] = [...byPerson.values()].map((e) => ({ person: e.person, powers: e.powers, role: 'player' as const }));
  const gm = seats.people.get(game.gmPersonId);
  if (gm && !byPerson.has(gm.id)) out.push({ person: gm, powers: [], role: 'gm' });
  return out;
}

/** The GM of the game. */
export async function findGm(db: Db, game: Pick<Game, 'gmPersonId'>): Promise<Person | undefined> {
  return findPerson(db, game.gmPersonId);
}

/** The TD(s) of the game's tournament (none for a game outside a tournament). */
export async function findTds(db: Db, game: Pick<Game, 'tournamentId'>): Promise<Person[]> {
  if (game.tournamentId === null) return [];
  const rows = await db.selectFrom('tournament_members').select('person_id').where('tournament_id', '=', game.tournamentId).where('role', '=', 'td').orderBy('id').execute();
  const out: Person[] = [];
  for (const r of rows) {
    const p = await findPerson(db, r.person_id);
    if (p) out.push(p);
  }
  return out;
}

/** The captain of `personId`'s team in the game's tournament (B.8(a)), unless that is the person. */
export async function findCaptain(db: Db, game: Pick<Game, 'tournamentId'>, personId: number): Promise<Person | undefined> {
  if (game.tournamentId === null) return undefined;
  const row = await db
    .selectFrom('tournament_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select('t.captain_person_id')
    .where('m.tournament_id', '=', game.tournamentId)
    .where('m.person_id', '=', personId)
    .where('t.captain_person_id', 'is not', null)
    .executeTakeFirst();
  if (!row?.captain_person_id || row.captain_person_id === personId) return undefined;
  return findPerson(db, row.captain_person_id);
}

/** The tournament's reserve pool in call order (B.8(d): highest ranked first). */
export async function findReserves(db: Db, game: Pick<Game, 'tournamentId'>): Promise<{ person: Person; rank: number | null }[]> {
  if (game.tournamentId === null) return [];
  const rows = await db
    .selectFrom('tournament_members')
    .select(['person_id', 'rank'])
    .where('tournament_id', '=', game.tournamentId)
    .where('role', '=', 'reserve')
    .orderBy('rank')
    .orderBy('id')
    .execute();
  const out: { person: Person; rank: number | null }[] = [];
  for (const r of rows) {
    const p = await findPerson(db, r.person_id);
    if (p) out.push({ person: p, rank: r.rank });
  }
  return out;
}

/** `[person, …]` without repeats (by id), in order. Pure. */
export function distinctPeople(people: readonly (Person | undefined)[]): Person[] {
  const seen = new Set<number>();
  const out: Person[] = [];
  for (const p of people) {
    if (!p || seen.has(p.id)) continue;
    seen.add(p.id);
    out.push(p);
  }
  return out;
}

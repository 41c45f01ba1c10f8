/**
 * Builders for database tests: a person, a game with its seven players and an open S1901M.
 */
import { POWERS, standardStartState, type Power } from '../../src/diplomacy/index.js';
import { insertGame, type Game } from '../../src/db/games.js';
import { insertPerson, type Person } from '../../src/db/people.js';
import { insertPhase } from '../../src/db/phases.js';
import { insertPosition } from '../../src/db/positions.js';
import type { Db } from '../../src/db/schema.js';

/** A registered person whose name and address derive from `key`. */
export function person(db: Db, key: string, timeZone = 'UTC'): Promise<Person> {
  return insertPerson(db, { name: `Player ${key}`, email: `${key}@example.org`, timeZone });
}

/** A game `id` with a GM, the seven original players and S1901M open until `deadline`. */
export async function gameWithPlayers(
  db: Db,
  id: string,
  deadline = new Date('2030-05-01T12:00:00Z'),
): Promise<{ game: Game; gm: Person; players: Map<Power, Person> }> {
  const gm = await person(db, `${id}-gm`);
  const game = await insertGame(db, { id, boardName: id, address: `${id}@judge.example.org`, gmPersonId: gm.id, status: 'active' });
  const players = new Map<Power, Person>();
  for (const power of POWERS) {
    const p = await person(db, `${id}-${power.toLowerCase()}`);
    await insertPosition(db, { gameId: id, power, personId: p.id, kind: 'original' });
    players.set(power, p);
  }
  await insertPhase(db, { gameId: id, state: standardStartState(), deadline });
  return { game, gm, players };
}

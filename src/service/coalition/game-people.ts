/** Who a Coalition game's mail goes to: the players of both teams and the two judges (1.3). */
import type { Game } from '../../db/games.js';
import type { CoalitionPlayer, CoalitionSetup } from '../../db/coalition.js';
import { findPeople, type Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';

export interface CoalitionPeople {
  readonly players: readonly CoalitionPlayer[];
  /** person id → person, for every player and both judges. */
  readonly people: ReadonlyMap<number, Person>;
  readonly movementJudge: Person;
  readonly battleJudge: Person;
}

export async function coalitionPeople(db: Db, game: Game, setup: CoalitionSetup, players: readonly CoalitionPlayer[]): Promise<CoalitionPeople> {
  const people = await findPeople(db, [...players.map((p) => p.personId), game.gmPersonId, setup.battleJudgePersonId]);
  return { players, people, movementJudge: people.get(game.gmPersonId)!, battleJudge: people.get(setup.battleJudgePersonId)! };
}

/** Everyone: the players of both teams, then the judges, each once. */
export function everyone(c: CoalitionPeople): Person[] {
  const seen = new Set<number>();
  const out: Person[] = [];
  for (const id of [...c.players.map((p) => p.personId), c.movementJudge.id, c.battleJudge.id]) {
    const p = c.people.get(id);
    if (p && !seen.has(id)) { seen.add(id); out.push(p); }
  }
  return out;
}

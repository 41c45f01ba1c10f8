/** Who a Coalition game's mail goes to: the players of both teams, the two judges (1.3) and the Mercenary Judge if any (chapter 6). */
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
  /** Chapter 6: he controls every mercenary army; null: the round has none (the mercenaries hold). */
  readonly mercenaryJudge: Person | null;
}

export async function coalitionPeople(db: Db, game: Game, setup: CoalitionSetup, players: readonly CoalitionPlayer[]): Promise<CoalitionPeople> {
  const mj = setup.mercenaryJudgePersonId ?? null;
  const people = await findPeople(db, [...players.map((p) => p.personId), game.gmPersonId, setup.battleJudgePersonId, ...(mj !== null ? [mj] : [])]);
  return { players, people, movementJudge: people.get(game.gmPersonId)!, battleJudge: people.get(setup.battleJudgePersonId)!, mercenaryJudge: mj !== null ? people.get(mj) ?? null : null };
}

/** Everyone: the players of both teams, then the judges (the Mercenary Judge last), each once. */
export function everyone(c: CoalitionPeople): Person[] {
  const seen = new Set<number>();
  const out: Person[] = [];
  for (const id of [...c.players.map((p) => p.personId), c.movementJudge.id, c.battleJudge.id, ...(c.mercenaryJudge ? [c.mercenaryJudge.id] : [])]) {
    const p = c.people.get(id);
    if (p && !seen.has(id)) { seen.add(id); out.push(p); }
  }
  return out;
}

/** Chapter 6: the Mercenary Judge as a poster: his name orders the mercenary armies; he is on neither team. */
export function mercenaryJudgeAsPlayer(person: Person): CoalitionPlayer {
  return { personId: person.id, name: person.name, team: 'mercenary' as never, rank: 'mercenary-judge', authority: false, contingency: null };
}

/** Who controlled an army, as the reports name him: "nobody", or the player (5.2.1: of the same name unless the list says otherwise). */
export function controllerName(controller: string | null, army: string): string {
  if (controller === null) return 'nobody';
  return controller.trim().toLowerCase() === army.trim().toLowerCase() ? `the player ${controller}, its namesake (an army not on the list is its namesake player's, 5.2.1)` : `the player ${controller}`;
}

/**
 * The intake benchmarks' games (bench-ingest, bench-decide): game `g` is `<prefix><g>`, reached at
 * `judge+<id>@judge.example.org`, with a GM and seven players `<id>-<power>@example.org` in their
 * original positions and its S1901M phase open until `deadline`, written straight into the database.
 */
import type { Db } from '../src/db/schema.js';
import { insertGame } from '../src/db/games.js';
import { insertPerson } from '../src/db/people.js';
import { insertPhase } from '../src/db/phases.js';
import { insertPosition } from '../src/db/positions.js';
import { POWERS, standardStartState, type Power } from '../src/diplomacy/index.js';

/** The names and addresses of a benchmark's games whose ids start with `prefix`. */
export function benchGames(prefix: string) {
  const gameId = (g: number) => `${prefix}${g}`;
  const gameAddress = (g: number) => `judge+${gameId(g)}@judge.example.org`;
  const playerOf = (g: number, power: Power) => `${gameId(g)}-${power.toLowerCase()}@example.org`;
  /** Game `g` with its GM, seven players and open S1901M phase. */
  const insertBenchGame = async (db: Db, g: number, deadline: Date): Promise<void> => {
    const gm = await insertPerson(db, { name: `GM ${g}`, email: `${gameId(g)}-gm@example.org` });
    await insertGame(db, { id: gameId(g), boardName: gameId(g), address: gameAddress(g), gmPersonId: gm.id, status: 'active' });
    for (const power of POWERS) {
      const p = await insertPerson(db, { name: `${power} ${g}`, email: playerOf(g, power) });
      await insertPosition(db, { gameId: gameId(g), power, personId: p.id, kind: 'original' });
    }
    await insertPhase(db, { gameId: gameId(g), state: standardStartState(), deadline });
  };
  return { gameId, gameAddress, playerOf, insertBenchGame };
}

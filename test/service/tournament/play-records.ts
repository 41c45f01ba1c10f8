/**
 * Drives a tournament board's records as the adjudication worker writes them, through the same
 * repositories (phases: savePhaseResult + insertPhase; games: updateGameProgress): every Spring and
 * Fall movement phase of the game adjudicated in turn on a simulated clock, the centres at the end of
 * each year as the test designs them. Scoring then reads only these records.
 */
import { STANDARD_MAP, POWERS, type GameState, type Power } from '../../../src/diplomacy/index.js';
import { updateGameProgress } from '../../../src/db/games.js';
import { findPhase, insertPhase, savePhaseResult } from '../../../src/db/phases.js';
import { findCurrentPositions } from '../../../src/db/positions.js';
import type { Db } from '../../../src/db/schema.js';

const SUPPLY_CENTRES = [...STANDARD_MAP.provinces.values()].filter((p) => p.supplyCenter).map((p) => p.id).sort();
const DAY = 86_400_000;

/** An ownership map with these counts (which centres is immaterial to scoring). */
export function ownership(counts: Readonly<Record<Power, number>>): Map<string, Power> {
  const out = new Map<string, Power>();
  let at = 0;
  for (const p of POWERS) for (let i = 0; i < counts[p]; i++) out.set(SUPPLY_CENTRES[at++]!, p);
  return out;
}

/** The counts at the end of `year`, by power, given who holds each power now. */
export type YearCounts = (year: number, holderOf: (power: Power) => number) => Record<Power, number> | undefined;

/**
 * Play `gameId` from its open S1901M to the Fall of `endYear`, one movement phase a day from `start`
 * (Spring at day 2k, Fall at 2k+1), calling `between(seasonIndex, at)` before each season (a
 * replacement is written there), and finish it. Returns the clock after the last phase.
 */
export async function playGame(db: Db, gameId: string, o: { start: Date; endYear: number; counts: YearCounts; between?: (season: number, at: Date) => Promise<void> }): Promise<Date> {
  let at = o.start;
  let season = 0;
  let last: Map<string, Power> | undefined;
  for (let year = 1901; year <= o.endYear; year++) {
    for (const s of ['S', 'F'] as const) {
      if (o.between) await o.between(season, at);
      const name = `${s}${year}M`;
      const phase = (await findPhase(db, gameId, name))!;
      at = new Date(at.getTime() + DAY);
      const holders = new Map((await findCurrentPositions(db, gameId)).filter((p) => p.kind !== 'temporary').map((p) => [p.power, p.personId]));
      let centers = last ?? phase.stateBefore.centers;
      let next: GameState['phase'];
      if (s === 'S') next = { season: 'F', year, kind: 'M' };
      else {
        const counts = o.counts(year, (p) => holders.get(p)!);
        if (counts) centers = last = ownership(counts);
        next = { season: 'W', year, kind: 'A' };
      }
      const after: GameState = { ...phase.stateBefore, phase: next, centers, dislodged: [], standoffs: [] };
      await savePhaseResult(db, gameId, name, { stateAfter: after, results: [], adjudicatedAt: at });
      const following: GameState = s === 'S' ? after : { ...after, phase: { season: 'S', year: year + 1, kind: 'M' } };
      if (!(s === 'F' && year === o.endYear)) await insertPhase(db, { gameId, state: following, deadline: new Date(at.getTime() + DAY) });
      season += 1;
    }
  }
  await updateGameProgress(db, gameId, { currentPhase: `F${o.endYear}M`, status: 'finished' });
  return at;
}

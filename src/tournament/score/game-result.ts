/**
 * How a game ended by vote, applied to its final counts (D.IX(3),(4), C.4, C.5):
 * - a draw: "A game end proposal that does not include all survivors presumes the elimination of
 *   the players not included" (D.IX(4)): a survivor left out of the draw scores as eliminated (C.1:
 *   zero, no bonus) and the powers in the draw share the places by their counts (C.2, C.3). "SC
 *   counts may not be changed by vote": the others keep theirs.
 * - a concession: "a solo conceded by vote" is scored as a solo (C.4) in the final year (C.5).
 */
import { POWERS, type Power } from '../powers.js';
import { SOLO_THRESHOLD, type GameOutcome } from './score-game.js';

export type GameResult =
  | { readonly kind: 'draw'; readonly powers: readonly Power[] }
  | { readonly kind: 'concession'; readonly power: Power };

/** D.IX(4): the counts with every power left out of the draw eliminated (0); the others unchanged. */
export function afterDraw(centres: Readonly<Record<Power, number>>, drawn: readonly Power[]): Record<Power, number> {
  return Object.fromEntries(POWERS.map((p) => [p, drawn.includes(p) ? centres[p] : 0])) as Record<Power, number>;
}

/** The outcome scoring uses once the vote's result is applied (absent: played to the end year). */
export function outcomeWithResult(outcome: GameOutcome, result?: GameResult): GameOutcome {
  if (!result) return outcome;
  if (result.kind === 'concession') return { centres: outcome.centres, solo: result.power };
  return { centres: afterDraw(outcome.centres, result.powers), solo: null };
}

/** Every problem with a result against the final counts, each naming `where`. */
export function checkResult(centres: Readonly<Record<Power, number>>, solo: Power | null, result: GameResult, where: string): string[] {
  const problems: string[] = [];
  const reached = POWERS.find((p) => centres[p] >= SOLO_THRESHOLD);
  if (result.kind === 'draw') {
    const twice = result.powers.filter((p, i) => result.powers.indexOf(p) !== i);
    if (twice.length > 0) problems.push(`${where}.powers: ${twice[0]} is named twice`);
    if (result.powers.length < 2) problems.push(`${where}.powers: a draw names two or more surviving powers; a win by vote is {"kind": "concession", "power": "…"} (D.IX(3))`);
    for (const p of result.powers) if (centres[p] === 0) problems.push(`${where}.powers: ${p} has 0 centres (eliminated) and cannot be in a draw (D.IX(4): the survivors)`);
    if (solo !== null) problems.push(`${where}: a draw, but solo names ${solo}; a game with a solo is not drawn`);
    if (reached !== undefined) problems.push(`${where}: a draw, but ${reached} has ${centres[reached]} centres, a solo (C.4)`);
  } else {
    if (centres[result.power] === 0) problems.push(`${where}.power: ${result.power} has 0 centres (eliminated) and cannot be conceded the game`);
    if (solo !== null && solo !== result.power) problems.push(`${where}.power: the concession is to ${result.power} but solo names ${solo}`);
    if (reached !== undefined && reached !== result.power) problems.push(`${where}.power: the concession is to ${result.power} but ${reached} has ${centres[reached]} centres, a solo (C.4)`);
  }
  return problems;
}

/**
 * Seat one round's players on boards and powers (seed 004, B.5 and B.6). Pure: the round's seed is
 * the only source of chance, so the same input and seed always give the same seating, and anyone
 * holding the revealed seed can recompute it.
 *
 * 1. Start (B.5): in round 1 the powers the teams chose are kept (players without a choice are
 *    given one at random); every other seating is drawn at random. The initial deal is a
 *    Fisher–Yates shuffle with the dice service ({@link DiceStream}, scope `assign:r<round>`, every
 *    roll recorded): each power's chosen players are dealt one per board, then everyone else fills
 *    the free slots in shuffled order.
 * 2. Improve (B.6 "wherever possible"): {@link SeatingSearch} swaps players to lower the violations of
 *    B.6 (a)–(e), most important first; where they cannot all hold, the least important are broken.
 * 3. Report: {@link findBrokenRules} recomputes every broken rule from the final seating.
 */
import { commitment, DiceStream } from '../../dice/index.js';
import { POWERS, type Power } from '../powers.js';
import { cyclicStart } from './cyclic-start.js';
import { findBrokenRules, readPastPlay } from './find-broken-rules.js';
import { SearchRandom } from './search-random.js';
import { SeatingSearch } from './seating-search.js';
import type { AssignedBoard, AssignInput, AssignOutput } from './types.js';

/**
 * How long the search goes on without improvement, in moves per player (and at least). 300,000: with
 * (e) minimised last (after (c)), 100,000 left a planted 7-board round 4 one (e) break short of the
 * seating that breaks nothing.
 */
export const PATIENCE_PER_PLAYER = 200;
export const MIN_PATIENCE = 300_000;

/** Board names: `r<round>-b<n>`, n from 1. */
export function boardName(round: number, index: number): string {
  return `r${round}-b${index + 1}`;
}

/** Seat the players; assumes {@link validateAssignInput} found nothing wrong. */
export function assignBoards(input: AssignInput): AssignOutput {
  return assignBoardsTraced(input).output;
}

/** {@link assignBoards} with the number of search moves tried and the dice rolled (for benchmarks and audits). */
export function assignBoardsTraced(input: AssignInput): { output: AssignOutput; moves: number; rolls: number } {
  const n = input.players.length;
  const boards = n / 7;
  const ids = input.players.map((p) => p.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const teamIndex = new Map<string, number>();
  const team = new Int32Array(n);
  const fixed = new Int32Array(n).fill(-1);
  input.players.forEach((p, i) => {
    if (p.team === null) team[i] = -1;
    else {
      if (!teamIndex.has(p.team)) teamIndex.set(p.team, teamIndex.size);
      team[i] = teamIndex.get(p.team)!;
    }
    // B.5: the team's choice holds in round 1 only.
    if (p.power !== undefined && input.round === 1) fixed[i] = POWERS.indexOf(p.power);
  });

  const past = readPastPlay(input.history);
  const pastPowers = new Uint8Array(n);
  const met = new Set<number>();
  ids.forEach((id, i) => {
    for (const power of past.powers.get(id)?.keys() ?? []) pastPowers[i]! |= 1 << POWERS.indexOf(power);
    for (const o of past.opponents.get(id)?.keys() ?? []) {
      const j = index.get(o);
      if (j !== undefined && i < j) met.add(i * n + j);
    }
  });

  // 1. The initial deal (recorded dice): in a first round of whole teams the cyclic layout (B.6(e),
  // cyclic-start.ts) with the teams in a random order; otherwise a random deal.
  const dice = new DiceStream(input.seed, `assign:r${input.round}`);
  const shape = { boards, team, teams: teamIndex.size, fixed };
  // Only a first round of whole teams has the shape (checked before any die is rolled for it).
  const cyclic = input.round === 1 && cyclicStart(shape, [...Array(boards).keys()]) !== null
    ? cyclicStart(shape, dice.shuffle([...Array(boards).keys()], 'order the teams around the cyclic layout'))
    : null;
  let initial: Int32Array;
  if (cyclic) initial = cyclic;
  else {
    initial = new Int32Array(boards * 7).fill(-1);
    for (let power = 0; power < 7; power++) {
      const chosen = ids.map((_, i) => i).filter((i) => fixed[i] === power);
      dice.shuffle(chosen, `deal the players who chose ${POWERS[power]} to boards`).forEach((player, b) => (initial[b * 7 + power] = player));
    }
    const free = dice.shuffle(ids.map((_, i) => i).filter((i) => fixed[i]! < 0), 'deal the other players to boards and powers');
    let at = 0;
    for (let s = 0; s < initial.length; s++) if (initial[s]! < 0) initial[s] = free[at++]!;
  }

  // 2. The search.
  const search = new SeatingSearch({ boards, team, teams: teamIndex.size, fixed, pastPowers, met, teamRound: input.teamRound }, initial);
  const moves = search.improve(new SearchRandom(input.seed, `assign:r${input.round}`), Math.max(MIN_PATIENCE, PATIENCE_PER_PLAYER * n));

  // 3. The seating and what it breaks.
  const out: AssignedBoard[] = [];
  for (let b = 0; b < boards; b++) {
    const seats = {} as Record<Power, string>;
    POWERS.forEach((power, i) => (seats[power] = ids[search.slotPlayer[b * 7 + i]!]!));
    out.push({ board: boardName(input.round, b), seats });
  }
  const teamOf = new Map(input.players.map((p) => [p.id, p.team]));
  const broken = findBrokenRules(out, { teamRound: input.teamRound, teamOf, history: input.history });
  return { output: { boards: out, broken, commitment: commitment(input.seed) }, moves, rolls: dice.rolls.length };
}

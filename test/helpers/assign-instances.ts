/**
 * Generated tournaments for the board-assignment tests and `npm run bench:assign`: full teams of seven
 * who choose their round-1 powers, then rounds 2–4 whose players are drawn from the previous round and
 * whose history is the seating our own assignment gave the earlier rounds (seed 004 B.3, B.4, C.9).
 */
import { POWERS } from '../../src/diplomacy/index.js';
import { assignBoardsTraced, type AssignInput, type AssignOutput, type AssignPlayer, type HistoryBoard } from '../../src/tournament/assign/index.js';
import { SearchRandom } from '../../src/tournament/assign/search-random.js';

/** Round 1: `teams` teams of seven, each choosing a permutation of the powers (B.5). */
export function roundOnePlayers(teams: number, rnd: SearchRandom): AssignPlayer[] {
  const out: AssignPlayer[] = [];
  for (let t = 1; t <= teams; t++) {
    const powers = shuffled([...POWERS], rnd);
    for (let m = 0; m < 7; m++) out.push({ id: `t${t}p${m + 1}`, team: `t${t}`, power: powers[m]! });
  }
  return out;
}

export function shuffled<T>(items: T[], rnd: SearchRandom): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rnd.below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** B.4: the second round's boards for `teams` teams (one round-1 board per team of seven). */
export function secondRoundBoards(teams: number): number {
  if (teams > 147) return 49;
  if (28 / teams > 1 / 2) return Math.floor(teams / 2);
  if (28 / teams < 1 / 3) return Math.ceil(teams / 3);
  return 28;
}

export interface GeneratedRound {
  readonly input: AssignInput;
  readonly output: AssignOutput;
  readonly moves: number;
  readonly ms: number;
}

/**
 * Play the assignment of a whole four-round tournament: round 1 (team round, chosen powers), round 2
 * (team round, B.4 boards), the semi-final (7 boards) and the final (one player from each semi-final
 * board, C.9). Advancing players are drawn at random (scores are not the point here).
 */
export function generateTournament(teams: number, seed: string, now: () => number = () => 0): GeneratedRound[] {
  const rnd = new SearchRandom(seed, 'generate');
  const rounds: GeneratedRound[] = [];
  const history: HistoryBoard[] = [];
  const teamOf = new Map<string, string | null>();
  const run = (input: AssignInput) => {
    const t0 = now();
    const r = assignBoardsTraced(input);
    const ms = now() - t0;
    rounds.push({ input, output: r.output, moves: r.moves, ms });
    for (const b of r.output.boards) history.push({ round: input.round, board: b.board, seats: b.seats });
    return r.output;
  };
  const players1 = roundOnePlayers(teams, rnd);
  for (const p of players1) teamOf.set(p.id, p.team);
  const r1 = run({ round: 1, teamRound: true, seed: `${seed}:r1`, players: players1, history: [] });
  const pick = (ids: string[], k: number) => shuffled(ids, rnd).slice(0, k).map((id) => ({ id, team: teamOf.get(id)! }));
  const seatedIn = (o: AssignOutput) => o.boards.flatMap((b) => POWERS.map((p) => b.seats[p]));
  const r2 = run({ round: 2, teamRound: true, seed: `${seed}:r2`, players: pick(seatedIn(r1), 7 * secondRoundBoards(teams)), history: [...history] });
  const r3 = run({ round: 3, teamRound: false, seed: `${seed}:r3`, players: pick(seatedIn(r2), 49), history: [...history] });
  const fin = r3.boards.map((b) => {
    const id = b.seats[POWERS[rnd.below(7)]!];
    return { id, team: teamOf.get(id)! };
  });
  run({ round: 4, teamRound: false, seed: `${seed}:r4`, players: fin, history: [...history] });
  return rounds;
}

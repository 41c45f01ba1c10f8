/**
 * Instances for the assignment tests: random ones (anything the contract allows) and planted ones, built
 * around a seating that breaks nothing, so a solution is known to exist.
 */
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import type { AssignInput, AssignPlayer, HistoryBoard } from '../../../src/tournament/assign/index.js';
import { SearchRandom } from '../../../src/tournament/assign/search-random.js';
import { shuffled } from '../../helpers/assign-instances.js';

export interface Shape {
  readonly seed: number;
  readonly boards: number;
  readonly round: number;
  readonly teamRound: boolean;
  readonly teams: number;
}

/** Any instance: random teams (some players with none), round-1 choices for some, random partial history. */
export function randomInstance(s: Shape): AssignInput {
  const rnd = new SearchRandom(`random-${s.seed}`, 'instance');
  const n = s.boards * 7;
  const ids = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  // Round-1 choices taken from a random deal, so no power is chosen by more players than there are boards.
  const deal = shuffled([...ids], rnd);
  const players: AssignPlayer[] = ids.map((id) => {
    const t = rnd.below(s.teams + 1);
    const chose = s.round === 1 && rnd.below(3) > 0;
    return { id, team: t === s.teams ? null : `t${t}`, ...(chose ? { power: POWERS[deal.indexOf(id) % 7]! } : {}) };
  });
  const history: HistoryBoard[] = [];
  for (let r = 1; r < s.round; r++)
    for (let b = 0; b < s.boards + 1; b++) {
      const seats: Partial<Record<Power, string>> = {};
      const pool = shuffled([...ids, 'gone1', 'gone2', 'gone3'], rnd);
      for (const power of POWERS) if (rnd.below(4) > 0) seats[power] = pool.pop()!;
      history.push({ round: r, board: `r${r}-b${b + 1}`, seats });
    }
  return { round: s.round, teamRound: s.teamRound, seed: `seed-${s.seed}`, players, history };
}

/**
 * A planted instance: a random seating S is drawn first; teams are grown greedily from players so that
 * S keeps B.6 (a), (b) and (e); a history round is drawn and every seat in it that would make S
 * break (c) or (d) is left empty. In round 1 every player has chosen the power S gives them. So S breaks nothing, and the search should find a seating that
 * breaks nothing too.
 */
export function plantedInstance(s: Shape): AssignInput {
  const rnd = new SearchRandom(`planted-${s.seed}`, 'instance');
  const n = s.boards * 7;
  const ids = shuffled(Array.from({ length: n }, (_, i) => `p${i + 1}`), rnd);
  const boardOf = new Map(ids.map((id, i) => [id, Math.floor(i / 7)]));
  const powerOf = new Map(ids.map((id, i) => [id, i % 7]));
  const teams: string[][] = [];
  const teamBoards = (t: string[]) => new Set(t.map((p) => boardOf.get(p)!));
  for (const id of shuffled([...ids], rnd)) {
    const b = boardOf.get(id)!;
    const fits = teams.filter((t) => {
      if (t.length >= 7 || t.some((p) => boardOf.get(p) === b || powerOf.get(p) === powerOf.get(id))) return false;
      // Joining t: t meets, on board b, every team present there; none of them may already meet t elsewhere.
      const onB = teams.filter((u) => u !== t && u.some((p) => boardOf.get(p) === b));
      return onB.every((u) => {
        const shared = [...teamBoards(t)].filter((x) => teamBoards(u).has(x));
        return shared.length === 0;
      });
    });
    const joinNew = fits.length === 0 || rnd.below(2) === 0;
    if (joinNew) teams.push([id]);
    else fits[rnd.below(fits.length)]!.push(id);
  }
  const teamOf = new Map<string, string>();
  teams.forEach((t, i) => t.forEach((p) => teamOf.set(p, `t${i}`)));
  const history: HistoryBoard[] = [];
  for (let r = 1; r < s.round; r++) {
    const order = shuffled([...ids], rnd);
    for (let b = 0; b < s.boards; b++) {
      const seats: Partial<Record<Power, string>> = {};
      const kept: string[] = [];
      POWERS.forEach((power, i) => {
        const p = order[b * 7 + i]!;
        if (powerOf.get(p) === i) return; // would make S break (c)
        if (kept.some((q) => boardOf.get(q) === boardOf.get(p))) return; // would make S break (d)
        kept.push(p);
        seats[power] = p;
      });
      history.push({ round: r, board: `r${r}-b${b + 1}`, seats });
    }
  }
  // Round 1: every team chose the powers S gives its players (B.5).
  const players = [...ids].sort().map((id) => ({ id, team: teamOf.get(id)!, ...(s.round === 1 ? { power: POWERS[powerOf.get(id)!]! } : {}) }));
  return { round: s.round, teamRound: s.teamRound, seed: `seed-${s.seed}`, players, history };
}

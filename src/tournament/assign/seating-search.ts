/**
 * The seating search: players in slots (board × power), the B.6 violations of the seating kept up to
 * date incrementally, and a local search of swap moves that lowers them.
 *
 * The cost is a vector of violation counts compared lexicographically, most important rule first
 * ({@link IMPORTANCE}): no number of breaks of a less important rule is traded for one break of a
 * more important one, and within one rule fewer breaks is better. "Break as few as possible, the
 * least important first" (issue 13 on B.6 "wherever possible").
 *
 * Moves: swap the slots of two players. A player whose power is fixed (the team's round-1 choice,
 * B.5) only ever swaps within their power's column, so they keep it. A move is kept when the cost
 * does not get worse (sideways moves let the search cross plateaus); the best seating seen is the
 * answer. The search ends when nothing is broken, or after a number of moves without improvement
 * that depends only on the input (deterministic: no clock).
 */
import type { SearchRandom } from './search-random.js';

/**
 * The B.6 rules from the most important to the least: the order of the cost vector. (a)–(d) concern
 * players and are kept wherever a seating exists that keeps them; (e), teams meeting twice in a
 * round, is minimised last: with 42 teams of seven on 42 boards it cannot hold (882 meetings for 861
 * team pairs), and a power played again (c) is never traded for fewer team meetings.
 */
export const IMPORTANCE = ['B.6(b)', 'B.6(d)', 'B.6(a)', 'B.6(c)', 'B.6(e)'] as const;
const B = 0;
const D = 1;
const A = 2;
const C = 3;
const E = 4;

export interface SearchProblem {
  readonly boards: number;
  /** Team index of each player, −1 for none; teams are 0..teams−1. */
  readonly team: Int32Array;
  readonly teams: number;
  /** The fixed power (0..6) of each player, −1 when free. */
  readonly fixed: Int32Array;
  /** Bit i set: the player held power i in an earlier round. */
  readonly pastPowers: Uint8Array;
  /** Keys lo × players + hi of the pairs who shared a board in an earlier round. */
  readonly met: ReadonlySet<number>;
  readonly teamRound: boolean;
}

/** A lexicographic comparison of two cost vectors: negative when x is better. */
export function compareCost(x: ArrayLike<number>, y: ArrayLike<number>): number {
  for (let i = 0; i < 5; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** Team-pair meeting counts: a flat array while it is small, else a map. */
class MeetCounts {
  private readonly flat: Int32Array | null;
  private readonly map: Map<number, number> | null;
  constructor(private readonly teams: number) {
    this.flat = teams <= 2048 ? new Int32Array(teams * teams) : null;
    this.map = this.flat ? null : new Map();
  }
  get(t: number, u: number): number {
    const k = t < u ? t * this.teams + u : u * this.teams + t;
    return this.flat ? this.flat[k]! : (this.map!.get(k) ?? 0);
  }
  add(t: number, u: number, d: number): void {
    const k = t < u ? t * this.teams + u : u * this.teams + t;
    if (this.flat) this.flat[k]! += d;
    else this.map!.set(k, (this.map!.get(k) ?? 0) + d);
  }
}

export class SeatingSearch {
  readonly players: number;
  readonly slotPlayer: Int32Array;
  readonly slotOf: Int32Array;
  /** Violations per rule, in {@link IMPORTANCE} order. */
  readonly cost = new Float64Array(5);
  private readonly teamOnBoard: Int32Array;
  private readonly teamPower: Int32Array;
  private readonly meet: MeetCounts;
  private readonly stamp: Int32Array;
  private stampN = 0;

  constructor(private readonly p: SearchProblem, initial: Int32Array) {
    this.players = p.team.length;
    this.slotPlayer = new Int32Array(p.boards * 7).fill(-1);
    this.slotOf = new Int32Array(this.players).fill(-1);
    this.teamOnBoard = new Int32Array(p.boards * p.teams);
    this.teamPower = new Int32Array(p.teams * 7);
    this.meet = new MeetCounts(p.teams);
    this.stamp = new Int32Array(p.teams);
    for (let s = 0; s < initial.length; s++) this.place(initial[s]!, s);
  }

  private metBefore(x: number, y: number): boolean {
    return this.p.met.size > 0 && this.p.met.has(x < y ? x * this.players + y : y * this.players + x);
  }

  /** Seat `player` in the empty slot `s`, adding what it breaks. */
  private place(player: number, s: number): void {
    const board = (s / 7) | 0;
    const power = s % 7;
    const t = this.p.team[player]!;
    const base = board * 7;
    for (let i = base; i < base + 7; i++) {
      const o = this.slotPlayer[i]!;
      if (o >= 0 && this.metBefore(player, o)) this.cost[D]! += 1;
    }
    if (t >= 0) {
      const here = this.teamOnBoard[board * this.p.teams + t]!;
      this.cost[B]! += here;
      if (here === 0) {
        const mark = ++this.stampN;
        for (let i = base; i < base + 7; i++) {
          const o = this.slotPlayer[i]!;
          if (o < 0) continue;
          const u = this.p.team[o]!;
          if (u < 0 || u === t || this.stamp[u] === mark) continue;
          this.stamp[u] = mark;
          if (this.meet.get(t, u) >= 1) this.cost[E]! += 1;
          this.meet.add(t, u, 1);
        }
      }
      this.teamOnBoard[board * this.p.teams + t] = here + 1;
      if (this.p.teamRound) {
        this.cost[A]! += this.teamPower[t * 7 + power]!;
        this.teamPower[t * 7 + power]! += 1;
      }
    }
    if (this.p.pastPowers[player]! & (1 << power)) this.cost[C]! += 1;
    this.slotPlayer[s] = player;
    this.slotOf[player] = s;
  }

  /** Take `player` out of their slot, removing what it broke. */
  private unplace(player: number): number {
    const s = this.slotOf[player]!;
    const board = (s / 7) | 0;
    const power = s % 7;
    const t = this.p.team[player]!;
    const base = board * 7;
    this.slotPlayer[s] = -1;
    this.slotOf[player] = -1;
    for (let i = base; i < base + 7; i++) {
      const o = this.slotPlayer[i]!;
      if (o >= 0 && this.metBefore(player, o)) this.cost[D]! -= 1;
    }
    if (t >= 0) {
      const here = this.teamOnBoard[board * this.p.teams + t]! - 1;
      this.teamOnBoard[board * this.p.teams + t] = here;
      this.cost[B]! -= here;
      if (here === 0) {
        const mark = ++this.stampN;
        for (let i = base; i < base + 7; i++) {
          const o = this.slotPlayer[i]!;
          if (o < 0) continue;
          const u = this.p.team[o]!;
          if (u < 0 || u === t || this.stamp[u] === mark) continue;
          this.stamp[u] = mark;
          this.meet.add(t, u, -1);
          if (this.meet.get(t, u) >= 1) this.cost[E]! -= 1;
        }
      }
      if (this.p.teamRound) {
        this.teamPower[t * 7 + power]! -= 1;
        this.cost[A]! -= this.teamPower[t * 7 + power]!;
      }
    }
    if (this.p.pastPowers[player]! & (1 << power)) this.cost[C]! -= 1;
    return s;
  }

  /** Exchange the slots of two players. */
  swap(x: number, y: number): void {
    const sx = this.unplace(x);
    const sy = this.unplace(y);
    this.place(x, sy);
    this.place(y, sx);
  }

  /** May x and y exchange slots (each keeps a fixed power)? */
  canSwap(x: number, y: number): boolean {
    const fx = this.p.fixed[x]!;
    const fy = this.p.fixed[y]!;
    return (fx < 0 || fx === this.slotOf[y]! % 7) && (fy < 0 || fy === this.slotOf[x]! % 7);
  }

  /** Does the player take part in any broken rule? */
  inConflict(player: number): boolean {
    const s = this.slotOf[player]!;
    const board = (s / 7) | 0;
    const power = s % 7;
    const t = this.p.team[player]!;
    if (this.p.pastPowers[player]! & (1 << power)) return true;
    if (t >= 0) {
      if (this.teamOnBoard[board * this.p.teams + t]! > 1) return true;
      if (this.p.teamRound && this.teamPower[t * 7 + power]! > 1) return true;
    }
    for (let i = board * 7; i < board * 7 + 7; i++) {
      const o = this.slotPlayer[i]!;
      if (o === player) continue;
      if (this.metBefore(player, o)) return true;
      const u = this.p.team[o]!;
      if (t >= 0 && u >= 0 && u !== t && this.meet.get(t, u) > 1) return true;
    }
    return false;
  }

  /**
   * Lower the cost by swap moves until nothing is broken or `patience` moves in a row found no
   * better seating than the best so far; leaves the best seating found in place. Returns the number
   * of moves tried.
   *
   * Each move takes a player who is part of some broken rule (the list is refreshed every n moves)
   * and a random partner slot (in the player's own power column when the power is fixed); it is kept
   * when the cost does not get worse. After `kickAfter` moves without a new best, a kick (iterated
   * local search): one to four random swaps of conflicted players are made whatever they cost, and
   * the descent goes on from there (the best seating is kept aside). (Late-acceptance hill climbing, with 10–1000 moves of
   * lateness, was tried on 42-team first rounds and did no better: 111–121 against 112–116 B.6(e)
   * breaks, and it converged 2–6 times slower on 100 and 147 teams.)
   */
  improve(rnd: SearchRandom, patience: number, kickAfter: number = Math.max(1000, 10 * this.players)): number {
    const n = this.players;
    const slots = this.slotPlayer.length;
    const best = Float64Array.from(this.cost);
    let bestSlots = Int32Array.from(this.slotPlayer);
    const before = new Float64Array(5);
    let conflicted: number[] = [];
    let stall = 0;
    let tried = 0;
    let sinceKick = 0;
    let kicks = 0;
    const refresh = Math.max(64, n);
    while (stall < patience && !isZero(this.cost)) {
      if (tried % refresh === 0 || conflicted.length === 0) {
        conflicted = [];
        for (let x = 0; x < n; x++) if (this.inConflict(x)) conflicted.push(x);
        if (conflicted.length === 0) break;
      }
      tried++;
      stall++;
      if (++sinceKick >= kickAfter && stall >= kickAfter) {
        sinceKick = 0;
        for (let k = 0; k <= kicks % 4; k++) {
          const a = conflicted[rnd.below(conflicted.length)]!;
          const b = this.slotPlayer[rnd.below(slots)]!;
          if (a !== b && this.canSwap(a, b)) this.swap(a, b);
        }
        kicks++;
        conflicted = [];
        continue;
      }
      const x = conflicted[rnd.below(conflicted.length)]!;
      const sx = this.slotOf[x]!;
      const fx = this.p.fixed[x]!;
      let sy: number;
      if (fx >= 0) {
        if (this.p.boards < 2) continue;
        const b = rnd.below(this.p.boards - 1);
        sy = (b >= ((sx / 7) | 0) ? b + 1 : b) * 7 + fx;
      } else {
        const r = rnd.below(slots - 1);
        sy = r >= sx ? r + 1 : r;
      }
      const y = this.slotPlayer[sy]!;
      if (!this.canSwap(x, y)) continue;
      before.set(this.cost);
      this.swap(x, y);
      if (compareCost(this.cost, before) > 0) {
        this.swap(x, y);
      } else if (compareCost(this.cost, best) < 0) {
        best.set(this.cost);
        bestSlots = Int32Array.from(this.slotPlayer);
        stall = 0;
      }
    }
    if (compareCost(this.cost, best) > 0) this.reseat(bestSlots);
    return tried;
  }

  /** Replace the seating by `slots` (recomputing the cost). */
  private reseat(slots: Int32Array): void {
    for (let x = 0; x < this.players; x++) this.unplace(x);
    for (let s = 0; s < slots.length; s++) this.place(slots[s]!, s);
  }
}

function isZero(cost: Float64Array): boolean {
  for (let i = 0; i < 5; i++) if (cost[i] !== 0) return false;
  return true;
}

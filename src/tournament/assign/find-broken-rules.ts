/**
 * Which B.6 (a)–(e) rules a seating breaks, counted the way the search counts them, so `broken`
 * lists every unit of violation the search paid for:
 *
 * - (a) "No two players from the same team will play the same power in any team round": one entry
 *   per pair of team-mates holding the same power this round (team rounds only).
 * - (b) "No two players from the same team will play on the same board": one entry per pair of
 *   team-mates on one board (every round).
 * - (c) "Players will not play the same great power twice in the tournament": one entry per player
 *   holding a power they held in an earlier round.
 * - (d) "No two players will play against each other twice in the tournament": one entry per pair on
 *   one board who shared a board in an earlier round.
 * - (e) "No teams will face each other more than once in one round": two teams face each other on a
 *   board holding a member of each; when they do so on k boards of this round, that is k − 1 entries,
 *   one for each board after the first (in board order).
 *
 * Players with no team take no part in (a), (b) or (e). Pure.
 */
import { POWERS, type Power } from '../powers.js';
import type { AssignedBoard, BrokenRule, HistoryBoard } from './types.js';

export interface SeatingContext {
  readonly teamRound: boolean;
  /** Team of each seated player (null or absent: no team). */
  readonly teamOf: ReadonlyMap<string, string | null>;
  readonly history: readonly HistoryBoard[];
}

/** Earlier powers and opponents of every player, from the history boards. */
export interface PastPlay {
  /** player → power → the earlier rounds in which they held it. */
  readonly powers: Map<string, Map<Power, number[]>>;
  /** player → opponent → the earlier rounds in which they shared a board. */
  readonly opponents: Map<string, Map<string, number[]>>;
}

export function readPastPlay(history: readonly HistoryBoard[]): PastPlay {
  const powers = new Map<string, Map<Power, number[]>>();
  const opponents = new Map<string, Map<string, number[]>>();
  const push = <K>(m: Map<K, number[]>, k: K, round: number) => {
    const l = m.get(k);
    if (!l) m.set(k, [round]);
    else if (!l.includes(round)) l.push(round);
  };
  for (const h of history) {
    const seated: string[] = [];
    for (const power of POWERS) {
      const p = h.seats[power];
      if (p === undefined) continue;
      seated.push(p);
      if (!powers.has(p)) powers.set(p, new Map());
      push(powers.get(p)!, power, h.round);
    }
    for (const p of seated) {
      if (!opponents.has(p)) opponents.set(p, new Map());
      for (const o of seated) if (o !== p) push(opponents.get(p)!, o, h.round);
    }
  }
  for (const m of [...powers.values(), ...opponents.values()]) for (const l of m.values()) l.sort((a, b) => a - b);
  return { powers, opponents };
}

/** Every broken unit of B.6 (a)–(e) in `boards`, rule by rule, in board order. */
export function findBrokenRules(boards: readonly AssignedBoard[], ctx: SeatingContext): BrokenRule[] {
  const past = readPastPlay(ctx.history);
  const team = (p: string) => ctx.teamOf.get(p) ?? null;
  const out: BrokenRule[] = [];

  // (a): team-mates on one power, in a team round.
  if (ctx.teamRound) {
    const byTeamPower = new Map<string, { player: string; board: string }[]>();
    for (const b of boards)
      for (const power of POWERS) {
        const p = b.seats[power];
        const t = team(p);
        if (t === null) continue;
        const key = `${t}\u0000${power}`;
        if (!byTeamPower.has(key)) byTeamPower.set(key, []);
        byTeamPower.get(key)!.push({ player: p, board: b.board });
      }
    for (const [key, list] of byTeamPower) {
      const [t, power] = key.split('\u0000') as [string, Power];
      for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++)
          out.push({ rule: 'B.6(a)', players: [list[i]!.player, list[j]!.player], board: list[j]!.board, power, teams: [t], boards: [list[i]!.board, list[j]!.board] });
    }
  }

  // (b): team-mates on one board.
  for (const b of boards) {
    const seated = POWERS.map((power) => b.seats[power]);
    for (let i = 0; i < 7; i++)
      for (let j = i + 1; j < 7; j++) {
        const t = team(seated[i]!);
        if (t !== null && t === team(seated[j]!)) out.push({ rule: 'B.6(b)', players: [seated[i]!, seated[j]!], board: b.board, teams: [t] });
      }
  }

  // (c): a power held again.
  for (const b of boards)
    for (const power of POWERS) {
      const p = b.seats[power];
      const rounds = past.powers.get(p)?.get(power);
      if (rounds) out.push({ rule: 'B.6(c)', players: [p], board: b.board, power, rounds: [...rounds] });
    }

  // (d): opponents again.
  for (const b of boards) {
    const seated = POWERS.map((power) => b.seats[power]);
    for (let i = 0; i < 7; i++)
      for (let j = i + 1; j < 7; j++) {
        const rounds = past.opponents.get(seated[i]!)?.get(seated[j]!);
        if (rounds) out.push({ rule: 'B.6(d)', players: [seated[i]!, seated[j]!], board: b.board, rounds: [...rounds] });
      }
  }

  // (e): two teams facing each other on more than one board of this round.
  const meetings = new Map<string, string[]>();
  for (const b of boards) {
    const teams = [...new Set(POWERS.map((power) => team(b.seats[power])).filter((t): t is string => t !== null))].sort();
    for (let i = 0; i < teams.length; i++)
      for (let j = i + 1; j < teams.length; j++) {
        const key = `${teams[i]}\u0000${teams[j]}`;
        if (!meetings.has(key)) meetings.set(key, []);
        meetings.get(key)!.push(b.board);
      }
  }
  const order = new Map(boards.map((b, i) => [b.board, i]));
  const extra: BrokenRule[] = [];
  for (const [key, where] of meetings) {
    if (where.length < 2) continue;
    const pair = key.split('\u0000');
    for (const board of where.slice(1)) {
      const b = boards[order.get(board)!]!;
      const players = POWERS.map((power) => b.seats[power]).filter((p) => pair.includes(team(p) ?? '\u0000'));
      extra.push({ rule: 'B.6(e)', players, board, teams: pair, boards: [...where] });
    }
  }
  extra.sort((x, y) => order.get(x.board)! - order.get(y.board)!);
  out.push(...extra);
  return out;
}

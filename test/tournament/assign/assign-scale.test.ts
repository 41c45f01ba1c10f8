/**
 * The pure `tournament assign` at the sizes the rules allow (B.4: up to 147 teams, 1,029 players, in
 * round 1) and a 42-team round 2 with its round-1 history keeping B.6 (a)–(d), only (e) given way.
 */
import { describe, expect, it } from 'vitest';
import { DiceStream, verify } from '../../../src/dice/index.js';
import { assignBoards, type AssignInput, type AssignPlayer } from '../../../src/tournament/assign/index.js';
import { recount } from './recount.js';

const teamsOfSeven = (teams: number): AssignPlayer[] =>
  Array.from({ length: teams * 7 }, (_, i) => ({ id: `t${Math.floor(i / 7) + 1}p${(i % 7) + 1}`, team: `t${Math.floor(i / 7) + 1}` }));
const byRule = (broken: readonly { rule: string }[]) => broken.reduce<Record<string, number>>((m, b) => ({ ...m, [b.rule]: (m[b.rule] ?? 0) + 1 }), {});

describe('a die of more than 1000 faces, verifiably', () => {
  it('index(1029) throws 2d1000 as base-1000 digits (rejection below 999,159 = 971 × 1029) and dice verify recomputes it', () => {
    const dice = new DiceStream('seed', 'assign:r1');
    const xs = Array.from({ length: 50 }, () => dice.index(1029, 'deal'));
    expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x < 1029)).toBe(true);
    expect(dice.rolls.every((r) => r.notation === '2d1000')).toBe(true);
    // Each accepted throw: (d1 − 1) + (d2 − 1) × 1000 mod 1029.
    const accepted = dice.rolls.map((r) => (r.dice[0]! - 1) + (r.dice[1]! - 1) * 1000).filter((v) => v < 971 * 1029);
    expect(accepted.map((v) => v % 1029)).toEqual(xs);
    expect(verify({ seed: 'seed', rolls: dice.rolls }).ok).toBe(true);
    expect(new DiceStream('seed', 'assign:r1').index(1029, 'deal')).toBe(xs[0]);
  });
});

describe('147 teams, 1,029 players (the rules\' maximum, B.4)', () => {
  it('round 1 with no powers chosen: everyone seated once, B.6 kept, the same seating from the same seed', () => {
    const input: AssignInput = { round: 1, teamRound: true, seed: 'wm-147', players: teamsOfSeven(147), history: [] };
    const out = assignBoards(input);
    expect(out.boards).toHaveLength(147);
    const seated = out.boards.flatMap((b) => Object.values(b.seats));
    expect(new Set(seated).size).toBe(1029);
    expect(out.broken).toEqual([]);
    expect(recount(input, out)).toEqual([]);
    expect(assignBoards(input).boards).toEqual(out.boards);
  }, 60_000);
});

describe('42 teams: round 2 (21 boards, B.4) with the round-1 history', () => {
  it('keeps B.6 (a)–(d): nobody on a power held before, no former opponents, no team-mates together or on one power', () => {
    const players = teamsOfSeven(42);
    const powers = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'] as const;
    const r1: AssignInput = { round: 1, teamRound: true, seed: 'wm-42', players: players.map((p, i) => ({ ...p, power: powers[(i + Math.floor(i / 7)) % 7]! })), history: [] };
    const one = assignBoards(r1);
    // 147 advance (7 × 21 boards): the first three or four of each team, in turn.
    const going = players.filter((_, i) => (i % 7) < (Math.floor(i / 7) % 2 === 0 ? 4 : 3)).slice(0, 147);
    expect(going).toHaveLength(147);
    const r2: AssignInput = { round: 2, teamRound: true, seed: 'wm-42-r2', players: going.map((p) => ({ id: p.id, team: p.team })), history: one.boards.map((b) => ({ round: 1, board: b.board, seats: b.seats })) };
    const two = assignBoards(r2);
    const counts = byRule(two.broken);
    expect(counts['B.6(a)'] ?? 0).toBe(0);
    expect(counts['B.6(b)'] ?? 0).toBe(0);
    expect(counts['B.6(c)'] ?? 0).toBe(0);
    expect(counts['B.6(d)'] ?? 0).toBe(0);
    expect(two.broken.length).toBe(recount(r2, two).length);
    // Checked the plain way too: no player on a power of his round-1 board.
    const r1Power = new Map(one.boards.flatMap((b) => Object.entries(b.seats).map(([p, id]) => [id, p])));
    for (const b of two.boards) for (const [power, id] of Object.entries(b.seats)) expect(r1Power.get(id), id).not.toBe(power);
  }, 60_000);
});

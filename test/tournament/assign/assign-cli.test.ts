import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCli, runCliBad } from '../../helpers/cli.js';

const input = {
  round: 2,
  teamRound: true,
  seed: 'any text',
  players: Array.from({ length: 14 }, (_, i) => ({ id: `p${i + 1}`, team: `t${i % 7}` })),
  history: [{ round: 1, board: 'r1-b1', seats: { AUSTRIA: 'p1', ENGLAND: 'p2', FRANCE: 'p3', GERMANY: 'p4', ITALY: 'p5', RUSSIA: 'p6', TURKEY: 'p7' } }],
};

describe('mailjudge tournament assign (DESIGN.md "The tournament CLI contracts")', () => {
  it('seats every player once on boards r2-b1.., lists what it breaks, commits to the seed, and repeats itself', () => {
    const r = runCli(['tournament', 'assign'], JSON.stringify(input));
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { boards: { board: string; seats: Record<string, string> }[]; broken: { rule: string; players: string[]; board: string }[]; commitment: string };
    expect(Object.keys(out).sort()).toEqual(['boards', 'broken', 'commitment']);
    expect(out.boards.map((b) => b.board)).toEqual(['r2-b1', 'r2-b2']);
    const seated = out.boards.flatMap((b) => Object.values(b.seats)).sort();
    expect(seated).toEqual(input.players.map((p) => p.id).sort());
    for (const b of out.boards) expect(Object.keys(b.seats).sort()).toEqual(['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    expect(out.commitment).toBe(createHash('sha256').update('any text').digest('hex'));
    // Seven teams of two on two boards: B.6(b) holds; B.6(e) cannot (every two teams meet on both boards).
    expect(out.broken.every((b) => /^B\.6\([a-e]\)$/.test(b.rule) && b.players.length >= 1 && out.boards.some((x) => x.board === b.board))).toBe(true);
    expect(out.broken.some((b) => b.rule === 'B.6(b)')).toBe(false);
    expect(runCli(['tournament', 'assign'], JSON.stringify(input)).stdout).toBe(r.stdout);
  });
  it('bad input exits 2 with every problem named', () => {
    const e = runCliBad(['tournament', 'assign'], JSON.stringify({ ...input, players: input.players.slice(0, 13) }));
    expect(e.error).toMatch(/13 players is not a multiple of 7/);
    const e2 = runCliBad(['tournament', 'assign'], JSON.stringify({ round: 2, teamRound: 'yes', players: [{ id: 'p1', team: 't', power: 'PRUSSIA' }], history: [{ round: 2, board: 'b', seats: { FRANCE: 'p1' } }] }));
    const all = e2.problems!.join('\n');
    expect(all).toMatch(/teamRound/);
    expect(all).toMatch(/seed/);
    expect(all).toMatch(/players\.0\.power/);
    const e3 = runCliBad(['tournament', 'assign'], JSON.stringify({ ...input, players: [...input.players.slice(0, 13), { id: 'p1', team: 'x', power: 'FRANCE' }], history: [{ round: 2, board: 'b', seats: {} }] }));
    expect(e3.problems!.join('\n')).toMatch(/already players\[0\]/);
    expect(e3.problems!.join('\n')).toMatch(/round 1 only \(B\.5\)/);
    expect(e3.problems!.join('\n')).toMatch(/history\[0\]\.round: 2 is not an earlier round/);
    expect(runCliBad(['tournament', 'assign'], 'not json').error).toMatch(/invalid JSON/);
  });
});

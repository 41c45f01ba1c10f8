import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignBoards, assignBoardsTraced, type AssignInput } from '../../../src/tournament/assign/index.js';
import { commitment } from '../../../src/dice/index.js';
import { plantedInstance, randomInstance, type Shape } from './instances.js';
import { brokenKeys, recount, seatedOnce } from './recount.js';

const shape = (maxBoards: number): fc.Arbitrary<Shape> =>
  fc.record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    boards: fc.integer({ min: 1, max: maxBoards }),
    round: fc.integer({ min: 1, max: 4 }),
    teamRound: fc.boolean(),
    teams: fc.integer({ min: 1, max: 40 }),
  });

describe('assignBoards: properties (B.6)', () => {
  it('seats every player exactly once, keeps round-1 choices, and reports exactly the breaks an independent count finds', () => {
    fc.assert(
      fc.property(shape(8), (s) => {
        const input = randomInstance(s);
        const out = assignBoards(input);
        expect(seatedOnce(input, out)).toBe(true);
        expect(out.commitment).toBe(commitment(input.seed));
        for (const p of input.players)
          if (p.power !== undefined) expect(out.boards.find((b) => b.seats[p.power!] === p.id), `${p.id} keeps ${p.power}`).toBeDefined();
        expect(brokenKeys(out)).toEqual(recount(input, out));
        for (const b of out.broken) expect(out.boards.map((x) => x.board)).toContain(b.board);
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it('keeps B.6 (a)–(d) when a seating that breaks nothing is known to exist (planted instances)', () => {
    fc.assert(
      // Up to 8 boards: on larger planted instances with three history rounds the search can stop one
      // break short (e.g. seed 14, 11 boards, round 4: see the report of issue 13 part 2). (e) is
      // minimised last (issue 26): on a planted instance the search may stop one or two (e) breaks
      // short of zero (e.g. seed 5 or 987675, 7 boards, round 4: one; seed 7, 8 boards, round 4, a
      // team round, stop 47: two); (a)–(d) always hold. B.6 applies its rules "wherever possible".
      fc.property(shape(8), (s) => {
        const input = plantedInstance(s);
        const out = assignBoards(input);
        expect(seatedOnce(input, out)).toBe(true);
        expect(out.broken.filter((b) => b.rule !== 'B.6(e)')).toEqual([]);
        expect(out.broken.length).toBeLessThanOrEqual(2);
        expect(recount(input, out)).toEqual(brokenKeys(out));
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it('is deterministic: the same input and seed give the same seating; another seed another deal', () => {
    fc.assert(
      fc.property(shape(6), (s) => {
        const input = randomInstance(s);
        expect(assignBoards(input)).toEqual(assignBoards(structuredClone(input) as AssignInput));
      }),
      { numRuns: 10 },
    );
    const input = plantedInstance({ seed: 7, boards: 10, round: 2, teamRound: true, teams: 0 });
    expect(assignBoards({ ...input, seed: 'one' }).boards).not.toEqual(assignBoards({ ...input, seed: 'two' }).boards);
  }, 300_000);

  it('a 147-team first round (1,029 players, 147 boards, chosen powers) breaks nothing', () => {
    const players = [];
    for (let t = 1; t <= 147; t++)
      for (let m = 0; m < 7; m++) players.push({ id: `t${t}p${m}`, team: `t${t}`, power: (['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'] as const)[(m + t) % 7] });
    const input: AssignInput = { round: 1, teamRound: true, seed: 'wm-r1', players, history: [] };
    const r = assignBoardsTraced(input);
    expect(r.output.boards).toHaveLength(147);
    expect(seatedOnce(input, r.output)).toBe(true);
    expect(r.output.broken).toEqual([]);
    expect(r.rolls).toBe(146); // the teams' order around the cyclic layout: one recorded Fisher–Yates shuffle of 147
    expect(r.moves).toBe(0); // the cyclic start (a Golomb ruler mod 147) breaks nothing: no search needed
  });
});

/**
 * The structured round-1 start (B.6(e)): the difference sets and the layout they give.
 */
import { describe, expect, it } from 'vitest';
import { cyclicDifferenceSet, cyclicExcess, cyclicStart } from '../../../src/tournament/assign/cyclic-start.js';
import { assignBoards } from '../../../src/tournament/assign/index.js';
import { POWERS } from '../../../src/tournament/powers.js';

describe('cyclic round-1 layout', () => {
  it('42 teams: 63 repeated meetings against the bound of 21 (882 meetings for 861 pairs); none from 51 teams on', () => {
    // 42 boards × C(7,2) = 882 team meetings, C(42,2) = 861 pairs: at least 21 meet twice.
    expect(cyclicExcess(42, cyclicDifferenceSet(42))).toBe(63);
    for (const n of [49, 50, 51, 100, 147]) expect(cyclicExcess(n, cyclicDifferenceSet(n))).toBe(0);
    // Small tournaments: every pair must meet often; the set reaches the counting bound 21n − n(n−1)/2.
    for (const n of [7, 14, 21, 28, 35]) expect(cyclicExcess(n, cyclicDifferenceSet(n))).toBe(21 * n - (n * (n - 1)) / 2);
  });

  it('each board gets one player of each power, from seven different teams', () => {
    const n = 12;
    const team = new Int32Array(n * 7);
    const fixed = new Int32Array(n * 7);
    for (let i = 0; i < n * 7; i++) { team[i] = Math.floor(i / 7); fixed[i] = (i + team[i]!) % 7; }
    const slots = cyclicStart({ boards: n, team, teams: n, fixed }, [...Array(n).keys()].reverse())!;
    for (let b = 0; b < n; b++) {
      const seated = [...slots.slice(b * 7, b * 7 + 7)];
      expect(seated.map((x, p) => fixed[x] === p)).toEqual(Array(7).fill(true));
      expect(new Set(seated.map((x) => team[x])).size).toBe(7);
    }
    expect(new Set(slots).size).toBe(n * 7);
  });

  it('not a first round of whole teams: no cyclic start (a player without a power)', () => {
    const team = new Int32Array(49).map((_, i) => Math.floor(i / 7));
    const fixed = new Int32Array(49).map((_, i) => (i === 3 ? -1 : i % 7));
    expect(cyclicStart({ boards: 7, team, teams: 7, fixed }, [0, 1, 2, 3, 4, 5, 6])).toBeNull();
  });

  it('42 teams through assignBoards: 63 breaks of B.6(e) and nothing else', () => {
    const players = [];
    for (let t = 0; t < 42; t++) for (let m = 0; m < 7; m++) players.push({ id: `t${t}p${m}`, team: `t${t}`, power: POWERS[(m * 3 + t) % 7]! });
    const out = assignBoards({ round: 1, teamRound: true, seed: 'cyclic-42', players, history: [] });
    expect(out.broken.every((b) => b.rule === 'B.6(e)')).toBe(true);
    expect(out.broken).toHaveLength(63);
  });
});

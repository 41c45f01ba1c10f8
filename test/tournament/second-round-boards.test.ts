import { describe, expect, it } from 'vitest';
import { ROUND_END_YEARS, secondRoundBoards } from '../../src/tournament/structure/second-round-boards.js';

describe('B.4: the second round\'s boards', () => {
  it.each([
    // fewer than 42 teams: round 2 becomes the semi-final (seven boards, C.9)
    [5, 5, false, 'becomes the semi-final'],
    [41, 7, false, 'becomes the semi-final'],
    // 28 boards would be more than one half: one half, rounded down
    [42, 21, true, 'at most one half'],
    [43, 21, true, 'at most one half'],
    [55, 27, true, 'at most one half'],
    // exactly one half, exactly one third, and between: 28
    [56, 28, true, 'twenty-eight'],
    [70, 28, true, 'twenty-eight'],
    [84, 28, true, 'twenty-eight'],
    // less than one third: one third, rounded up
    [85, 29, true, 'at least one third'],
    [100, 34, true, 'at least one third'],
    [146, 49, true, 'at least one third'],
    [147, 49, true, 'at least one third'],
    // more than 147 teams: at most 49 boards
    [148, 49, true, 'limit of 49 boards'],
    [300, 49, true, 'limit of 49 boards'],
  ])('%i teams → %i boards', (teams, boards, teamRound, reason) => {
    expect(secondRoundBoards(teams)).toEqual({ round1Boards: teams, round2Boards: boards, teamRound, reason });
  });
  it('advancement stays within one third and one half from 42 to 147 teams', () => {
    for (let t = 42; t <= 147; t++) {
      const b = secondRoundBoards(t).round2Boards;
      expect(b * 2, `${t}`).toBeLessThanOrEqual(t);
      expect(b * 3 + 3, `${t}`).toBeGreaterThan(t); // ≥ one third, rounded up
    }
  });
  it('refuses a nonsense count', () => {
    expect(() => secondRoundBoards(0)).toThrow(/B.4/);
    expect(() => secondRoundBoards(2.5)).toThrow(/B.4/);
  });
  it('B.1, B.3: four rounds ending 1909, 1909, 1912, 1915', () => {
    expect(ROUND_END_YEARS).toEqual({ 1: 1909, 2: 1909, 3: 1912, 4: 1915 });
  });
});

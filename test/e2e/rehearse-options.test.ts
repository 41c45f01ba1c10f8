/**
 * The rehearsal's pure helpers (scripts/rehearse.ts), the ones that decide what a large run is:
 * the teams' names in the registration CSV, the clock's default speed, the rounds an event can play.
 * No servers: the small default's run is test/e2e/rehearse.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { autoSpeed, boardsOfRound, playableRounds, teamLetters } from '../../scripts/rehearse.js';

describe('teamLetters: the teams of a large rehearsal have distinct names', () => {
  it('names 147 teams A … Z, AA … EQ, no two alike when case is ignored (the registration compares names without case)', () => {
    const names = Array.from({ length: 147 }, (_, t) => teamLetters(t));
    // 26 single letters, then two letters: index 26 is AA, 51 AZ, 52 BA; 147 = 26 + 121 and
    // 121 = 4 × 26 + 17: the 147th (index 146) is the 17th of the fifth two-letter group E_, EQ.
    expect([names[0], names[25], names[26], names[51], names[52], names[146]]).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'EQ']);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(147);
    // Letters only: the old String.fromCharCode(65 + t) gave "[" at 26 and "a" (= "A" without case) at 32.
    for (const n of names) expect(n).toMatch(/^[A-Z]+$/);
  });
});

describe('autoSpeed: the clock a 72-hour turn can hold the deadline\'s results on', () => {
  it('keeps the CI default at 14,400× and slows down as the boards grow', () => {
    // 72 hours of simulated time in real seconds: 72 × 3600 / speed.
    const turnSeconds = (boards: number) => (72 * 3600) / autoSpeed(boards);
    expect(autoSpeed(2)).toBe(14_400); // 18 s: the 2-board default
    expect(turnSeconds(7)).toBe(72); // 3,600×: the 7- and 21-team runs that played whole
    expect(turnSeconds(21)).toBe(72);
    expect(turnSeconds(49)).toBe(180); // 1,440×
    expect(turnSeconds(147)).toBe(360); // 720×: --full
    // Never faster for more boards.
    for (let b = 1; b < 147; b++) expect(autoSpeed(b + 1)).toBeLessThanOrEqual(autoSpeed(b));
  });
});

describe('playableRounds (B.1, B.4, C.9)', () => {
  it('gives 2 rounds below 7 teams, 3 below 42, 4 from 42 (two team rounds, the semi-final, the final)', () => {
    expect([playableRounds(2), playableRounds(6), playableRounds(7), playableRounds(41), playableRounds(42), playableRounds(147)]).toEqual([2, 2, 3, 3, 4, 4]);
  });
});

describe('boardsOfRound (B.4, B.6, C.9): the boards each round has, so --speed auto can speed up for the later rounds', () => {
  it('147 teams: 147, then a third of 147 = 49 (B.4: 28 × 3 < 147, rounded up, within the limit of 49), the semi-final 7, the final 1', () => {
    expect([1, 2, 3, 4].map((r) => boardsOfRound(147, r))).toEqual([147, 49, 7, 1]);
    // The clock auto gives each: 720×, 1,440×, 3,600×, 14,400×; a 24-hour minimum between two
    // publications (D.VII(2)) is then 120, 60, 24 and 6 real seconds.
    expect([1, 2, 3, 4].map((r) => autoSpeed(boardsOfRound(147, r)))).toEqual([720, 1440, 3600, 14_400]);
    // --speed-scale 2: each doubled, none above 14,400× (the fastest measured to hold a turn):
    // 24 hours are then 60, 30, 12 and 6 real seconds.
    expect([1, 2, 3, 4].map((r) => autoSpeed(boardsOfRound(147, r), 2))).toEqual([1440, 2880, 7200, 14_400]);
    expect(autoSpeed(2, 3)).toBe(14_400);
  });
  it('42 teams: 28 × 2 > 42, so one half, 21 boards; 84 teams: 28; 21 teams: round 2 is the semi-final (7), round 3 the final', () => {
    expect([1, 2, 3, 4].map((r) => boardsOfRound(42, r))).toEqual([42, 21, 7, 1]);
    expect(boardsOfRound(84, 2)).toBe(28);
    expect([1, 2, 3].map((r) => boardsOfRound(21, r))).toEqual([21, 7, 1]);
    // 3 teams: a semi-final of as many boards as teams (C.9), then the final.
    expect([1, 2, 3].map((r) => boardsOfRound(3, r))).toEqual([3, 3, 1]);
  });
});

/**
 * The rehearsal's pure helpers (scripts/rehearse.ts), the ones that decide what a large run is:
 * the teams' names in the registration CSV, the clock's default speed, the rounds an event can play.
 * No servers: the small default's run is test/e2e/rehearse.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { autoSpeed, playableRounds, teamLetters } from '../../scripts/rehearse.js';

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

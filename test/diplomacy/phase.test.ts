/**
 * Phase names (`S1901M`, `F1901R`, `W1901A`): parsing, printing, the order of the cycle.
 */
import { describe, expect, it } from 'vitest';
import { followingPhase, formatPhase, parsePhase, phaseIndex, type Phase } from '../../src/diplomacy/index.js';

const phase = (text: string): Phase => {
  const p = parsePhase(text);
  if (!p) throw new Error(`not a phase: ${text}`);
  return p;
};

describe('parsePhase', () => {
  // prettier-ignore
  it.each([
    ['S1901M',    { season: 'S', year: 1901, kind: 'M' }],
    ['S1901R',    { season: 'S', year: 1901, kind: 'R' }],
    ['F1901M',    { season: 'F', year: 1901, kind: 'M' }],
    ['F1901R',    { season: 'F', year: 1901, kind: 'R' }],
    ['W1901A',    { season: 'W', year: 1901, kind: 'A' }],
    ['F1999R',    { season: 'F', year: 1999, kind: 'R' }],
    ['s1901m',    { season: 'S', year: 1901, kind: 'M' }],
    ['w1905a',    { season: 'W', year: 1905, kind: 'A' }],
    [' S1901M\n', { season: 'S', year: 1901, kind: 'M' }],
  ])('%j → %j', (text, expected) => {
    expect(parsePhase(text)).toEqual(expected);
  });

  // prettier-ignore
  it.each([
    ['W1901M'],
    ['W1901R'],
    ['S1901A'],
    ['F1901A'],
    ['X1901M'],
    ['S1901X'],
    ['1901'],
    ['S1901'],
    ['1901M'],
    ['S01M'],
    ['S19010M'],
    ['S 1901 M'],
    ['S1901MM'],
    ['Spring 1901'],
    [''],
  ])('%j is not a phase', (text) => {
    expect(parsePhase(text)).toBeUndefined();
  });
});

describe('formatPhase', () => {
  // prettier-ignore
  it.each([
    [{ season: 'S', year: 1901, kind: 'M' }, 'S1901M'],
    [{ season: 'F', year: 1901, kind: 'R' }, 'F1901R'],
    [{ season: 'W', year: 1910, kind: 'A' }, 'W1910A'],
  ] satisfies Array<[Phase, string]>)('%j → %s', (p, expected) => {
    expect(formatPhase(p)).toBe(expected);
  });

  it('round-trips with parsePhase', () => {
    for (const text of ['S1901M', 'S1901R', 'F1901M', 'F1901R', 'W1901A', 'S2000M']) {
      expect(formatPhase(phase(text))).toBe(text);
    }
    expect(formatPhase(phase('f1902r'))).toBe('F1902R');
  });
});

describe('followingPhase', () => {
  it('runs the full cycle S M, S R, F M, F R, W A, then next spring', () => {
    const seen: string[] = [];
    let p = phase('S1901M');
    for (let i = 0; i < 11; i++) {
      seen.push(formatPhase(p));
      p = followingPhase(p);
    }
    // prettier-ignore
    expect(seen).toEqual([
      'S1901M', 'S1901R', 'F1901M', 'F1901R', 'W1901A',
      'S1902M', 'S1902R', 'F1902M', 'F1902R', 'W1902A',
      'S1903M',
    ]);
  });

  // prettier-ignore
  it.each([
    ['S1901M', 'S1901R'],
    ['S1901R', 'F1901M'],
    ['F1901M', 'F1901R'],
    ['F1901R', 'W1901A'],
    ['W1901A', 'S1902M'],
    ['W1999A', 'S2000M'],
  ])('%s → %s', (from, to) => {
    expect(formatPhase(followingPhase(phase(from)))).toBe(to);
  });
});

describe('phaseIndex', () => {
  it('increases by one along the cycle', () => {
    let p = phase('S1901M');
    for (let i = 0; i < 20; i++) {
      const next = followingPhase(p);
      expect(phaseIndex(next) - phaseIndex(p), `${formatPhase(p)} → ${formatPhase(next)}`).toBe(1);
      p = next;
    }
  });

  // prettier-ignore
  it.each([
    ['S1901M', 'S1901R'],
    ['S1901R', 'F1901M'],
    ['F1901R', 'W1901A'],
    ['W1901A', 'S1902M'],
    ['F1901M', 'S1902M'],
    ['W1901A', 'S1910M'],
  ])('%s comes before %s', (earlier, later) => {
    expect(phaseIndex(phase(earlier))).toBeLessThan(phaseIndex(phase(later)));
  });

  it('is the same for equal phases and distinct for different ones', () => {
    expect(phaseIndex(phase('f1903r'))).toBe(phaseIndex(phase('F1903R')));
    const names = ['S1901M', 'S1901R', 'F1901M', 'F1901R', 'W1901A', 'S1902M'];
    expect(new Set(names.map((n) => phaseIndex(phase(n)))).size).toBe(names.length);
  });
});

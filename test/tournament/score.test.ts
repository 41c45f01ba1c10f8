import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { POSITIONAL_BONUSES, positionalBonuses, scoreGame } from '../../src/tournament/score/index.js';

const board = (c: Partial<Record<Power, number>>): Record<Power, number> => ({ AUSTRIA: 0, ENGLAND: 0, FRANCE: 0, GERMANY: 0, ITALY: 0, RUSSIA: 0, TURKEY: 0, ...c });

describe('C.1–C.3: positional bonus plus centres, ties share, eliminated zero', () => {
  it.each([
    // C.2: one to six places, no ties
    { name: 'seven survivors, all different', c: { FRANCE: 9, ENGLAND: 7, GERMANY: 6, ITALY: 5, AUSTRIA: 4, RUSSIA: 2, TURKEY: 1 }, bonus: { FRANCE: 32, ENGLAND: 16, GERMANY: 8, ITALY: 4, AUSTRIA: 2, RUSSIA: 1, TURKEY: 0 } },
    // C.3's own example: three players end at 8 → (32 + 16 + 8) / 3 each
    { name: 'three at 8 share 1st–3rd', c: { FRANCE: 8, ENGLAND: 8, GERMANY: 8, ITALY: 4, AUSTRIA: 3, RUSSIA: 2, TURKEY: 1 }, bonus: { FRANCE: 56 / 3, ENGLAND: 56 / 3, GERMANY: 56 / 3, ITALY: 4, AUSTRIA: 2, RUSSIA: 1, TURKEY: 0 } },
    { name: 'two tied for 5th–6th share 2 + 1', c: { FRANCE: 10, ENGLAND: 8, GERMANY: 6, ITALY: 4, AUSTRIA: 3, RUSSIA: 3 }, bonus: { FRANCE: 32, ENGLAND: 16, GERMANY: 8, ITALY: 4, AUSTRIA: 1.5, RUSSIA: 1.5, TURKEY: 0 } },
    { name: 'two tied for 6th–7th share 1 + 0', c: { FRANCE: 10, ENGLAND: 8, GERMANY: 6, ITALY: 4, AUSTRIA: 3, RUSSIA: 1, TURKEY: 1 }, bonus: { FRANCE: 32, ENGLAND: 16, GERMANY: 8, ITALY: 4, AUSTRIA: 2, RUSSIA: 0.5, TURKEY: 0.5 } },
    // C.1: eliminated players score zero, bonus included (they do not share 5th–7th)
    { name: 'eliminated get nothing', c: { FRANCE: 12, ENGLAND: 10, GERMANY: 7, ITALY: 5 }, bonus: { FRANCE: 32, ENGLAND: 16, GERMANY: 8, ITALY: 4, AUSTRIA: 0, RUSSIA: 0, TURKEY: 0 } },
    { name: 'all seven tied share all bonuses', c: { FRANCE: 4, ENGLAND: 4, GERMANY: 4, ITALY: 4, AUSTRIA: 4, RUSSIA: 4, TURKEY: 4 }, bonus: Object.fromEntries(POWERS.map((p) => [p, 63 / 7])) },
  ])('$name', ({ c, bonus }) => {
    const got = positionalBonuses(board(c));
    for (const p of POWERS) expect(got[p], p).toBeCloseTo((bonus as Record<string, number>)[p] ?? 0, 12);
    const s = scoreGame({ centres: board(c), solo: null });
    for (const p of POWERS) expect(s[p].score, p).toBeCloseTo(board(c)[p] === 0 ? 0 : board(c)[p] + ((bonus as Record<string, number>)[p] ?? 0), 12);
  });
});

describe('C.4: a solo is 34 centres with everyone else eliminated', () => {
  it('DESIGN.md example: FRANCE 18 → 34 + 32 = 66, the others 0', () => {
    const s = scoreGame({ centres: board({ FRANCE: 18, ENGLAND: 6, GERMANY: 4, ITALY: 3, AUSTRIA: 3 }), solo: 'FRANCE' });
    expect(s.FRANCE).toEqual({ centres: 34, bonus: 32, score: 66 });
    for (const p of POWERS.filter((x) => x !== 'FRANCE')) expect(s[p]).toEqual({ centres: 0, bonus: 0, score: 0 });
  });
  it('18 centres make a solo even when solo is not named', () => {
    expect(scoreGame({ centres: board({ TURKEY: 20, RUSSIA: 14 }), solo: null }).TURKEY.score).toBe(66);
  });
  it('a conceded solo (C.5) scores as a solo whatever its count', () => {
    const s = scoreGame({ centres: board({ ITALY: 15, FRANCE: 10, RUSSIA: 9 }), solo: 'ITALY' });
    expect(s.ITALY.score).toBe(66);
    expect(s.FRANCE.score).toBe(0);
  });
});

const centresArb = fc
  .array(fc.integer({ min: 0, max: 17 }), { minLength: 7, maxLength: 7 })
  .filter((xs) => xs.reduce((a, b) => a + b, 0) <= 34)
  .map((xs) => Object.fromEntries(POWERS.map((p, i) => [p, xs[i]!])) as Record<Power, number>);

describe('properties', () => {
  it('bonuses add up to the places the survivors occupy; equal centres, equal shares; more centres, more points', () => {
    fc.assert(
      fc.property(centresArb, (c) => {
        const s = scoreGame({ centres: c, solo: null });
        const alive = POWERS.filter((p) => c[p] > 0);
        const pot = POSITIONAL_BONUSES.slice(0, alive.length).reduce((a, b) => a + b, 0);
        expect(POWERS.reduce((a, p) => a + s[p].bonus, 0)).toBeCloseTo(pot, 9);
        expect(POWERS.reduce((a, p) => a + s[p].score, 0)).toBeCloseTo(pot + alive.reduce((a, p) => a + c[p], 0), 9);
        for (const a of POWERS)
          for (const b of POWERS) {
            if (c[a] === c[b]) expect(s[a].score).toBe(s[b].score);
            if (c[a] > c[b]) expect(s[a].score).toBeGreaterThan(s[b].score);
          }
        for (const p of POWERS) if (c[p] === 0) expect(s[p]).toEqual({ centres: 0, bonus: 0, score: 0 });
      }),
    );
  });
  it('a solo always scores 66 and leaves the others 0', () => {
    fc.assert(
      fc.property(fc.constantFrom(...POWERS), fc.integer({ min: 18, max: 34 }), (power, n) => {
        const s = scoreGame({ centres: board({ [power]: n }), solo: null });
        expect(s[power].score).toBe(66);
        expect(POWERS.reduce((a, p) => a + s[p].score, 0)).toBe(66);
      }),
    );
  });
});

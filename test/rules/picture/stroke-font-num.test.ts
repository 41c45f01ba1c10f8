/**
 * Issue 29, stop 46: the stroke font writes its coordinates with its own 2-decimal formatting
 * (`num`), which must give the very string `(Math.round(v * 100) / 100).toString()` gives (the SVG,
 * and so every picture, is made of these strings).
 */
import { describe, expect, it } from 'vitest';
import { num } from '../../../src/rules/picture/stroke-font.js';

const reference = (v: number) => (Math.round(v * 100) / 100).toString();

describe('num (the stroke font\'s coordinates)', () => {
  it('writes every hundredth from -20,000 to 20,000 as toString does', () => {
    let bad = 0;
    for (let r = -2_000_000; r <= 2_000_000; r++) {
      const v = r / 100;
      if (num(v) !== reference(v)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('rounds as Math.round does (halves up, negatives towards +∞), and writes -0 as 0', () => {
    for (const v of [0, -0, 0.004, -0.004, 0.005, -0.005, 1.005, 2.675, -2.675, 0.125, -0.125, 999.995, -999.995, 12.3449, 1e-9, -1e-9, 0.1 + 0.2, 523.37, 1e6 + 0.07]) {
      expect(num(v), String(v)).toBe(reference(v));
    }
    let seed = 7;
    let bad = 0;
    for (let k = 0; k < 200_000; k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const v = (seed / 2 ** 32 - 0.5) * 4000;
      if (num(v) !== reference(v)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('past its range, and for what is not a number, gives what toString gives', () => {
    for (const v of [1e7, -1e7, 1e21, -1e21, 1.5e300, Number.MAX_VALUE, Infinity, -Infinity, Number.NaN]) expect(num(v), String(v)).toBe(reference(v));
  });
});

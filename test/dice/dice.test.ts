import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DiceStream, commitment, die, parseNotation, roll, verify } from '../../src/dice/index.js';

describe('notation (seed 000 4.2.4, 6.3.2; seed 004 C.7(f))', () => {
  it.each([
    ['d20', 'd20', 1, 20, 0, false],
    ['4d20', '4d20', 4, 20, 0, false],
    ['2d6+3', '2d6+3', 2, 6, 3, false],
    ['2D6 - 1', '2d6-1', 2, 6, -1, false],
    ['d3', 'd3', 1, 6, 0, true],
    ['d100', 'd100', 1, 100, 0, false],
    ['d%', 'd100', 1, 100, 0, false],
  ])('%s reads as %s', (text, norm, count, sides, modifier, halved) => {
    const p = parseNotation(text);
    expect(p.ok && p.notation).toEqual({ text: norm, count, sides, modifier, halved });
  });
  it.each(['', 'd', '2x6', 'd1', '0d6', '101d6', 'd1001', 'roll a die'])('"%s" is refused naming the forms', (text) => {
    const p = parseNotation(text);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.problems.join(' ')).toMatch(/d20|between/);
  });
});

describe('seeded rolls', () => {
  it('the commitment is the SHA-256 of the seed', () => {
    expect(commitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('the same seed and nonce give the same dice; another nonce or seed other dice', () => {
    const a = roll('seed', '1', '20d20');
    expect(roll('seed', '1', '20d20')).toEqual(a);
    expect(roll('seed', '2', '20d20').dice).not.toEqual(a.dice);
    expect(roll('other', '1', '20d20').dice).not.toEqual(a.dice);
  });
  it('faces stay in range; d3 is 1–3; the modifier is added (property)', () => {
    fc.assert(fc.property(fc.string(), fc.string(), fc.integer({ min: 2, max: 120 }), (seed, nonce, sides) => {
      const f = die(seed, nonce, 0, sides);
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThanOrEqual(sides);
      const r = roll(seed, nonce, '3d3+2');
      expect(r.dice.every((d) => d >= 1 && d <= 3)).toBe(true);
      expect(r.total).toBe(r.dice[0]! + r.dice[1]! + r.dice[2]! + 2);
    }));
  });
  it('every face of a d6 comes up about equally often (6,000 rolls, each within 15% of 1,000)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) counts[die('uniform', String(i), 0, 6) - 1]! += 1;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });
});

describe('verify', () => {
  it('recomputes recorded rolls; a changed die or seed is caught', () => {
    const s = new DiceStream('revealed', 'battle-8F');
    s.roll('4d20', 'Sai Rei');
    s.roll('4d20', 'Gix');
    const recorded = s.rolls.map(({ notation, nonce, dice, total }) => ({ notation, nonce, dice, total }));
    expect(verify({ seed: 'revealed', commitment: commitment('revealed'), rolls: recorded }).ok).toBe(true);
    const forged = recorded.map((r, i) => (i === 1 ? { ...r, dice: [20, 20, 20, 20], total: 80 } : r));
    const v = verify({ seed: 'revealed', rolls: forged });
    expect(v.ok).toBe(false);
    expect(v.rolls.map((r) => r.ok)).toEqual([true, recorded[1]!.dice.every((d) => d === 20)]);
    expect(verify({ seed: 'revealed', commitment: commitment('other'), rolls: recorded }).commitmentMatches).toBe(false);
  });
  it('a stream records each roll with its purpose; pick and shuffle are reproducible', () => {
    const a = new DiceStream('x', 'round-2');
    const b = new DiceStream('x', 'round-2');
    expect(a.shuffle([1, 2, 3, 4, 5, 6, 7], 'powers')).toEqual(b.shuffle([1, 2, 3, 4, 5, 6, 7], 'powers'));
    expect(a.pick(['N', 'E', 'S'], 'route')).toBe(b.pick(['N', 'E', 'S'], 'route'));
    expect(a.rolls.map((r) => r.nonce)).toEqual(a.rolls.map((_r, i) => `round-2:${i + 1}`));
    expect(a.rolls[0]!.purpose).toBe('powers');
    expect(a.pick(['only'], 'no roll')).toBe('only');
    expect(a.rolls.length).toBe(b.rolls.length);
  });
});

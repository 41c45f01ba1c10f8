import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceStream, verify } from '../../src/dice/index.js';
import { higher, higherList, lower, rankWithTieBreaks } from '../../src/tournament/rank/rank-with-tie-breaks.js';

interface Row { id: string; score: number; low: number; list: number[] }
const row = (id: string, score: number, low = 0, list: number[] = []): Row => ({ id, score, low, list });
const main = higher<Row>('X', 'score', (r) => r.score);
const tieBreaks = [lower<Row>('X(a)', 'lowest low', (r) => r.low), higherList<Row>('X(b)', 'count-back', (r) => r.list)];

describe('rankWithTieBreaks', () => {
  it('breaks ties criterion by criterion and says which broke each', () => {
    const r = rankWithTieBreaks([row('a', 10, 5), row('b', 10, 3), row('c', 10, 5, [2, 1]), row('d', 12), row('e', 10, 5, [2, 3])], (x) => x.id, main, tieBreaks);
    expect(r.entries.map((e) => [e.id, e.place])).toEqual([['d', 1], ['b', 2], ['e', 3], ['c', 4], ['a', 5]]);
    expect(r.ties).toEqual([
      { ids: ['b', 'a', 'c', 'e'], place: 2, rule: 'X(a)', criterion: 'lowest low', groups: [['b'], ['a', 'c', 'e']] },
      { ids: ['e', 'c', 'a'], place: 3, rule: 'X(b)', criterion: 'count-back', groups: [['e'], ['c'], ['a']] },
    ]);
    expect(r.unbroken).toEqual([]);
  });
  it('scores equal within 1e-9 are tied (56/3 computed two ways)', () => {
    const r = rankWithTieBreaks([row('a', 56 / 3 + 8), row('b', 8 + 32 / 3 + 16 / 3 + 8 / 3, 1)], (x) => x.id, main, tieBreaks);
    expect(r.ties[0]?.rule).toBe('X(a)');
  });
  it('without dice, what no criterion breaks shares a place and is reported', () => {
    const r = rankWithTieBreaks([row('a', 1), row('b', 1), row('c', 0)], (x) => x.id, main, tieBreaks);
    expect(r.entries.map((e) => e.place)).toEqual([1, 1, 3]);
    expect(r.unbroken).toEqual([{ ids: ['a', 'b'], place: 1 }]);
  });
  it('with dice: d100 rolls break the rest, recorded and verifiable, the same seed giving the same order', () => {
    const items = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => row(id, 7));
    const dice = new DiceStream('secret', 'r1-advance');
    const r = rankWithTieBreaks(items, (x) => x.id, main, tieBreaks, { rule: 'X(f)', dice, purpose: 'test' });
    expect(new Set(r.entries.map((e) => e.place))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(r.ties.at(-1)?.rule).toBe('X(f)');
    expect(r.ties.every((t) => t.rule === 'X(f)' && t.criterion === 'highest roll on 100-sided dice')).toBe(true);
    expect(r.rolls.length).toBeGreaterThanOrEqual(5);
    expect(r.rolls[0]!.purpose).toMatch(/^test: p1 \(tied for place 1\)$/);
    expect(verify({ seed: 'secret', rolls: r.rolls }).ok).toBe(true);
    // the first five rolls are p1..p5's: a higher roll ranks first
    const firstRoll = new Map(r.rolls.slice(0, 5).map((x, i) => [`p${i + 1}`, x.total]));
    const totals = r.entries.map((e) => firstRoll.get(e.id)!);
    for (let i = 1; i < totals.length; i++) expect(totals[i - 1]).toBeGreaterThanOrEqual(totals[i]!);
    const again = rankWithTieBreaks(items, (x) => x.id, main, tieBreaks, { rule: 'X(f)', dice: new DiceStream('secret', 'r1-advance'), purpose: 'test' });
    expect(again.entries.map((e) => e.id)).toEqual(r.entries.map((e) => e.id));
  });
  it('property: places are a ranking (sorted by the main criterion; with dice, 1..n exactly)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ score: fc.integer({ min: 0, max: 5 }), low: fc.integer({ min: 0, max: 2 }) }), { minLength: 1, maxLength: 30 }), fc.string(), (xs, seed) => {
        const items = xs.map((x, i) => row(`p${i}`, x.score, x.low));
        const r = rankWithTieBreaks(items, (x) => x.id, main, tieBreaks, { rule: 'X(f)', dice: new DiceStream(seed || 's', 'prop'), purpose: 'prop' });
        expect(r.entries.map((e) => e.place)).toEqual(items.map((_, i) => i + 1));
        for (let i = 1; i < r.entries.length; i++) expect(r.entries[i - 1]!.item.score).toBeGreaterThanOrEqual(r.entries[i]!.item.score);
        expect(new Set(r.entries.map((e) => e.id)).size).toBe(items.length);
      }),
      { numRuns: 200 },
    );
  });
});

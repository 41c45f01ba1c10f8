import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSeason, seasonIndex, seasonsInGame } from '../../src/tournament/seasons.js';
import { countingGames, positionCredit, prorate, type SeatPeriod } from '../../src/tournament/score/index.js';

const s = (t: string) => seasonIndex(t)!;
const period = (player: string, from: string, to: string, reserve = false): SeatPeriod => ({ player, from: s(from), to: s(to), ...(reserve ? { reserve } : {}) });

describe('seasons (Spring and Fall only)', () => {
  it.each([
    ['S1901', 0], ['F1901', 1], ['S1907', 12], ['F1909', 17], ['f1906m', 11], ['W1901', undefined], ['S1900', undefined], ['1901', undefined],
  ])('%s → %s', (t, i) => expect(seasonIndex(t as string)).toBe(i));
  it('1909 games have 18 seasons, 1912 24, 1915 30', () => {
    expect([1909, 1912, 1915].map(seasonsInGame)).toEqual([18, 24, 30]);
    expect(formatSeason(17)).toBe('F1909');
  });
});

describe('C.14: pro-rating by seasons played', () => {
  it("the seed's example: Fred 66 × 6 / 18 = 22, Wendy 66 × 12 / 18 = 44", () => {
    const shares = prorate(66, [period('wendy', 'S1901', 'F1906'), period('fred', 'S1907', 'F1909')], { endYear: 1909 });
    expect(shares).toEqual([
      { player: 'wendy', seasons: 12, score: 44 },
      { player: 'fred', seasons: 6, score: 22 },
    ]);
  });
  it("the same game ended by Fred's solo in Fall 1908: the unplayed 1909 seasons are credited to him", () => {
    const shares = prorate(66, [period('wendy', 'S1901', 'F1906'), period('fred', 'S1907', 'F1908')], { endYear: 1909 });
    expect(shares.map((x) => x.score)).toEqual([44, 22]);
  });
  it('the team is credited the full 66 (C.14); a reserve placed for want of a team replacement forfeits it (B.8(e))', () => {
    const team = (p: string) => (p === 'tom' ? null : 'blue');
    expect(positionCredit(66, [period('wendy', 'S1901', 'F1906'), period('fred', 'S1907', 'F1909')], team)).toEqual({ team: 'blue', credit: 66, forfeited: 0 });
    expect(positionCredit(66, [period('wendy', 'S1901', 'F1906'), period('tom', 'S1907', 'F1909', true)], team)).toEqual({ team: 'blue', credit: 0, forfeited: 66 });
  });
  it('a player replaced for one season only keeps it; the stand-in is still pro-rated', () => {
    const shares = prorate(36, [period('wendy', 'S1901', 'F1903'), period('tom', 'S1904', 'S1904'), period('wendy', 'F1904', 'F1909')], { endYear: 1909 });
    expect(shares).toEqual([
      { player: 'wendy', seasons: 18, score: 36 },
      { player: 'tom', seasons: 1, score: 2 },
    ]);
  });
  it('replaced for more than one turn: pro-rated', () => {
    const shares = prorate(36, [period('wendy', 'S1901', 'F1903'), period('tom', 'S1904', 'F1904'), period('wendy', 'S1905', 'F1909')], { endYear: 1909 });
    expect(shares).toEqual([
      { player: 'wendy', seasons: 16, score: 32 },
      { player: 'tom', seasons: 2, score: 4 },
    ]);
  });
  it('seasons in civil disorder are credited to nobody', () => {
    const shares = prorate(18, [period('wendy', 'S1901', 'F1904'), period('tom', 'S1907', 'F1909')], { endYear: 1909 });
    expect(shares.map((x) => x.score)).toEqual([8, 6]);
  });
  it('property: consecutive holders share the score exactly (within 1e-9), each in proportion to seasons held', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1909, 1912, 1915),
        fc.double({ min: 0, max: 66, noNaN: true }),
        fc.uniqueArray(fc.integer({ min: 1, max: 29 }), { maxLength: 6 }),
        (endYear, score, cuts) => {
          const total = seasonsInGame(endYear);
          const bounds = [0, ...cuts.filter((c) => c < total).sort((a, b) => a - b), total];
          const periods = bounds.slice(1).map((end, i) => ({ player: `p${i}`, from: bounds[i]!, to: end - 1 }));
          const shares = prorate(score, periods, { endYear });
          // A holder of a single season between two others would be a one-turn stand-in only if the same player returned; here nobody returns.
          expect(Math.abs(shares.reduce((a, x) => a + x.score, 0) - score)).toBeLessThan(1e-9);
          for (const x of shares) {
            const p = periods.find((q) => q.player === x.player)!;
            expect(x.score).toBeCloseTo((score * (p.to - p.from + 1)) / total, 9);
          }
        },
      ),
    );
  });
});

describe('C.15: advancement counts the first game in which a player is permanent', () => {
  it('temporary games never count; the earliest permanent one does', () => {
    const got = countingGames([
      { player: 'ann', game: 'r1-b3', permanent: false, since: '2004-01-01T00:00:00Z' },
      { player: 'ann', game: 'r1-b9', permanent: true, since: '2004-03-01T00:00:00Z' },
      { player: 'ann', game: 'r1-b2', permanent: true, since: '2004-02-01T00:00:00Z' },
      { player: 'bob', game: 'r1-b1', permanent: false, since: '2004-01-01T00:00:00Z' },
      { player: 'cy', game: 'r1-b5', permanent: true, since: '2004-01-01T00:00:00Z' },
      { player: 'cy', game: 'r1-b4', permanent: true, since: '2004-01-01T00:00:00Z' },
    ]);
    expect(got.get('ann')?.game).toBe('r1-b2');
    expect(got.has('bob')).toBe(false);
    expect(got.get('cy')?.game).toBe('r1-b4');
  });
});

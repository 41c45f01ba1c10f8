import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceStream, verify } from '../../src/dice/index.js';
import { checkB9, chooseReserve, groupIndividuals, reservePool, type Commitment } from '../../src/tournament/teams/index.js';

describe('B.2: individuals grouped at random into teams of seven with a captain', () => {
  const people = Array.from({ length: 23 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
  it('multiples of seven accepted, the last to register form the reserve list', () => {
    const dice = new DiceStream('registration-seed', 'B.2');
    const g = groupIndividuals(people, dice);
    expect(g.teams).toHaveLength(3);
    expect(g.reserves).toEqual(['p22', 'p23']);
    const members = g.teams.flatMap((t) => t.members);
    expect(new Set(members)).toEqual(new Set(people.slice(0, 21)));
    for (const t of g.teams) {
      expect(t.members).toHaveLength(7);
      expect(t.members).toContain(t.captain);
    }
    expect(g.teams.map((t) => t.team)).toEqual(['random-1', 'random-2', 'random-3']);
    expect(dice.rolls.some((r) => r.purpose === 'B.2 captain of random-2')).toBe(true);
    expect(verify({ seed: 'registration-seed', rolls: dice.rolls }).ok).toBe(true);
  });
  it('the same seed gives the same teams; the grouping is not registration order', () => {
    const a = groupIndividuals(people, new DiceStream('x', 'B.2'));
    const b = groupIndividuals(people, new DiceStream('x', 'B.2'));
    expect(a).toEqual(b);
    const seeds = ['a', 'b', 'c', 'd'].map((s) => groupIndividuals(people, new DiceStream(s, 'B.2')).teams[0]!.members.join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
  it('property: every accepted player in exactly one team', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.string(), (n, seed) => {
        const list = Array.from({ length: n }, (_, i) => `x${i}`);
        const g = groupIndividuals(list, new DiceStream(seed, 'B.2'));
        expect(g.teams.length).toBe(Math.floor(n / 7));
        expect(g.reserves.length).toBe(n % 7);
        expect([...g.teams.flatMap((t) => t.members), ...g.reserves].sort()).toEqual([...list].sort());
      }),
      { numRuns: 50 },
    );
  });
  it('refuses a player registered twice', () => {
    expect(() => groupIndividuals(['a', 'b', 'a'], new DiceStream('s', 'B.2'))).toThrow(/registered twice: a/);
  });
});

describe('B.8(d),(f): the reserve pool', () => {
  it('eliminees by round reached and rank, then the registration reserves; the first to reply in time is taken', () => {
    const pool = reservePool(['res1', 'res2'], [
      { player: 'r1-40th', round: 1, place: 40 },
      { player: 'r2-60th', round: 2, place: 60 },
      { player: 'r1-30th', round: 1, place: 30 },
    ], new Set(['r1-30th']));
    expect(pool).toEqual(['r2-60th', 'r1-40th', 'res1', 'res2']);
    expect(chooseReserve(pool, new Set(['res2', 'r1-40th']))).toBe('r1-40th');
    expect(chooseReserve(pool, new Set())).toBeNull();
  });
});

describe('B.9: at most three games', () => {
  const c = (game: string, kind: Commitment['kind'], from: string, to: string | null = null): Commitment => ({ player: 'wendy', game, kind, from: `2004-${from}T12:00:00Z`, to: to === null ? null : `2004-${to}T12:00:00Z` });
  it('a fourth permanent game in a round is refused, naming the games', () => {
    const round = [c('r2-b1', 'permanent', '03-01'), c('r2-b4', 'permanent', '03-01'), c('r2-b7', 'permanent', '03-01', '03-10')];
    const problems = checkB9(round, c('r2-b9', 'permanent', '04-01'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe('B.9: wendy would be a permanent player in 4 games of this round (r2-b1, r2-b4, r2-b7, r2-b9); nobody may be permanent in more than 3 games of a round');
  });
  it('permanent plus temporary: more than three at one time is refused, three is allowed', () => {
    const round = [c('r2-b1', 'permanent', '03-01'), c('r2-b4', 'permanent', '03-01'), c('r2-b7', 'temporary', '03-05', '03-12')];
    expect(checkB9(round, c('r2-b8', 'temporary', '03-13', '03-20'))).toEqual([]);
    const problems = checkB9(round, c('r2-b8', 'temporary', '03-10', '03-20'));
    expect(problems).toEqual([
      'B.9: wendy would be playing 4 games at once from 2004-03-10T12:00:00.000Z (permanent: r2-b1, r2-b4; temporary: r2-b7, r2-b8); nobody may play more than 3 games at any one time as a permanent player and temporary replacement',
    ]);
    // a temporary stint that starts before the others and overlaps them later
    expect(checkB9(round, c('r2-b8', 'temporary', '02-20', '03-06'))).toHaveLength(1);
  });
  it('other players do not count', () => {
    const round = [0, 1, 2, 3].map((i) => ({ ...c(`r2-b${i}`, 'permanent', '03-01'), player: 'fred' }));
    expect(checkB9(round, c('r2-b9', 'permanent', '03-01'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DiceStream, verify } from '../../src/dice/index.js';
import type { Power } from '../../src/diplomacy/index.js';
import {
  advanceFromRound1,
  advanceFromRound2,
  placesOf,
  powerTotals,
  qualifyFromSemiFinal,
  rankCountries,
  rankFinal,
  rankRound1Teams,
  rankTeams,
  replaceDecliners,
  scoreRound,
  type RoundResult,
  type TeamRound1,
} from '../../src/tournament/advance/index.js';
import { scoreGame } from '../../src/tournament/score/index.js';

const r = (player: string, x: Partial<RoundResult> = {}): RoundResult => ({
  player, team: 'blue', game: 'g1', power: 'FRANCE', score: 10, bonus: 4, centres: 6, countBack: [5, 5, 5, 5, 5, 5, 5, 5], ...x,
});
// Round-1 power totals: ITALY is the least successful country, FRANCE the most.
const totals: Record<Power, number> = { AUSTRIA: 300, ENGLAND: 350, FRANCE: 500, GERMANY: 320, ITALY: 200, RUSSIA: 400, TURKEY: 380 };

describe('least successful country: power totals across the boards', () => {
  it('adds each power\'s score over the games', () => {
    const c = (x: Partial<Record<Power, number>>) => ({ AUSTRIA: 0, ENGLAND: 0, FRANCE: 0, GERMANY: 0, ITALY: 0, RUSSIA: 0, TURKEY: 0, ...x });
    const t = powerTotals([{ powers: scoreGame({ centres: c({ FRANCE: 18 }), solo: null }) }, { powers: scoreGame({ centres: c({ FRANCE: 10, ITALY: 10, RUSSIA: 14 }), solo: null }) }]);
    expect(t.FRANCE).toBe(66 + 10 + 12);
    expect(t.ITALY).toBe(22);
    expect(t.RUSSIA).toBe(46);
    expect(t.AUSTRIA).toBe(0);
  });
});

describe('C.6: round-1 team credits', () => {
  it('10 for each player of the top team down to 1 for the tenth; ties by (a) total less the best score, (b) the best player by C.7', () => {
    const teams: TeamRound1[] = Array.from({ length: 12 }, (_, i) => ({ team: `t${i + 1}`, members: [`t${i + 1}a`, `t${i + 1}b`], scores: [100 - i * 5, 10] }));
    // t1 and t2 tie on 110; t2's scores are flatter: 110 − 60 = 50 against 110 − 100 = 10 → C.6(a) puts t2 first.
    teams[0] = { team: 't1', members: ['t1a', 't1b'], scores: [100, 10] };
    teams[1] = { team: 't2', members: ['t2a', 't2b'], scores: [60, 50] };
    // t3 and t4 identical lists: C.6(b), their best player by C.7: t4a scores more.
    teams[2] = { team: 't3', members: ['t3a', 't3b'], scores: [55, 40] };
    teams[3] = { team: 't4', members: ['t4a', 't4b'], scores: [55, 40] };
    const results = [r('t3a', { score: 30 }), r('t4a', { score: 31 })];
    const out = rankRound1Teams(teams, results, totals, new DiceStream('s', 'c6'));
    expect(out.ranking.entries.slice(0, 4).map((e) => e.id)).toEqual(['t2', 't1', 't4', 't3']);
    expect(out.ranking.ties.map((t) => t.rule)).toEqual(['C.6(a)', 'C.6(b)']);
    expect(out.individual?.entries.map((e) => e.id)).toEqual(['t4a', 't3a']);
    expect(out.credits.get('t2a')).toBe(10);
    expect(out.credits.get('t2b')).toBe(10);
    expect(out.credits.get('t1a')).toBe(9);
    expect(out.credits.get('t4a')).toBe(8);
    expect(out.credits.get('t3a')).toBe(7);
    expect(out.credits.get('t10a')).toBe(1);
    expect(out.credits.has('t11a')).toBe(false);
    expect(out.credits.has('t12b')).toBe(false);
  });
});

describe('C.7: advancement from round 1', () => {
  const teamRanking = rankRound1Teams(
    [{ team: 'blue', members: [], scores: [50] }, { team: 'red', members: [], scores: [40] }],
    [],
    totals,
    new DiceStream('s', 'teams'),
  ).ranking;
  const run = (results: RoundResult[], credits: Record<string, number> = {}, places = 100) =>
    advanceFromRound1({ results, credits: new Map(Object.entries(credits)), teamRanking, powerTotals: totals, places, dice: new DiceStream('seed', 'r1') });

  it.each([
    { rule: 'C.7(a)', a: { power: 'ITALY' as Power }, b: { power: 'FRANCE' as Power } },
    { rule: 'C.7(b)', a: { score: 20 }, b: { score: 10 }, creditsB: 10 },
    { rule: 'C.7(c)', a: { bonus: 8 }, b: { bonus: 4 } },
    { rule: 'C.7(d)', a: { countBack: [5, 6, 1, 1, 1, 1, 1, 1] }, b: { countBack: [5, 5, 9, 9, 9, 9, 9, 9] } },
    { rule: 'C.7(e)', a: { team: 'blue' }, b: { team: 'red' } },
    { rule: 'C.7(e)', a: { team: 'red' }, b: { team: null } },
  ])('$rule breaks a tie', ({ rule, a, b, creditsB }) => {
    const out = run([r('bea', b), r('ann', a)], { bea: creditsB ?? 0 });
    expect(out.ranking.entries.map((e) => e.id)).toEqual(['ann', 'bea']);
    expect(out.ranking.ties).toHaveLength(1);
    expect(out.ranking.ties[0]).toMatchObject({ rule, ids: ['ann', 'bea'], place: 1 });
  });
  it('C.7(f): a d100 roll, recorded with its purpose and verifiable', () => {
    const out = run([r('ann'), r('bea'), r('cat', { score: 11 })]);
    expect(out.ranking.entries[0]!.id).toBe('cat');
    expect(out.ranking.ties.at(-1)).toMatchObject({ rule: 'C.7(f)', criterion: 'highest roll on 100-sided dice', place: 2 });
    expect(out.ranking.rolls.map((x) => x.purpose)).toContain('C.7(f) advancement to round 2: ann (tied for place 2)');
    expect(verify({ seed: 'seed', rolls: out.ranking.rolls }).ok).toBe(true);
  });
  it('team credits count: 10 credits lift a lower score; advancing is the first `places`', () => {
    const out = run([r('ann', { score: 30 }), r('bea', { score: 25 }), r('cat', { score: 20 })], { cat: 10 }, 2);
    expect(out.ranking.entries.map((e) => e.id)).toEqual(['ann', 'cat', 'bea']);
    expect(out.advancing).toEqual(['ann', 'cat']);
  });
});

describe('C.8: advancement from round 2', () => {
  const base = { powerTotals: totals, teamPlace: new Map([['blue', 1], ['red', 2]]), places: 10 };
  it('ranks by round-2 score plus half of round 1 (no credits)', () => {
    const out = advanceFromRound2({ ...base, results: [r('ann', { score: 40 }), r('bea', { score: 35 })], round1Score: new Map([['ann', 0], ['bea', 12]]), round1Place: new Map() });
    expect(out.ranking.entries.map((e) => e.id)).toEqual(['bea', 'ann']);
  });
  it.each([
    { rule: 'C.8(a)', a: { power: 'ITALY' as Power }, b: {} },
    { rule: 'C.8(b)', a: { bonus: 16 }, b: {} },
    { rule: 'C.8(c)', a: { countBack: [6] }, b: { countBack: [5] } },
    { rule: 'C.8(d)', a: {}, b: { team: 'red' } },
    { rule: 'C.8(e)', a: {}, b: {} },
  ])('$rule breaks a tie', ({ rule, a, b }) => {
    const out = advanceFromRound2({ ...base, results: [r('bea', { score: 30, ...b }), r('ann', { score: 20, ...a })], round1Score: new Map([['ann', 20], ['bea', 0]]), round1Place: new Map([['ann', 3], ['bea', 7]]) });
    expect(out.ranking.entries.map((e) => e.id)).toEqual(['ann', 'bea']);
    expect(out.ranking.ties[0]?.rule).toBe(rule);
  });
});

describe('C.9 and C.10: the semi-final', () => {
  const results = [
    r('ann', { game: 's1', score: 40, power: 'FRANCE', bonus: 32 }),
    r('bea', { game: 's1', score: 40, power: 'ITALY', bonus: 16 }),
    r('cat', { game: 's1', score: 10, power: 'RUSSIA', bonus: 2 }),
    r('dan', { game: 's2', score: 30, power: 'FRANCE', countBack: [9, 1] }),
    r('eve', { game: 's2', score: 30, power: 'FRANCE', countBack: [9, 2] }),
    r('fay', { game: 's2', score: 22, power: 'GERMANY', bonus: 16 }),
    r('gus', { game: 's2', score: 28, power: 'AUSTRIA', bonus: 16 }),
  ];
  const semi = qualifyFromSemiFinal({ results, powerTotals: totals, earlierPlace: new Map([['fay', 1], ['gus', 2]]), earlier: 'C.8' });
  it('C.9: the highest scorer of each board; ties by least successful country, then count-back', () => {
    expect(semi.qualifiers).toEqual(['bea', 'eve']);
    expect(semi.boards.get('s1')!.ties[0]).toMatchObject({ rule: 'C.9(a)', ids: ['bea', 'ann'] });
    expect(semi.boards.get('s2')!.ties[0]).toMatchObject({ rule: 'C.9(b)', ids: ['eve', 'dan'] });
  });
  // C.9(c) names the ranking it applied: C.8's, or C.7's with fewer than 42 teams (B.4: round 2 is the semi-final).
  it.each([
    { earlier: 'C.8' as const, criterion: 'highest ranking by the round 2 criteria of C.8' },
    { earlier: 'C.7' as const, criterion: 'highest round 1 ranking by the criteria of C.7 (fewer than 42 teams: no second team round and so no C.8 ranking, B.4)' },
  ])('C.9(c) by $earlier', ({ earlier, criterion }) => {
    // Same score, same power total, same count-back: only the earlier ranking separates them.
    const tied = [r('hal', { game: 's9', score: 20, power: 'TURKEY', countBack: [5] }), r('ida', { game: 's9', score: 20, power: 'TURKEY', countBack: [5] })];
    const out = qualifyFromSemiFinal({ results: tied, powerTotals: totals, earlierPlace: new Map([['ida', 4], ['hal', 9]]), earlier });
    expect(out.qualifiers).toEqual(['ida']);
    expect(out.boards.get('s9')!.ties[0]).toMatchObject({ rule: 'C.9(c)', criterion, ids: ['ida', 'hal'] });
  });
  it('C.10: a decliner is replaced by the highest round-3 positional bonus among the others; ties by (a) score, (b) C.9', () => {
    const out = replaceDecliners(semi, ['eve']);
    // ann has the highest bonus (32) of the non-qualifiers
    expect(out.finalists).toEqual(['bea', 'ann']);
    const twice = replaceDecliners(semi, ['eve', 'ann', 'bea']);
    // ann declined too, so eve's place goes to fay or gus (bonus 16): gus's score is higher (C.10(a));
    // ann is no finalist (nothing to replace); bea's place then goes to fay (bonus 16 against dan's 4, cat's 2)
    expect(twice.finalists).toEqual(['fay', 'gus']);
    expect(twice.replacements.map((x) => [x.declined, x.by])).toEqual([['eve', 'gus'], ['bea', 'fay']]);
    expect(twice.replacements[0]!.ranking.ties[0]?.rule).toBe('C.10(a)');
  });
});

describe('C.11: the individual winner', () => {
  it('most centres at the end of the final; ties by count-back 1914, 1913, …, then the semi-final ranking', () => {
    const final = [
      r('ann', { centres: 9, countBack: [8, 8] }),
      r('bea', { centres: 9, countBack: [8, 9] }),
      r('cat', { centres: 9, countBack: [8, 9] }),
      r('dan', { centres: 7 }),
    ];
    const out = rankFinal(final, new Map([['cat', 1], ['bea', 2]]));
    expect(out.entries.map((e) => e.id)).toEqual(['cat', 'bea', 'ann', 'dan']);
    expect(out.ties.map((t) => t.rule)).toEqual(['C.11(a)', 'C.11(b)']);
  });
});

describe('C.12: the team winner', () => {
  const t = (team: string, x: Partial<Parameters<typeof rankTeams>[0][number]>) => ({ team, round1: [30, 20], round2: [40], advanced: 1, round1Place: 5, ...x });
  it('total of rounds 1 and 2, a forfeited position counting 0 (B.8(e))', () => {
    const out = rankTeams([t('a', { round2: [0] }), t('b', { round1: [30, 10] })]);
    expect(out.entries.map((e) => e.id)).toEqual(['b', 'a']);
    expect(out.entries.map((e) => e.item).map((x) => x.round1.concat(x.round2).reduce((p, q) => p + q, 0))).toEqual([80, 50]);
  });
  it.each([
    { rule: 'C.12(a)', a: { advanced: 2 }, b: {} },
    { rule: 'C.12(b)', a: { round1: [40, 20], round2: [30] }, b: {} },
    { rule: 'C.12(c)', a: { round1: [25, 25] }, b: {} },
    { rule: 'C.12(d)', a: { round1Place: 2 }, b: {} },
  ])('$rule breaks a tie', ({ rule, a, b }) => {
    const out = rankTeams([t('b', b), t('a', a)]);
    expect(out.entries.map((e) => e.id)).toEqual(['a', 'b']);
    expect(out.ties[0]?.rule).toBe(rule);
  });
});

describe('C.13: best country trophies', () => {
  const c = (player: string, round: number, score: number, countBack: number[] = [5]) => ({ player, power: 'ENGLAND' as Power, round, game: `r${round}-${player}`, score, countBack });
  it('rounds 1 and 2 only; ties by (a) round 2 outranks round 1, (b) count-back, (c) d100', () => {
    const dice = new DiceStream('trophy', 'c13');
    const out = rankCountries([c('ann', 1, 40), c('bea', 2, 40), c('zed', 3, 90), c('cat', 1, 30, [7]), c('dan', 1, 30, [6]), c('eve', 1, 20), c('fay', 1, 20)], dice).ENGLAND;
    expect(out.entries.map((e) => e.item.player).slice(0, 4)).toEqual(['bea', 'ann', 'cat', 'dan']);
    expect(out.entries.some((e) => e.item.player === 'zed')).toBe(false);
    expect(out.ties.map((t) => t.rule)).toEqual(['C.13(a)', 'C.13(b)', 'C.13(c)']);
    expect(out.rolls.every((x) => x.purpose.startsWith('C.13(c) best ENGLAND trophy'))).toBe(true);
    expect(verify({ seed: 'trophy', rolls: out.rolls }).ok).toBe(true);
  });
});

describe('places of a ranking', () => {
  it('maps ids to places', () => {
    const out = rankTeams([{ team: 'x', round1: [1], round2: [], advanced: 0, round1Place: 1 }]);
    expect(placesOf(out).get('x')).toBe(1);
  });
});

describe('scoreRound: B.8(e) and C.15 from the game records', () => {
  it('a reserve who is an eliminee of a team scores for himself only, as a permanent player; the team that gave no replacement forfeits', () => {
    const counts = { AUSTRIA: 4, ENGLAND: 5, FRANCE: 6, GERMANY: 5, ITALY: 5, RUSSIA: 5, TURKEY: 4 };
    const seat = (player: string) => [{ player, from: 0, to: 17, permanent: true, since: '2004-05-01T00:00:00Z' }];
    const round = scoreRound([{
      id: 'r2-b1',
      history: { endYear: 1909, years: [{ year: 1909, centres: counts }], ending: { kind: 'played' } },
      seats: {
        AUSTRIA: seat('a'), ENGLAND: seat('e'), GERMANY: seat('g'), ITALY: seat('i'), RUSSIA: seat('r'), TURKEY: seat('t'),
        FRANCE: [{ player: 'f', from: 0, to: 8, permanent: true, since: '2004-05-01T00:00:00Z' }, { player: 'old-blue', from: 9, to: 17, permanent: false, since: '2004-07-01T00:00:00Z', reserve: true }],
      },
    }], (p) => (p === 'old-blue' || p === 'f' ? 'blue' : 'red'));
    // FRANCE: 6 + 32 = 38; f 9 of 18 seasons, the reserve 9 of 18
    expect(round.results.get('old-blue')).toMatchObject({ team: null, score: 19, game: 'r2-b1', power: 'FRANCE' });
    expect(round.results.get('f')?.score).toBe(19);
    const blue = round.teams.find((t) => t.team === 'blue')!;
    expect(blue).toEqual({ team: 'blue', scores: [0], forfeited: 38, members: ['f'] });
    // ENGLAND, GERMANY, ITALY, RUSSIA tie at 5 for 2nd–5th: 5 + (16 + 8 + 4 + 2) / 4 = 12.5 each
    expect(round.results.get('e')?.score).toBe(12.5);
    expect(round.powerTotals.FRANCE).toBe(38);
  });
});

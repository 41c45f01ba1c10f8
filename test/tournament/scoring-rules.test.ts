/**
 * One table test per scoring rule of seed 004 (C.1–C.5, D.IX(4), C.14, B.8(e), C.6), each computed
 * by hand in its comment. Games end in Fall 1909 (18 Spring/Fall seasons, C.14).
 */
import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../src/dice/index.js';
import type { Power } from '../../src/diplomacy/index.js';
import { rankRound1Teams, scoreRound, type HeldSeat, type RoundGame } from '../../src/tournament/advance/index.js';
import { centresByYear, countBack, outcomeOf, outcomeWithResult, positionCredit, prorate, scoreGame, type GameHistory, type GameResult, type SeatPeriod } from '../../src/tournament/score/index.js';
import { seasonIndex } from '../../src/tournament/seasons.js';

const c = (x: Partial<Record<Power, number>>): Record<Power, number> => ({ AUSTRIA: 0, ENGLAND: 0, FRANCE: 0, GERMANY: 0, ITALY: 0, RUSSIA: 0, TURKEY: 0, ...x });
const s = (t: string) => seasonIndex(t)!;
const seat = (player: string, from: string, to: string, more: Partial<SeatPeriod> = {}): SeatPeriod => ({ player, from: s(from), to: s(to), ...more });
const scores = (centres: Record<Power, number>, result?: GameResult) => {
  const g = scoreGame(outcomeWithResult({ centres, solo: null }, result));
  return Object.fromEntries(Object.entries(g).map(([p, x]) => [p, x.score]));
};

describe('C.1–C.5 and D.IX(4): a game score per power', () => {
  it.each([
    {
      rule: 'C.1, C.2: bonus plus centres, eliminated zero',
      // 10+32=42, 8+16=24, 6+8=14, 5+4=9, 3+2=5, 2+1=3; TURKEY eliminated: 0
      centres: c({ FRANCE: 10, ENGLAND: 8, GERMANY: 6, ITALY: 5, AUSTRIA: 3, RUSSIA: 2 }), result: undefined,
      want: { FRANCE: 42, ENGLAND: 24, GERMANY: 14, ITALY: 9, AUSTRIA: 5, RUSSIA: 3, TURKEY: 0 },
    },
    {
      rule: 'C.3: ties share the places (ENGLAND and GERMANY at 8 share 16+8)',
      // FRANCE 10+32=42; ENGLAND, GERMANY 8+(16+8)/2=20; ITALY, AUSTRIA 4+(4+2)/2=7
      centres: c({ FRANCE: 10, ENGLAND: 8, GERMANY: 8, ITALY: 4, AUSTRIA: 4 }), result: undefined,
      want: { FRANCE: 42, ENGLAND: 20, GERMANY: 20, ITALY: 7, AUSTRIA: 7, RUSSIA: 0, TURKEY: 0 },
    },
    {
      rule: 'D.IX(4): the same board drawn without ENGLAND: ENGLAND eliminated, the others share the places',
      // FRANCE 10+32=42; GERMANY alone 2nd 8+16=24; ITALY, AUSTRIA share 3rd-4th 4+(8+4)/2=10; ENGLAND 0
      centres: c({ FRANCE: 10, ENGLAND: 8, GERMANY: 8, ITALY: 4, AUSTRIA: 4 }), result: { kind: 'draw', powers: ['FRANCE', 'GERMANY', 'ITALY', 'AUSTRIA'] } as GameResult,
      want: { FRANCE: 42, ENGLAND: 0, GERMANY: 24, ITALY: 10, AUSTRIA: 10, RUSSIA: 0, TURKEY: 0 },
    },
    {
      rule: 'D.IX(4): a draw of every survivor changes nothing',
      centres: c({ FRANCE: 10, ENGLAND: 8, GERMANY: 8, ITALY: 4, AUSTRIA: 4 }), result: { kind: 'draw', powers: ['FRANCE', 'ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA'] } as GameResult,
      want: { FRANCE: 42, ENGLAND: 20, GERMANY: 20, ITALY: 7, AUSTRIA: 7, RUSSIA: 0, TURKEY: 0 },
    },
    {
      rule: 'D.IX(4): six at 5 and one at 4, the 4 left out: the six share 1st-6th',
      // without the rule: six share 32+16+8+4+2+1=63 → 10.5+5=15.5, RUSSIA 4+0=4. Left out: RUSSIA 0, the others the same 15.5
      centres: c({ FRANCE: 5, ENGLAND: 5, GERMANY: 5, ITALY: 5, AUSTRIA: 5, TURKEY: 5, RUSSIA: 4 }), result: { kind: 'draw', powers: ['FRANCE', 'ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'TURKEY'] } as GameResult,
      want: { FRANCE: 15.5, ENGLAND: 15.5, GERMANY: 15.5, ITALY: 15.5, AUSTRIA: 15.5, TURKEY: 15.5, RUSSIA: 0 },
    },
    {
      rule: 'C.4: 18 centres are a solo, 34 + 32 = 66, everyone else eliminated',
      centres: c({ TURKEY: 18, RUSSIA: 10, ITALY: 6 }), result: undefined,
      want: { TURKEY: 66, RUSSIA: 0, ITALY: 0, FRANCE: 0, ENGLAND: 0, GERMANY: 0, AUSTRIA: 0 },
    },
    {
      rule: 'C.5 (D.IX(3)): a solo conceded by vote scores as a solo in the final year',
      centres: c({ ITALY: 15, FRANCE: 10, RUSSIA: 9 }), result: { kind: 'concession', power: 'ITALY' } as GameResult,
      want: { ITALY: 66, FRANCE: 0, RUSSIA: 0, ENGLAND: 0, GERMANY: 0, AUSTRIA: 0, TURKEY: 0 },
    },
  ])('$rule', ({ centres, result, want }) => {
    const got = scores(centres, result);
    for (const [p, x] of Object.entries(want)) expect(got[p], p).toBeCloseTo(x, 9);
  });

  it('C.5 with D.IX(4) year by year: the draw of 1905 carries the counts to 1909, the left-out power 0 from the vote on', () => {
    const y1904 = c({ FRANCE: 7, ENGLAND: 5, GERMANY: 4, ITALY: 5, AUSTRIA: 4, RUSSIA: 5, TURKEY: 4 });
    const h: GameHistory = { endYear: 1909, years: [{ year: 1904, centres: y1904 }], ending: { kind: 'vote', year: 1905, powers: ['FRANCE', 'ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA'] } };
    // TURKEY (4 in 1904) is left out: 1905..1909 count 0 for it; 1904 stays as played.
    expect(centresByYear(h).get(1904)).toEqual(y1904);
    for (const year of [1905, 1906, 1907, 1908, 1909]) expect(centresByYear(h).get(year)).toEqual({ ...y1904, TURKEY: 0 });
    // count-back 1908..1901: 0 from 1905 on, 4 in 1904, and 1903–1901 (not recorded) the home count 3
    expect(countBack(h, 'TURKEY')).toEqual([0, 0, 0, 0, 4, 3, 3, 3]);
    // Scored on the 1909 counts: FRANCE 7+32=39; ENGLAND, ITALY, RUSSIA at 5 share 16+8+4=28 → 5+28/3; GERMANY, AUSTRIA at 4 share 2+1 → 5.5
    const got = scoreGame(outcomeOf(h));
    expect(got.FRANCE.score).toBe(39);
    expect(got.ENGLAND.score).toBeCloseTo(5 + 28 / 3, 12);
    expect(got.GERMANY.score).toBe(5.5);
    expect(got.TURKEY).toEqual({ centres: 0, bonus: 0, score: 0 });
  });
});

describe('C.14: pro-rating by seasons (36 points: 2 a season)', () => {
  it.each([
    {
      name: 'temporary, one season at the start (a stand-in for S1901): the player is not pro-rated',
      // wendy held F1901–F1909 (17) + the one season away = 18 → 36; tom 1 × 36/18 = 2
      periods: [seat('tom', 'S1901', 'S1901', { temporary: true }), seat('wendy', 'F1901', 'F1909')], want: { wendy: 36, tom: 2 },
    },
    {
      name: 'temporary, one season mid-game',
      periods: [seat('wendy', 'S1901', 'F1903'), seat('tom', 'S1904', 'S1904', { temporary: true }), seat('wendy', 'F1904', 'F1909')], want: { wendy: 36, tom: 2 },
    },
    {
      name: 'temporary, one season at the end (F1909)',
      periods: [seat('wendy', 'S1901', 'S1909'), seat('tom', 'F1909', 'F1909', { temporary: true })], want: { wendy: 36, tom: 2 },
    },
    {
      name: 'temporary, two seasons at the start: pro-rated',
      // wendy 16 seasons × 2 = 32; tom 2 × 2 = 4
      periods: [seat('tom', 'S1901', 'F1901', { temporary: true }), seat('wendy', 'S1902', 'F1909')], want: { wendy: 32, tom: 4 },
    },
    {
      name: 'temporary, two seasons mid-game, apart: "more than one turn" in all, pro-rated',
      // wendy 16 × 2 = 32; tom and ann 1 × 2 = 2 each
      periods: [seat('wendy', 'S1901', 'F1902'), seat('tom', 'S1903', 'S1903', { temporary: true }), seat('wendy', 'F1903', 'S1906'), seat('ann', 'F1906', 'F1906', { temporary: true }), seat('wendy', 'S1907', 'F1909')],
      want: { wendy: 32, tom: 2, ann: 2 },
    },
    {
      name: "permanent mid-game: the seed's example (Wendy 12, Fred 6 seasons)",
      // 36 × 12/18 = 24, 36 × 6/18 = 12
      periods: [seat('wendy', 'S1901', 'F1906'), seat('fred', 'S1907', 'F1909')], want: { wendy: 24, fred: 12 },
    },
    {
      name: 'permanent from the start (the starter never played): the replacement plays all 18',
      periods: [seat('fred', 'S1901', 'F1909')], starter: 'wendy', want: { fred: 36 },
    },
    {
      name: 'permanent for the last season: a permanent replacement ends the tenure, no absence to excuse (our reading)',
      // wendy 17 × 2 = 34, fred 1 × 2 = 2
      periods: [seat('wendy', 'S1901', 'S1909'), seat('fred', 'F1909', 'F1909')], want: { wendy: 34, fred: 2 },
    },
    {
      name: 'a permanent replacement whose own stand-in covered one season keeps it',
      // wendy S1901–F1904 = 8 → 16; fred S1905–F1909 = 10 seasons, one away (S1907) excused → 10 → 20; tom 1 → 2
      periods: [seat('wendy', 'S1901', 'F1904'), seat('fred', 'S1905', 'F1906'), seat('tom', 'S1907', 'S1907', { temporary: true }), seat('fred', 'F1907', 'F1909')],
      want: { wendy: 16, fred: 20, tom: 2 },
    },
  ])('$name', ({ periods, starter, want }) => {
    const got = Object.fromEntries(prorate(36, periods, { endYear: 1909, ...(starter ? { starter } : {}) }).map((x) => [x.player, x.score]));
    expect(got).toEqual(want);
  });
});

describe('C.14 and B.8(e): the team keeps the position unless a reserve from the pool took it', () => {
  const team = (p: string) => (['wendy', 'tina'].includes(p) ? 'blue' : null);
  it.each([
    { name: 'a team-mate stands in one season', periods: [seat('wendy', 'S1901', 'F1903'), seat('tina', 'S1904', 'S1904', { temporary: true }), seat('wendy', 'F1904', 'F1909')], want: { team: 'blue', credit: 36, forfeited: 0 } },
    { name: 'an outsider stands in for S1901 (the first season is not the team\'s)', periods: [seat('tom', 'S1901', 'S1901', { temporary: true }), seat('wendy', 'F1901', 'F1909')], want: { team: 'blue', credit: 36, forfeited: 0 } },
    { name: "the captain's own permanent replacement from outside the team", periods: [seat('wendy', 'S1901', 'F1906'), seat('fred', 'S1907', 'F1909')], want: { team: 'blue', credit: 36, forfeited: 0 } },
    { name: 'replaced before S1901 by an outsider: the starter is named', periods: [seat('fred', 'S1901', 'F1909')], starter: 'wendy', want: { team: 'blue', credit: 36, forfeited: 0 } },
    { name: 'B.8(e): no replacement provided, a reserve from the pool took it: the team loses the 36', periods: [seat('wendy', 'S1901', 'F1906'), seat('fred', 'S1907', 'F1909', { reserve: true })], want: { team: 'blue', credit: 0, forfeited: 36 } },
  ])('$name', ({ periods, starter, want }) => {
    expect(positionCredit(36, periods, team, starter)).toEqual(want);
  });
});

describe('C.6: the credit the team keeps decides which tie-break applies', () => {
  // One board. Blue holds AUSTRIA (ann) and FRANCE (wendy, replaced from S1907 by fred, the captain's
  // outside choice); Red holds ENGLAND (eve) and GERMANY (gus). Final counts: AUSTRIA 8, ENGLAND 8
  // (share 1st–2nd: 8 + (32+16)/2 = 32 each), ITALY 6 (6 + 8 = 14), FRANCE, GERMANY, RUSSIA 4 (share
  // 4th–6th: 4 + (4+2+1)/3 = 19/3 each). Blue = 32 + 19/3 = Red (C.14: the full FRANCE score, not
  // forfeited); C.6(a) removes the 32s: 19/3 = 19/3, still tied; C.6(b): ann and eve both 32, same
  // country totals, score, bonus; count-back 1908: AUSTRIA 9 > ENGLAND 7, so ann, and Blue, first.
  // Had fred cost Blue the FRANCE position (the old reading), Blue would have 32 < Red 115/3: no tie.
  const final = c({ AUSTRIA: 8, ENGLAND: 8, ITALY: 6, FRANCE: 4, GERMANY: 4, RUSSIA: 4 });
  const y1908 = c({ AUSTRIA: 9, ENGLAND: 7, ITALY: 6, FRANCE: 4, GERMANY: 4, RUSSIA: 4 });
  const whole = (player: string): HeldSeat[] => [{ player, from: 0, to: 17, permanent: true, since: '2004-01-01T00:00:00Z' }];
  const game: RoundGame = {
    id: 'r1-b1',
    history: { endYear: 1909, years: [{ year: 1908, centres: y1908 }, { year: 1909, centres: final }], ending: { kind: 'played' } },
    seats: {
      AUSTRIA: whole('ann'), ENGLAND: whole('eve'), GERMANY: whole('gus'), ITALY: whole('ivo'), RUSSIA: whole('rob'), TURKEY: whole('tim'),
      FRANCE: [{ player: 'wendy', from: 0, to: 11, permanent: true, since: '2004-01-01T00:00:00Z' }, { player: 'fred', from: 12, to: 17, permanent: true, since: '2004-06-01T00:00:00Z' }],
    },
  };
  const teamOf = (p: string) => (['ann', 'wendy'].includes(p) ? 'blue' : ['eve', 'gus'].includes(p) ? 'red' : null);
  it('Blue keeps the FRANCE position; the tie goes past C.6(a) to C.6(b)', () => {
    const round = scoreRound([game], teamOf);
    const blue = round.teams.find((t) => t.team === 'blue')!;
    const red = round.teams.find((t) => t.team === 'red')!;
    expect(blue.scores.reduce((a, b) => a + b, 0)).toBeCloseTo(32 + 19 / 3, 9);
    expect(red.scores.reduce((a, b) => a + b, 0)).toBeCloseTo(32 + 19 / 3, 9);
    expect(blue.forfeited).toBe(0);
    // wendy 19/3 × 12/18, fred 19/3 × 6/18
    expect(round.results.get('wendy')!.score).toBeCloseTo((19 / 3) * (12 / 18), 9);
    expect(round.results.get('fred')!.score).toBeCloseTo((19 / 3) * (6 / 18), 9);
    const ranked = rankRound1Teams(round.teams.map((t) => ({ team: t.team, members: t.members, scores: t.scores })), [...round.results.values()], round.powerTotals, new DiceStream('seed', 'r1'));
    expect(ranked.ranking.entries.map((e) => e.id)).toEqual(['blue', 'red']);
    expect(ranked.ranking.ties.map((t) => t.rule)).toEqual(['C.6(b)']);
  });
});

/**
 * A small tournament through the pure core, from the games' records to the team winner and a
 * country trophy, every figure computed by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../src/dice/index.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { advanceFromRound1, advanceFromRound2, countryResultsOf, placesOf, rankCountries, rankRound1Teams, rankTeams, scoreRound, type HeldSeat, type RoundGame } from '../../src/tournament/advance/index.js';
import { seasonIndex } from '../../src/tournament/seasons.js';

const blue = ['ann', 'cat', 'eve', 'gus', 'ian', 'kim', 'max'];
const red = ['ben', 'dan', 'fay', 'hal', 'jo', 'lee', 'ned'];
const teamOf = (p: string) => (blue.includes(p) ? 'blue' : red.includes(p) ? 'red' : null);
const START = '2004-01-10T12:00:00Z';
const whole = (player: string): HeldSeat[] => [{ player, from: 0, to: 17, permanent: true, since: START }];
const counts = (xs: number[]) => Object.fromEntries(POWERS.map((p, i) => [p, xs[i]!])) as Record<Power, number>;
// POWERS order: AUSTRIA ENGLAND FRANCE GERMANY ITALY RUSSIA TURKEY

const round1: RoundGame[] = [
  {
    id: 'r1-b1',
    history: { endYear: 1909, years: [{ year: 1909, centres: counts([4, 7, 9, 6, 5, 3, 0]) }], ending: { kind: 'played' } },
    seats: { FRANCE: whole('ann'), ENGLAND: whole('ben'), GERMANY: whole('cat'), ITALY: whole('dan'), AUSTRIA: whole('eve'), RUSSIA: whole('fay'), TURKEY: whole('gus') },
  },
  {
    id: 'r1-b2',
    history: { endYear: 1909, years: [{ year: 1909, centres: counts([3, 8, 8, 6, 4, 3, 2]) }], ending: { kind: 'played' } },
    seats: {
      FRANCE: whole('hal'), ENGLAND: whole('ian'), GERMANY: whole('jo'), ITALY: whole('kim'), AUSTRIA: whole('lee'), RUSSIA: whole('max'),
      // ned's team gave no replacement: a reserve took TURKEY from Spring 1905 (B.8(d),(e))
      TURKEY: [
        { player: 'ned', from: 0, to: seasonIndex('F1904')!, permanent: true, since: START },
        { player: 'res', from: seasonIndex('S1905')!, to: 17, permanent: true, since: '2004-03-01T12:00:00Z', reserve: true },
      ],
    },
  },
];

describe('a two-team tournament by hand', () => {
  const r1 = scoreRound(round1, teamOf);
  const dice = new DiceStream('wm-small', 'round-1');

  it('round 1 scores (C.1–C.3) and pro-rating (C.14)', () => {
    // b1: ann 9 + 32 = 41, ben 7 + 16 = 23, cat 6 + 8 = 14, dan 5 + 4 = 9, eve 4 + 2 = 6, fay 3 + 1 = 4, gus 0
    // b2: hal and ian 8 + (32 + 16) / 2 = 32, jo 6 + 8 = 14, kim 4 + 4 = 8, lee and max 3 + (2 + 1) / 2 = 4.5, TURKEY 2 + 0 = 2
    const score = (p: string) => r1.results.get(p)?.score;
    expect([score('ann'), score('ben'), score('cat'), score('dan'), score('eve'), score('fay'), score('gus')]).toEqual([41, 23, 14, 9, 6, 4, 0]);
    expect([score('hal'), score('ian'), score('jo'), score('kim'), score('lee'), score('max')]).toEqual([32, 32, 14, 8, 4.5, 4.5]);
    // TURKEY's 2 points pro-rated: ned 8 of 18 seasons, the reserve 10 of 18
    expect(score('ned')).toBeCloseTo((2 * 8) / 18, 12);
    expect(score('res')).toBeCloseTo((2 * 10) / 18, 12);
    expect(r1.results.get('res')?.team).toBeNull();
  });

  it('team totals: the forfeited position counts 0 for red (B.8(e)); C.6 credits 10 for blue, 9 for red', () => {
    const t = new Map(r1.teams.map((x) => [x.team, x]));
    // blue: 41 + 14 + 6 + 0 + 32 + 8 + 4.5 = 105.5; red: 23 + 9 + 4 + 32 + 14 + 4.5 + 0 (forfeited 2) = 86.5
    expect(t.get('blue')!.scores.reduce((a, b) => a + b, 0)).toBe(105.5);
    expect(t.get('red')!.scores.reduce((a, b) => a + b, 0)).toBe(86.5);
    expect(t.get('red')!.forfeited).toBe(2);
    expect(t.get('red')!.members).not.toContain('res');
    const teams = rankRound1Teams(r1.teams.map((x) => ({ team: x.team, members: x.members, scores: x.scores })), [...r1.results.values()], r1.powerTotals, dice);
    expect(teams.ranking.entries.map((e) => e.id)).toEqual(['blue', 'red']);
    expect(teams.individual).toBeNull(); // no tie reached C.6(b): nothing ranked, no die rolled
    expect(teams.credits.get('gus')).toBe(10);
    expect(teams.credits.get('ned')).toBe(9);
    expect(teams.credits.has('res')).toBe(false);
  });

  const teams = rankRound1Teams(r1.teams.map((x) => ({ team: x.team, members: x.members, scores: x.scores })), [...r1.results.values()], r1.powerTotals, dice);
  const adv1 = advanceFromRound1({ results: [...r1.results.values()], credits: teams.credits, teamRanking: teams.ranking, powerTotals: r1.powerTotals, places: 7, dice });

  it('C.7: score plus credits; dan and kim tie on 18 with ITALY each, C.7(b) puts dan (9) above kim (8)', () => {
    // ann 51, ian 42, hal 41, ben 32, cat 24, jo 23, dan 18, kim 18, eve 16, max 14.5, lee 13.5, fay 13, gus 10, ned 9.9, res 1.1
    expect(adv1.ranking.entries.map((e) => e.id)).toEqual(['ann', 'ian', 'hal', 'ben', 'cat', 'jo', 'dan', 'kim', 'eve', 'max', 'lee', 'fay', 'gus', 'ned', 'res']);
    expect(adv1.ranking.ties).toEqual([{ ids: ['dan', 'kim'], place: 7, rule: 'C.7(b)', criterion: 'highest score without team credits', groups: [['dan'], ['kim']] }]);
    expect(adv1.advancing).toEqual(['ann', 'ian', 'hal', 'ben', 'cat', 'jo', 'dan']);
    expect(adv1.ranking.rolls).toEqual([]);
  });

  // Round 2: one board; FRANCE's solo conceded by vote at the end of 1907 (C.5).
  const r2game: RoundGame = {
    id: 'r2-b1',
    history: { endYear: 1909, years: [{ year: 1907, centres: counts([2, 6, 15, 5, 3, 1, 2]) }], ending: { kind: 'conceded-solo', power: 'FRANCE', year: 1907 } },
    seats: { FRANCE: whole('ann'), ENGLAND: whole('ian'), GERMANY: whole('hal'), ITALY: whole('ben'), AUSTRIA: whole('cat'), TURKEY: whole('jo'), RUSSIA: whole('dan') },
  };
  const r2 = scoreRound([r2game], teamOf);

  it('C.8: round 2 plus half of round 1, ian above hal by count-back, cat above jo by team', () => {
    // ann 66 + 20.5 = 86.5; ian 0 + 16, hal 0 + 16; ben 11.5; cat 0 + 7, jo 0 + 7; dan 4.5
    // ian/hal: both countries scored 0 in round 2 (a), no bonus (b), count-back 1908: ENGLAND 6 against GERMANY 5 (c)
    // cat/jo: AUSTRIA and TURKEY both 2 at the concession and 3 at home: (d) blue ranks above red
    const adv2 = advanceFromRound2({
      results: [...r2.results.values()],
      round1Score: new Map([...r1.results].map(([p, x]) => [p, x.score])),
      powerTotals: r2.powerTotals,
      teamPlace: placesOf(teams.ranking),
      round1Place: placesOf(adv1.ranking),
      places: 3,
    });
    expect(adv2.ranking.entries.map((e) => e.id)).toEqual(['ann', 'ian', 'hal', 'ben', 'cat', 'jo', 'dan']);
    expect(adv2.ranking.ties.map((t) => [t.ids.join(), t.rule])).toEqual([['ian,hal', 'C.8(c)'], ['cat,jo', 'C.8(d)']]);
    expect(adv2.advancing).toEqual(['ann', 'ian', 'hal']);
  });

  it('C.12: blue wins the team event; C.13: the reserve holds the best TURKEY', () => {
    const t1 = new Map(r1.teams.map((x) => [x.team, x]));
    const t2 = new Map(r2.teams.map((x) => [x.team, x]));
    const ranked = rankTeams(['blue', 'red'].map((team) => ({
      team, round1: t1.get(team)!.scores, round2: t2.get(team)!.scores,
      advanced: adv1.advancing.filter((p) => teamOf(p) === team).length, round1Place: placesOf(teams.ranking).get(team)!,
    })));
    // blue 105.5 + 66 = 171.5, red 86.5 + 0
    expect(ranked.entries.map((e) => e.id)).toEqual(['blue', 'red']);
    const countries = rankCountries([...countryResultsOf(1, round1, r1), ...countryResultsOf(2, [r2game], r2)], new DiceStream('wm-small', 'trophies'));
    expect(countries.TURKEY.entries[0]!.item.player).toBe('res');
    expect(countries.FRANCE.entries.map((e) => [e.item.player, e.item.round, e.item.score])).toEqual([['ann', 2, 66], ['ann', 1, 41], ['hal', 1, 32]]);
    // ENGLAND: ian 32 in round 1 first; ben 23; then ian's round-2 0
    expect(countries.ENGLAND.entries.map((e) => e.id)).toEqual(['ENGLAND:ian:r1-b2', 'ENGLAND:ben:r1-b1', 'ENGLAND:ian:r2-b1']);
  });
});

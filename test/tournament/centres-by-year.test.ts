import { describe, expect, it } from 'vitest';
import type { Power } from '../../src/diplomacy/index.js';
import { centresByYear, countBack, outcomeOf, scoreGame, type GameHistory } from '../../src/tournament/score/index.js';

const c = (x: Partial<Record<Power, number>>): Record<Power, number> => ({ AUSTRIA: 0, ENGLAND: 0, FRANCE: 0, GERMANY: 0, ITALY: 0, RUSSIA: 0, TURKEY: 0, ...x });
const y1904 = c({ FRANCE: 7, ENGLAND: 5, GERMANY: 4, ITALY: 5, AUSTRIA: 4, RUSSIA: 5, TURKEY: 4 });
const y1905 = c({ FRANCE: 10, ENGLAND: 5, GERMANY: 3, ITALY: 6, AUSTRIA: 2, RUSSIA: 4, TURKEY: 4 });

describe('C.5 and B.3: year by year', () => {
  it('a solo conceded by vote: the counts at concession carried to the penultimate year, the solo only in the final year', () => {
    const h: GameHistory = { endYear: 1909, years: [{ year: 1904, centres: y1904 }, { year: 1905, centres: y1905 }], ending: { kind: 'conceded-solo', power: 'FRANCE', year: 1905 } };
    const by = centresByYear(h);
    expect(by.get(1905)).toEqual(y1905);
    expect(by.get(1906)).toEqual(y1905);
    expect(by.get(1908)).toEqual(y1905);
    expect(by.get(1909)).toEqual(c({ FRANCE: 34 }));
    expect(outcomeOf(h)).toEqual({ centres: c({ FRANCE: 34 }), solo: 'FRANCE' });
    expect(scoreGame(outcomeOf(h)).FRANCE.score).toBe(66);
    // count-back from 1908: the carried counts
    expect(countBack(h, 'ITALY').slice(0, 4)).toEqual([6, 6, 6, 6]);
    expect(countBack(h, 'ITALY')[4]).toBe(5); // 1904
  });
  it('any other result by vote: the counts at the vote applied to all remaining years', () => {
    const h: GameHistory = { endYear: 1909, years: [{ year: 1904, centres: y1904 }, { year: 1905, centres: y1905 }], ending: { kind: 'vote', year: 1905 } };
    const by = centresByYear(h);
    for (const year of [1905, 1906, 1907, 1908, 1909]) expect(by.get(year)).toEqual(y1905);
    expect(outcomeOf(h)).toEqual({ centres: y1905, solo: null });
  });
  it('a game reaching the round end year is scored on the current counts (B.3)', () => {
    const h: GameHistory = { endYear: 1912, years: [{ year: 1911, centres: y1904 }, { year: 1912, centres: y1905 }], ending: { kind: 'played' } };
    expect(outcomeOf(h).centres).toEqual(y1905);
    expect(countBack(h, 'FRANCE')[0]).toBe(7); // end of 1911 first
    expect(countBack(h, 'FRANCE')).toHaveLength(11);
  });
  it('a solo on the board: C.4 from that year on', () => {
    const solo = c({ TURKEY: 18, RUSSIA: 6, ITALY: 5, AUSTRIA: 5 });
    const h: GameHistory = { endYear: 1909, years: [{ year: 1905, centres: y1905 }, { year: 1907, centres: solo }], ending: { kind: 'played' } };
    const by = centresByYear(h);
    expect(by.get(1906)).toEqual(y1905); // a missing year carries the year before
    expect(by.get(1907)).toEqual(c({ TURKEY: 34 }));
    expect(by.get(1909)).toEqual(c({ TURKEY: 34 }));
    expect(outcomeOf(h).solo).toBe('TURKEY');
    expect(countBack(h, 'RUSSIA').slice(0, 3)).toEqual([0, 0, 4]);
  });
  it('years before the first recorded start from the home centres', () => {
    const h: GameHistory = { endYear: 1909, years: [], ending: { kind: 'played' } };
    expect(centresByYear(h).get(1901)!.RUSSIA).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { runCli, runCliBad } from '../helpers/cli.js';

const DESIGN_EXAMPLE = {
  games: [{
    id: 'r2-b7', endYear: 1909,
    centres: { FRANCE: 18, ENGLAND: 6, GERMANY: 4, ITALY: 3, AUSTRIA: 3, TURKEY: 0, RUSSIA: 0 },
    solo: 'FRANCE',
    players: { FRANCE: [{ player: 'wendy', from: 'S1901', to: 'F1906' }, { player: 'fred', from: 'S1907', to: 'F1909' }] },
  }],
};
const zero = { centres: 0, bonus: 0, score: 0 };

function score(input: unknown): { games: { id: string; powers: Record<string, { centres: number; bonus: number; score: number; players?: Record<string, number> }> }[] } {
  const r = runCli(['tournament', 'score'], JSON.stringify(input));
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('mailjudge tournament score (DESIGN.md "The tournament CLI contracts")', () => {
  it('the DESIGN.md example: FRANCE 34 + 32 = 66, Wendy 44, Fred 22 (C.4, C.14); the others 0', () => {
    expect(score(DESIGN_EXAMPLE)).toEqual({
      games: [{
        id: 'r2-b7',
        powers: {
          FRANCE: { centres: 34, bonus: 32, score: 66, players: { wendy: 44, fred: 22 } },
          ENGLAND: zero, GERMANY: zero, ITALY: zero, AUSTRIA: zero, TURKEY: zero, RUSSIA: zero,
        },
      }],
    });
  });
  it('a game to the end year on current counts, ties sharing (C.3), a one-player power listed, eliminated zero', () => {
    const out = score({
      games: [{
        id: 'r1-b1', endYear: 1909, solo: null,
        centres: { FRANCE: 8, ENGLAND: 8, GERMANY: 8, RUSSIA: 4, ITALY: 3, AUSTRIA: 3, TURKEY: 0 },
        players: { RUSSIA: [{ player: 'olga', from: 'S1901', to: 'F1909' }], TURKEY: [{ player: 'tim', from: 'S1901', to: 'F1905' }] },
      }],
    }).games[0]!.powers;
    for (const p of ['FRANCE', 'ENGLAND', 'GERMANY']) expect(out[p]).toEqual({ centres: 8, bonus: 56 / 3, score: 8 + 56 / 3 });
    expect(out.RUSSIA).toEqual({ centres: 4, bonus: 4, score: 8, players: { olga: 8 } });
    expect(out.ITALY).toEqual({ centres: 3, bonus: 1.5, score: 4.5 });
    expect(out.TURKEY).toEqual({ ...zero, players: { tim: 0 } });
  });
  it('several games; solo omitted and a power at 18 is still a solo (C.4); lower-case power names', () => {
    const out = score({
      games: [
        { id: 'a', endYear: 1912, centres: { france: 3, england: 3, germany: 3, italy: 3, austria: 3, turkey: 3, russia: 4 } },
        { id: 'b', endYear: 1915, centres: { FRANCE: 0, ENGLAND: 0, GERMANY: 0, ITALY: 0, AUSTRIA: 0, TURKEY: 20, RUSSIA: 14 } },
      ],
    });
    expect(out.games.map((g) => g.id)).toEqual(['a', 'b']);
    expect(out.games[0]!.powers.RUSSIA).toEqual({ centres: 4, bonus: 32, score: 36 });
    expect(out.games[0]!.powers.FRANCE!.bonus).toBeCloseTo(31 / 6, 12);
    expect(out.games[1]!.powers.TURKEY).toEqual({ centres: 34, bonus: 32, score: 66 });
    expect(out.games[1]!.powers.RUSSIA).toEqual(zero);
  });
  it('pro-rated shares add up to the score', () => {
    const out = score({
      games: [{
        id: 'r3-b2', endYear: 1912, solo: null,
        centres: { FRANCE: 11, ENGLAND: 7, GERMANY: 5, RUSSIA: 5, ITALY: 3, AUSTRIA: 2, TURKEY: 1 },
        players: { FRANCE: [{ player: 'a', from: 'S1901', to: 'S1903' }, { player: 'b', from: 'F1903', to: 'F1910' }, { player: 'c', from: 'S1911', to: 'F1912' }] },
      }],
    }).games[0]!.powers.FRANCE!;
    expect(out.score).toBe(43);
    expect(out.players).toEqual({ a: (43 * 5) / 24, b: (43 * 15) / 24, c: (43 * 4) / 24 });
    expect(Object.values(out.players!).reduce((x, y) => x + y, 0)).toBeCloseTo(43, 9);
  });
  it('"result": a draw that leaves out a survivor eliminates it (D.IX(4)); the others share the places', () => {
    // FRANCE 10 + 32 = 42; ENGLAND left out: 0; GERMANY alone 2nd: 8 + 16 = 24; ITALY, AUSTRIA share 3rd–4th: 4 + (8 + 4)/2 = 10
    const centres = { FRANCE: 10, ENGLAND: 8, GERMANY: 8, ITALY: 4, AUSTRIA: 4, RUSSIA: 0, TURKEY: 0 };
    const out = score({ games: [{ id: 'r1-b3', endYear: 1909, centres, result: { kind: 'draw', powers: ['FRANCE', 'germany', 'ITALY', 'AUSTRIA'] }, players: { ENGLAND: [{ player: 'ed', from: 'S1901', to: 'F1909' }] } }] }).games[0]!.powers;
    expect(out.FRANCE).toEqual({ centres: 10, bonus: 32, score: 42 });
    expect(out.ENGLAND).toEqual({ ...zero, players: { ed: 0 } });
    expect(out.GERMANY).toEqual({ centres: 8, bonus: 16, score: 24 });
    expect(out.ITALY).toEqual({ centres: 4, bonus: 6, score: 10 });
    // The same counts with no result: ENGLAND and GERMANY share 2nd–3rd, 8 + 12 = 20 each
    const played = score({ games: [{ id: 'r1-b3', endYear: 1909, centres }] }).games[0]!.powers;
    expect(played.ENGLAND!.score).toBe(20);
    expect(played.GERMANY!.score).toBe(20);
  });
  it('"result": a concession is scored as a solo (C.4, C.5): 34 + 32 = 66, the others 0', () => {
    const out = score({ games: [{ id: 'r1-b4', endYear: 1909, centres: { ITALY: 15, FRANCE: 10, RUSSIA: 9, ENGLAND: 0, GERMANY: 0, AUSTRIA: 0, TURKEY: 0 }, result: { kind: 'concession', power: 'ITALY' } }] }).games[0]!.powers;
    expect(out.ITALY).toEqual({ centres: 34, bonus: 32, score: 66 });
    expect(out.FRANCE).toEqual(zero);
  });
  it('C.14: one season away is not pro-rated, at the start (a "temporary" stand-in) or mid-game; two are', () => {
    // RUSSIA 4 + 32 = 36 (2 a season): olga keeps all 18 (36), sam 1 season (2); FRANCE 3 + (16+8+4+2+1+0)/6... see below
    const out = score({
      games: [{
        id: 'r1-b5', endYear: 1909,
        centres: { RUSSIA: 4, FRANCE: 3, ENGLAND: 3, GERMANY: 3, ITALY: 3, AUSTRIA: 3, TURKEY: 3 },
        players: {
          RUSSIA: [{ player: 'sam', from: 'S1901', to: 'S1901', temporary: true }, { player: 'olga', from: 'F1901', to: 'F1909' }],
          FRANCE: [{ player: 'fay', from: 'S1901', to: 'F1904' }, { player: 'tom', from: 'S1905', to: 'S1905', temporary: true }, { player: 'fay', from: 'F1905', to: 'F1909' }],
          TURKEY: [{ player: 'tia', from: 'S1901', to: 'S1904' }, { player: 'ugo', from: 'F1904', to: 'S1905', temporary: true }, { player: 'tia', from: 'F1905', to: 'F1909' }],
        },
      }],
    }).games[0]!.powers;
    expect(out.RUSSIA).toEqual({ centres: 4, bonus: 32, score: 36, players: { sam: 2, olga: 36 } });
    // the six at 3 share 16+8+4+2+1+0 = 31: 3 + 31/6 each
    const six = 3 + 31 / 6;
    expect(out.FRANCE!.players!.fay).toBeCloseTo(six, 9);
    expect(out.FRANCE!.players!.tom).toBeCloseTo(six / 18, 9);
    // tia away two seasons (F1904, S1905): 16/18
    expect(out.TURKEY!.players!.tia).toBeCloseTo((six * 16) / 18, 9);
    expect(out.TURKEY!.players!.ugo).toBeCloseTo((six * 2) / 18, 9);
  });
  it.each([
    ['not JSON', 'nope', /invalid JSON/],
    ['a draw with an eliminated power', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 10, ENGLAND: 8, GERMANY: 8, ITALY: 4, AUSTRIA: 4, RUSSIA: 0, TURKEY: 0 }, result: { kind: 'draw', powers: ['FRANCE', 'TURKEY'] } }] }), /TURKEY has 0 centres/],
    ['a draw with a solo on the board', JSON.stringify({ games: [{ ...DESIGN_EXAMPLE.games[0], solo: null, result: { kind: 'draw', powers: ['FRANCE', 'ENGLAND'] } }] }), /FRANCE has 18 centres, a solo/],
    ['an unknown result kind', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 3 }, result: { kind: 'win' } }] }), /"kind": "draw"/],
    ['a concession to an unknown power', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 3, ENGLAND: 3, GERMANY: 3, ITALY: 3, AUSTRIA: 3, TURKEY: 3, RUSSIA: 4 }, result: { kind: 'concession', power: 'SPAIN' } }] }), /result\.power: unknown power "SPAIN"/],
    ['a misspelt field', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 3, ENGLAND: 3, GERMANY: 3, ITALY: 3, AUSTRIA: 3, TURKEY: 3, RUSSIA: 4 }, results: {} }] }), /Unrecognized key: "results"/],
    ['no games', '{}', /games/],
    ['a count that is not a number', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 'x' } }] }), /^games\[0\]\.centres\.FRANCE: /m],
    ['an unknown power', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 3, ENGLAND: 3, GERMANY: 3, ITALY: 3, AUSTRIA: 3, TURKEY: 3, RUSSIA: 4, SPAIN: 1 } }] }), /unknown power "SPAIN"/],
    ['a missing power', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 3 } }] }), /missing AUSTRIA, ENGLAND/],
    ['more than 34 centres', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 10, ENGLAND: 10, GERMANY: 10, ITALY: 3, AUSTRIA: 3, TURKEY: 3, RUSSIA: 4 } }] }), /add up to 43/],
    ['a negative count', JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: -1, ENGLAND: 3, GERMANY: 3, ITALY: 3, AUSTRIA: 3, TURKEY: 3, RUSSIA: 4 } }] }), /FRANCE/],
    ['a solo for the wrong power', JSON.stringify({ games: [{ ...DESIGN_EXAMPLE.games[0], solo: 'ENGLAND' }] }), /FRANCE has 18 centres/],
    ['a bad season', JSON.stringify({ games: [{ ...DESIGN_EXAMPLE.games[0], players: { FRANCE: [{ player: 'w', from: 'W1901', to: 'F1909' }] } }] }), /"W1901" is not a Spring or Fall season/],
    ['a season after the end year', JSON.stringify({ games: [{ ...DESIGN_EXAMPLE.games[0], players: { FRANCE: [{ player: 'w', from: 'S1901', to: 'F1910' }] } }] }), /after the game's last season F1909/],
    ['overlapping holders', JSON.stringify({ games: [{ ...DESIGN_EXAMPLE.games[0], players: { FRANCE: [{ player: 'w', from: 'S1901', to: 'F1906' }, { player: 'f', from: 'F1906', to: 'F1909' }] } }] }), /overlaps w until F1906/],
    ['a game id twice', JSON.stringify({ games: [DESIGN_EXAMPLE.games[0], DESIGN_EXAMPLE.games[0]] }), /"r2-b7" is given twice/],
    ['an end year before 1901', JSON.stringify({ games: [{ ...DESIGN_EXAMPLE.games[0], endYear: 1900 }] }), /endYear/],
  ])('bad input: %s → exit 2 with {error, problems}', (_name, input, message) => {
    const e = runCliBad(['tournament', 'score'], input);
    expect(e.problems!.length).toBeGreaterThan(0);
    expect(e.error).toBe(e.problems![0]);
    expect(e.problems!.join('\n')).toMatch(message);
  });
  it('every problem at once', () => {
    const e = runCliBad(['tournament', 'score'], JSON.stringify({ games: [{ id: 'a', endYear: 1909, centres: { FRANCE: 3, SPAIN: 2 }, players: { FRANCE: [{ player: 'x', from: 'X', to: 'F1909' }] } }] }));
    expect(e.problems!.length).toBeGreaterThanOrEqual(3);
  });
  it('tournament create and show are still there', () => {
    const r = runCli(['tournament', '--help'], '');
    expect(r.stdout).toMatch(/create/);
    expect(r.stdout).toMatch(/show/);
    expect(r.stdout).toMatch(/score/);
  });
});

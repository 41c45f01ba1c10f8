import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POWERS, formatPositionSummary, standardStartState, summarisePosition, type GameState, type Power, type ProvinceId } from '../../src/diplomacy/index.js';
import { readPosition } from '../../src/cli/position-json.js';

const position = (json: Parameters<typeof readPosition>[0]) => readPosition(json);
const START = standardStartState().centers;

// Winter 1901: France took SPA and POR (5 centres, 3 units), England NWY with every home occupied
// but LON, Austria lost TRI to Italy with four units on three centres, Turkey is gone.
const WINTER: GameState = position({
  phase: 'W1901A',
  units: { FRANCE: ['A BUR', 'F SPA/SC', 'A POR'], ENGLAND: ['F NWY', 'F EDI', 'A LVP', 'F NTH'], AUSTRIA: ['A VIE', 'A BUD', 'A SER', 'A GAL'], ITALY: ['A TRI', 'F ION', 'A VEN'] },
  centers: { FRANCE: ['BRE', 'MAR', 'PAR', 'POR', 'SPA'], ENGLAND: ['EDI', 'LON', 'LVP', 'NWY'], AUSTRIA: ['BUD', 'SER', 'VIE'], ITALY: ['NAP', 'ROM', 'VEN', 'TRI'] },
});

describe('summarisePosition', () => {
  const s = summarisePosition(WINTER, START, 'FRANCE');
  const of = (p: Power) => s.powers.find((x) => x.power === p)!;

  it('puts the reader first, then the others in the standard order', () => {
    expect(s.powers.map((p) => p.power)).toEqual(['FRANCE', 'AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    expect(summarisePosition(WINTER, START).powers.map((p) => p.power)).toEqual([...POWERS]);
  });

  // prettier-ignore
  it.each([
    // power      centres change adjustment blocked eliminated units
    ['FRANCE',    5,      +2,    +2,        0,      false,     ['A BUR', 'A POR', 'F SPA/SC']],
    ['ENGLAND',   4,      +1,    0,         0,      false,     ['F EDI', 'A LVP', 'F NTH', 'F NWY']],
    ['AUSTRIA',   3,      0,     -1,        0,      false,     ['A BUD', 'A GAL', 'A SER', 'A VIE']],
    ['ITALY',     4,      +1,    +1,        0,      false,     ['F ION', 'A TRI', 'A VEN']],
    ['TURKEY',    0,      -3,    0,         0,      true,      []],
    ['RUSSIA',    0,      -4,    0,         0,      true,      []],
  ] as const)('%s: %i centres (%i), adjustment %i (D.V)', (power, centres, change, adjustment, blocked, eliminated, units) => {
    const p = of(power);
    expect([p.centres.length, p.change, p.adjustment, p.buildsBlocked, p.eliminated]).toEqual([centres, change, adjustment, blocked, eliminated]);
    expect(p.units).toEqual(units);
  });

  it('counts builds that no vacant home centre can take (D.V)', () => {
    const full = position({
      phase: 'W1901A',
      units: { ENGLAND: ['F LON', 'F EDI', 'A LVP'] },
      centers: { ENGLAND: ['EDI', 'LON', 'LVP', 'NWY', 'BEL'] },
    });
    const e = summarisePosition(full, START).powers.find((p) => p.power === 'ENGLAND')!;
    expect([e.adjustment, e.buildsBlocked]).toEqual([0, 2]);
  });

  it('owes nothing outside an adjustment phase', () => {
    const spring = { ...WINTER, phase: { season: 'S' as const, year: 1902, kind: 'M' as const } };
    expect(summarisePosition(spring, START).powers.every((p) => p.adjustment === 0)).toBe(true);
  });

  it('lists dislodged units with their retreat options in a retreat phase', () => {
    const r = position({
      phase: 'F1901R',
      units: { RUSSIA: ['A GAL', 'A UKR'], AUSTRIA: ['A BUD'] },
      dislodged: { AUSTRIA: [{ unit: 'A VIE', attackerFrom: 'GAL' }] },
    });
    const a = summarisePosition(r, START, 'AUSTRIA').powers[0]!;
    expect(a.dislodged).toEqual([{ unit: 'A VIE', retreats: ['BOH', 'TRI', 'TYR'] }]);
  });
});

describe('formatPositionSummary', () => {
  it('renders the reader\'s lines first, then fixed columns', () => {
    expect(formatPositionSummary(summarisePosition(WINTER, START, 'FRANCE'), 'FRANCE')).toBe(
      [
        'Your units (FRANCE): A BUR, A POR, F SPA/SC',
        'Your 5 centres: BRE, MAR, PAR, POR, SPA',
        '2 more than at the start of this year.',
        'You must build 2.',
        '',
        'Position at the start of W1901A:',
        'Power      Centres  Change  Units  Adjustment',
        'FRANCE           5      +2      3  build 2',
        'AUSTRIA          3       0      4  remove 1',
        'ENGLAND          4      +1      4',
        'GERMANY          0      -3      0  eliminated',
        'ITALY            4      +1      3  build 1',
        'RUSSIA           0      -4      0  eliminated',
        'TURKEY           0      -3      0  eliminated',
        '',
        'Units:',
        'FRANCE    A BUR, A POR, F SPA/SC',
        'AUSTRIA   A BUD, A GAL, A SER, A VIE',
        'ENGLAND   F EDI, A LVP, F NTH, F NWY',
        'ITALY     F ION, A TRI, A VEN',
        '',
        'Centres:',
        'FRANCE    BRE, MAR, PAR, POR, SPA',
        'AUSTRIA   BUD, SER, VIE',
        'ENGLAND   EDI, LON, LVP, NWY',
        'ITALY     NAP, ROM, TRI, VEN',
        '',
      ].join('\n'),
    );
  });

  it('shows a dislodged unit\'s retreats to its owner and in the table', () => {
    const r = position({ phase: 'F1901R', units: { RUSSIA: ['A GAL'] }, dislodged: { AUSTRIA: [{ unit: 'A VIE', attackerFrom: 'GAL' }] } });
    const text = formatPositionSummary(summarisePosition(r, START, 'AUSTRIA'), 'AUSTRIA');
    expect(text).toContain('Your dislodged A VIE may retreat to: BOH, BUD, TRI, TYR\n  (or be disbanded)\n');
    expect(text).toContain('Dislodged (retreat or disband):\nAUSTRIA   A VIE     -> BOH, BUD, TRI, TYR\n');
  });

  it('property: no line is longer than 72 characters, whatever the position', () => {
    const provinces = [...standardStartState().centers.keys()];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...provinces), fc.constantFrom(...POWERS)), { maxLength: 34 }), fc.constantFrom(...POWERS), (owners, reader) => {
        const centers = new Map<ProvinceId, Power>(owners);
        const state: GameState = { ...standardStartState(), centers, phase: { season: 'W', year: 1905, kind: 'A' } };
        const text = formatPositionSummary(summarisePosition(state, START, reader), reader);
        for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(72);
      }),
    );
  });
});

describe('the change column names the year it counts', () => {
  it('against the start of the year (the last Winter), as a Winter report shows it: +2, "In 1901"', () => {
    const text = formatPositionSummary(summarisePosition(WINTER, { centres: START, year: 1901 }, 'FRANCE'), 'FRANCE');
    expect(text).toContain('Your 5 centres: BRE, MAR, PAR, POR, SPA\n2 more than at the start of 1901.\n');
    expect(text).toContain([
      'Power      Centres In 1901  Units  Adjustment',
      'FRANCE           5      +2      3  build 2',
    ].join('\n'));
    expect(text).toContain('TURKEY           0      -3      0  eliminated\n(In 1901: centres gained or lost since the start of 1901.)\n');
  });

  it('against the position just before (the old reading) a Winter shows 0: what the baseline fixes', () => {
    const s = summarisePosition(WINTER, WINTER.centers, 'FRANCE');
    expect(s.powers.every((p) => p.change === 0)).toBe(true);
    expect(summarisePosition(WINTER, { centres: START, year: 1901 }).powers.find((p) => p.power === 'FRANCE')!.change).toBe(2);
  });
});

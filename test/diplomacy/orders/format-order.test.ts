/**
 * Canonical order text: formatOrder prints the order exactly as the data says; formatUnitOrder prints
 * it as understood against the position (real unit type and location, resolved destination coast).
 */
import { describe, expect, it } from 'vitest';
import { formatOrder, formatUnitOrder, formatUnitRef, parseOrder, type Order, type UnitRef } from '../../../src/diplomacy/index.js';

const A = (location: string) => ({ kind: 'A' as const, location });
const F = (location: string) => ({ kind: 'F' as const, location });

describe('formatUnitRef', () => {
  // prettier-ignore
  it.each([
    [A('PAR'),                                        'A PAR'],
    [F('STP/NC'),                                     'F STP/NC'],
    [{ location: 'PAR' },                             'PAR'],
    [{ ...A('MUN'), power: 'GERMANY' as const },      'A MUN'],
  ] satisfies Array<[UnitRef, string]>)('%j → %s', (unit, expected) => {
    expect(formatUnitRef(unit)).toBe(expected);
  });
});

describe('formatOrder', () => {
  // prettier-ignore
  const cases: Array<[Order, string]> = [
    [{ kind: 'hold', unit: A('PAR') },                                                              'A PAR H'],
    [{ kind: 'hold', unit: { location: 'PAR' } },                                                   'PAR H'],
    [{ kind: 'move', unit: A('PAR'), to: 'BUR', viaConvoy: false, route: [] },                      'A PAR - BUR'],
    [{ kind: 'move', unit: F('MAO'), to: 'SPA/NC', viaConvoy: false, route: [] },                   'F MAO - SPA/NC'],
    [{ kind: 'move', unit: A('LON'), to: 'NWY', viaConvoy: true, route: [] },                       'A LON - NWY VIA'],
    [{ kind: 'move', unit: A('LON'), to: 'NWY', viaConvoy: true, route: ['NTH'] },                  'A LON - NTH - NWY'],
    [{ kind: 'move', unit: A('LON'), to: 'POR', viaConvoy: true, route: ['ENG', 'MAO'] },           'A LON - ENG - MAO - POR'],
    [{ kind: 'supportHold', unit: A('MAR'), target: F('BRE') },                                     'A MAR S F BRE'],
    [{ kind: 'supportHold', unit: A('MAR'), target: { location: 'BRE' } },                          'A MAR S BRE'],
    [{ kind: 'supportMove', unit: A('MAR'), target: A('PAR'), to: 'BUR' },                          'A MAR S A PAR - BUR'],
    [{ kind: 'supportMove', unit: A('MAR'), target: { ...A('MUN'), power: 'GERMANY' }, to: 'BUR' }, 'A MAR S A MUN - BUR'],
    [{ kind: 'convoy', unit: F('NTH'), target: A('LON'), to: 'NWY' },                               'F NTH C A LON - NWY'],
    [{ kind: 'retreat', unit: F('SWE'), to: 'BAL' },                                                'F SWE R BAL'],
    [{ kind: 'retreat', unit: F('BUL/SC'), to: 'GRE' },                                             'F BUL/SC R GRE'],
    [{ kind: 'disband', unit: A('TRI') },                                                           'A TRI D'],
    [{ kind: 'build', unitKind: 'A', location: 'PAR' },                                             'A PAR B'],
    [{ kind: 'build', unitKind: 'F', location: 'STP/NC' },                                          'F STP/NC B'],
    [{ kind: 'build', location: 'PAR' },                                                            'PAR B'],
    [{ kind: 'waive' },                                                                             'WAIVE'],
  ];

  it.each(cases)('%j → %s', (order, expected) => {
    expect(formatOrder(order)).toBe(expected);
  });

  const roundTrips = cases.filter(([o]) => !JSON.stringify(o).includes('power')).map(([o, text]) => [text, o] as const);
  it.each(roundTrips)('parses its own output back: %s', (text, order) => {
    expect(parseOrder(text)).toEqual({ ok: true, order });
  });
});

describe('formatUnitOrder', () => {
  const move = (unit: UnitRef, to: string): Order => ({ kind: 'move', unit, to, viaConvoy: false, route: [] });

  it('replaces a wrong unit type with the real one (D.IV(1))', () => {
    expect(formatUnitOrder(move(A('NTH'), 'NWY'), F('NTH'))).toBe('F NTH - NWY');
    expect(formatUnitOrder({ kind: 'supportHold', unit: F('MAR'), target: A('PAR') }, A('MAR'))).toBe('A MAR S A PAR');
    expect(formatUnitOrder({ kind: 'retreat', unit: A('SWE'), to: 'BAL' }, F('SWE'))).toBe('F SWE R BAL');
    expect(formatUnitOrder({ kind: 'disband', unit: F('WAR') }, A('WAR'))).toBe('A WAR D');
  });

  it('fills in a unit type the player omitted', () => {
    expect(formatUnitOrder(move({ location: 'PAR' }, 'BUR'), A('PAR'))).toBe('A PAR - BUR');
    expect(formatUnitOrder({ kind: 'hold', unit: { location: 'NTH' } }, F('NTH'))).toBe('F NTH H');
  });

  it('uses the real location, coast included', () => {
    expect(formatUnitOrder(move(F('STP'), 'BOT'), F('STP/SC'))).toBe('F STP/SC - BOT');
  });

  it('leaves the supported or convoyed unit as written', () => {
    expect(formatUnitOrder({ kind: 'supportMove', unit: A('MAR'), target: F('PAR'), to: 'BUR' }, A('MAR'))).toBe('A MAR S F PAR - BUR');
    expect(formatUnitOrder({ kind: 'convoy', unit: A('NTH'), target: { location: 'LON' }, to: 'NWY' }, F('NTH'))).toBe('F NTH C LON - NWY');
  });

  it('shows the coast a move was resolved to', () => {
    expect(formatUnitOrder(move(F('MAO'), 'SPA'), F('MAO'), 'SPA/NC')).toBe('F MAO - SPA/NC');
    expect(formatUnitOrder(move({ location: 'GAS' }, 'SPA/SC'), F('GAS'), 'SPA/NC')).toBe('F GAS - SPA/NC');
    expect(formatUnitOrder(move(F('MAO'), 'SPA'), F('MAO'))).toBe('F MAO - SPA');
  });

  it('keeps the convoy route and VIA of a move', () => {
    const viaRoute: Order = { kind: 'move', unit: { location: 'LON' }, to: 'NWY', viaConvoy: true, route: ['NTH'] };
    const via: Order = { kind: 'move', unit: { location: 'LON' }, to: 'NWY', viaConvoy: true, route: [] };
    expect(formatUnitOrder(viaRoute, A('LON'), 'NWY')).toBe('A LON - NTH - NWY');
    expect(formatUnitOrder(via, A('LON'), 'NWY')).toBe('A LON - NWY VIA');
  });

  it('prints the order as written when there is no unit, and builds and waives as written', () => {
    expect(formatUnitOrder(move(A('NTH'), 'NWY'))).toBe('A NTH - NWY');
    expect(formatUnitOrder({ kind: 'build', unitKind: 'F', location: 'STP/NC' }, A('STP'))).toBe('F STP/NC B');
    expect(formatUnitOrder({ kind: 'build', location: 'PAR' }, A('PAR'))).toBe('PAR B');
    expect(formatUnitOrder({ kind: 'waive' }, A('PAR'))).toBe('WAIVE');
  });
});

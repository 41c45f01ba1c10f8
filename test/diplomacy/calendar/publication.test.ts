import { describe, expect, it } from 'vitest';
import { nextAllowedPublication, publicationAllowed } from '../../../src/diplomacy/calendar/index.js';
import { KOLKATA_WEEKEND, NY_WEEKEND, SYDNEY_WEEKEND, at, win } from '../../rules/calendar/windows.js';

const iso = (d: Date | undefined) => d?.toISOString();

describe('publicationAllowed / nextAllowedPublication (D.VII(2): never publish inside a declared window)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(2): no windows, publish at once',                         [],                               '2025-01-11T12:00:00Z', true,  '2025-01-11T12:00:00.000Z'],
    ['D.VII(2): Saturday inside New York’s window waits for Mon 09:00 EST', [NY_WEEKEND],              '2025-01-11T12:00:00Z', false, '2025-01-13T14:00:00.000Z'],
    ['D.VII(2): the spring-forward Monday ends at 09:00 EDT',           [NY_WEEKEND],                   '2025-03-08T12:00:00Z', false, '2025-03-10T13:00:00.000Z'],
    ['D.VII(2): the fall-back Monday ends at 09:00 EST',                [NY_WEEKEND],                   '2025-11-01T12:00:00Z', false, '2025-11-03T14:00:00.000Z'],
    ['D.VII(2): Thursday is free',                                     [NY_WEEKEND],                   '2025-01-09T12:00:00Z', true,  '2025-01-09T12:00:00.000Z'],
    ['D.VII(2): the end of a window is free',                          [NY_WEEKEND],                   '2025-01-13T14:00:00Z', true,  '2025-01-13T14:00:00.000Z'],
    ['D.VII(2): overlapping windows chain: NY then Sydney',            [NY_WEEKEND, win('TURKEY', 'Australia/Sydney', 'Tue 00:00', 'Tue 12:00')], '2025-01-11T12:00:00Z', false, '2025-01-14T01:00:00.000Z'],
    ['D.VII(2): Kolkata’s half-hour end',                              [KOLKATA_WEEKEND],              '2025-03-09T12:00:00Z', false, '2025-03-09T17:00:00.000Z'],
    ['D.VII(2): Sydney autumn change ends Sun 14:00Z',                  [SYDNEY_WEEKEND],               '2025-04-05T12:00:00Z', false, '2025-04-06T14:00:00.000Z'],
  ])('%s', (_rule, windows, instant, allowed, next) => {
    expect(publicationAllowed(at(instant), windows)).toBe(allowed);
    expect(iso(nextAllowedPublication(at(instant), windows))).toBe(next);
  });

  it('D.VII(2): windows covering the whole week leave no instant within the search limit', () => {
    const all = [win('ENGLAND', 'UTC', 'Mon 00:00', 'Wed 16:00'), win('FRANCE', 'UTC', 'Wed 16:00', 'Sat 08:00'), win('ITALY', 'UTC', 'Sat 08:00', 'Mon 00:00')];
    expect(publicationAllowed(at('2025-01-08T12:00:00Z'), all)).toBe(false);
    expect(nextAllowedPublication(at('2025-01-08T12:00:00Z'), all)).toBeUndefined();
    // With one window gone, Wednesday 16:00 opens up.
    expect(iso(nextAllowedPublication(at('2025-01-08T12:00:00Z'), all.slice(0, 1)))).toBe('2025-01-08T16:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { parsePhase, type Phase } from '../../../src/diplomacy/index.js';
import { contactDeadline, includesWeekend, nmrAtDeadline } from '../../../src/diplomacy/calendar/index.js';
import { at } from '../../rules/calendar/windows.js';

const phase = (s: string): Phase => parsePhase(s)!;

describe('nmrAtDeadline (D.VII(6), B.8(b))', () => {
  // prettier-ignore
  it.each([
    ['D.VII(6)(b): an NMR in Spring 1901 withholds the results, tells the GM and TD, replaces at once', 'S1901M', ['FRANCE'], 'withhold-results'],
    ['D.VII(6)(b): an NMR in the Fall 1901 movement phase withholds the results',                    'F1901M', ['FRANCE', 'ITALY'], 'withhold-results'],
    ['D.VII(6)(b): Fall 1901 retreats are an ordinary turn',                                           'F1901R', ['FRANCE'], 'adjudicate-with-holds'],
    ['D.VII(6)(b): Winter 1901 adjustments are an ordinary turn',                                      'W1901A', ['FRANCE'], 'adjudicate-with-holds'],
    ['D.VII(6)(c): after Fall 1901 the NMR’d power holds',                                             'S1902M', ['FRANCE'], 'adjudicate-with-holds'],
    ['D.VII(6): nobody missing, nothing to do',                                                        'S1901M', [],         'none'],
  ])('%s', (_rule, name, missing, kind) => {
    expect(nmrAtDeadline(phase(name), missing as never).kind).toBe(kind);
  });

  it('D.VII(6)(b): the 1901 decision names who to tell and whom to replace', () => {
    expect(nmrAtDeadline(phase('F1901M'), ['ITALY'])).toEqual({ kind: 'withhold-results', phase: 'F1901M', missing: ['ITALY'], notify: ['GM', 'TD'], requestReplacement: ['ITALY'] });
  });

  it('D.VII(6)(c), B.8(b): later, notices to the player, the captain and the TD; retreats may still be ordered after a movement NMR', () => {
    expect(nmrAtDeadline(phase('S1903M'), ['ITALY', 'TURKEY'], new Set(['TURKEY']))).toEqual({
      kind: 'adjudicate-with-holds', phase: 'S1903M', missing: ['ITALY', 'TURKEY'], mayOrderRetreats: true,
      notices: [{ power: 'ITALY', to: ['player', 'captain', 'TD'] }],
    });
    const r = nmrAtDeadline(phase('F1903R'), ['ITALY']);
    expect(r.kind === 'adjudicate-with-holds' && r.mayOrderRetreats).toBe(false);
  });
});

describe('contactDeadline (D.VII(6)(a): 48 hours, or 96 if the period includes a weekend)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(6)(a): Monday 10:00 GMT: 48 hours, no weekend',                      '2025-01-06T10:00:00Z', undefined,          '2025-01-08T10:00:00.000Z'],
    ['D.VII(6)(a): Thursday 00:00 GMT ends exactly as Saturday starts: 48 hours', '2025-01-09T00:00:00Z', undefined,         '2025-01-11T00:00:00.000Z'],
    ['D.VII(6)(a): Thursday 00:01 GMT touches Saturday: 96 hours',               '2025-01-09T00:01:00Z', undefined,          '2025-01-13T00:01:00.000Z'],
    ['D.VII(6)(a): Friday noon: 96 hours',                                       '2025-01-10T12:00:00Z', undefined,          '2025-01-14T12:00:00.000Z'],
    ['D.VII(6)(a): published on a Sunday: 96 hours',                             '2025-01-12T23:00:00Z', undefined,          '2025-01-16T23:00:00.000Z'],
    ['D.VII(6)(a): Sunday 22:00 in New York is Monday in GMT: 96 hours for the New Yorker', '2025-01-13T03:00:00Z', 'America/New_York', '2025-01-17T03:00:00.000Z'],
    ['D.VII(6)(a): … and 48 hours on GMT',                                       '2025-01-13T03:00:00Z', undefined,          '2025-01-15T03:00:00.000Z'],
    ['D.VII(6)(a): Sydney’s Saturday starts on Friday 13:00Z (AEDT)',            '2025-01-08T14:00:00Z', 'Australia/Sydney', '2025-01-12T14:00:00.000Z'],
    ['D.VII(6)(a): … the same instant on GMT has no weekend',                     '2025-01-08T14:00:00Z', 'UTC',              '2025-01-10T14:00:00.000Z'],
    ['D.VII(6)(a): Kolkata: ending 00:30 IST on Saturday touches the weekend',   '2025-01-08T19:00:00Z', 'Asia/Kolkata',     '2025-01-12T19:00:00.000Z'],
    ['D.VII(6)(a): Kolkata: ending at 00:00 IST on Saturday does not',           '2025-01-08T18:30:00Z', 'Asia/Kolkata',     '2025-01-10T18:30:00.000Z'],
    ['D.VII(6)(a): London during BST: Saturday starts Fri 23:00Z',               '2025-07-09T23:30:00Z', 'Europe/London',    '2025-07-13T23:30:00.000Z'],
    ['D.VII(6)(a): … the same instant on GMT has no weekend',                     '2025-07-09T23:30:00Z', undefined,          '2025-07-11T23:30:00.000Z'],
    ['D.VII(6)(a): New York on the fall-back weekend: Friday 01:00 EDT',          '2025-10-31T05:00:00Z', 'America/New_York', '2025-11-04T05:00:00.000Z'],
  ])('%s', (_rule, published, zone, expected) => {
    expect(contactDeadline(at(published), zone).toISOString()).toBe(expected);
  });

  it('a weekend is Saturday and Sunday on the player’s clock', () => {
    expect(includesWeekend(at('2025-01-11T12:00:00Z'), 1)).toBe(true);
    expect(includesWeekend(at('2025-01-13T00:00:00Z'), 48)).toBe(false);
    expect(includesWeekend(at('2025-01-13T00:00:00Z'), 48, 'America/New_York')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { MIN_TURN_HOURS, insideWindow, nextDeadline, type NextDeadlineInput } from '../../../src/diplomacy/calendar/index.js';
import { KOLKATA_WEEKEND, LONDON_WEEKEND, NY_WEEKEND, SYDNEY_WEEKEND, at, win } from '../../rules/calendar/windows.js';

const base = (over: Partial<NextDeadlineInput>): NextDeadlineInput => ({ previousPublication: at('2025-01-06T12:00:00Z'), phaseKind: 'M', windows: [], ...over });

describe('nextDeadline: turn lengths (D.VII(4)(a))', () => {
  // prettier-ignore
  it.each([
    ['D.VII(4)(a): a movement turn defaults to 4 days',                         base({}),                                                          '2025-01-10T12:00:00.000Z', []],
    ['D.VII(4)(a): a retreat turn defaults to 1 day',                           base({ phaseKind: 'R' }),                                          '2025-01-07T12:00:00.000Z', []],
    ['D.VII(4)(a): an adjustment turn defaults to 1 day',                       base({ phaseKind: 'A' }),                                          '2025-01-07T12:00:00.000Z', []],
    ['D.VII(4)(a): deadlines fall on a whole UTC hour',                         base({ previousPublication: at('2025-01-06T12:20:00Z') }),         '2025-01-10T13:00:00.000Z', []],
    ['D.VII(4)(a): the GM may slow the game to a week',                         base({ gmLength: 168 }),                                           '2025-01-13T12:00:00.000Z', []],
    ['D.VII(4)(a): 2 days for movement without consent becomes 3',              base({ gmLength: 48 }),                                            '2025-01-09T12:00:00.000Z', ['below-minimum']],
    ['D.VII(4)(a): 2 days for movement with every survivor’s consent',          base({ gmLength: 48, consentToShorten: true }),                   '2025-01-08T12:00:00.000Z', []],
    ['D.VII(4)(a): 12 hours for a retreat without consent becomes 1 day',       base({ phaseKind: 'R', gmLength: 12 }),                            '2025-01-07T12:00:00.000Z', ['below-minimum']],
    ['D.VII(4)(a): exactly the movement minimum needs no consent',              base({ gmLength: 72 }),                                            '2025-01-09T12:00:00.000Z', []],
  ])('%s', (_rule, input, deadline, codes) => {
    const r = nextDeadline(input);
    expect(r.deadline.toISOString()).toBe(deadline);
    expect(r.warnings.map((w) => w.code)).toEqual(codes);
  });

  it('D.VII(4)(a): the minimums are 3 days and 1 day', () => {
    expect(MIN_TURN_HOURS).toEqual({ M: 72, R: 24, A: 24 });
  });
});

describe('nextDeadline: never inside a declared window (D.VII(2))', () => {
  // prettier-ignore
  it.each([
    ['D.VII(2): a deadline at the start of New York’s window moves one hour earlier',
      base({ previousPublication: at('2025-01-06T22:00:00Z'), windows: [NY_WEEKEND] }),                      '2025-01-10T21:00:00.000Z', ['ENGLAND']],
    ['D.VII(2): moving earlier would break the 3-day minimum, so it moves to Monday 09:00 EST',
      base({ previousPublication: at('2025-01-07T23:00:00Z'), gmLength: 72, windows: [NY_WEEKEND] }),        '2025-01-13T14:00:00.000Z', ['ENGLAND']],
    ['D.VII(2): a Monday 13:00Z deadline is inside the window in January …',
      base({ previousPublication: at('2025-01-09T13:00:00Z'), windows: [NY_WEEKEND] }),                      '2025-01-13T14:00:00.000Z', ['ENGLAND']],
    ['D.VII(2): … and outside it on the spring-forward Monday (09:00 EDT = 13:00Z)',
      base({ previousPublication: at('2025-03-06T13:00:00Z'), windows: [NY_WEEKEND] }),                      '2025-03-10T13:00:00.000Z', []],
    ['D.VII(2): on the fall-back weekend the window ends an hour later in UTC',
      base({ previousPublication: at('2025-10-30T13:00:00Z'), windows: [NY_WEEKEND] }),                      '2025-11-03T14:00:00.000Z', ['ENGLAND']],
    ['D.VII(2): London’s window on the BST weekend ends Mon 07:00Z',
      base({ previousPublication: at('2025-03-27T06:00:00Z'), windows: [LONDON_WEEKEND] }),                  '2025-03-31T07:00:00.000Z', ['FRANCE']],
    ['D.VII(2): Sydney’s window on its autumn change ends Sun 14:00Z',
      base({ previousPublication: at('2025-04-02T13:00:00Z'), windows: [SYDNEY_WEEKEND] }),                  '2025-04-06T14:00:00.000Z', ['TURKEY']],
    ['D.VII(2): a Kolkata window starting 10:00 IST (04:30Z): 05:00Z moves back to 04:00Z, the nearest whole hour before it',
      base({ previousPublication: at('2025-03-04T05:00:00Z'), windows: [KOLKATA_WEEKEND] }),                 '2025-03-08T04:00:00.000Z', ['RUSSIA']],
    ['D.VII(2): a Kolkata window ending 22:30 IST (17:00Z): 16:00Z moves on to 17:00Z',
      base({ previousPublication: at('2025-03-05T16:00:00Z'), windows: [KOLKATA_WEEKEND] }),                 '2025-03-09T17:00:00.000Z', ['RUSSIA']],
    ['D.VII(2): equally near slots either side: the later one (more time to order)',
      base({ previousPublication: at('2025-01-06T23:00:00Z'), windows: [win('RUSSIA', 'Asia/Kolkata', 'Sat 04:00', 'Sat 05:30')] }), '2025-01-11T00:00:00.000Z', ['RUSSIA']],
    ['D.VII(2): two players’ windows back to back (Rome Fri 09:00–23:00 CET, then New York): the free hour before both',
      base({ previousPublication: at('2025-01-06T22:00:00Z'), windows: [NY_WEEKEND, win('ITALY', 'Europe/Rome', 'Fri 09:00', 'Fri 23:00')] }), '2025-01-10T07:00:00.000Z', ['ENGLAND']],
    ['D.VII(2): … and after both when the earlier slot would break the minimum',
      base({ previousPublication: at('2025-01-07T22:00:00Z'), gmLength: 72, windows: [NY_WEEKEND, win('ITALY', 'Europe/Rome', 'Fri 09:00', 'Fri 23:00')] }), '2025-01-13T14:00:00.000Z', ['ENGLAND']],
  ])('%s', (_rule, input, deadline, movedFor) => {
    const r = nextDeadline(input);
    expect(r.deadline.toISOString()).toBe(deadline);
    expect(r.movedFor).toEqual(movedFor);
    expect(r.warnings).toEqual([]);
    for (const w of input.windows) expect(insideWindow(r.deadline, w)).toBe(false);
  });

  it('D.VII(2): windows that leave no free hour warn the GM and the TD, and leave the deadline where it was', () => {
    const all = [win('ENGLAND', 'UTC', 'Mon 00:00', 'Wed 16:00'), win('FRANCE', 'UTC', 'Wed 16:00', 'Sat 08:00'), win('ITALY', 'UTC', 'Sat 08:00', 'Mon 00:00')];
    const r = nextDeadline(base({ windows: all }));
    expect(r.deadline.toISOString()).toBe('2025-01-10T12:00:00.000Z');
    expect(r.warnings.map((w) => [w.code, w.notify])).toEqual([['no-legal-slot', ['GM', 'TD']]]);
    expect(r.warnings[0]?.message).toContain('D.VII(2)');
  });

  it('D.VII(2): an invalid (over 64-hour) window is ignored with a warning to the GM', () => {
    const r = nextDeadline(base({ previousPublication: at('2025-01-06T22:00:00Z'), windows: [win('ENGLAND', 'America/New_York', 'Fri 09:00', 'Mon 09:00')] }));
    expect(r.deadline.toISOString()).toBe('2025-01-10T22:00:00.000Z');
    expect(r.warnings.map((w) => [w.code, w.notify])).toEqual([['invalid-window', ['GM']]]);
  });

  it('D.VII(5): a turn running into a TD-declared holiday tells the GM that uncharged extensions must be granted', () => {
    const christmas = { name: 'Christmas 2025', start: at('2025-12-24T00:00:00Z'), end: at('2025-12-27T00:00:00Z') };
    const r = nextDeadline(base({ previousPublication: at('2025-12-22T12:00:00Z'), holidays: [christmas] }));
    expect(r.deadline.toISOString()).toBe('2025-12-26T12:00:00.000Z');
    expect(r.warnings.map((w) => w.code)).toEqual(['holiday']);
    expect(nextDeadline(base({ previousPublication: at('2025-12-01T12:00:00Z'), holidays: [christmas] })).warnings).toEqual([]);
  });
});

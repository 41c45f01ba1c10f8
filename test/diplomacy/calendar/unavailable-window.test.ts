import { describe, expect, it } from 'vitest';
import { MAX_WINDOW_HOURS, insideWindow, validateWindow, windowHours, windowOccurrences } from '../../../src/diplomacy/calendar/index.js';
import { KOLKATA_WEEKEND, LONDON_WEEKEND, NY_WEEKEND, SYDNEY_WEEKEND, at, win } from '../../rules/calendar/windows.js';

describe('validateWindow (D.VII(2): one 64-hour period a week)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(2): Fri 17:00 – Mon 09:00 is exactly 64 hours and valid', win('ENGLAND', 'America/New_York', 'Fri 17:00', 'Mon 09:00'), []],
    ['D.VII(2): Fri 16:59 – Mon 09:00 is one minute over 64 hours',   win('ENGLAND', 'America/New_York', 'Fri 16:59', 'Mon 09:00'), ['too-long']],
    ['D.VII(2): a window wrapping the week end (Sun 20:00 – Tue 06:00)', win('ENGLAND', 'Europe/London', 'Sun 20:00', 'Tue 06:00'), []],
    ['D.VII(2): a short window inside one day',                        win('ENGLAND', 'Asia/Kolkata', 'Wed 09:30', 'Wed 11:00'),  []],
    ['D.VII(2): an end before the start on the same day wraps a week',  win('ENGLAND', 'UTC', 'Wed 11:00', 'Wed 09:30'),          ['too-long']],
    ['D.VII(2): start equal to end is empty',                          win('ENGLAND', 'UTC', 'Fri 17:00', 'Fri 17:00'),          ['empty']],
    ['D.VII(2): single-digit hours are accepted',                      win('ENGLAND', 'UTC', 'Fri 5:00', 'Sat 9:00'),            []],
    ['D.VII(2): 24:00 is not a time',                                  win('ENGLAND', 'UTC', 'Fri 17:00', 'Sat 24:00'),          ['bad-time']],
    ['D.VII(2): a zone must be an IANA name',                          win('ENGLAND', 'Eastern', 'Fri 17:00', 'Mon 09:00'),      ['unknown-zone']],
  ])('%s', (_rule, window, codes) => {
    expect(validateWindow(window).map((i) => i.code)).toEqual(codes);
  });

  it(`D.VII(2): the limit is ${MAX_WINDOW_HOURS} wall-clock hours`, () => {
    expect(windowHours(NY_WEEKEND)).toBe(64);
    expect(windowHours(KOLKATA_WEEKEND)).toBe(36.5);
    expect(validateWindow(win('ENGLAND', 'UTC', 'Fri 16:59', 'Mon 09:00'))[0]?.message).toMatchInlineSnapshot(`"the window lasts 64 hours 1 minute; at most 64 hours a week may be declared (D.VII(2)), e.g. Fri 17:00 to Mon 09:00"`);
  });
});

describe('insideWindow: weekly, in the player’s zone, DST-aware (start in, end out)', () => {
  // prettier-ignore
  it.each([
    // New York, EST (UTC-5) in January.
    ['D.VII(2) New York winter: Fri 16:59 EST is before the window', NY_WEEKEND, '2025-01-10T21:59:00Z', false],
    ['D.VII(2) New York winter: Fri 17:00 EST starts it',             NY_WEEKEND, '2025-01-10T22:00:00Z', true],
    ['D.VII(2) New York winter: Sun noon is inside',                 NY_WEEKEND, '2025-01-12T17:00:00Z', true],
    ['D.VII(2) New York winter: Mon 08:59 EST is inside',             NY_WEEKEND, '2025-01-13T13:59:00Z', true],
    ['D.VII(2) New York winter: Mon 09:00 EST ends it',               NY_WEEKEND, '2025-01-13T14:00:00Z', false],
    ['D.VII(2) New York summer: Fri 17:00 EDT is 21:00Z',             NY_WEEKEND, '2025-07-11T21:00:00Z', true],
    ['D.VII(2) New York summer: Fri 20:30Z is before it',             NY_WEEKEND, '2025-07-11T20:30:00Z', false],
    // Spring forward, Sun 9 March 2025: the window starts in EST and ends in EDT (63 real hours).
    ['D.VII(2) New York spring forward: starts Fri 22:00Z (EST)',     NY_WEEKEND, '2025-03-07T22:00:00Z', true],
    ['D.VII(2) New York spring forward: Mon 12:59Z is inside',        NY_WEEKEND, '2025-03-10T12:59:00Z', true],
    ['D.VII(2) New York spring forward: ends Mon 13:00Z (09:00 EDT)', NY_WEEKEND, '2025-03-10T13:00:00Z', false],
    // Fall back, Sun 2 November 2025: starts in EDT and ends in EST (65 real hours).
    ['D.VII(2) New York fall back: Fri 20:59Z is before it',          NY_WEEKEND, '2025-10-31T20:59:00Z', false],
    ['D.VII(2) New York fall back: starts Fri 21:00Z (EDT)',          NY_WEEKEND, '2025-10-31T21:00:00Z', true],
    ['D.VII(2) New York fall back: Mon 13:30Z is still inside',       NY_WEEKEND, '2025-11-03T13:30:00Z', true],
    ['D.VII(2) New York fall back: ends Mon 14:00Z (09:00 EST)',      NY_WEEKEND, '2025-11-03T14:00:00Z', false],
    // London: BST from Sun 30 March, GMT again from Sun 26 October 2025.
    ['D.VII(2) London spring forward: starts Fri 18:00Z (GMT)',       LONDON_WEEKEND, '2025-03-28T18:00:00Z', true],
    ['D.VII(2) London spring forward: Mon 06:59Z is inside',          LONDON_WEEKEND, '2025-03-31T06:59:00Z', true],
    ['D.VII(2) London spring forward: ends Mon 07:00Z (08:00 BST)',   LONDON_WEEKEND, '2025-03-31T07:00:00Z', false],
    ['D.VII(2) London fall back: Fri 16:59Z is before it',            LONDON_WEEKEND, '2025-10-24T16:59:00Z', false],
    ['D.VII(2) London fall back: starts Fri 17:00Z (18:00 BST)',      LONDON_WEEKEND, '2025-10-24T17:00:00Z', true],
    ['D.VII(2) London fall back: Mon 07:30Z is inside',               LONDON_WEEKEND, '2025-10-27T07:30:00Z', true],
    ['D.VII(2) London fall back: ends Mon 08:00Z (08:00 GMT)',        LONDON_WEEKEND, '2025-10-27T08:00:00Z', false],
    // Sydney: summer time ends Sun 6 April, starts Sun 5 October 2025.
    ['D.VII(2) Sydney autumn: starts Fri 21:00Z (Sat 08:00 AEDT)',    SYDNEY_WEEKEND, '2025-04-04T21:00:00Z', true],
    ['D.VII(2) Sydney autumn: Fri 20:59Z is before it',               SYDNEY_WEEKEND, '2025-04-04T20:59:00Z', false],
    ['D.VII(2) Sydney autumn: Sun 13:30Z is inside (23:30 AEST)',     SYDNEY_WEEKEND, '2025-04-06T13:30:00Z', true],
    ['D.VII(2) Sydney autumn: ends Sun 14:00Z (Mon 00:00 AEST)',      SYDNEY_WEEKEND, '2025-04-06T14:00:00Z', false],
    ['D.VII(2) Sydney spring: starts Fri 22:00Z (Sat 08:00 AEST)',    SYDNEY_WEEKEND, '2025-10-03T22:00:00Z', true],
    ['D.VII(2) Sydney spring: ends Sun 13:00Z (Mon 00:00 AEDT)',      SYDNEY_WEEKEND, '2025-10-05T13:00:00Z', false],
    // Kolkata: UTC+05:30 all year.
    ['D.VII(2) Kolkata: Sat 04:29Z is before it (09:59 IST)',         KOLKATA_WEEKEND, '2025-03-08T04:29:00Z', false],
    ['D.VII(2) Kolkata: starts Sat 04:30Z (10:00 IST)',               KOLKATA_WEEKEND, '2025-03-08T04:30:00Z', true],
    ['D.VII(2) Kolkata: Sun 16:59Z is inside (22:29 IST)',            KOLKATA_WEEKEND, '2025-03-09T16:59:00Z', true],
    ['D.VII(2) Kolkata: ends Sun 17:00Z (22:30 IST)',                 KOLKATA_WEEKEND, '2025-03-09T17:00:00Z', false],
    // Wrapping the week: Sunday evening to Tuesday morning.
    ['D.VII(2) a window across Monday: Mon noon UTC is inside',       win('ITALY', 'UTC', 'Sun 20:00', 'Tue 06:00'), '2025-01-13T12:00:00Z', true],
    ['D.VII(2) a window across Monday: Tue 06:00 UTC is after it',    win('ITALY', 'UTC', 'Sun 20:00', 'Tue 06:00'), '2025-01-14T06:00:00Z', false],
    ['D.VII(2) a window across Monday: Sun 19:59 UTC is before it',   win('ITALY', 'UTC', 'Sun 20:00', 'Tue 06:00'), '2025-01-12T19:59:00Z', false],
  ])('%s', (_rule, window, instant, inside) => {
    expect(insideWindow(at(instant), window)).toBe(inside);
  });

  it('D.VII(2): an invalid window covers nothing', () => {
    expect(insideWindow(at('2025-01-11T12:00:00Z'), win('ENGLAND', 'UTC', 'Fri 00:00', 'Tue 00:00'))).toBe(false);
  });
});

describe('clock changes inside a window are read in the player’s favour', () => {
  it('D.VII(2): a start shown twice (01:30 on the autumn change) starts at its first showing and stays contiguous', () => {
    const w = win('GERMANY', 'America/New_York', 'Sun 01:30', 'Sun 10:00');
    const [o] = windowOccurrences(w, Date.parse('2025-11-02T00:00:00Z'), Date.parse('2025-11-02T23:00:00Z'));
    expect(o && { start: new Date(o.start).toISOString(), end: new Date(o.end).toISOString() }).toEqual({ start: '2025-11-02T05:30:00.000Z', end: '2025-11-02T15:00:00.000Z' });
    expect(insideWindow(at('2025-11-02T06:15:00Z'), w)).toBe(true); // 01:15 EST, the second pass
  });

  it('D.VII(2): a start the spring change skips (02:30) is read with the earlier offset, widening the window', () => {
    const w = win('GERMANY', 'America/New_York', 'Sun 02:30', 'Sun 12:00');
    expect(insideWindow(at('2025-03-09T06:45:00Z'), w)).toBe(true);
    expect(insideWindow(at('2025-03-09T06:29:00Z'), w)).toBe(false);
    expect(insideWindow(at('2025-03-09T16:00:00Z'), w)).toBe(false); // 12:00 EDT
  });

  it('D.VII(2): occurrences are listed week by week in order', () => {
    const list = windowOccurrences(NY_WEEKEND, Date.parse('2025-03-01T00:00:00Z'), Date.parse('2025-03-20T00:00:00Z'));
    expect(list.map((i) => [new Date(i.start).toISOString(), (i.end - i.start) / 3_600_000])).toEqual([
      ['2025-02-28T22:00:00.000Z', 64],
      ['2025-03-07T22:00:00.000Z', 63],
      ['2025-03-14T21:00:00.000Z', 64],
    ]);
  });
});

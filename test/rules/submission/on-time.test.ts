import { describe, expect, it } from 'vitest';
import { isOnTime, lateDecision } from '../../../src/rules/submission/index.js';

const at = (iso: string) => new Date(iso);
const DEADLINE = at('2025-03-03T12:00:00Z');

describe('isOnTime: D.VII(1) at or before the deadline', () => {
  // prettier-ignore
  it.each([
    ['D.VII(1): a second before the deadline is on time',               '2025-03-03T11:59:59Z',     'second', true],
    ['D.VII(1): exactly at the deadline is on time',                    '2025-03-03T12:00:00Z',     'second', true],
    ['D.VII(1): within the deadline second (SMTP milliseconds) is on time', '2025-03-03T12:00:00.999Z', 'second', true],
    ['D.VII(1)/(3): one second after the deadline is late',             '2025-03-03T12:00:01Z',     'second', false],
    ['D.VII(1)/(3): a day after the deadline is late',                  '2025-03-04T12:00:00Z',     'second', false],
    ['D.VII(1): a week early is on time',                               '2025-02-24T12:00:00Z',     'second', true],
    ['minute resolution: 12:00:59 is within the deadline minute',       '2025-03-03T12:00:59Z',     'minute', true],
    ['minute resolution: 12:01:00 is out',                              '2025-03-03T12:01:00Z',     'minute', false],
    ['minute resolution: 11:59:00 is in',                               '2025-03-03T11:59:00Z',     'minute', true],
  ] as const)('%s', (_name, received, resolution, expected) => {
    expect(isOnTime(at(received), DEADLINE, resolution)).toBe(expected);
  });

  it('D.VII(1): the default resolution is the second', () => {
    expect(isOnTime(at('2025-03-03T12:00:00.500Z'), DEADLINE)).toBe(true);
    expect(isOnTime(at('2025-03-03T12:00:01Z'), DEADLINE)).toBe(false);
  });

  it('an invalid receipt time is never on time', () => {
    expect(isOnTime(new Date('garbage'), DEADLINE)).toBe(false);
  });

  describe('D.VII(4)(b): deadlines are GMT instants, so daylight-saving changes do not matter', () => {
    // Europe/London leaves BST on 26 October 2025 at 02:00 BST = 01:00 GMT: 01:30 local happens twice.
    const deadline = at('2025-10-26T01:00:00Z');
    // prettier-ignore
    it.each([
      ['the first 01:30 London (BST, +01:00) is 00:30 GMT: on time', '2025-10-26T01:30:00+01:00', true],
      ['the second 01:30 London (GMT, +00:00) is 01:30 GMT: late',   '2025-10-26T01:30:00+00:00', false],
      ['00:59:59 GMT written as 01:59:59 BST: on time',              '2025-10-26T01:59:59+01:00', true],
      ['01:00:00 GMT written as 02:00 BST: at the deadline, on time', '2025-10-26T02:00:00+01:00', true],
    ])('%s', (_name, received, expected) => {
      expect(isOnTime(at(received), deadline)).toBe(expected);
    });

    it('spring forward (US Eastern, 9 March 2025 02:00 EST → 03:00 EDT): the skipped hour changes nothing', () => {
      const dl = at('2025-03-09T07:00:00Z'); // 03:00 EDT = 02:00 EST would have been
      expect(isOnTime(at('2025-03-09T01:59:59-05:00'), dl)).toBe(true); // 06:59:59Z
      expect(isOnTime(at('2025-03-09T03:00:00-04:00'), dl)).toBe(true); // 07:00:00Z
      expect(isOnTime(at('2025-03-09T03:00:01-04:00'), dl)).toBe(false);
    });
  });
});

describe('lateDecision: D.VII(3)', () => {
  const late = at('2025-03-03T12:00:01Z');
  const started = at('2025-03-03T12:05:00Z');
  // prettier-ignore
  it.each([
    ['D.VII(1): on time is accepted under either policy',                       '2025-03-03T12:00:00Z', 'refuse',                    undefined,  { accept: true, late: false }],
    ['D.VII(1): on time is accepted (alternative policy)',                      '2025-03-03T11:00:00Z', 'accept-until-adjudication', started,    { accept: true, late: false }],
    ['D.VII(3): one second late is refused',                                    '2025-03-03T12:00:01Z', 'refuse',                    undefined,  { accept: false, code: 'late' }],
    ['D.VII(3): late is refused even before adjudication starts',               '2025-03-03T12:00:01Z', 'refuse',                    started,    { accept: false, code: 'late' }],
    ['D.VII(3) alt.: late, adjudication not started, accepted as late',         '2025-03-03T12:00:01Z', 'accept-until-adjudication', undefined,  { accept: true, late: true }],
    ['D.VII(3) alt.: late, before adjudication started, accepted as late',      '2025-03-03T12:04:59Z', 'accept-until-adjudication', started,    { accept: true, late: true }],
    ['D.VII(3) alt.: received the second adjudication started, accepted',       '2025-03-03T12:05:00Z', 'accept-until-adjudication', started,    { accept: true, late: true }],
    ['D.VII(3) alt.: after adjudication started, refused',                      '2025-03-03T12:05:01Z', 'accept-until-adjudication', started,    { accept: false, code: 'adjudication-started' }],
  ] as const)('%s', (_name, received, policy, startedAt, expected) => {
    expect(lateDecision(at(received), DEADLINE, policy, startedAt)).toMatchObject(expected);
  });

  it('D.VII(3): the refusal says why and cites the rule', () => {
    const d = lateDecision(late, DEADLINE, 'refuse', undefined);
    expect(d).toEqual({ accept: false, code: 'late', rule: 'D.VII(3)', reason: expect.stringContaining('after the deadline') });
  });

  it('minute resolution: 12:00:30 is on time for a 12:00 deadline stated to the minute', () => {
    expect(lateDecision(at('2025-03-03T12:00:30Z'), DEADLINE, 'refuse', undefined, 'minute')).toMatchObject({ accept: true, late: false });
    expect(lateDecision(at('2025-03-03T12:00:30Z'), DEADLINE, 'refuse', undefined)).toMatchObject({ accept: false });
  });
});

import { describe, expect, it } from 'vitest';
import { formatDeadlineForRecipients, formatGmtSeconds } from '../../../src/diplomacy/calendar/index.js';
import { formatDeadline } from '../../../src/mail/outbound/report-context.js';
import { formatGmt as formatCliGmt } from '../../../src/service/command-result.js';
import { at } from './windows.js';

describe('formatDeadlineForRecipients (D.VII(4)(b): GMT first, then local times, with the weekday)', () => {
  it('D.VII(4)(b): the spring-forward Sunday in every zone, duplicates and UTC aliases dropped', () => {
    const lines = formatDeadlineForRecipients(at('2025-03-09T07:30:00Z'), ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'UTC', 'America/New_York', 'Not/AZone']);
    expect(lines.map((l) => l.text)).toEqual([
      'Sunday 9 March 2025, 07:30 GMT',
      'Sunday 9 March 2025, 03:30 EDT in America/New_York',
      'Sunday 9 March 2025, 07:30 GMT in Europe/London',
      'Sunday 9 March 2025, 18:30 GMT+11 in Australia/Sydney',
      'Sunday 9 March 2025, 13:00 GMT+5:30 in Asia/Kolkata',
    ]);
  });

  // prettier-ignore
  it.each([
    ['D.VII(4)(b): New York the evening before (EST)',      '2025-01-10T03:00:00Z', 'America/New_York', 'Thursday 9 January 2025, 22:00 EST in America/New_York'],
    ['D.VII(4)(b): New York after the fall-back',          '2025-11-02T06:30:00Z', 'America/New_York', 'Sunday 2 November 2025, 01:30 EST in America/New_York'],
    ['D.VII(4)(b): New York before the fall-back',         '2025-11-02T05:30:00Z', 'America/New_York', 'Sunday 2 November 2025, 01:30 EDT in America/New_York'],
    ['D.VII(4)(b): London in summer time',                 '2025-07-04T16:00:00Z', 'Europe/London',    'Friday 4 July 2025, 17:00 GMT+1 in Europe/London'],
    ['D.VII(4)(b): Sydney the next day, summer time',      '2025-01-10T14:00:00Z', 'Australia/Sydney', 'Saturday 11 January 2025, 01:00 GMT+11 in Australia/Sydney'],
    ['D.VII(4)(b): Sydney after its autumn change',         '2025-04-06T14:00:00Z', 'Australia/Sydney', 'Monday 7 April 2025, 00:00 GMT+10 in Australia/Sydney'],
    ['D.VII(4)(b): Kolkata, half-hour offset, next day',   '2025-01-10T20:00:00Z', 'Asia/Kolkata',     'Saturday 11 January 2025, 01:30 GMT+5:30 in Asia/Kolkata'],
  ])('%s', (_rule, instant, zone, text) => {
    const lines = formatDeadlineForRecipients(at(instant), [zone]);
    expect(lines[0]?.zone).toBe('GMT');
    expect(lines[1]).toEqual({ zone, text });
  });
});

describe('deadlines with seconds (D.VII(4)(b): GMT is the definitive deadline, stated as enforced)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(4)(b): a deadline on a whole minute reads HH:mm',   '2026-11-25T13:52:00Z', ['Wednesday 25 November 2026, 13:52 GMT', 'Wednesday 25 November 2026, 14:52 GMT+1 in Europe/Paris']],
    ['D.VII(4)(b): a deadline with seconds reads HH:mm:ss',     '2026-11-25T13:52:30Z', ['Wednesday 25 November 2026, 13:52:30 GMT', 'Wednesday 25 November 2026, 14:52:30 GMT+1 in Europe/Paris']],
  ])('%s', (_rule, instant, expected) => {
    expect(formatDeadlineForRecipients(at(instant), ['Europe/Paris']).map((l) => l.text)).toEqual(expected);
  });

  it('the acknowledgements and notices state it the same way; receipt times always to the second', () => {
    expect(formatDeadline(at('2026-11-25T13:52:30Z'), 'UTC')).toEqual({ gmt: 'Wednesday 25 November 2026, 13:52:30 GMT' });
    expect(formatDeadline(at('2026-11-25T13:52:00Z'), 'UTC')).toEqual({ gmt: 'Wednesday 25 November 2026, 13:52 GMT' });
    expect(formatCliGmt(at('2026-11-25T13:52:30Z'))).toBe('Wed 25 Nov 2026 13:52:30 GMT');
    expect(formatGmtSeconds(at('2026-11-25T13:52:00Z'))).toBe('Wednesday 25 November 2026, 13:52:00 GMT');
  });
});

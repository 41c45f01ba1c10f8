import { Duration } from 'luxon';
import { describe, expect, it } from 'vitest';
import { actionsDue, digestKey, reminderKey, type GameCalendar } from '../../../src/diplomacy/calendar/index.js';
import { NY_WEEKEND, at } from '../../rules/calendar/windows.js';

const h = (hours: number) => Duration.fromObject({ hours });
const PHASE = { season: 'S', year: 1903, kind: 'M' } as const;
const CAL: GameCalendar = {
  gameId: 'g7',
  phase: PHASE,
  deadline: at('2025-01-10T12:00:00Z'),
  lastPublication: at('2025-01-06T12:00:00Z'),
  windows: [],
  leadTimes: [h(24), h(6)],
  powers: [
    { power: 'ENGLAND', status: 'missing', cd: false, email: 'e@x' },
    { power: 'FRANCE', status: 'final', cd: false, email: 'f@x' },
  ],
  remindersSent: new Set(),
  digestLeadTimes: [h(12)],
  digestsSent: new Set(),
};
const r24 = reminderKey('g7', PHASE, 'ENGLAND', CAL.deadline, h(24));
const r6 = reminderKey('g7', PHASE, 'ENGLAND', CAL.deadline, h(6));
const d12 = digestKey('g7', PHASE, CAL.deadline, h(12));
/** The calendar after the worker has sent the given reminders and digests. */
const after = (...keys: string[]): GameCalendar => ({ ...CAL, remindersSent: new Set(keys.filter((k) => k.startsWith('remind'))), digestsSent: new Set(keys.filter((k) => k.startsWith('digest'))) });
const brief = (cal: GameCalendar, now: string, horizonHours = 1) =>
  actionsDue(cal, at(now), horizonHours * 3_600_000).map((a) => `${a.at.toISOString().slice(5, 16)} ${a.kind}${a.kind === 'reminder' ? ` ${a.reminder.email} ${a.reminder.keys.length}` : a.kind === 'contact-deadline' ? ` ${a.power}` : a.kind === 'deadline' ? ` publish ${a.publishAt?.toISOString().slice(5, 16)}` : ''}`);

describe('actionsDue: what a game needs in the next hour', () => {
  // prettier-ignore
  it.each([
    ['D.VII(1): nothing due mid-turn',                                  CAL, '2025-01-08T12:00:00Z', []],
    ['D.VII(1): the 24-hour reminder falls within the hour',            CAL, '2025-01-09T11:30:00Z', ['01-09T12:00 reminder e@x 1']],
    ['D.VII(1): an overdue reminder is due now',                        CAL, '2025-01-09T13:00:00Z', ['01-09T13:00 reminder e@x 1']],
    ['D.VII(1): a sent reminder is not due again',                      after(r24),          '2025-01-09T13:00:00Z', []],
    ['GM digest 12 hours before the deadline',                          after(r24),          '2025-01-09T23:30:00Z', ['01-10T00:00 digest']],
    ['an unsent digest is overdue, a sent one is not',                  after(r24, d12),     '2025-01-10T01:00:00Z', []],
    ['D.VII(1): the 6-hour reminder',                                    after(r24, d12),     '2025-01-10T05:30:00Z', ['01-10T06:00 reminder e@x 1']],
    ['D.VII(2): the deadline within the hour, published at once',       after(r24, d12, r6), '2025-01-10T11:30:00Z', ['01-10T12:00 deadline publish 01-10T12:00']],
    ['D.VII(1): no reminder once the deadline has passed',              CAL,                 '2025-01-10T12:30:00Z', ['01-10T12:00 deadline publish 01-10T12:30']],
    ['D.VII(2): all Final after 24 hours: early adjudication',          { ...CAL, powers: CAL.powers.map((p) => ({ ...p, status: 'final' as const })) }, '2025-01-07T11:30:00Z', ['01-07T12:00 early-adjudication']],
    ['D.VII(2): a CD position is never Final: no early adjudication',   { ...CAL, powers: [...CAL.powers.slice(1), { power: 'ITALY' as const, status: 'missing' as const, cd: true, email: 'i@x' }] }, '2025-01-07T11:30:00Z', []],
    ['D.VII(6)(a): an NMR’d player’s contact time runs out',             { ...CAL, nmrNotices: [{ power: 'ITALY' as const, publishedAt: at('2025-01-06T12:00:00Z'), contacted: false }] }, '2025-01-08T11:30:00Z', ['01-08T12:00 contact-deadline ITALY']],
    ['D.VII(6)(a): … not once the player has made contact',             { ...CAL, nmrNotices: [{ power: 'ITALY' as const, publishedAt: at('2025-01-06T12:00:00Z'), contacted: true }] }, '2025-01-08T11:30:00Z', []],
  ])('%s', (_rule, cal, now, expected) => {
    expect(brief(cal, now)).toEqual(expected);
  });

  it('D.VII(2): a deadline reached while a window (declared later) is open is published at the window’s end', () => {
    const cal = { ...CAL, deadline: at('2025-01-11T12:00:00Z'), windows: [NY_WEEKEND], leadTimes: [], digestLeadTimes: [] };
    expect(brief(cal, '2025-01-11T11:30:00Z')).toEqual(['01-11T12:00 deadline publish 01-13T14:00']);
  });

  it('actions come in time order over a longer horizon', () => {
    expect(brief(CAL, '2025-01-09T11:00:00Z', 26)).toEqual([
      '01-09T12:00 reminder e@x 1',
      '01-10T00:00 digest',
      '01-10T06:00 reminder e@x 1',
      '01-10T12:00 deadline publish 01-10T12:00',
    ]);
  });
});

describe('actionsDue: the GM\'s daily digests at chosen times of day', () => {
  const daily = (zone: string, ...times: string[]): GameCalendar => ({ ...CAL, leadTimes: [], digestLeadTimes: [], digestTimes: { zone, times }, remindersSent: new Set() });

  // prettier-ignore
  it.each([
    ['08:00 in London (GMT in January) is 08:00 GMT',                 daily('Europe/London', '08:00'),           '2025-01-08T07:30:00Z', ['01-08T08:00 digest']],
    ['08:00 in New York (EST) is 13:00 GMT',                          daily('America/New_York', '08:00'),        '2025-01-08T12:30:00Z', ['01-08T13:00 digest']],
    ['two times a day, over a day',                                   daily('UTC', '08:00', '20:00'),            '2025-01-08T07:30:00Z', ['01-08T08:00 digest', '01-08T20:00 digest']],
    ['none after the deadline has passed',                            daily('UTC', '08:00'),                     '2025-01-10T13:00:00Z', []],
    ['none before the turn opened',                                   { ...daily('UTC', '08:00'), lastPublication: at('2025-01-08T09:00:00Z') }, '2025-01-08T07:30:00Z', []],
  ])('%s', (_rule, cal, now, expected) => {
    const hours = expected.length > 1 ? 24 : 1;
    expect(brief(cal, now, hours).filter((x) => x.endsWith('digest'))).toEqual(expected);
  });

  it('follows the GM\'s summer time (US spring-forward, 9 March 2025): 08:00 EDT is 12:00 GMT', () => {
    const cal: GameCalendar = { ...daily('America/New_York', '08:00'), deadline: at('2025-03-14T12:00:00Z'), lastPublication: at('2025-03-07T12:00:00Z') };
    expect(brief(cal, '2025-03-08T12:30:00Z').filter((x) => x.endsWith('digest'))).toEqual(['03-08T13:00 digest']);
    expect(brief(cal, '2025-03-10T11:30:00Z').filter((x) => x.endsWith('digest'))).toEqual(['03-10T12:00 digest']);
  });

  it('a sent digest is not due again; one missed by less than an hour still is', () => {
    const cal = daily('UTC', '08:00');
    const [due] = actionsDue(cal, at('2025-01-08T07:30:00Z'));
    expect(due?.kind).toBe('digest');
    const key = due!.kind === 'digest' ? due!.key : '';
    expect(brief({ ...cal, digestsSent: new Set([key]) }, '2025-01-08T08:10:00Z').filter((x) => x.endsWith('digest'))).toEqual([]);
    expect(brief(cal, '2025-01-08T08:10:00Z').filter((x) => x.endsWith('digest'))).toEqual(['01-08T08:00 digest']);
    expect(brief(cal, '2025-01-08T10:00:00Z').filter((x) => x.endsWith('digest'))).toEqual([]);
  });
});

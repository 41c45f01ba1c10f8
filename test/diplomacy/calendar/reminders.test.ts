import { Duration } from 'luxon';
import { describe, expect, it } from 'vitest';
import { reminderKey, remindersDue, type PowerStatus, type RemindersInput } from '../../../src/diplomacy/calendar/index.js';
import { at } from '../../rules/calendar/windows.js';

const h = (hours: number) => Duration.fromObject({ hours });
const PHASE = { season: 'S', year: 1902, kind: 'M' } as const;
const DEADLINE = at('2025-01-10T12:00:00Z');
const POWERS: PowerStatus[] = [
  { power: 'ENGLAND', status: 'missing', cd: false, email: 'eng@example.org' },
  { power: 'FRANCE', status: 'preliminary', cd: false, email: 'fra@example.org' },
  { power: 'GERMANY', status: 'final', cd: false, email: 'ger@example.org' },
  { power: 'ITALY', status: 'missing', cd: true, email: 'ita@example.org' },
];
const key = (power: PowerStatus['power'], hours: number, deadline = DEADLINE) => reminderKey('g1', PHASE, power, deadline, h(hours));
const input = (over: Partial<RemindersInput>): RemindersInput => ({
  gameId: 'g1', phase: PHASE, now: at('2025-01-09T12:00:00Z'), deadline: DEADLINE, openedAt: at('2025-01-06T12:00:00Z'),
  leadTimes: [h(48), h(24), h(6)], powers: POWERS, alreadySent: new Set([key('ENGLAND', 48), key('FRANCE', 48)]), ...over,
});
const brief = (r: ReturnType<typeof remindersDue>) => r.map((x) => [x.email, x.status, x.keys.map((k) => k.split(':').at(-1))]);

describe('remindersDue (D.VII(1): reminders may be given; D.II(1): preliminary until Final)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(1): 24 hours before: the missing and the preliminary are reminded, not the Final, not CD', input({}),                                      [['eng@example.org', 'missing', ['1440m']], ['fra@example.org', 'preliminary', ['1440m']]]],
    ['D.VII(1): just before the 24-hour mark: nothing new',                                           input({ now: at('2025-01-09T11:59:00Z') }),      []],
    ['D.VII(1): at the deadline no reminder is sent',                                                 input({ now: DEADLINE }),                        []],
    ['D.VII(1): after the deadline no reminder is sent',                                              input({ now: at('2025-01-10T12:30:00Z') }),      []],
    ['D.VII(1): catching up after an outage: one email per player covers every lead time due',        input({ now: at('2025-01-10T07:00:00Z'), alreadySent: new Set() }), [['eng@example.org', 'missing', ['2880m', '1440m', '360m']], ['fra@example.org', 'preliminary', ['2880m', '1440m', '360m']]]],
    ['D.VII(1): lead times reaching back before the turn opened are skipped',                         input({ openedAt: at('2025-01-09T00:00:00Z'), alreadySent: new Set() }), [['eng@example.org', 'missing', ['1440m']], ['fra@example.org', 'preliminary', ['1440m']]]],
    ['D.VII(1): reminders already sent are not sent again',                                           input({ alreadySent: new Set([key('ENGLAND', 48), key('FRANCE', 48), key('ENGLAND', 24), key('FRANCE', 24)]) }), []],
    ['D.VII(1): a position in civil disorder is never reminded',                                      input({ powers: POWERS.map((p) => ({ ...p, cd: true })) }), []],
    ['D.VII(1): one email per player even when the address holds two positions',                      input({ powers: [POWERS[0]!, { ...POWERS[1]!, email: 'eng@example.org' }] }), [['eng@example.org', 'missing', ['1440m', '1440m']]]],
  ])('%s', (_rule, i, expected) => {
    expect(brief(remindersDue(i))).toEqual(expected);
  });

  it('D.VII(5): an extended deadline is news: the reminders run again for the new deadline', () => {
    const extended = at('2025-01-11T12:00:00Z');
    const sent = new Set([key('ENGLAND', 48), key('ENGLAND', 24), key('FRANCE', 48), key('FRANCE', 24)]);
    expect(remindersDue(input({ now: at('2025-01-10T12:00:00Z'), deadline: extended, alreadySent: sent })).map((r) => r.key)).toEqual([key('ENGLAND', 24, extended), key('FRANCE', 24, extended)]);
  });

  it('issue 28: a deadline moved to less than a lead time away is reminded at once, once, saying it moved', () => {
    // The turn opened Wed 8 Jan 12:00 with the deadline Fri 10 Jan 12:00. Thu 9 Jan 02:00 the GM moves it
    // to Thu 9 Jan 10:00 (8 hours away): 48 h before it was Tue 7 Jan 10:00, 24 h before Wed 8 Jan 10:00,
    // both before the turn opened; 6 h before is 04:00, after the move.
    const opened = at('2025-01-08T12:00:00Z');
    const moved = at('2025-01-09T02:00:00Z');
    const deadline = at('2025-01-09T10:00:00Z');
    const base = { openedAt: opened, deadline, alreadySent: new Set<string>(), powers: [POWERS[0]!, POWERS[2]!] };
    // Without the move, lead times before the turn opened are skipped (the start mail named the deadline).
    expect(remindersDue(input({ ...base, now: at('2025-01-09T02:01:00Z') }))).toEqual([]);
    // With it, the 48 h and 24 h reminders are due from the move: one email to England (Germany is Final).
    const due = remindersDue(input({ ...base, movedAt: moved, now: at('2025-01-09T02:01:00Z') }));
    expect(brief(due)).toEqual([['eng@example.org', 'missing', ['2880m', '1440m']]]);
    // The shortest lead time it covers: the new deadline is less than 24 hours away.
    expect(due[0]!.becauseMoved).toEqual({ at: moved, leadMs: 24 * 3_600_000 });
    // Once: marked sent, nothing more until the 6-hour mark, which is an ordinary reminder.
    const sent = new Set(due[0]!.keys);
    expect(remindersDue(input({ ...base, movedAt: moved, alreadySent: sent, now: at('2025-01-09T03:59:00Z') }))).toEqual([]);
    const six = remindersDue(input({ ...base, movedAt: moved, alreadySent: sent, now: at('2025-01-09T04:00:00Z') }));
    expect(brief(six)).toEqual([['eng@example.org', 'missing', ['360m']]]);
    expect(six[0]!.becauseMoved).toBeUndefined();
    // A move recorded before the turn opened (an earlier turn's) changes nothing.
    expect(remindersDue(input({ ...base, movedAt: at('2025-01-08T11:00:00Z'), now: at('2025-01-09T02:01:00Z') }))).toEqual([]);
  });

  it('the key names the game, phase, power, deadline and lead time', () => {
    expect(key('ENGLAND', 24)).toMatchInlineSnapshot(`"remind:g1:S1902M:ENGLAND:2025-01-10T12:00:00.000Z:1440m"`);
    expect(remindersDue(input({ now: at('2025-01-10T07:00:00Z'), alreadySent: new Set() }))[0]?.key).toBe(key('ENGLAND', 6));
  });
});

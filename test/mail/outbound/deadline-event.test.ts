/**
 * The deadline's calendar event (issue #15), read back as a calendar app reads it: one UID per game
 * and phase, SEQUENCE as given, every time in UTC, METHOD:PUBLISH, no DTEND (a deadline is an instant).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deadlineEventAttachment, deadlineEventUid, formatDeadlineEvent, type DeadlineEventInput } from '../../../src/mail/outbound/deadline-event.js';
import { readEvent } from '../../helpers/ics.js';

const base: DeadlineEventInput = {
  gameId: 'wm-r1-b7', board: 'Board 7', address: 'wm-r1-b7@judge.example.org', phase: 'S1901M',
  deadline: new Date('2030-05-10T18:00:00Z'), sequence: 0, stamp: new Date('2030-05-01T10:00:30Z'),
};

describe('formatDeadlineEvent', () => {
  it('is a PUBLISH calendar with one event at the deadline, in UTC', () => {
    const { method, event } = readEvent(formatDeadlineEvent(base));
    expect(method).toBe('PUBLISH');
    expect(event).toMatchObject({
      UID: 'wm-r1-b7.s1901m@judge.example.org', SEQUENCE: '0', DTSTART: '20300510T180000Z', DTSTAMP: '20300501T100030Z',
      SUMMARY: 'S1901M deadline: wm-r1-b7 (Board 7)',
    });
    expect(event['DTEND']).toBeUndefined();
    expect(event['DESCRIPTION']).toContain('must reach wm-r1-b7@judge.example.org by 2030-05-10 18:00 GMT');
    expect(formatDeadlineEvent(base)).not.toMatch(/TZID|VTIMEZONE/);
  });

  // prettier-ignore
  it.each([
    ['wm-r1-b7', 'S1901M', 'wm-r1-b7@judge.example.org', 'wm-r1-b7.s1901m@judge.example.org'],
    ['wm-r1-b7', 'F1901R', 'wm-r1-b7@judge.example.org', 'wm-r1-b7.f1901r@judge.example.org'],
    ['g2',       'W1905A', 'g2@Other.ORG',               'g2.w1905a@other.org'],
  ])('UID of %s %s', (game, phase, address, uid) => {
    expect(deadlineEventUid(game, phase, address)).toBe(uid);
  });

  it('the UID depends on game and phase only; SEQUENCE and DTSTART follow the move (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1000 }), fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2099-01-01T00:00:00Z'), noInvalidDate: true }),
      (sequence, at) => {
        const deadline = new Date(Math.floor(at.getTime() / 1000) * 1000);
        const { event } = readEvent(formatDeadlineEvent({ ...base, sequence, deadline }));
        expect(event['UID']).toBe('wm-r1-b7.s1901m@judge.example.org');
        expect(event['SEQUENCE']).toBe(String(sequence));
        expect(event['DTSTART']).toBe(deadline.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
      },
    ), { numRuns: 50 });
  });

  it('as an attachment: text/calendar with its method, base64 of the same text', () => {
    const a = deadlineEventAttachment(base);
    expect(a).toMatchObject({ filename: 'wm-r1-b7-S1901M.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', calendarMethod: 'PUBLISH' });
    expect(Buffer.from(a.content, 'base64').toString('utf8')).toBe(formatDeadlineEvent(base));
  });
});

describe('a withdrawn phase: the cancellation of its event', () => {
  it('METHOD:CANCEL, STATUS:CANCELLED, the same UID, the SEQUENCE given (raised by the caller)', () => {
    const { method, event } = readEvent(formatDeadlineEvent({ ...base, sequence: 3, cancelled: true }));
    expect(method).toBe('CANCEL');
    expect(event).toMatchObject({ UID: deadlineEventUid(base.gameId, base.phase, base.address), SEQUENCE: '3', STATUS: 'CANCELLED' });
    expect(event.SUMMARY).toMatch(/^Cancelled: /);
    const a = deadlineEventAttachment({ ...base, sequence: 3, cancelled: true });
    expect(a).toMatchObject({ calendarMethod: 'CANCEL', contentType: 'text/calendar; charset=utf-8; method=CANCEL' });
    expect(a.filename).toMatch(/-cancelled\.ics$/);
    expect(readEvent(formatDeadlineEvent(base)).event.STATUS).toBeUndefined();
  });
});

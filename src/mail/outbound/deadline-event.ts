/**
 * A phase's deadline as an iCalendar event (RFC 5545), made with ical-generator, for every mail that
 * announces or changes a deadline (issue #15): game start, results with the next deadline, extensions,
 * the GM's moves, reminders, rollbacks, a player's `DEADLINE`.
 *
 * Invariants a calendar app relies on to update the event in place instead of adding a second one:
 * - the UID is the same for every mail about one game's phase (`<game>.<phase>@<judge's domain>`);
 * - SEQUENCE is the phase's deadline revision (phases.deadline_sequence), which only rises;
 * - DTSTAMP is the instant of the revision (not the sending), so a resend is byte-for-byte the same;
 * - every time is UTC (`…Z`, no VTIMEZONE): the deadline is a GMT instant (D.VII(4)(b)) and each
 *   reader's app shows it in their own zone.
 *
 * METHOD:PUBLISH, not REQUEST: a deadline is announced, not a meeting to accept. REQUEST would make
 * clients offer Accept/Decline and mail RSVPs (iTIP REPLY) to the organizer — the game's own address,
 * whose intake reads them as player mail — and it needs ATTENDEE lines naming each player. PUBLISH
 * events carry no attendees and no RSVP, and are still replaced by UID and SEQUENCE (RFC 5546 3.2.1).
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { OutboxAttachment } from '../../db/outbox.js';

/** What the event says; all instants UTC. */
export interface DeadlineEventInput {
  readonly gameId: string;
  readonly board: string;
  /** The game's address (orders go there; the event's organizer). */
  readonly address: string;
  /** `S1901M`. */
  readonly phase: string;
  readonly deadline: Date;
  /** The deadline's revision (phases.deadline_sequence). */
  readonly sequence: number;
  /** When this revision was made (DTSTAMP). */
  readonly stamp: Date;
  /**
   * The phase was withdrawn (a rollback, the game's end): METHOD:CANCEL, STATUS:CANCELLED, with the
   * same UID and a raised SEQUENCE, so the calendar app removes the event (RFC 5546 3.2.5).
   */
  readonly cancelled?: boolean;
  /** Where what is due goes, when not `address` (a Coalition battle's strategies go to its battle address). */
  readonly sendTo?: string;
  /** What is due, default "Orders". */
  readonly what?: string;
  /** The deadline's name as the mails say it, default the phase (a Coalition round: "Battles of turn 2"). */
  readonly label?: string;
  /** The last instant that counts as the mails say it, default the deadline's minute in GMT. */
  readonly until?: string;
}

/** The calendar method every deadline event is sent with (see the module comment). */
export const DEADLINE_EVENT_METHOD = 'PUBLISH' as const;
/** The method of a withdrawn phase's event: it removes the event the reader holds. */
export const CANCELLED_EVENT_METHOD = 'CANCEL' as const;

/** `wm-r1-b7.s1901m@judge.example.org`: one UID per game and phase. Pure. */
export function deadlineEventUid(gameId: string, phase: string, address: string): string {
  const domain = address.split('@')[1] ?? 'localhost';
  return `${gameId}.${phase}@${domain}`.toLowerCase();
}

/** The iCalendar text of the deadline event. Pure (the stamp is a parameter). */
export function formatDeadlineEvent(e: DeadlineEventInput): string {
  const cal = ical({ prodId: { company: 'mailjudge', product: 'deadlines', language: 'EN' }, method: e.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH, name: `${e.gameId} deadlines` });
  cal.createEvent({
    ...(e.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    id: deadlineEventUid(e.gameId, e.phase, e.address),
    sequence: e.sequence,
    stamp: e.stamp,
    start: e.deadline,
    // A deadline is an instant: the event ends when it starts (no DTEND, RFC 5545 3.6.1).
    end: null,
    timezone: null,
    summary: `${e.cancelled ? 'Cancelled: ' : ''}${e.label ? `${e.label}, ` : `${e.phase} deadline: `}${e.gameId} (${e.board})`,
    description: e.cancelled
      ? `${e.phase} in ${e.gameId} (${e.board}) has been withdrawn: this deadline no longer applies.\nThe judge's mail is authoritative.`
      : `${e.what ?? 'Orders'} for ${e.label ? `the ${e.label.charAt(0).toLowerCase()}${e.label.slice(1)}` : e.phase} in ${e.gameId} (${e.board}) must reach ${e.sendTo ?? e.address} ${e.until ? `stamped up to ${e.until}` : `by ${e.deadline.toISOString().slice(0, 16).replace('T', ' ')} GMT`}.\nThe judge's mail is authoritative: this event is updated in place when the deadline moves.`,
    organizer: { name: `mailjudge ${e.gameId}`, email: e.address },
  });
  // RFC 5545 3.1: every content line ends with CRLF, the last (END:VCALENDAR) included.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** The event as an outbox attachment (`deadline-<phase>.ics`, text/calendar with its method). Pure. */
export function deadlineEventAttachment(e: DeadlineEventInput): OutboxAttachment {
  const method = e.cancelled ? CANCELLED_EVENT_METHOD : DEADLINE_EVENT_METHOD;
  return {
    filename: `${e.gameId}-${e.phase}${e.cancelled ? '-cancelled' : ''}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(formatDeadlineEvent(e), 'utf8').toString('base64'),
    calendarMethod: method,
  };
}

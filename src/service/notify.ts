/**
 * Queue one calendar notice to one person: rendered with the person's own zone for every instant,
 * keyed `<key>:<address>` so that a retried job or tick never queues it twice (outbox dedupe key).
 */
import type { Game } from '../db/games.js';
import { outboxKey, type OutboxAttachment } from '../db/outbox.js';
import type { Person } from '../db/people.js';
import type { Db } from '../db/schema.js';
import { formatDeadline } from '../mail/outbound/report-context.js';
import { gameView, queueMails, type DeadlineAnnounced, type QueuedMail } from '../mail/outbound/queue-mail.js';

export { gameView } from '../mail/outbound/queue-mail.js';

/** An instant for one reader: `{ gmt, local? }`, GMT first (D.VII(4)(b)). */
export const when = formatDeadline;

export interface Notice {
  readonly game: Pick<Game, 'id' | 'boardName' | 'address'>;
  /** Template under templates/ (also the outbox kind). */
  readonly template: string;
  /** The notice's key without the recipient, e.g. `nmr:wm-r1-b7:S1902M:ITALY`. */
  readonly key: string;
  /** The context, built for the reader's zone. */
  readonly context: (zone: string) => object;
  /** The deadline the notice announces or changes: each copy carries its calendar event. */
  readonly calendar?: DeadlineAnnounced;
  /** Files every copy carries (made once, e.g. a turn's map picture). */
  readonly attachments?: readonly OutboxAttachment[];
}

/** The mails of `notice` to each person once (by address), for {@link queueMails}. Pure. */
export function noticeMails(notice: Notice, to: readonly Person[]): QueuedMail[] {
  const seen = new Set<string>();
  const mails: QueuedMail[] = [];
  for (const person of to) {
    const address = person.email.toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    mails.push({
      dedupeKey: outboxKey(notice.key, address),
      gameId: notice.game.id,
      template: notice.template,
      context: { game: gameView(notice.game), recipient: { name: person.name, email: person.email }, ...notice.context(person.timeZone) },
      to: person.email,
      ...(notice.calendar ? { calendar: { ...notice.calendar, game: notice.game } } : {}),
      ...(notice.attachments ? { attachments: notice.attachments } : {}),
    });
  }
  return mails;
}

/** Queue `notice` to each person once (by address); returns how many were newly queued. */
export async function sendNotice(trx: Db, fromAddress: string, notice: Notice, to: readonly Person[]): Promise<number> {
  // Issue 29: queued together (one INSERT, one send job).
  return (await queueMails(trx, fromAddress, noticeMails(notice, to))).filter((r) => r.created).length;
}

/**
 * Queue one rendered email in the caller's transaction: the outbox row (deduplicated by its key) and,
 * only when the row is new, the `send-mail` job that delivers it. Every mail the judge sends goes
 * through here, so "exactly one copy of each email" rests on one function.
 */
import { enqueueOutboxWithSendJob, enqueueOutboxMany, outboxMessageId, type NewOutboxMail, type OutboxAttachment } from '../../db/outbox.js';
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { SEND_MAIL_PRIORITY, enqueueJob } from '../../db/jobs.js';
import { renderMail, type RenderedMail } from './render.js';
import { replyAddress, replyTokenFor, replyTokensFor } from '../../db/reply-tokens.js';
import { deadlineEventAttachment, type DeadlineEventInput } from './deadline-event.js';

/** The deadline a mail announces or changes, for its calendar event (the game's fields come from the mail). */
export interface DeadlineAnnounced {
  readonly phase: string;
  readonly deadline: Date;
  /** The phase's deadline revision (PhaseRecord.deadlineSequence). */
  readonly sequence: number;
  /** When the revision was made. */
  readonly stamp: Date;
  /** The phase was withdrawn: the event cancels the one the reader holds (METHOD:CANCEL). */
  readonly cancelled?: boolean;
  /** Where what is due goes, when not the game's address (a Coalition battle's strategies). */
  readonly sendTo?: string;
  /** What is due, when not "Orders" (e.g. "Battle strategies"). */
  readonly what?: string;
  /** The deadline's name as the mail says it, when not the phase (a Coalition "Battles of turn 2"). */
  readonly label?: string;
  /** The last instant that counts as the mail says it, when not the deadline's minute ("2026-11-22 05:00:59 GMT"). */
  readonly until?: string;
}

export interface QueuedMail {
  readonly dedupeKey: string;
  readonly gameId: string | null;
  /** The template under templates/, also the outbox kind. */
  readonly template: string;
  readonly context: object;
  readonly to: string;
  /** Default: the judge's address (the confirmation mailbox answers from its own). */
  readonly from?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Files to attach (the results report's map picture). */
  readonly attachments?: readonly OutboxAttachment[];
  /** A deadline the mail announces or changes: it carries the phase's calendar event (needs `game`). */
  readonly calendar?: DeadlineAnnounced & { readonly game: Pick<Game, 'id' | 'boardName' | 'address'> };
}

/** The calendar event of `c` as {@link deadlineEventAttachment} takes it. Pure. */
export function deadlineEventInput(c: NonNullable<QueuedMail['calendar']>): DeadlineEventInput {
  return { gameId: c.game.id, board: c.game.boardName, address: c.game.address, phase: c.phase, deadline: c.deadline, sequence: c.sequence, stamp: c.stamp, ...(c.cancelled ? { cancelled: true } : {}), ...(c.sendTo ? { sendTo: c.sendTo } : {}), ...(c.what ? { what: c.what } : {}), ...(c.label ? { label: c.label } : {}), ...(c.until ? { until: c.until } : {}) };
}

/** Render `mail.template` and queue it; returns the outbox id and whether it was new. */
export async function queueMail(trx: Db, fromAddress: string, mail: QueuedMail): Promise<{ id: number; created: boolean }> {
  const token = needsToken(mail) ? await replyTokenFor(trx, mail.gameId!, mail.to) : undefined;
  // The row and, when it is new, its send-mail job: one statement (issue 29).
  return enqueueOutboxWithSendJob(trx, outboxMailOf(fromAddress, mail, token, renderMail(mail.template, mail.context)), SEND_MAIL_PRIORITY);
}

/**
 * Several mails at once (issue 29: a deadline's reports to a game's players and GM, a notice to many):
 * the same mails as {@link queueMail} one by one, in the order given, but each distinct text rendered
 * once (two readers with the same context read the same words), their reply tokens read with one
 * query, the rows written with one INSERT, and the new ones sent by one `send-mail` job. Two mails of
 * one call must not share a dedupe key.
 */
export async function queueMails(trx: Db, fromAddress: string, mails: readonly QueuedMail[]): Promise<{ id: number; created: boolean }[]> {
  if (mails.length <= 1) return Promise.all(mails.map((m) => queueMail(trx, fromAddress, m)));
  const tokens = new Map<string, Map<string, string>>();
  for (const gameId of new Set(mails.filter(needsToken).map((m) => m.gameId!))) {
    tokens.set(gameId, await replyTokensFor(trx, gameId, mails.filter((m) => needsToken(m) && m.gameId === gameId).map((m) => m.to)));
  }
  const rendered = new Map<string, RenderedMail>();
  // A deadline's calendar event is the same file for every reader of the game (deadline-event.ts):
  // made once per call.
  const events = new Map<string, OutboxAttachment>();
  const eventOf = (c: DeadlineEventInput): OutboxAttachment => {
    const key = JSON.stringify(c);
    let e = events.get(key);
    if (!e) events.set(key, (e = deadlineEventAttachment(c)));
    return e;
  };
  const rows = mails.map((mail) => {
    const key = `${mail.template}\u0000${JSON.stringify(mail.context)}`;
    let r = rendered.get(key);
    if (!r) rendered.set(key, (r = renderMail(mail.template, mail.context)));
    const token = needsToken(mail) ? tokens.get(mail.gameId!)?.get(mail.to.toLowerCase()) : undefined;
    return outboxMailOf(fromAddress, mail, token, r, eventOf);
  });
  const queued = await enqueueOutboxMany(trx, rows);
  const created = queued.filter((q) => q.created).map((q) => q.id);
  if (created.length === 1) await enqueueJob(trx, 'send-mail', { outboxId: created[0] }, { jobKey: `send:${created[0]}`, priority: SEND_MAIL_PRIORITY });
  else if (created.length > 1) await enqueueJob(trx, 'send-mail', { outboxIds: created }, { jobKey: `send:${created[0]}+${created.length}`, priority: SEND_MAIL_PRIORITY });
  return queued;
}

/** Issue 16: mail to a player of the game carries their reply address (src/db/reply-tokens.ts). */
function needsToken(mail: QueuedMail): boolean {
  return Boolean(mail.gameId) && !mail.headers?.['Reply-To'];
}

/** The outbox row of a rendered mail. */
function outboxMailOf(fromAddress: string, mail: QueuedMail, token: string | undefined, r: RenderedMail, eventOf: (c: DeadlineEventInput) => OutboxAttachment = deadlineEventAttachment): NewOutboxMail {
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  // Issue 28: everyone else (the GM, a TD, a team captain) replies to the game's address, where the
  // judge reads their commands; without it a reply went to the judge's own address and was refused.
  const gameAddress = (mail.context as { game?: { address?: unknown } }).game?.address;
  const replyTo = token ? replyAddress(fromAddress, mail.gameId!, token)
    : mail.gameId && !mail.headers?.['Reply-To'] && !mail.template.startsWith('coalition-') && typeof gameAddress === 'string' ? gameAddress : undefined;
  const headers = replyTo ? { ...mail.headers, 'Reply-To': replyTo } : mail.headers;
  return {
    dedupeKey: mail.dedupeKey,
    gameId: mail.gameId,
    kind: mail.template,
    to: mail.to,
    ...(mail.from ? { fromAddress: mail.from } : {}),
    subject: r.subject,
    bodyText: r.text,
    messageId: outboxMessageId(mail.dedupeKey, domain),
    ...(headers ? { headers } : {}),
    ...(mail.calendar || mail.attachments ? { attachments: [...(mail.calendar ? [eventOf(deadlineEventInput(mail.calendar))] : []), ...(mail.attachments ?? [])] } : {}),
  };
}

/** What every game email's template reads as `game`. */
export function gameView(game: Pick<Game, 'id' | 'boardName' | 'address'>): { id: string; board: string; address: string } {
  return { id: game.id, board: game.boardName, address: game.address };
}

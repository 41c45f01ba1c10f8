/**
 * Queue one rendered email in the caller's transaction: the outbox row (deduplicated by its key) and,
 * only when the row is new, the `send-mail` job that delivers it. Every mail the judge sends goes
 * through here, so "exactly one copy of each email" rests on one function.
 */
import { enqueueOutbox, outboxMessageId, type OutboxAttachment } from '../../db/outbox.js';
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { enqueueJob } from '../../db/jobs.js';
import { renderMail } from './render.js';
import { replyAddress, replyTokenFor } from '../../db/reply-tokens.js';
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
  const r = renderMail(mail.template, mail.context);
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  // Issue 16: mail to a player of the game carries their reply address (src/db/reply-tokens.ts).
  const token = mail.gameId && !mail.headers?.['Reply-To'] ? await replyTokenFor(trx, mail.gameId, mail.to) : undefined;
  // Issue 28: everyone else (the GM, a TD, a team captain) replies to the game's address, where the
  // judge reads their commands; without it a reply went to the judge's own address and was refused.
  const gameAddress = (mail.context as { game?: { address?: unknown } }).game?.address;
  const replyTo = token ? replyAddress(fromAddress, mail.gameId!, token)
    : mail.gameId && !mail.headers?.['Reply-To'] && !mail.template.startsWith('coalition-') && typeof gameAddress === 'string' ? gameAddress : undefined;
  const headers = replyTo ? { ...mail.headers, 'Reply-To': replyTo } : mail.headers;
  const queued = await enqueueOutbox(trx, {
    dedupeKey: mail.dedupeKey,
    gameId: mail.gameId,
    kind: mail.template,
    to: mail.to,
    ...(mail.from ? { fromAddress: mail.from } : {}),
    subject: r.subject,
    bodyText: r.text,
    messageId: outboxMessageId(mail.dedupeKey, domain),
    ...(headers ? { headers } : {}),
    ...(mail.calendar || mail.attachments ? { attachments: [...(mail.calendar ? [deadlineEventAttachment(deadlineEventInput(mail.calendar))] : []), ...(mail.attachments ?? [])] } : {}),
  });
  if (queued.created) await enqueueJob(trx, 'send-mail', { outboxId: queued.id }, { jobKey: `send:${queued.id}` });
  return queued;
}

/** What every game email's template reads as `game`. */
export function gameView(game: Pick<Game, 'id' | 'boardName' | 'address'>): { id: string; board: string; address: string } {
  return { id: game.id, board: game.boardName, address: game.address };
}

/**
 * Answering an inbound message, safely: every answer to a sender passes the per-sender rate limit
 * (a loop or abuse guard, DESIGN.md "Reliability"), is threaded to the message it answers, is marked
 * `Auto-Submitted: auto-replied` (RFC 3834) so other robots do not answer it, and is keyed by the
 * inbound message so a re-run can never send it twice.
 */
import { repliesTo } from '../../db/inbound-decisions.js';
import { outboxKey } from '../../db/outbox.js';
import type { Db } from '../../db/schema.js';
import { MAX_REPLIES_PER_SENDER_PER_HOUR } from '../../rules/limits.js';
import { RATE_LIMIT_WINDOW_MS, rateLimit } from '../../rules/submission/index.js';
import { queueMail, type QueuedMail } from '../outbound/queue-mail.js';
import type { InboundMail } from './parse-message.js';

export interface ReplyContext {
  /** The judge's own address. */
  readonly fromAddress: string;
  readonly now: Date;
  readonly repliesPerHour?: number;
}

export interface ReplyTo {
  readonly inboundId: number;
  readonly mail: Pick<InboundMail, 'messageId' | 'from'>;
}

/**
 * Whether mail can be sent to `address` at all: a local part, one `@`, a domain, as the outbox's
 * `to_address` check demands. `Cron Daemon <root>` (a local cron job's mail passed on by an MTA)
 * has no domain: answering it could only fail. Pure.
 */
export function isAnswerableAddress(address: string | undefined): boolean {
  return address !== undefined && /^[^@\s]+@[^@\s]+$/.test(address);
}

/** Whether the sender may be answered now: an address mail can go to, within the per-sender hourly cap. */
export async function mayReply(db: Db, ctx: ReplyContext, to: string): Promise<boolean> {
  if (!isAnswerableAddress(to)) return false;
  const previous = await repliesTo(db, to, new Date(ctx.now.getTime() - RATE_LIMIT_WINDOW_MS));
  return rateLimit(previous, ctx.now, { perHour: ctx.repliesPerHour ?? MAX_REPLIES_PER_SENDER_PER_HOUR }).allowed;
}

/** Queue `template` as the answer to `msg` (to its sender unless `to` says otherwise). */
export async function queueReply(
  trx: Db,
  ctx: ReplyContext,
  msg: ReplyTo,
  template: string,
  context: object,
  options: { key: string; gameId: string | null; to?: string; from?: string; calendar?: QueuedMail['calendar']; attachments?: QueuedMail['attachments'] },
): Promise<void> {
  const threading: Record<string, string> = msg.mail.messageId ? { 'In-Reply-To': msg.mail.messageId, References: msg.mail.messageId } : {};
  await queueMail(trx, ctx.fromAddress, {
    dedupeKey: outboxKey(options.key, msg.inboundId, ...(options.to ? [options.to.toLowerCase()] : [])),
    gameId: options.gameId,
    template,
    context,
    to: options.to ?? msg.mail.from!,
    ...(options.from ? { from: options.from } : {}),
    headers: { 'Auto-Submitted': 'auto-replied', ...threading },
    ...(options.calendar ? { calendar: options.calendar } : {}),
    ...(options.attachments ? { attachments: options.attachments } : {}),
  });
}

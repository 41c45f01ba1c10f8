/**
 * Answering an inbound message, safely: every answer to a sender passes the per-sender rate limit
 * (a loop or abuse guard, DESIGN.md "Reliability"), is threaded to the message it answers, is marked
 * `Auto-Submitted: auto-replied` (RFC 3834) so other robots do not answer it, and is keyed by the
 * inbound message so a re-run can never send it twice.
 */
import { repliesTo } from '../../db/inbound-decisions.js';
import { outboxKey } from '../../db/outbox.js';
import type { Db } from '../../db/schema.js';
import { MAX_AUTOMATIC_REPLIES_PER_ADDRESS_PER_DAY, MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR, MAX_REPLIES_PER_SENDER_PER_HOUR } from '../../rules/limits.js';
import { rateLimit, replyBudgetWindow, type ReplyBudgetName } from '../../rules/submission/index.js';
import { queueMail, type QueuedMail } from '../outbound/queue-mail.js';
import type { InboundMail } from './parse-message.js';

export interface ReplyContext {
  /** The judge's own address. */
  readonly fromAddress: string;
  readonly now: Date;
  readonly repliesPerHour?: number;
  /**
   * Issue 25: the message is automatic (automatic-mail.ts): every answer to it comes out of the
   * `automatic` budget (one a day per address), never the person's own.
   */
  readonly automatic?: boolean;
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

/** The budget an answer to this message comes out of: `automatic` for automatic mail, else `budget` (default the person's own). */
export function replyBudgetOf(ctx: Pick<ReplyContext, 'automatic'>, budget: ReplyBudgetName = 'own'): ReplyBudgetName {
  return ctx.automatic ? 'automatic' : budget;
}

/**
 * Whether the sender may be answered now: an address mail can go to, within the cap of the budget
 * the answer comes out of (issue 25: the person's own, the identity refusals of a claimed address,
 * or automatic mail), each counted apart.
 */
export async function mayReply(db: Db, ctx: ReplyContext, to: string, budget: ReplyBudgetName = 'own'): Promise<boolean> {
  if (!isAnswerableAddress(to)) return false;
  const which = replyBudgetOf(ctx, budget);
  const window = replyBudgetWindow(which, {
    ownPerHour: ctx.repliesPerHour ?? MAX_REPLIES_PER_SENDER_PER_HOUR,
    identityPerHour: MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR,
    automaticPerDay: MAX_AUTOMATIC_REPLIES_PER_ADDRESS_PER_DAY,
  });
  const previous = await repliesTo(db, to, new Date(ctx.now.getTime() - window.windowMs), which);
  return rateLimit(previous, ctx.now, window).allowed;
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

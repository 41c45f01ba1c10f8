/**
 * The one path every inbound message takes (IMAP, the SMTP listener, the pipe, the demo): store the
 * raw bytes with the trusted receipt time first, then parse, decide and answer. Never throws on bad
 * input: a message that cannot be read is quarantined in the audit log, never dropped.
 */
import { Duration, DateTime } from 'luxon';
import { appendAudit } from '../../db/audit-log.js';
import { findGameByAddress, lockGame, type Game } from '../../db/games.js';
import { insertInboundMessage } from '../../db/inbound-messages.js';
import { insertOrderSet } from '../../db/order-sets.js';
import { enqueueOutbox, outboxKey, outboxMessageId } from '../../db/outbox.js';
import { findPersonByEmail } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import { findCurrentPositions } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { RULE_PROFILES } from '../../game/index.js';
import { formatAsUnderstood, parseOrderSheet } from '../../rules/sheet/index.js';
import { enqueueJob } from '../../worker/queue.js';
import { formatDeadline } from '../outbound/report-context.js';
import { renderMail } from '../outbound/render.js';
import { parseMessage, type InboundMail } from './parse-message.js';

export interface IncomingMessage {
  readonly raw: Buffer;
  /** Trusted receipt time: IMAP INTERNALDATE, end of DATA, or our MTA's Received header. */
  readonly receivedAt: Date;
  readonly source: 'imap' | 'smtp' | 'pipe' | 'cli';
  /** Which address the copy came in through: a game mailbox (default) or the TD's confirmation mailbox (D.VII(7)). */
  readonly role?: 'game' | 'confirm';
  /** The source's stable name ('imap://judge@host/INBOX'; 'smtp:game', 'smtp:confirm'; 'pipe'). */
  readonly mailbox?: string;
  readonly uidvalidity?: number | bigint;
  readonly uid?: number | bigint;
}

export interface ReceiveContext {
  /** The judge's own address: never answered, the From of every reply. */
  readonly fromAddress: string;
}

export type ReceiveOutcome =
  | { kind: 'duplicate'; inboundId: number }
  | { kind: 'quarantined'; inboundId: number; reason: string }
  | { kind: 'ignored'; inboundId: number; reason: string }
  | { kind: 'refused'; inboundId: number; reason: string }
  | { kind: 'noOrders'; inboundId: number; gameId: string; power: string }
  | { kind: 'orders'; inboundId: number; orderSetId: number; gameId: string; power: string; final: boolean };

/** The Message-ID from the raw header block, without parsing the message (dedupe before parsing). */
export function rawMessageId(raw: Buffer): string | undefined {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1').split(/\r?\n\r?\n/)[0] ?? '';
  const m = /^message-id:\s*(?:\r?\n\s+)?(<[^>\r\n]+>)/im.exec(head);
  return m?.[1];
}

/** Why a message must not be answered (RFC 3834; DESIGN "Reliability"), or `undefined`. */
export function loopRisk(mail: InboundMail, ownAddress: string): string | undefined {
  if (mail.isBounce) return 'a bounce or delivery report';
  if (mail.autoSubmitted) return `Auto-Submitted: ${mail.autoSubmitted}`;
  if (mail.precedence) return `Precedence: ${mail.precedence}`;
  if (mail.from === ownAddress.toLowerCase()) return 'our own mail';
  if (!mail.from) return 'no readable From address';
  return undefined;
}

function timeLeft(from: Date, to: Date): string | undefined {
  const ms = to.getTime() - from.getTime();
  if (ms < 0) return undefined;
  return Duration.fromMillis(Math.round(ms / 60_000) * 60_000).shiftTo('days', 'hours', 'minutes').toHuman({ maximumFractionDigits: 0, unitDisplay: 'short' });
}

/** Store, read, decide, answer. */
export async function receiveMessage(db: Db, ctx: ReceiveContext, msg: IncomingMessage): Promise<ReceiveOutcome> {
  const messageId = rawMessageId(msg.raw);
  const stored = await insertInboundMessage(db, {
    raw: msg.raw,
    receivedAt: msg.receivedAt,
    source: msg.source,
    mailbox: msg.mailbox ?? null,
    uidvalidity: msg.uidvalidity ?? null,
    uid: msg.uid ?? null,
    messageId: messageId ?? null,
  });
  const inboundId = stored.id;
  if (!stored.created) return { kind: 'duplicate', inboundId };

  const audit = (action: string, detail: object, gameId?: string) =>
    db.transaction().execute((trx) => appendAudit(trx, { gameId: gameId ?? null, actor: 'ingest', action, detail: { inboundId, ...detail } }));

  const parsed = await parseMessage(msg.raw);
  if (!parsed.ok) {
    await audit('mail.quarantine', { reason: parsed.reason });
    return { kind: 'quarantined', inboundId, reason: parsed.reason };
  }
  const mail = parsed.mail;
  const risk = loopRisk(mail, ctx.fromAddress);
  if (risk) {
    await audit('mail.ignore', { reason: risk, from: mail.from ?? null });
    return { kind: 'ignored', inboundId, reason: risk };
  }
  let game: Game | undefined;
  for (const a of [...mail.to, ...mail.cc]) {
    game = await findGameByAddress(db, a);
    if (game) break;
  }
  if (!game) {
    // D.II(2): a set must name the game's address in To or Cc.
    await audit('mail.refuse', { reason: 'no game address in To or Cc', from: mail.from ?? null });
    return { kind: 'refused', inboundId, reason: 'no game address in To or Cc' };
  }
  const person = await findPersonByEmail(db, mail.from!);
  const acting = person ? (await findCurrentPositions(db, game.id)).filter((p) => p.personId === person.id) : [];
  const position = acting.find((p) => p.kind === 'temporary') ?? acting[0];
  if (!person || !position) {
    // D.II(3): no proxy orders; logged as a possible impersonation (D.X(6)).
    await audit('orders.refuse', { reason: 'sender is not the player of any power in this game', from: mail.from ?? null }, game.id);
    return { kind: 'refused', inboundId, reason: 'sender is not a player of this game' };
  }
  const g = game;
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const locked = (await lockGame(trx, g.id))!;
    const phase = await findPhase(trx, locked.id, locked.currentPhase);
    const domain = ctx.fromAddress.split('@')[1] ?? 'localhost';
    const answer = async (template: string, context: object, key: string) => {
      const r = renderMail(template, { game: { id: locked.id, board: locked.boardName, address: locked.address }, ...context });
      const dedupeKey = outboxKey(key, inboundId);
      const { id, created } = await enqueueOutbox(trx, {
        dedupeKey, gameId: locked.id, kind: template, to: mail.from!, subject: r.subject, bodyText: r.text,
        messageId: outboxMessageId(dedupeKey, domain),
        headers: { 'Auto-Submitted': 'auto-replied', ...(mail.messageId ? { 'In-Reply-To': mail.messageId, References: mail.messageId } : {}) },
      });
      if (created) await enqueueJob(trx, 'send-mail', { outboxId: id }, { jobKey: `send:${id}` });
    };
    const receivedAt = `${DateTime.fromJSDate(msg.receivedAt, { zone: 'utc' }).toFormat('cccc d LLLL yyyy, HH:mm:ss')} GMT`;
    if (locked.status !== 'active' || !phase || phase.adjudicatedAt) {
      await appendAudit(trx, { gameId: locked.id, actor: 'ingest', action: 'orders.refuse', detail: { inboundId, reason: 'no phase open' } });
      await answer('orders-refused', { receivedAt, subjectNote: 'orders not accepted', reason: 'the game has no turn open for orders now', remedy: 'wait for the next turn to open; the GM has been told nothing is lost' }, 'refused');
      return { kind: 'refused', inboundId, reason: 'no phase open' };
    }
    // D.VII(1),(3): on time = at or before the deadline; late sets refused unless the game accepts them.
    if (msg.receivedAt.getTime() > phase.deadline.getTime() && locked.policies.lateOrders === 'refuse') {
      await appendAudit(trx, { gameId: locked.id, actor: 'ingest', action: 'orders.late', detail: { inboundId, power: position.power, deadline: phase.deadline.toISOString() } });
      await answer('orders-refused', { receivedAt, subjectNote: `${position.power} ${locked.currentPhase}: late, not accepted`, reason: `it arrived after the deadline (${formatDeadline(phase.deadline, undefined).gmt}); late orders are refused in this game (D.VII(3))`, remedy: 'your previous set, if any, stands; write to your GM if you believe the receipt time is wrong' }, 'late');
      return { kind: 'refused', inboundId, reason: 'late' };
    }
    const sheet = parseOrderSheet(mail.text, { state: phase.stateBefore, power: position.power, subject: mail.subject, rules: RULE_PROFILES[locked.ruleProfile] });
    const deadline = formatDeadline(phase.deadline, person.timeZone);
    const understood = formatAsUnderstood(sheet, position.power, locked.currentPhase);
    const ack = { power: position.power, phaseName: locked.currentPhase, final: sheet.final, receivedAt, understood, deadline, timeLeft: timeLeft(msg.receivedAt, phase.deadline) };
    // A message with no order lines at all (press only, a vote, a question) is not an order set:
    // it must not replace the orders already in (D.III(3)).
    if (!sheet.lines.some((l) => l.kind === 'order' || l.kind === 'replaced' || l.kind === 'notUsed' || l.kind === 'issue')) {
      await answer('orders-received', { ...ack, final: false }, 'ack');
      await appendAudit(trx, { gameId: locked.id, actor: 'ingest', action: 'message.accept', detail: { inboundId, power: position.power, press: sheet.press.length, votes: sheet.votes.length, requests: sheet.requests.map((r) => r.kind) } });
      return { kind: 'noOrders', inboundId, gameId: locked.id, power: position.power };
    }
    const set = await insertOrderSet(trx, {
      gameId: locked.id,
      phase: locked.currentPhase,
      power: position.power,
      personId: person.id,
      inboundMessageId: inboundId,
      receivedAt: msg.receivedAt,
      final: sheet.final,
      sheet,
      orders: sheet.orders.map((o) => o.text),
    });
    await answer('orders-received', ack, 'ack');
    await appendAudit(trx, { gameId: locked.id, actor: 'ingest', action: 'orders.accept', detail: { inboundId, orderSetId: set.id, power: position.power, final: sheet.final, orders: set.orders } });
    return { kind: 'orders', inboundId, orderSetId: set.id, gameId: locked.id, power: position.power, final: sheet.final };
  });
}

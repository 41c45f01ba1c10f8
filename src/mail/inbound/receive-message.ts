/**
 * The one path every inbound message takes (IMAP, the SMTP listener, the pipe, the CLI): store the
 * raw bytes with the trusted receipt time first, then parse, guard against loops, find the game and
 * the sender, check identity, and hand over to the right handler: the TD's confirmation mailbox
 * (confirm-copy.ts), the GM's commands (gm-mail.ts), or a player's orders and requests
 * (player-mail.ts). Never throws on bad input: a message that cannot be read is quarantined, never
 * dropped; every message ends with exactly one recorded decision (inbound_decisions) and one audit
 * entry carrying the raw message's SHA-256, so the hash chain covers the evidence.
 */
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { gameFromRow, type Game } from '../../db/games.js';
import { insertInboundMessage } from '../../db/inbound-messages.js';
import { findDecision, unknownSenderAnswered } from '../../db/inbound-decisions.js';
import { findPerson, findPersonByEmail, type Person } from '../../db/people.js';
import { actingPositionOf, findCurrentPositions } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { gameFromAddresses, subjectTags } from '../../rules/submission/index.js';
import { sql } from 'kysely';
import { receiveConfirmCopy } from './confirm-copy.js';
import { decide, type Received } from './decide.js';
import { receiveGmMail } from './gm-mail.js';
import { authenticateMessage, decideIdentity, envelopeFromHeaders, secretEvidence, type AuthResult, type Envelope, type IdentityDecision } from './identity.js';
import { headerFields } from './header-fields.js';
import { parseMessage, type InboundMail } from './parse-message.js';
import { gameView } from '../outbound/queue-mail.js';
import { receivePlayerMail } from './player-mail.js';
import { mayReply, queueReply } from './reply.js';

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
  /** The SMTP envelope, when the judge received the message by SMTP itself; otherwise read from our MTA's headers. */
  readonly envelope?: Envelope;
}

export interface ReceiveContext {
  /** The judge's own address: never answered, the From of every reply. */
  readonly fromAddress: string;
  /** The TD's confirmation mailbox address (D.VII(7)): never answered; confirmations come from it. */
  readonly confirmAddress?: string;
  /** DKIM/SPF/DMARC checking: the DNS resolver (tests inject a zone), our host name, our own relays' IPs. */
  readonly auth?: {
    readonly resolver?: (name: string, rrtype: string) => Promise<unknown>;
    readonly mta?: string;
    readonly internalIps?: readonly string[];
  };
  /** The clock for decisions and rate limits (default: now). Receipt times come from the message. */
  readonly now?: () => Date;
  /** Replies per sender per hour (default MAX_REPLIES_PER_SENDER_PER_HOUR). */
  readonly repliesPerHour?: number;
}

export type ReceiveOutcome =
  | { kind: 'duplicate'; inboundId: number }
  | { kind: 'quarantined'; inboundId: number; reason: string }
  | { kind: 'ignored'; inboundId: number; reason: string }
  | { kind: 'refused'; inboundId: number; reason: string }
  | { kind: 'confirmed'; inboundId: number; gameId: string | null; addressed: boolean }
  | { kind: 'command'; inboundId: number; gameId: string }
  | { kind: 'noOrders'; inboundId: number; gameId: string; power: string }
  | { kind: 'orders'; inboundId: number; orderSetId: number; gameId: string; power: string; final: boolean };

/** The Message-ID from the raw header block, without parsing the message (dedupe before parsing). */
export function rawMessageId(raw: Buffer): string | undefined {
  const value = headerFields(raw).find((f) => f.name === 'message-id')?.value;
  return value === undefined ? undefined : /<[^>\r\n]+>/.exec(value)?.[0];
}

/** Why a message must not be answered (RFC 3834; DESIGN "Reliability"), or `undefined`. */
export function loopRisk(mail: InboundMail, ownAddresses: string | readonly string[]): string | undefined {
  const own = (typeof ownAddresses === 'string' ? [ownAddresses] : ownAddresses).map((a) => a.toLowerCase());
  if (mail.isBounce) return 'a bounce or delivery report';
  if (mail.autoSubmitted) return `Auto-Submitted: ${mail.autoSubmitted}`;
  if (mail.precedence) return `Precedence: ${mail.precedence}`;
  if (mail.from && own.includes(mail.from)) return 'our own mail';
  if (!mail.from) return 'no readable From address';
  return undefined;
}

/** The open games a message may be for: those whose address it names, and those its subject tags (one indexed query). */
export async function candidateGames(db: Db, mail: Pick<InboundMail, 'to' | 'cc' | 'subject'>): Promise<Game[]> {
  const addresses = [...mail.to, ...mail.cc].map((a) => a.toLowerCase());
  const tags = subjectTags(mail.subject);
  if (addresses.length === 0 && tags.length === 0) return [];
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .where('status', '<>', 'finished')
    .where((eb) => eb.or([...(addresses.length ? [eb(sql<string>`lower(address)`, 'in', addresses)] : []), ...(tags.length ? [eb('id', 'in', tags)] : [])]))
    .execute();
  return rows.map(gameFromRow);
}

/** D.X(6): is the sender who the From line says? The CLI is the operator at the console: trusted. */
async function checkIdentity(ctx: ReceiveContext, msg: IncomingMessage, mail: InboundMail, person: Person, game: Game): Promise<{ decision: IdentityDecision | { ok: true; method: 'operator'; evidence: string }; auth?: AuthResult }> {
  if (msg.source === 'cli') return { decision: { ok: true, method: 'operator', evidence: 'entered by the operator at the command line' } };
  const envelope = msg.envelope ?? envelopeFromHeaders(msg.raw, { ...(ctx.auth?.internalIps ? { internalIps: ctx.auth.internalIps } : {}) });
  const auth = await authenticateMessage(msg.raw, envelope, {
    ...(ctx.auth?.resolver ? { resolver: ctx.auth.resolver } : {}),
    ...(ctx.auth?.mta ? { mta: ctx.auth.mta } : {}),
  });
  const decision = decideIdentity({ policy: game.policies.identity, auth, fromAddress: mail.from!, registered: true, ...secretEvidence(mail.text, person.secretHash) });
  return { decision, auth };
}

/** Store, read, decide, answer. */
export async function receiveMessage(db: Db, ctx: ReceiveContext, msg: IncomingMessage): Promise<ReceiveOutcome> {
  const now = ctx.now?.() ?? new Date();
  const role = msg.role ?? 'game';
  const messageId = rawMessageId(msg.raw);
  const stored = await insertInboundMessage(db, {
    raw: msg.raw,
    receivedAt: msg.receivedAt,
    source: msg.source,
    mailbox: msg.mailbox ?? null,
    uidvalidity: msg.uidvalidity ?? null,
    uid: msg.uid ?? null,
    messageId: messageId ?? null,
    role,
  });
  const inboundId = stored.id;
  // A copy stored before but never decided (the process died in between) is decided now; the
  // decision's primary key makes sure only one attempt ever commits.
  if (!stored.created && (await findDecision(db, inboundId))) return { kind: 'duplicate', inboundId };
  const rec: Received = { inboundId, role, receivedAt: msg.receivedAt, sha256: createHash('sha256').update(msg.raw).digest('hex'), messageId, now };

  const parsed = await parseMessage(msg.raw);
  if (!parsed.ok) {
    await decide(db, rec, { outcome: 'quarantined', reason: parsed.reason, replied: false });
    return { kind: 'quarantined', inboundId, reason: parsed.reason };
  }
  const mail = parsed.mail;
  const risk = loopRisk(mail, [ctx.fromAddress, ...(ctx.confirmAddress ? [ctx.confirmAddress] : [])]);
  if (risk) {
    await decide(db, rec, { outcome: 'ignored', reason: risk, fromAddress: mail.from ?? null, replied: false });
    return { kind: 'ignored', inboundId, reason: risk };
  }
  const from = mail.from!;
  const replyCtx = { fromAddress: ctx.fromAddress, now, ...(ctx.repliesPerHour ? { repliesPerHour: ctx.repliesPerHour } : {}) };
  const person = await findPersonByEmail(db, from);

  if (role === 'confirm') return receiveConfirmCopy(db, { ...replyCtx, confirmAddress: ctx.confirmAddress ?? ctx.fromAddress }, rec, mail, person);

  // Refuse, answering only a registered person (an unknown address gets one generic reply, ever).
  const refuse = async (reason: string, reply: { template: string; context: object } | undefined, gameId: string | null = null): Promise<ReceiveOutcome> => {
    const answer = reply && (person || !(await unknownSenderAnswered(db, from))) && (await mayReply(db, replyCtx, from));
    await db.transaction().execute(async (trx) => {
      if (answer) await queueReply(trx, replyCtx, { inboundId, mail }, reply.template, reply.context, { key: 'refused', gameId });
      await decide(trx, rec, { outcome: 'refused', reason, fromAddress: from, gameId, personId: person?.id ?? null, replied: Boolean(answer) });
    });
    return { kind: 'refused', inboundId, reason };
  };
  const unknownSender = { template: 'unknown-sender', context: { judge: ctx.fromAddress } };

  const candidates = await candidateGames(db, mail);
  const match = gameFromAddresses([...mail.to, ...mail.cc], mail.subject, candidates);
  if (match.gameId === undefined) {
    if (!person) return refuse('unregistered', unknownSender);
    const which = match.candidates.length > 0 ? `it could be for ${match.candidates.join(', ')}; ` : '';
    return refuse('no game address in To or Cc', {
      template: 'orders-refused',
      context: { subjectNote: 'which game?', receivedAt: gmtSeconds(msg.receivedAt), reason: `the judge could not tell which game it is for: ${which}no game's address is in To or Cc (D.II(2))`, remedy: "send it again with the game's own address in To or Cc" },
    });
  }
  const game = candidates.find((g) => g.id === match.gameId)!;
  if (!person) return refuse('unregistered', unknownSender, game.id);
  if (!match.addressed) {
    // D.II(2): a set without the game's address in To or Cc is refused; the reply names the address.
    return refuse('game address not in To or Cc (D.II(2))', {
      template: 'orders-refused',
      context: { game: gameView(game), subjectNote: 'not accepted: address the game', receivedAt: gmtSeconds(msg.receivedAt), reason: `the game's address ${game.address} was not in To or Cc (D.II(2))`, remedy: `send it again to ${game.address}` },
    }, game.id);
  }

  const { decision: identity, auth } = await checkIdentity(ctx, msg, mail, person, game);
  const evidence = { method: identity.ok ? identity.method : null, ...(identity.ok ? { evidence: identity.evidence } : { code: identity.code }), ...(auth ? { header: auth.header, dkim: auth.dkim, spf: auth.spf, dmarc: auth.dmarc } : {}) };
  if (!identity.ok) return refuseIdentity(db, replyCtx, rec, mail, person, game, identity, evidence);

  if (person.id === game.gmPersonId) return receiveGmMail(db, replyCtx, rec, mail, person, game, evidence);
  const position = actingPositionOf(await findCurrentPositions(db, game.id), person.id);
  return receivePlayerMail(db, replyCtx, rec, mail, person, game, position, evidence);
}

/**
 * The message failed the identity check. It is answered at the registered address (so a forged
 * From warns the real player rather than the forger), and the GM is alerted where the failure
 * points at impersonation (D.X(6)).
 */
async function refuseIdentity(
  db: Db,
  ctx: { fromAddress: string; now: Date; repliesPerHour?: number },
  rec: Received,
  mail: InboundMail,
  person: Person,
  game: Game,
  identity: Extract<IdentityDecision, { ok: false }>,
  evidence: Record<string, unknown>,
): Promise<ReceiveOutcome> {
  const impersonation = identity.code === 'dmarc-fail' || identity.code === 'from-mismatch' || identity.code === 'secret-wrong';
  const answer = await mayReply(db, ctx, person.email);
  await db.transaction().execute(async (trx) => {
    if (answer) {
      await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'orders-refused', {
        game: gameView(game), subjectNote: 'not accepted: sender not verified', receivedAt: gmtSeconds(rec.receivedAt), reason: identity.reason,
        remedy: 'send your orders from your own registered mailbox; if you did not send this message, someone tried to send orders in your name and the GM has been told',
      }, { key: 'identity', gameId: game.id, to: person.email });
    }
    if (impersonation) {
      const gm = await findPerson(trx, game.gmPersonId);
      if (gm) {
        await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'impersonation-alert', {
          game: gameView(game), claimed: person.email, receivedAt: gmtSeconds(rec.receivedAt), reason: identity.reason, inboundId: rec.inboundId, header: String(evidence.header ?? ''),
        }, { key: 'alert', gameId: game.id, to: gm.email });
      }
    }
    await decide(trx, rec, { outcome: 'refused', reason: `identity: ${identity.code}`, fromAddress: person.email, gameId: game.id, personId: person.id, identity: evidence, replied: answer });
  });
  return { kind: 'refused', inboundId: rec.inboundId, reason: `identity: ${identity.code}` };
}

/** An instant in GMT to the second, as receipts show it (D.VII(1)). */
export function gmtSeconds(at: Date): string {
  return `${DateTime.fromJSDate(at, { zone: 'utc' }).toFormat('cccc d LLLL yyyy, HH:mm:ss')} GMT`;
}

/**
 * Decide every stored message that has no decision yet (a process killed between storing and
 * deciding; a database error mid-way), oldest first; returns how many were retried. Messages stored
 * in the last `graceMs` are left to the process handling them.
 */
export async function retryUndecided(db: Db, ctx: ReceiveContext, options: { graceMs?: number; limit?: number } = {}): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  const rows = await db
    .selectFrom('inbound_messages as m')
    .leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
    .select(['m.id', 'm.raw', 'm.received_at', 'm.source', 'm.role', 'm.mailbox', 'm.uidvalidity', 'm.uid'])
    .where('d.inbound_message_id', 'is', null)
    .where('m.stored_at', '<', new Date(now.getTime() - (options.graceMs ?? 60_000)))
    .orderBy('m.id')
    .limit(options.limit ?? 100)
    .execute();
  for (const r of rows) {
    await receiveMessage(db, ctx, {
      raw: r.raw, receivedAt: r.received_at, source: r.source, role: r.role,
      ...(r.mailbox !== null ? { mailbox: r.mailbox } : {}), ...(r.uid !== null && r.uidvalidity !== null ? { uid: r.uid, uidvalidity: r.uidvalidity } : {}),
    });
  }
  return rows.length;
}

/**
 * What the intake's dispatcher (src/service/intake/receive-message.ts) and its handlers (player
 * mail, GM mail, confirmation copies, quarantine) share: the message as a source hands it over, the
 * context, the outcome, and the helpers each of them needs. The sources import only the types.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { gameFromRow, type Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { subjectTags, type GameCandidate } from '../../rules/submission/index.js';
import type { AuthResult, Envelope } from './identity.js';
import type { InboundMail } from './parse-message.js';
import { isAnswerableAddress } from './reply.js';
import { rawMessageId } from './message-id.js';


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
    /**
     * The verdicts the judge had when it first decided this message (`mailjudge reproduce`: from the
     * record's identity evidence), used instead of asking DNS again.
     */
    readonly recorded?: AuthResult;
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
  /** A delivery report tied to the mail it answers (issue 27): that mail is marked failed and the GM told. */
  | { kind: 'bounce'; inboundId: number; outboxId: number; gameId: string | null; reason: string }
  | { kind: 'refused'; inboundId: number; reason: string }
  | { kind: 'confirmed'; inboundId: number; gameId: string | null; addressed: boolean }
  | { kind: 'command'; inboundId: number; gameId: string }
  | { kind: 'noOrders'; inboundId: number; gameId: string; power: string }
  | { kind: 'orders'; inboundId: number; orderSetId: number; gameId: string; power: string; final: boolean }
  /** Coalition movement orders (seed 000 3.1), stored for the turn's lock. */
  | { kind: 'movement'; inboundId: number; gameId: string; turn: number; armies: string[]; via: 'post' | 'pm' };

/** Why a message must not be answered (RFC 3834; DESIGN "Reliability"), or `undefined`. */
export function loopRisk(mail: Pick<InboundMail, 'isBounce' | 'autoSubmitted' | 'precedence' | 'from'>, ownAddresses: string | readonly string[]): string | undefined {
  const own = (typeof ownAddresses === 'string' ? [ownAddresses] : ownAddresses).map((a) => a.toLowerCase());
  if (mail.isBounce) return 'a bounce or delivery report';
  if (mail.autoSubmitted) return `Auto-Submitted: ${mail.autoSubmitted}`;
  if (mail.precedence) return `Precedence: ${mail.precedence}`;
  if (mail.from && own.includes(mail.from)) return 'our own mail';
  if (!mail.from) return 'no readable From address';
  // `From: Cron Daemon <root>`: a local job's mail passed on by an MTA; no reply can reach it.
  if (!isAnswerableAddress(mail.from)) return `the From address "${mail.from}" has no domain, so it cannot be answered`;
  return undefined;
}

/**
 * The open games a message may be for: those whose address it names (a game's own address, or a
 * Coalition game's PM or battle address), and those its subject tags (one indexed query).
 */
export async function candidateGames(db: Db, mail: Pick<InboundMail, 'to' | 'cc' | 'subject'>): Promise<Game[]> {
  const addresses = [...mail.to, ...mail.cc].map((a) => a.toLowerCase());
  const tags = subjectTags(mail.subject);
  if (addresses.length === 0 && tags.length === 0) return [];
  // One statement (issue 29): a Coalition game's PM and battle addresses are looked up in a subquery.
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .where('status', '<>', 'finished')
    .where((eb) => eb.or([
      ...(addresses.length ? [
        eb(sql<string>`lower(address)`, 'in', addresses),
        eb('id', 'in', eb.selectFrom('coalition_games').select('game_id').where((c) => c.or([c(c.fn('lower', ['pm_address']), 'in', addresses), c(c.fn('lower', ['battle_address']), 'in', addresses)]))),
      ] : []),
      ...(tags.length ? [eb('id', 'in', tags)] : []),
    ]))
    .execute();
  return rows.map(gameFromRow);
}

/** Every address of `games` the intake matches To and Cc against: each game's own, and a Coalition game's PM and battle addresses. */
export async function gameAddressList(db: Db, games: readonly Game[]): Promise<GameCandidate[]> {
  const list: GameCandidate[] = games.map((g) => ({ id: g.id, address: g.address }));
  const coalition = games.filter((g) => g.kind === 'coalition').map((g) => g.id);
  if (coalition.length > 0) {
    const rows = await db.selectFrom('coalition_games').select(['game_id', 'pm_address', 'battle_address']).where('game_id', 'in', coalition).execute();
    for (const r of rows) list.push({ id: r.game_id, address: r.pm_address }, { id: r.game_id, address: r.battle_address });
  }
  return list;
}

/** A stored message on its way to its decision. */
export interface StoredMessage extends IncomingMessage {
  readonly inboundId: number;
  /** The Message-ID header as stored (with its angle brackets), if any. */
  readonly messageId?: string | undefined;
}

/** An instant in GMT to the second, as receipts show it (D.VII(1)). */
export function gmtSeconds(at: Date): string {
  return `${DateTime.fromJSDate(at, { zone: 'utc' }).toFormat('cccc d LLLL yyyy, HH:mm:ss')} GMT`;
}

/**
 * Telling the GM that a player's mail bounced (issue 27): results, NMR notices, acknowledgements,
 * anything the judge sent a person of a game. The notice is queued in the transaction that records
 * the bounce, and its send job starts at once, so the GM has it within seconds of the report. Never
 * a loop: no notice for mail to the GM (that mail is what bounced), nor for a bounced notice.
 */
import { findGame } from '../db/games.js';
import { findPerson } from '../db/people.js';
import { findCurrentPositions } from '../db/positions.js';
import { countBounces } from '../db/mail-bounces.js';
import { outboxKey, type OutboxMail } from '../db/outbox.js';
import type { Db } from '../db/schema.js';
import { gameView, queueMail } from '../mail/outbound/queue-mail.js';
import { BOUNCE_FLAG_COUNT, BOUNCE_FLAG_WINDOW_DAYS } from '../rules/limits.js';
import { formatGmt } from '../diplomacy/calendar/index.js';

/** What a mail was, in the GM's words, by its template. */
const WHAT: Readonly<Record<string, string>> = {
  'adjudication-report': 'results',
  'nmr-notice': 'NMR notice',
  'nmr-withheld': 'NMR notice',
  'orders-received': 'acknowledgement of orders',
  'orders-refused': 'refusal notice',
  'reminder': 'deadline reminder',
  'game-start': 'game start notice',
  'deadline-changed': 'deadline change notice',
};

export interface BounceFacts {
  readonly outbox: OutboxMail;
  readonly recipient: string;
  readonly diagnostic: string;
  readonly at: Date;
  readonly source: 'report' | 'smtp';
  readonly inboundId?: number;
  readonly reporter?: string;
}

/** Queue the GM's notice of `b` (in `trx`); returns whether one was queued. */
export async function noticeBounce(trx: Db, fromAddress: string, b: BounceFacts): Promise<boolean> {
  const gameId = b.outbox.gameId;
  if (!gameId || b.outbox.kind === 'mail-bounced') return false;
  const game = await findGame(trx, gameId);
  if (!game) return false;
  const gm = await findPerson(trx, game.gmPersonId);
  if (!gm || gm.email.toLowerCase() === b.recipient.toLowerCase()) return false;
  const positions = await findCurrentPositions(trx, game.id);
  const holders = await Promise.all(positions.map(async (p) => ({ power: p.power as string, person: await findPerson(trx, p.personId) })));
  const held = holders.filter((h) => h.person?.email.toLowerCase() === b.recipient.toLowerCase());
  const who = held.length > 0 ? `${held.map((h) => h.power).join('/')} (${held[0]!.person!.name})` : b.recipient;
  const count = await countBounces(trx, b.recipient, new Date(b.at.getTime() - BOUNCE_FLAG_WINDOW_DAYS * 86_400_000));
  // Not a game row (game_id null): a delivery event, not a decision of the game, so `mailjudge
  // reproduce` (which compares a game's mail with its replay, and sends nothing) is unaffected.
  await queueMail(trx, fromAddress, {
    dedupeKey: outboxKey('bounced', b.outbox.id),
    gameId: null,
    template: 'mail-bounced',
    to: gm.email,
    headers: { 'Auto-Submitted': 'auto-generated' },
    context: {
      game: gameView(game), who, to: b.recipient, what: WHAT[b.outbox.kind] ?? 'mail', subject: b.outbox.subject,
      queuedAt: formatGmt(b.outbox.createdAt), diagnostic: b.diagnostic, reportedAt: formatGmt(b.at), report: b.source === 'report',
      ...(b.reporter ? { reporter: b.reporter } : {}), ...(b.inboundId !== undefined ? { inboundId: b.inboundId } : {}),
      flagged: count >= BOUNCE_FLAG_COUNT, count, windowDays: BOUNCE_FLAG_WINDOW_DAYS,
    },
  });
  return true;
}

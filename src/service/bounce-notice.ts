/**
 * Telling people that a mail bounced (issue 27): results, NMR notices, acknowledgements, anything
 * the judge sent a person of a game.
 *
 * - The GM is told: the notice is queued in the transaction that records the bounce, and its send
 *   job starts at once, so the GM has it within seconds of the report.
 * - The person whose mail bounced is told at their other registered address (people.alternate_email,
 *   sql/0029) when they have one: what bounced, from which game and phase, the diagnostic, what to
 *   do. Never at the address that bounced.
 * - Never a loop: no notice for mail to the GM about the GM's own mail (that mail is what bounced),
 *   none for a bounced GM notice; and when the notice at the other address bounces too, the GM is
 *   told and nothing more is sent.
 */
import { findGame } from '../db/games.js';
import { findPerson, findPersonByEmail } from '../db/people.js';
import { findCurrentPositions } from '../db/positions.js';
import { countBounces } from '../db/mail-bounces.js';
import { findOutboxMail, outboxKey, type OutboxMail } from '../db/outbox.js';
import type { Db } from '../db/schema.js';
import { gameView, queueMail } from '../mail/outbound/queue-mail.js';
import { BOUNCE_FLAG_COUNT, BOUNCE_FLAG_WINDOW_DAYS } from '../rules/limits.js';
import { formatGmt } from '../diplomacy/calendar/index.js';

/** The template (and outbox kind) of the notice at a person's other address. */
export const ALTERNATE_NOTICE = 'bounce-alternate';

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
  [ALTERNATE_NOTICE]: 'bounce notice at the other address',
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

/** The dedupe key of the notice at the other address for bounced outbox row `outboxId`. Pure. */
export function alternateNoticeKey(outboxId: number): string {
  return outboxKey('bounced-alternate', outboxId);
}

/** The outbox row a notice at the other address was about, from its dedupe key. Pure. */
export function alternateNoticeOf(dedupeKey: string): number | undefined {
  const m = /^bounced-alternate:(\d+)$/.exec(dedupeKey);
  return m ? Number(m[1]) : undefined;
}

/** The phase a mail is about (`S1901M`), from its subject or dedupe key; `undefined` when none. Pure. */
export function phaseOfMail(mail: Pick<OutboxMail, 'subject' | 'dedupeKey'>): string | undefined {
  const m = /\b([SF]\d{4}[MR]|W\d{4}A)\b/i.exec(mail.subject) ?? /(?:^|:)([sf]\d{4}[mr]|w\d{4}a)(?::|$)/i.exec(mail.dedupeKey);
  return m?.[1]!.toUpperCase();
}

/** Queue the notices of bounce `b` (in `trx`); returns whether any was queued. */
export async function noticeBounce(trx: Db, fromAddress: string, b: BounceFacts): Promise<boolean> {
  if (b.outbox.kind === 'mail-bounced') return false;
  // The notice at the other address bounced too: the GM is told about the mail it was about, and
  // nothing more goes to the person (no loop).
  const aboutId = b.outbox.kind === ALTERNATE_NOTICE ? alternateNoticeOf(b.outbox.dedupeKey) : undefined;
  const original = aboutId !== undefined ? await findOutboxMail(trx, aboutId) : b.outbox;
  if (!original) return false;
  const secondBounce = original !== b.outbox;
  const gameId = original.gameId;
  if (!gameId) return false;
  const game = await findGame(trx, gameId);
  if (!game) return false;
  const gm = await findPerson(trx, game.gmPersonId);
  if (!gm) return false;
  // The person the first mail was for (addresses are unique per person, case-insensitively).
  const person = await findPersonByEmail(trx, original.to);
  const held = person ? (await findCurrentPositions(trx, game.id)).filter((p) => p.personId === person.id).map((p) => p.power as string) : [];
  const who = held.length > 0 ? `${held.join('/')} (${person!.name})` : b.recipient;
  const at = formatGmt(b.at);
  const how = { diagnostic: b.diagnostic, reportedAt: at, report: b.source === 'report', ...(b.reporter ? { reporter: b.reporter } : {}), ...(b.inboundId !== undefined ? { inboundId: b.inboundId } : {}) };
  const gmTold = gm.email.toLowerCase() !== b.recipient.toLowerCase();

  // The person, at their other registered address: never the address that bounced, never twice
  // for one bounced mail (the dedupe key), never about a notice of this kind (secondBounce).
  const alternate = !secondBounce && person?.alternateEmail && person.alternateEmail.toLowerCase() !== b.recipient.toLowerCase() ? person.alternateEmail : undefined;
  if (alternate) {
    const phase = phaseOfMail(original);
    // Not a game row (game_id null), as the GM's notice: a delivery event, not a decision of the game.
    await queueMail(trx, fromAddress, {
      dedupeKey: alternateNoticeKey(original.id),
      gameId: null,
      template: ALTERNATE_NOTICE,
      to: alternate,
      headers: { 'Auto-Submitted': 'auto-generated' },
      context: {
        game: gameView(game), name: person!.name, to: b.recipient, alternate, powers: held.join('/'), what: WHAT[original.kind] ?? 'mail',
        subject: original.subject, queuedAt: formatGmt(original.createdAt), ...(phase ? { phase } : {}), gm: { name: gm.name, email: gm.email }, gmTold, isGm: person!.id === gm.id, ...how,
      },
    });
  }
  if (!gmTold) return alternate !== undefined;
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
      queuedAt: formatGmt(b.outbox.createdAt), ...how,
      flagged: count >= BOUNCE_FLAG_COUNT, count, windowDays: BOUNCE_FLAG_WINDOW_DAYS,
      ...(alternate ? { alternate } : {}),
      ...(secondBounce ? { secondBounce: { to: original.to, what: WHAT[original.kind] ?? 'mail', subject: original.subject } } : {}),
    },
  });
  return true;
}

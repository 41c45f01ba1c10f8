/**
 * The TD's order-confirmation mailbox (D.VII(7)): players Cc it, and every copy is answered within
 * seconds with the receipt time in GMT, the SHA-256 of the raw message, the orders found in it, and
 * whether the game's address was in To or Cc (without which the copy does not count). The archive
 * (inbound_messages, inbound_decisions, the audit chain) is read by the TD with `mailjudge audit`.
 *
 * D.VII(1): when this copy names the game's address, is on time, and the game's own copy of the same
 * message was refused as late because it reached the game mailbox after the deadline, the game copy's
 * orders are accepted now, timed by this copy.
 */
import { lockGame, type Game } from '../../db/games.js';
import { unknownSenderAnswered } from '../../db/inbound-decisions.js';
import { findInboundMessage } from '../../db/inbound-messages.js';
import { insertOrderSet } from '../../db/order-sets.js';
import { afterOrderSet } from '../diplomacy/after-order-set.js';
import type { Person } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import { actingPositionOf, findCurrentPositions } from '../../db/positions.js';
import type { Db, Trx } from '../../db/schema.js';
import { appendAudit } from '../../db/audit-log.js';
import { RULE_PROFILES, type Power, type ProvinceId } from '../../diplomacy/index.js';
import { findPlayerAbbreviations } from '../../db/player-abbreviations.js';
import { formatAsUnderstood, parseOrderSheet } from '../../diplomacy/sheet/index.js';
import { gameFromAddresses, isOnTime } from '../../rules/submission/index.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import { parseMessage, type InboundMail } from '../../mail/inbound/parse-message.js';
import { candidateGames, gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';

async function actingPower(db: Db, game: Game, person: Person | undefined): Promise<Power | undefined> {
  if (!person) return undefined;
  return actingPositionOf(await findCurrentPositions(db, game.id), person.id)?.power;
}

export async function receiveConfirmCopy(
  db: Db,
  ctx: ReplyContext & { confirmAddress: string },
  rec: Received,
  mail: InboundMail,
  person: Person | undefined,
): Promise<ReceiveOutcome> {
  const from = mail.from!;
  const candidates = await candidateGames(db, mail);
  const match = gameFromAddresses([...mail.to, ...mail.cc], mail.subject, candidates);
  const game = candidates.find((g) => g.id === match.gameId);
  const addressed = Boolean(game && match.gameId && match.addressed);
  const power = game ? await actingPower(db, game, person) : undefined;
  const phase = game ? await findPhase(db, game.id, game.currentPhase) : undefined;
  const text = stripSecretLines(mail.text);
  const abbreviations = game && person ? await findPlayerAbbreviations(db, game.id, person.id) : undefined;
  const orders = game && power && phase
    ? parseOrderSheet(text, { state: phase.stateBefore, power, subject: mail.subject, rules: RULE_PROFILES[game.ruleProfile], ...(abbreviations ? { playerAbbreviations: abbreviations as ReadonlyMap<string, ProvinceId> } : {}) }).orders.map((o) => o.text)
    : [];
  const answer = (person !== undefined || !(await unknownSenderAnswered(db, from))) && (await mayReply(db, ctx, from));

  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    // The game's lock before the audit chain's (decide): the order every transaction takes them in.
    if (addressed && game && person && power) await acceptLateGameCopy(trx, ctx, rec, person, game, power);
    if (answer) {
      await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'confirmation-receipt', {
        receivedAt: gmtSeconds(rec.receivedAt), sha256: rec.sha256, messageId: rec.messageId ?? '(none)', subject: mail.subject || '(no subject)',
        game: game ? gameView(game) : undefined, addressed, power, orders, confirmAddress: ctx.confirmAddress,
      }, { key: 'confirm', gameId: game?.id ?? null, from: ctx.confirmAddress });
    }
    await decide(trx, rec, {
      outcome: 'confirmed', fromAddress: from, gameId: game?.id ?? null, phase: phase?.name ?? null, power: power ?? null, personId: person?.id ?? null,
      reason: addressed ? 'game address in To or Cc' : game ? `game address ${game.address} not in To or Cc: this copy does not count (D.VII(7))` : 'no game address in To or Cc',
      identity: { gameAddresses: addressed && game ? [game.address] : [] },
      // An unregistered address is answered once, ever (reason 'unregistered' is what the guard reads).
      ...(person ? {} : { reason: 'unregistered' }),
      replied: answer,
    });
    return { kind: 'confirmed', inboundId: rec.inboundId, gameId: game?.id ?? null, addressed };
  });
}

/** D.VII(1): the game copy refused as late is accepted when this earlier confirmation copy was on time. */
async function acceptLateGameCopy(trx: Trx, ctx: ReplyContext, rec: Received, person: Person, game: Game, power: Power): Promise<void> {
  if (!rec.messageId) return;
  const locked = (await lockGame(trx, game.id))!;
  const phase = await findPhase(trx, locked.id, locked.currentPhase);
  if (locked.status !== 'active' || !phase || phase.adjudicatedAt || !isOnTime(rec.receivedAt, phase.deadline)) return;
  const late = await trx
    .selectFrom('inbound_decisions as d')
    .innerJoin('inbound_messages as m', 'm.id', 'd.inbound_message_id')
    .select(['m.id', 'm.received_at'])
    .where('m.message_id', '=', rec.messageId)
    .where('d.role', '=', 'game')
    .where('d.outcome', '=', 'late')
    .where('d.game_id', '=', locked.id)
    .where('d.phase', '=', phase.name)
    .where('d.from_address', '=', person.email.toLowerCase())
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
  if (!late || late.received_at.getTime() <= rec.receivedAt.getTime()) return;
  const stored = await findInboundMessage(trx, late.id);
  const parsed = stored && (await parseMessage(stored.raw));
  if (!parsed?.ok) return;
  const mail = parsed.mail;
  const abbreviations = await findPlayerAbbreviations(trx, locked.id, person.id);
  const sheet = parseOrderSheet(stripSecretLines(mail.text), {
    state: phase.stateBefore, power, subject: mail.subject, rules: RULE_PROFILES[locked.ruleProfile],
    ...(abbreviations ? { playerAbbreviations: abbreviations as ReadonlyMap<string, ProvinceId> } : {}),
  });
  if (!sheet.isSet) return; // D.III(3): a message that is no set replaces nothing, on time or not
  const set = await insertOrderSet(trx, {
    gameId: locked.id, phase: phase.name, power, personId: person.id, inboundMessageId: late.id, receivedAt: rec.receivedAt,
    final: sheet.final, sheet, orders: sheet.orders.map((o) => o.text),
  });
  // What the set makes due, in its own transaction as for any accepted set (sql/0037: a set no longer
  // sends the game to the calendar tick): a withheld 1901 phase whose missing orders are now in is
  // adjudicated at once (D.VII(6)(b)); a round-1 captain standing in who orders becomes the player (B.8(c)).
  await afterOrderSet(trx, { gameId: locked.id, now: rec.now, fromAddress: ctx.fromAddress, known: { game: locked, phase } });
  await queueReply(trx, ctx, { inboundId: late.id, mail }, 'orders-received', {
    game: gameView(locked), power, phaseName: phase.name, final: sheet.final, receivedAt: gmtSeconds(late.received_at),
    countedFrom: gmtSeconds(rec.receivedAt), understood: formatAsUnderstood(sheet, power, phase.name), deadline: formatDeadline(phase.deadline, person.timeZone),
  }, { key: 'ack-confirmed', gameId: locked.id, to: person.email });
  await appendAudit(trx, {
    gameId: locked.id, actor: 'ingest', action: 'orders.accept-by-confirmation',
    detail: { inboundId: late.id, confirmationInboundId: rec.inboundId, orderSetId: set.id, power, countedAt: rec.receivedAt.toISOString(), rule: 'D.VII(1)' },
  });
}

/**
 * A message that failed the identity check (D.X(6); issue 25): refused, whoever it claims to come
 * from — a player, the GM, a TD, a Coalition judge — and nothing in it is carried out.
 *
 * - The refusal goes to the registered address it claims (the real holder learns of a forgery; a
 *   forger learns nothing), out of that address's `identity` reply budget
 *   (MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR), never its own: forgeries cost the real person none
 *   of their acknowledgements.
 * - The people who answer for the claimed role are alarmed, as the game's kind names them
 *   (src/service/game-kind.ts `claimed`): for a Diplomacy player, the GM; for a Coalition player, the
 *   Movement Judge and the Battle Judge (1.3, 1.6) — where the failure points at impersonation: a
 *   wrong secret, a DMARC failure, an ambiguous From; for the GM, the tournament's TDs (Coalition:
 *   the other judges), for every failure, since a GM command is never sent without the GM's secret
 *   by mistake for long; for a TD or a judge, the GM and the other TDs or judges. Each alarm is
 *   audited (`identity.alarm`).
 * - Past the budget the forgeries are recorded unanswered, and the GM (for a GM, the TDs and the GM)
 *   is told once of the burst (`forgery-burst`), not once per forgery.
 */
import { sql } from 'kysely';
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import type { IdentityDecision } from '../../mail/inbound/identity.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR } from '../../rules/limits.js';
import { RATE_LIMIT_WINDOW_MS } from '../../rules/submission/index.js';
import { kindOf } from '../game-kinds.js';

/** What the claimed address is to the game (each kind says: src/service/game-kind.ts). */
export type { ClaimedRole } from '../game-kind.js';

/** The identity refusals recorded for `address` in the hour before `now`, and whether a burst alert went out among them. */
async function recentRefusals(db: Db, address: string, now: Date): Promise<{ count: number; first: Date | undefined; burstAlerted: boolean }> {
  const rows = await db
    .selectFrom('inbound_decisions')
    .select(['decided_at', 'identity'])
    .where(sql<string>`lower(from_address)`, '=', address.toLowerCase())
    .where('reason', 'like', 'identity:%')
    .where('decided_at', '>', new Date(now.getTime() - RATE_LIMIT_WINDOW_MS))
    .orderBy('decided_at')
    .execute();
  return {
    count: rows.length,
    first: rows[0]?.decided_at,
    burstAlerted: rows.some((r) => (r.identity as Record<string, unknown> | null)?.burstAlert === true),
  };
}

export async function refuseIdentity(
  db: Db,
  ctx: ReplyContext,
  rec: Received,
  mail: InboundMail,
  person: Person,
  game: Game,
  identity: Extract<IdentityDecision, { ok: false }>,
  evidence: Record<string, unknown>,
): Promise<ReceiveOutcome> {
  // Who the claimed address is and who answers for it are the game kind's (Diplomacy: D.X(6); Coalition: 1.3, 1.6).
  const { role, who, authorities, playerRemedy, auditHint } = await kindOf(game).views.claimed(db, game, person);
  // A player who forgot the secret is not an impersonation; a GM, TD or judge command that fails is always alarmed.
  const impersonation = role !== 'player' || identity.code === 'dmarc-fail' || identity.code === 'from-mismatch' || identity.code === 'secret-wrong';
  const answer = await mayReply(db, ctx, person.email, 'identity');
  const recent = answer ? undefined : await recentRefusals(db, person.email, ctx.now);
  // The first refusal past the budget in this hour tells of the burst, once.
  const burst = recent !== undefined && !recent.burstAlerted;
  const alerted = authorities.map((a) => `${a.name} <${a.email}>`);
  await db.transaction().execute(async (trx) => {
    if (answer) {
      if (role === 'player') {
        await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'orders-refused', {
          game: gameView(game), subjectNote: 'not accepted: sender not verified', receivedAt: gmtSeconds(rec.receivedAt), reason: identity.reason,
          remedy: playerRemedy(impersonation && authorities.length > 0),
        }, { key: 'identity', gameId: game.id, to: person.email });
      } else {
        await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'identity-refused', {
          game: gameView(game), who, receivedAt: gmtSeconds(rec.receivedAt), reason: identity.reason, subject: mail.subject, alerted,
        }, { key: 'identity', gameId: game.id, to: person.email });
      }
      if (impersonation) {
        for (const a of authorities) {
          await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'impersonation-alert', {
            game: gameView(game), claimed: person.email, claimedWho: who, commands: role !== 'player', receivedAt: gmtSeconds(rec.receivedAt), reason: identity.reason, inboundId: rec.inboundId, header: String(evidence.header ?? '(no Authentication-Results)'), auditHint,
          }, { key: `alert-${a.id}`, gameId: game.id, to: a.email });
        }
        if (authorities.length > 0) {
          await appendAudit(trx, { gameId: game.id, actor: 'ingest', action: 'identity.alarm', detail: { inboundId: rec.inboundId, claimed: person.email, role, code: identity.code, alerted: authorities.map((a) => a.email) } });
        }
      }
    } else if (burst) {
      const tell = role === 'player' ? authorities : [person, ...authorities];
      for (const a of tell) {
        await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'forgery-burst', {
          game: gameView(game), claimed: person.email, claimedWho: who, count: recent.count + 1, since: gmtSeconds(recent.first ?? rec.receivedAt), latest: gmtSeconds(rec.receivedAt),
          answered: MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR, toClaimed: a.id === person.id, auditHint,
        }, { key: `burst-${a.id}`, gameId: game.id, to: a.email });
      }
      await appendAudit(trx, { gameId: game.id, actor: 'ingest', action: 'identity.burst', detail: { inboundId: rec.inboundId, claimed: person.email, role, refusedInTheHour: recent.count + 1, alerted: tell.map((a) => a.email) } });
    }
    await decide(trx, rec, {
      outcome: 'refused', reason: `identity: ${identity.code}`, fromAddress: person.email, gameId: game.id, personId: person.id,
      identity: { ...evidence, claimedRole: role, ...(burst ? { burstAlert: true } : {}) }, replied: answer, replyBudget: 'identity',
    });
  });
  return { kind: 'refused', inboundId: rec.inboundId, reason: `identity: ${identity.code}` };
}

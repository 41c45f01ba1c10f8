/**
 * Quarantine: the decision on a stored message the judge does not read (issue 20) — one over
 * MAX_MESSAGE_BYTES, one mailparser cannot parse, one whose handling failed in a way that would
 * fail again with the same bytes (a constraint, a bug), or one still undecided after
 * MAX_DECIDE_ATTEMPTS failures of the environment. The raw message stays stored; the decision
 * records why, so `mailjudge quarantine` shows it to the operator, `mailjudge audit` to the TD, and
 * the GM's digest to the GM when it came from a registered player of that game.
 *
 * The sender is read from the header block alone (header-summary.ts). A registered person is told
 * the message was not read and what to send instead, unless answering is unsafe (a bounce, an
 * auto-reply, a list: loopRisk) or the copy came to the confirmation mailbox (the game copy
 * answers). Nobody else is answered: an unread message from a stranger gets no backscatter.
 */
import { findPersonByEmail, type Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { isTransientFailure } from '../../db/transient-error.js';
import { MAX_RECORDED_ERROR_CHARS } from '../../rules/limits.js';
import { gameView } from '../outbound/queue-mail.js';
import { decide, type Received } from './decide.js';
import { isDecisionConflict } from './decision-owner.js';
import { summarizeHeaders, type HeaderSummary } from './header-summary.js';
import { candidateGames, gmtSeconds, loopRisk, type ReceiveOutcome } from './intake.js';
import { mayReply, queueReply, type ReplyContext } from './reply.js';
import { storableText } from './storable-text.js';
import type { Game } from '../../db/games.js';
import type { Power } from '../../diplomacy/index.js';

/** What the sender is told, when the sender is a registered person and may be answered. */
export interface QuarantineNotice {
  /** The end of the subject line: `too large`. */
  readonly subjectNote: string;
  readonly reason: string;
  readonly remedy: string;
}

export interface QuarantineContext extends ReplyContext {
  /** The judge's own addresses (never answered). */
  readonly ownAddresses: readonly string[];
  /**
   * What `person` is in `game` (a power's player, the GM; a Coalition player or judge), as the game's
   * kind says (src/service/game-kind.ts `member`); `undefined`: nothing. `power` is recorded with the
   * decision (`mailjudge audit --power`).
   */
  readonly memberOf: (db: Db, game: Game, person: Person) => Promise<{ readonly power?: Power } | undefined>;
}

/** Who sent it and for which game, as far as the headers and the registry tell. */
interface Attribution {
  readonly headers: HeaderSummary;
  readonly person?: Person;
  /** A game the person plays in (or runs) whose address the message names. */
  readonly game?: Game;
  /** The power the person holds in that game, if any (`mailjudge audit --power`). */
  readonly power?: Power;
  /** The person was found by the SMTP envelope's MAIL FROM, the From header naming nobody readable. */
  readonly byEnvelope?: string;
}

async function attribute(db: Db, ctx: QuarantineContext, raw: Buffer, envelopeFrom?: string): Promise<Attribution> {
  let headers: HeaderSummary;
  try {
    headers = summarizeHeaders(raw);
  } catch {
    return { headers: { to: [], cc: [], subject: '', isBounce: false } };
  }
  try {
    const byEnvelope = !headers.from && envelopeFrom ? envelopeFrom.toLowerCase() : undefined;
    const address = headers.from ?? byEnvelope;
    const person = address ? await findPersonByEmail(db, address) : undefined;
    if (!person) return { headers };
    const env = byEnvelope ? { byEnvelope } : {};
    for (const game of await candidateGames(db, headers)) {
      const member = await ctx.memberOf(db, game, person);
      if (member) return { headers, person, game, ...(member.power ? { power: member.power } : {}), ...env };
    }
    return { headers, person, ...env };
  } catch (e) {
    if (isTransientFailure(e)) throw e;
    return { headers }; // the registry could not be read for it: record it unattributed
  }
}

/** The player's view of why: never the judge's internal error text. */
export const UNREADABLE_NOTICE: QuarantineNotice = {
  subjectNote: 'could not be processed',
  reason: 'the judge could not process it (the message is kept, and the operator can see why)',
  remedy: 'send your orders again as plain text in the body of a new message, with no attachments; a set you sent before, if any, stands',
};

/**
 * Record message `rec` as quarantined with `reason`, telling its sender `notice` where that is
 * safe. Returns the outcome, or a duplicate when another process decided the message meanwhile.
 * Throws only failures of the environment.
 */
export async function quarantine(db: Db, ctx: QuarantineContext, rec: Received, raw: Buffer, reason: string, notice: QuarantineNotice | undefined, options: { envelopeFrom?: string | undefined } = {}): Promise<ReceiveOutcome> {
  const { headers, person, game, power, byEnvelope } = await attribute(db, ctx, raw, options.envelopeFrom);
  // Issue 25: attributed by the SMTP envelope (the From header naming nobody readable): said in the reason.
  const recorded = storableText(byEnvelope ? `${reason}; the SMTP envelope names ${byEnvelope}${power ? ` (${power})` : ''}` : reason).slice(0, MAX_RECORDED_ERROR_CHARS);
  const base = { outcome: 'quarantined' as const, reason: recorded, fromAddress: headers.from ?? byEnvelope ?? null, gameId: game?.id ?? null, personId: person?.id ?? null, power: power ?? null };
  try {
    const safe = notice && person && rec.role === 'game' && !loopRisk(headers, ctx.ownAddresses) && (await mayReply(db, ctx, person.email));
    if (safe) {
      try {
        await db.transaction().execute(async (trx) => {
          await queueReply(trx, ctx, { inboundId: rec.inboundId, mail: headers }, 'message-not-read', {
            ...(game ? { game: gameView(game) } : {}), judge: ctx.fromAddress, receivedAt: gmtSeconds(rec.receivedAt), size: raw.length,
            subjectNote: notice.subjectNote, reason: notice.reason, remedy: notice.remedy,
          }, { key: 'not-read', gameId: game?.id ?? null, to: person.email });
          await decide(trx, rec, { ...base, replied: true });
        });
        return { kind: 'quarantined', inboundId: rec.inboundId, reason: recorded };
      } catch (e) {
        if (isDecisionConflict(e)) throw e;
        // The answer itself failed (it may be what failed before): record the decision without it.
        // Should the database be down, recording fails too and that failure is thrown.
      }
    }
    await decide(db, rec, { ...base, replied: false });
    return { kind: 'quarantined', inboundId: rec.inboundId, reason: recorded };
  } catch (e) {
    if (isDecisionConflict(e)) return { kind: 'duplicate', inboundId: rec.inboundId };
    throw e;
  }
}

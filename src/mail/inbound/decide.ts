/**
 * The judge's decision on one inbound message, recorded twice in one transaction: the
 * inbound_decisions row (queried by the TD's audit, the rate limit and the GM's digest) and an
 * audit-log entry carrying the raw message's SHA-256, so the hash chain vouches for the evidence.
 */
import { appendAudit } from '../../db/audit-log.js';
import { decisionInsert, type NewDecision } from '../../db/inbound-decisions.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { Db, InboundRole, Trx } from '../../db/schema.js';

/** A stored message on its way through the pipeline. */
export interface Received {
  readonly inboundId: number;
  readonly role: InboundRole;
  /** The trusted receipt time of this copy. */
  readonly receivedAt: Date;
  /** SHA-256 of the raw bytes, hex. */
  readonly sha256: string;
  /** The Message-ID header as stored (with its angle brackets), if any. */
  readonly messageId: string | undefined;
  /** When the judge decides. */
  readonly now: Date;
  /**
   * The judge's clock, when no fixed instant was given: a decision that takes the game's lock reads
   * its instant again under it, so one that waited for an adjudication is recorded after it.
   */
  readonly clock?: () => Date;
  /** What was removed or replaced to make the message's text storable, once it is parsed (issue 16). */
  readonly textCleaned?: string;
  /** Issue 25: the message is automatic (automatic-mail.ts): its answers come out of the `automatic` budget. */
  readonly automatic?: boolean;
}

export type DecisionInput = Omit<NewDecision, 'inboundMessageId' | 'role' | 'decidedAt' | 'textCleaned'>;

async function record(trx: Trx, rec: Received, d: DecisionInput): Promise<void> {
  // The decision's row is written in the audit lock's statement (issue 29): one round trip fewer.
  const row = decisionInsert(trx, { ...d, inboundMessageId: rec.inboundId, role: rec.role, decidedAt: rec.now, textCleaned: rec.textCleaned ?? null, replyBudget: d.replyBudget ?? (rec.automatic ? 'automatic' : 'own') });
  await appendAudit(trx, {
    gameId: d.gameId ?? null,
    actor: 'ingest',
    action: `mail.${d.outcome}`,
    detail: {
      inboundId: rec.inboundId, role: rec.role, sha256: rec.sha256, receivedAt: rec.receivedAt.toISOString(),
      from: d.fromAddress ?? null, phase: d.phase ?? null, power: d.power ?? null, reason: d.reason ?? null, replied: d.replied,
      ...(d.identity && Object.keys(d.identity).length > 0 ? { identity: d.identity } : {}),
      ...(rec.textCleaned ? { textCleaned: rec.textCleaned } : {}),
    },
  }, { alongside: row });
}

/** Record the decision, in the caller's transaction when there is one. */
export async function decide(db: Db, rec: Received, d: DecisionInput): Promise<void> {
  await inTransaction(db, (trx) => record(trx, rec, d));
}

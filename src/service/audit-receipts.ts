/**
 * What every kind's `mailjudge audit` shares (D.VII(1), D.VII(7); Coalition 1.3): the receipts of a
 * subject's mail — through the game's addresses and the confirmation mailbox, and those from the
 * subject's addresses that were ignored, quarantined or refused before a game was known (issue 20) —
 * each with its receipt time in GMT to the second, the SHA-256 of the raw message, the evidence that
 * decided identity and what the judge decided; and the tamper evidence: the audit log's hash chain
 * verified end to end, each stored raw message re-hashed by the database and compared with the hash
 * the chain recorded when it arrived.
 */
import { sql } from 'kysely';
import { verifyAuditChain } from '../db/audit-log.js';
import type { Db } from '../db/schema.js';
import type { Power } from '../diplomacy/index.js';

export interface Receipt {
  inbound: number;
  mailbox: 'game' | 'confirm';
  source: string;
  receivedAt: string;
  sha256: string;
  rawIntact: boolean;
  chainRecorded: boolean;
  messageId: string | null;
  from: string | null;
  phase: string | null;
  outcome: string;
  reason: string | null;
  identity: unknown;
  /** What the kind took from this message (Diplomacy: its order sets, with the time each counts at, D.VII(1)). */
  sets: { set: number; phase: string; countsAt: string }[];
}

/** Whose receipts: in the game, those of `powers`, from `emails` or among `inboundIds`; anywhere, confirmation copies and game-less decisions from `emails`. */
export interface ReceiptFilter {
  readonly gameId: string;
  readonly emails: readonly string[];
  readonly powers?: readonly string[];
  readonly inboundIds?: readonly number[];
  /** Only this phase's decisions (and those with no phase). */
  readonly phase?: string;
}

/** An instant in GMT to the second, as the audit shows it. */
export const auditGmt = (d: Date): string => `${d.toISOString().slice(0, 19).replace('T', ' ')} GMT`;

export async function findReceipts(db: Db, f: ReceiptFilter): Promise<Receipt[]> {
  const emails = [...f.emails];
  const powers = [...(f.powers ?? [])];
  const ids = [...(f.inboundIds ?? [])];
  let q = db
    .selectFrom('inbound_decisions as d')
    .innerJoin('inbound_messages as m', 'm.id', 'd.inbound_message_id')
    .select([
      'm.id', 'm.source', 'm.received_at', 'm.sha256', 'm.message_id', 'd.role', 'd.from_address', 'd.phase', 'd.outcome', 'd.reason', 'd.identity',
      sql<boolean>`encode(sha256(m.raw), 'hex') = m.sha256`.as('raw_intact'),
      sql<boolean>`EXISTS (SELECT 1 FROM audit_log a WHERE a.action LIKE 'mail.%' AND (a.detail->>'inboundId')::bigint = m.id AND a.detail->>'sha256' = m.sha256)`.as('chain_recorded'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('d.game_id', '=', f.gameId), eb.or([
          ...(powers.length ? [eb('d.power', 'in', powers as Power[])] : []),
          ...(emails.length ? [eb('d.from_address', 'in', emails)] : []),
          ...(ids.length ? [eb('m.id', 'in', ids)] : []),
          ...(powers.length + emails.length + ids.length === 0 ? [sql<boolean>`false`] : []),
        ])]),
        ...(emails.length ? [eb.and([eb('d.role', '=', 'confirm'), eb('d.from_address', 'in', emails)])] : []),
        // Messages from the subject's address that no game was found for: ignored (an auto-reply, a
        // bounce), quarantined (too large, unreadable) or refused before a game was known.
        ...(emails.length ? [eb.and([eb('d.game_id', 'is', null), eb('d.from_address', 'in', emails)])] : []),
      ]),
    );
  if (f.phase) q = q.where((eb) => eb.or([eb('d.phase', '=', f.phase!), eb('d.phase', 'is', null)]));
  const rows = await q.orderBy('m.received_at').orderBy('m.id').execute();
  return rows.map((r) => ({
    inbound: r.id, mailbox: r.role, source: r.source, receivedAt: auditGmt(r.received_at), sha256: r.sha256, rawIntact: r.raw_intact, chainRecorded: r.chain_recorded,
    messageId: r.message_id, from: r.from_address, phase: r.phase, outcome: r.outcome, reason: r.reason, identity: r.identity, sets: [],
  }));
}

/** The receipts as the audit's text shows them; `extra` adds the kind's own lines under a receipt. */
export function receiptLines(receipts: readonly Receipt[], extra: (r: Receipt) => string[] = () => []): string[] {
  const lines: string[] = [`Receipts (${receipts.length}):`];
  for (const r of receipts) {
    const id = r.identity as { method?: string; code?: string; header?: string };
    lines.push(`  #${r.inbound}  ${r.receivedAt}  ${r.mailbox === 'confirm' ? 'CONFIRMATION MAILBOX' : 'game mailbox'} (${r.source})`);
    lines.push(`      from ${r.from ?? '?'}  ${r.messageId ?? '(no Message-ID)'}`);
    lines.push(`      sha256 ${r.sha256}${r.rawIntact && r.chainRecorded ? '' : '  << DOES NOT MATCH'}`);
    lines.push(`      ${r.outcome}${r.phase ? ` ${r.phase}` : ''}${r.reason ? `: ${r.reason}` : ''}`);
    for (const x of r.sets) lines.push(`      order set ${x.set} (${x.phase}), counted as received ${x.countsAt}${x.countsAt !== r.receivedAt ? ' (an earlier confirmation copy, D.VII(1))' : ''}`);
    lines.push(...extra(r));
    if (id.method || id.code) lines.push(`      identity: ${id.method ?? `refused (${id.code})`}`);
    if (id.header) lines.push(`      ${id.header.split('\n').join('\n      ')}`);
  }
  return lines;
}

export interface Integrity {
  readonly verified: boolean;
  readonly auditChain: string;
  readonly messagesNotMatchingTheChain: number[];
}

/** The hash chain checked end to end and each receipt's raw message against it. */
export async function checkIntegrity(db: Db, receipts: readonly Receipt[]): Promise<Integrity> {
  const chainBreak = await verifyAuditChain(db);
  const tampered = receipts.filter((r) => !r.rawIntact || !r.chainRecorded).map((r) => r.inbound);
  return { verified: chainBreak === null && tampered.length === 0, auditChain: chainBreak === null ? 'intact' : `broken at entry ${chainBreak}`, messagesNotMatchingTheChain: tampered };
}

/** The audit's last line. */
export function integrityLine(i: Integrity): string {
  return i.verified
    ? `Integrity: verified. The audit chain is intact and every message above hashes to the value recorded in it on arrival.`
    : `Integrity: NOT verified. Audit chain ${i.auditChain}; messages not matching the chain: ${i.messagesNotMatchingTheChain.join(', ') || 'none'}.`;
}

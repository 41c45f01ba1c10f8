/**
 * `mailjudge audit --game G --power P [--phase S1901M]`: the TD's view of a dispute (D.VII(1),
 * D.VII(7)). Every copy received from the power's players — through the game mailbox and the
 * confirmation mailbox, and those from their addresses that were ignored or quarantined before a
 * game was known (issue 20) — with its receipt time in GMT to the second, the SHA-256 of the raw message,
 * the header that decided identity and what the judge decided; then the order set that counts for
 * each phase. Tamper evidence: the audit log's hash chain is verified end to end, each stored raw
 * message is re-hashed by the database, and each hash must equal the one the chain recorded when the
 * message arrived.
 */
import { sql } from 'kysely';
import { verifyAuditChain } from '../../db/audit-log.js';
import { findGame } from '../../db/games.js';
import { findOrderSets } from '../../db/order-sets.js';
import { findPhases } from '../../db/phases.js';
import { findPositionHistory } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { POWERS, type Power } from '../../diplomacy/index.js';
import { effectiveOrders } from '../../diplomacy/effective-orders.js';
import { problems, type CommandResult } from '../../service/command-result.js';
import { judgeNow } from '../../config/clock.js';

export interface AuditOptions {
  readonly game: string;
  readonly power: string;
  readonly phase?: string;
}

interface Receipt {
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
  /** The order sets taken from this message, with the receipt time each counts at (D.VII(1)). */
  sets: { set: number; phase: string; countsAt: string }[];
}

const gmt = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} GMT`;

export async function runAudit(db: Db, o: AuditOptions): Promise<CommandResult> {
  const power = o.power.toUpperCase() as Power;
  const phaseFilter = o.phase?.toUpperCase();
  const bad: string[] = [];
  if (!POWERS.includes(power)) bad.push(`--power ${o.power}: one of ${POWERS.join(', ')}`);
  if (phaseFilter !== undefined && !/^[SF]\d{4}[MR]$|^W\d{4}A$/.test(phaseFilter)) bad.push(`--phase ${o.phase}: a phase name such as S1901M, F1901R, W1901A`);
  if (bad.length > 0) return problems(bad);
  const game = await findGame(db, o.game);
  if (!game) return problems([`no game "${o.game}"`]);

  const chainBreak = await verifyAuditChain(db);
  const holders = await findPositionHistory(db, game.id, power);
  const people = holders.length
    ? await db.selectFrom('people').select(['id', 'email', 'name']).where('id', 'in', holders.map((h) => h.personId)).execute()
    : [];
  const emails = people.map((p) => p.email.toLowerCase());

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
        eb.and([eb('d.game_id', '=', game.id), eb.or([eb('d.power', '=', power), ...(emails.length ? [eb('d.from_address', 'in', emails)] : [])])]),
        ...(emails.length ? [eb.and([eb('d.role', '=', 'confirm'), eb('d.from_address', 'in', emails)])] : []),
        // Messages from the player's address that no game was found for: ignored (an auto-reply, a
        // bounce), quarantined (too large, unreadable) or refused before a game was known.
        ...(emails.length ? [eb.and([eb('d.game_id', 'is', null), eb('d.from_address', 'in', emails)])] : []),
      ]),
    );
  if (phaseFilter) q = q.where((eb) => eb.or([eb('d.phase', '=', phaseFilter), eb('d.phase', 'is', null)]));
  const rows = await q.orderBy('m.received_at').orderBy('m.id').execute();
  const setRows = rows.length
    ? await db.selectFrom('order_sets').select(['id', 'phase', 'received_at', 'inbound_message_id']).where('game_id', '=', game.id).where('inbound_message_id', 'in', rows.map((r) => r.id)).orderBy('id').execute()
    : [];
  const receipts: Receipt[] = rows.map((r) => ({
    inbound: r.id, mailbox: r.role, source: r.source, receivedAt: gmt(r.received_at), sha256: r.sha256, rawIntact: r.raw_intact, chainRecorded: r.chain_recorded,
    messageId: r.message_id, from: r.from_address, phase: r.phase, outcome: r.outcome, reason: r.reason, identity: r.identity,
    sets: setRows.filter((s) => s.inbound_message_id === r.id).map((s) => ({ set: s.id, phase: s.phase, countsAt: gmt(s.received_at) })),
  }));

  const phases = (await findPhases(db, game.id)).filter((p) => !phaseFilter || p.name === phaseFilter);
  const counted = [];
  for (const p of phases) {
    const sets = await findOrderSets(db, game.id, p.name, { power });
    if (sets.length === 0 && !phaseFilter) continue;
    const chosen = effectiveOrders(sets.map((s) => ({ id: s.id, power: s.power, receivedAt: s.receivedAt, orders: s.orders })), [power], p.deadline, p.adjudicatedAt ?? judgeNow(), game.policies);
    const setId = chosen.setIds[power];
    const set = sets.find((s) => s.id === setId);
    counted.push({
      phase: p.name, deadline: gmt(p.deadline), adjudicated: p.adjudicatedAt ? gmt(p.adjudicatedAt) : null, sets: sets.length,
      counts: set ? { set: set.id, inbound: set.inboundMessageId, receivedAt: gmt(set.receivedAt), final: set.final, orders: chosen.written[power]?.map((w) => w.text) ?? [] } : null,
    });
  }
  const tampered = receipts.filter((r) => !r.rawIntact || !r.chainRecorded).map((r) => r.inbound);
  const verified = chainBreak === null && tampered.length === 0;
  const json = {
    game: game.id, power, phase: phaseFilter ?? null,
    players: holders.map((h) => ({ ...people.find((p) => p.id === h.personId), kind: h.kind, from: h.startedAt.toISOString(), until: h.endedAt?.toISOString() ?? null })),
    receipts, counted,
    integrity: { verified, auditChain: chainBreak === null ? 'intact' : `broken at entry ${chainBreak}`, messagesNotMatchingTheChain: tampered },
  };

  const lines: string[] = [];
  lines.push(`Audit of ${power} in ${game.id}${phaseFilter ? `, ${phaseFilter}` : ''} (times GMT, to the second)`);
  for (const h of json.players) lines.push(`  player: ${h.name} <${h.email}> (${h.kind}) since ${h.from.slice(0, 16).replace('T', ' ')}${h.until ? ` until ${h.until.slice(0, 16).replace('T', ' ')}` : ''}`);
  lines.push('');
  lines.push(`Receipts (${receipts.length}):`);
  for (const r of receipts) {
    const id = r.identity as { method?: string; code?: string; header?: string; gameAddresses?: string[] };
    lines.push(`  #${r.inbound}  ${r.receivedAt}  ${r.mailbox === 'confirm' ? 'CONFIRMATION MAILBOX' : 'game mailbox'} (${r.source})`);
    lines.push(`      from ${r.from ?? '?'}  ${r.messageId ?? '(no Message-ID)'}`);
    lines.push(`      sha256 ${r.sha256}${r.rawIntact && r.chainRecorded ? '' : '  << DOES NOT MATCH'}`);
    lines.push(`      ${r.outcome}${r.phase ? ` ${r.phase}` : ''}${r.reason ? `: ${r.reason}` : ''}`);
    for (const x of r.sets) lines.push(`      order set ${x.set} (${x.phase}), counted as received ${x.countsAt}${x.countsAt !== r.receivedAt ? ' (an earlier confirmation copy, D.VII(1))' : ''}`);
    if (id.method || id.code) lines.push(`      identity: ${id.method ?? `refused (${id.code})`}`);
    if (id.header) lines.push(`      ${id.header.split('\n').join('\n      ')}`);
  }
  lines.push('');
  for (const c of counted) {
    lines.push(`${c.phase} (deadline ${c.deadline}${c.adjudicated ? `, adjudicated ${c.adjudicated}` : ', open'}): ${c.sets} set(s)`);
    if (c.counts) {
      lines.push(`  counts: set ${c.counts.set} from message #${c.counts.inbound ?? '-'}, received ${c.counts.receivedAt}, ${c.counts.final ? 'FINAL' : 'preliminary'}`);
      for (const order of c.counts.orders) lines.push(`    ${order}`);
    } else lines.push('  counts: none (NMR: the units hold, D.VII(6))');
  }
  lines.push('');
  lines.push(verified
    ? `Integrity: verified. The audit chain is intact and every message above hashes to the value recorded in it on arrival.`
    : `Integrity: NOT verified. Audit chain ${json.integrity.auditChain}; messages not matching the chain: ${tampered.join(', ') || 'none'}.`);
  return { ok: true, text: lines.join('\n'), json };
}

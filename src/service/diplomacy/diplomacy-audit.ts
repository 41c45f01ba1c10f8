/**
 * `mailjudge audit --game G --power P [--phase S1901M]` of a Diplomacy game: the TD's view of a
 * dispute (D.VII(1), D.VII(7)). Every copy received from the power's players (audit-receipts.ts),
 * each with the order sets taken from it; then the order set that counts for each phase.
 */
import { findOrderSets } from '../../db/order-sets.js';
import type { Game } from '../../db/games.js';
import { findPhases } from '../../db/phases.js';
import { findPositionHistory } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { POWERS, type Power } from '../../diplomacy/index.js';
import { effectiveOrders } from '../../diplomacy/effective-orders.js';
import { auditGmt as gmt, checkIntegrity, findReceipts, integrityLine, receiptLines } from '../audit-receipts.js';
import { problems, type CommandResult } from '../command-result.js';
import type { AuditSubject } from '../game-kind.js';
import { judgeNow } from '../../config/clock.js';

export async function auditDiplomacy(db: Db, game: Game, subject: AuditSubject): Promise<CommandResult> {
  const bad: string[] = [];
  if (subject.by !== 'power') bad.push(`--${subject.by}: ${game.id} is a Diplomacy game, audited by power: --power <power>, one of ${POWERS.join(', ')}`);
  const power = subject.name.toUpperCase() as Power;
  const phaseFilter = subject.phase?.toUpperCase();
  if (subject.by === 'power' && !POWERS.includes(power)) bad.push(`--power ${subject.name}: one of ${POWERS.join(', ')}`);
  if (phaseFilter !== undefined && !/^[SF]\d{4}[MR]$|^W\d{4}A$/.test(phaseFilter)) bad.push(`--phase ${subject.phase}: a phase name such as S1901M, F1901R, W1901A`);
  if (bad.length > 0) return problems(bad);

  const holders = await findPositionHistory(db, game.id, power);
  const people = holders.length
    ? await db.selectFrom('people').select(['id', 'email', 'name']).where('id', 'in', holders.map((h) => h.personId)).execute()
    : [];
  const emails = people.map((p) => p.email.toLowerCase());
  const receipts = await findReceipts(db, { gameId: game.id, emails, powers: [power], ...(phaseFilter ? { phase: phaseFilter } : {}) });
  const setRows = receipts.length
    ? await db.selectFrom('order_sets').select(['id', 'phase', 'received_at', 'inbound_message_id']).where('game_id', '=', game.id).where('inbound_message_id', 'in', receipts.map((r) => r.inbound)).orderBy('id').execute()
    : [];
  for (const r of receipts) r.sets = setRows.filter((s) => s.inbound_message_id === r.inbound).map((s) => ({ set: s.id, phase: s.phase, countsAt: gmt(s.received_at) }));

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
  const integrity = await checkIntegrity(db, receipts);
  const json = {
    game: game.id, power, phase: phaseFilter ?? null,
    players: holders.map((h) => ({ ...people.find((p) => p.id === h.personId), kind: h.kind, from: h.startedAt.toISOString(), until: h.endedAt?.toISOString() ?? null })),
    receipts, counted, integrity,
  };

  const lines: string[] = [];
  lines.push(`Audit of ${power} in ${game.id}${phaseFilter ? `, ${phaseFilter}` : ''} (times GMT, to the second)`);
  for (const h of json.players) lines.push(`  player: ${h.name} <${h.email}> (${h.kind}) since ${h.from.slice(0, 16).replace('T', ' ')}${h.until ? ` until ${h.until.slice(0, 16).replace('T', ' ')}` : ''}`);
  lines.push('');
  lines.push(...receiptLines(receipts));
  lines.push('');
  for (const c of counted) {
    lines.push(`${c.phase} (deadline ${c.deadline}${c.adjudicated ? `, adjudicated ${c.adjudicated}` : ', open'}): ${c.sets} set(s)`);
    if (c.counts) {
      lines.push(`  counts: set ${c.counts.set} from message #${c.counts.inbound ?? '-'}, received ${c.counts.receivedAt}, ${c.counts.final ? 'FINAL' : 'preliminary'}`);
      for (const order of c.counts.orders) lines.push(`    ${order}`);
    } else lines.push('  counts: none (NMR: the units hold, D.VII(6))');
  }
  lines.push('');
  lines.push(integrityLine(integrity));
  return { ok: true, text: lines.join('\n'), json };
}

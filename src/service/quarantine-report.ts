/**
 * `mailjudge quarantine [--game G] [--json]`: the stored messages the judge did not read (issue 20),
 * for the operator: every message quarantined (too large, unreadable, or failing in a way that would
 * fail again with the same bytes, or still undecided after the last retry), with why, and every
 * message still waiting to be decided with its attempts, last error and next retry. The raw bytes
 * stay in inbound_messages; `mailjudge audit` shows a player's messages with the rest of their mail.
 * Under a message attributed to a game, the game's kind adds what the sender is to it and what not
 * reading the message means there (a Coalition round: the player's armies and 3.3.6; its judges, 1.3).
 */
import { findGame } from '../db/games.js';
import { findUndecided } from '../db/inbound-attempts.js';
import { findPerson } from '../db/people.js';
import type { Db } from '../db/schema.js';
import type { CommandResult } from './command-result.js';
import { kindOf } from './game-kinds.js';

export interface QuarantineOptions {
  /** Only messages attributed to this game (undecided messages are never attributed, so they are left out). */
  readonly game?: string;
}

const gmt = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} GMT`;

export async function runQuarantine(db: Db, o: QuarantineOptions): Promise<CommandResult> {
  let q = db
    .selectFrom('inbound_decisions as d')
    .innerJoin('inbound_messages as m', 'm.id', 'd.inbound_message_id')
    .leftJoin('inbound_attempts as a', 'a.inbound_message_id', 'm.id')
    .select(['m.id', 'm.received_at', 'm.source', 'm.mailbox', 'm.size', 'm.sha256', 'm.message_id', 'd.role', 'd.decided_at', 'd.from_address', 'd.game_id', 'd.person_id', 'd.reason', 'd.replied', 'a.attempts'])
    .where('d.outcome', '=', 'quarantined');
  if (o.game) q = q.where('d.game_id', '=', o.game);
  const rows = await q.orderBy('m.id').execute();
  const quarantined = rows.map((r) => ({
    inbound: r.id, receivedAt: r.received_at.toISOString(), decidedAt: r.decided_at.toISOString(), source: r.source, mailbox: r.mailbox, role: r.role,
    size: r.size, sha256: r.sha256, messageId: r.message_id, from: r.from_address, game: r.game_id, reason: r.reason, senderTold: r.replied, attempts: r.attempts ?? 0,
  }));
  const undecided = o.game ? [] : (await findUndecided(db)).map((u) => ({
    inbound: u.id, receivedAt: u.receivedAt.toISOString(), storedAt: u.storedAt.toISOString(), size: u.size, attempts: u.attempts, lastError: u.lastError,
    nextAttemptAt: u.nextAttemptAt?.toISOString() ?? null,
  }));

  // The kind's own lines under each message attributed to a game.
  const entries = new Map<number, string[]>();
  for (const r of rows) {
    const game = r.game_id === null ? undefined : await findGame(db, r.game_id);
    if (!game) continue;
    const person = r.person_id === null ? undefined : await findPerson(db, Number(r.person_id));
    entries.set(r.id, await kindOf(game).views.quarantineEntry(db, game, person, r.received_at));
  }
  const lines: string[] = [];
  lines.push(`Quarantined messages${o.game ? ` of ${o.game}` : ''} (${quarantined.length}): stored, not read; the raw message is kept`);
  for (const m of quarantined) {
    lines.push(`  #${m.inbound}  received ${gmt(new Date(m.receivedAt))}  ${m.size} bytes  ${m.source}${m.role === 'confirm' ? ' (confirmation mailbox)' : ''}`);
    lines.push(`      from ${m.from ?? '?'}${m.game ? `  game ${m.game}` : ''}  ${m.messageId ?? '(no Message-ID)'}`);
    lines.push(`      why: ${m.reason ?? '?'}`);
    lines.push(...(entries.get(m.inbound) ?? []));
    lines.push(`      ${m.senderTold ? 'the sender was told' : 'the sender was not told'}${m.attempts ? `; ${m.attempts} failed attempt(s) before` : ''}`);
  }
  if (!o.game) {
    lines.push('');
    lines.push(`Waiting to be decided (${undecided.length})${undecided.length ? ': the running judge retries each on its own' : ''}`);
    for (const u of undecided) {
      lines.push(`  #${u.inbound}  received ${gmt(new Date(u.receivedAt))}  ${u.size} bytes  ${u.attempts} failed attempt(s)${u.nextAttemptAt ? `, next ${gmt(new Date(u.nextAttemptAt))}` : ''}`);
      if (u.lastError) lines.push(`      last error: ${u.lastError}`);
    }
  }
  return { ok: true, text: lines.join('\n'), json: { quarantined, undecided } };
}

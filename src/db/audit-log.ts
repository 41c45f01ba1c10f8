/**
 * The audit trail: an append-only hash chain (`audit_log`), so that a rewritten, removed or inserted
 * row is evident to {@link verifyAuditChain}.
 *
 * Invariants: rows are written only by {@link appendAudit}, which takes a transaction-scoped advisory
 * lock, so ids (taken from the sequence under the lock) follow the chain order; each row's
 * `prev_hash` is the previous row's `hash` (the first row's is {@link GENESIS_HASH}); and
 * `hash = sha256_hex(prev_hash + canonicalJson({id, at, game, actor, action, detail}))`. `at` is
 * stored at millisecond precision so that it reads back exactly. What the chain cannot show on its
 * own: the newest rows being cut off by someone who can also disable the trigger — publish the head
 * hash (a GM digest, the TD's report) to anchor it.
 */
import { createHash } from 'node:crypto';
import { sql, type Compilable } from 'kysely';
import { canonicalJson, toJson } from './canonical-json.js';
import { DbError } from './errors.js';
import type { AuditLogRow, Db, Json, Trx } from './schema.js';

/** `prev_hash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64);
/** `pg_advisory_xact_lock` key of the chain's head ("mjau"). */
const AUDIT_LOCK_KEY = 0x6d6a6175;

/** What happened, as the caller states it. */
export interface AuditInput {
  /** The game it concerns, if any. */
  readonly gameId?: string | null;
  /** Who did it: `cli:<user>`, `worker`, `person:<id>`, `td`. */
  readonly actor: string;
  /** A dotted verb: `game.create`, `phase.adjudicate`, `deadline.extend`. */
  readonly action: string;
  /** Any JSON-able data; stored as it reads back from JSON (undefined members dropped). */
  readonly detail?: unknown;
}

/** One row of the chain. */
export interface AuditEntry {
  readonly id: number;
  readonly at: Date;
  readonly gameId: string | null;
  readonly actor: string;
  readonly action: string;
  readonly detail: Json;
  readonly prevHash: string;
  readonly hash: string;
}

/** The hash of a row, given the previous row's hash. Pure. */
export function auditHash(prevHash: string, e: Omit<AuditEntry, 'prevHash' | 'hash'>): string {
  const body = canonicalJson({ id: e.id, at: e.at.toISOString(), game: e.gameId, actor: e.actor, action: e.action, detail: e.detail });
  return createHash('sha256').update(prevHash + body).digest('hex');
}

/** Map a row to an {@link AuditEntry}. */
export function auditEntryFromRow(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    gameId: row.game_id,
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/**
 * Append an entry to the chain inside `trx` and return it. Holds the chain lock until `trx` ends, so
 * call it last in a transaction that does other slow work. Requires READ COMMITTED (the default):
 * throws a {@link DbError} (`audit-isolation`) otherwise, since an older snapshot could miss the head.
 */
export async function appendAudit(trx: Trx, input: AuditInput, options: { alongside?: Compilable } = {}): Promise<AuditEntry> {
  // `alongside`: a write of the caller's sent in the lock's statement (a data-modifying WITH, always
  // run to completion), one round trip fewer (issue 29: the decision's row, mail/inbound/decide.ts).
  const lock = options.alongside
    ? await sql<{ isolation: string }>`
    WITH alongside AS (${options.alongside})
    SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEY}) IS NULL AS locked,
           current_setting('transaction_isolation') AS isolation`.execute(trx)
    : await sql<{ isolation: string }>`
    SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEY}) IS NULL AS locked,
           current_setting('transaction_isolation') AS isolation`.execute(trx);
  const isolation = lock.rows[0]?.isolation;
  if (isolation !== 'read committed') {
    throw new DbError('audit-isolation', `appendAudit needs a READ COMMITTED transaction, not ${isolation}`);
  }
  const head = await sql<{ id: number; at: Date; prev: string | null }>`
    SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS id,
           date_trunc('milliseconds', clock_timestamp()) AS at,
           (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS prev`.execute(trx);
  const h = head.rows[0]!;
  const entry = {
    id: h.id,
    at: h.at,
    gameId: input.gameId ?? null,
    actor: input.actor,
    action: input.action,
    detail: toJson(input.detail ?? {}),
  };
  const prevHash = h.prev ?? GENESIS_HASH;
  const hash = auditHash(prevHash, entry);
  await trx
    .insertInto('audit_log')
    .values({
      id: entry.id,
      at: entry.at,
      game_id: entry.gameId,
      actor: entry.actor,
      action: entry.action,
      detail: JSON.stringify(entry.detail),
      prev_hash: prevHash,
      hash,
    })
    .execute();
  return { ...entry, prevHash, hash };
}

/**
 * Walk the whole chain in id order and return the id of the first row whose `prev_hash` does not
 * match its predecessor's hash or whose own hash does not match its content; `null` when intact.
 */
export async function verifyAuditChain(db: Db, options: { batchSize?: number } = {}): Promise<number | null> {
  const batchSize = options.batchSize ?? 1000;
  let prev = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(batchSize).execute();
    for (const row of rows) {
      const e = auditEntryFromRow(row);
      if (e.prevHash !== prev || auditHash(prev, e) !== e.hash) return e.id;
      prev = e.hash;
    }
    if (rows.length < batchSize) return null;
    after = rows[rows.length - 1]!.id;
  }
}

/** The entries of one game, oldest first. */
export async function findAuditEntries(db: Db, gameId: string): Promise<AuditEntry[]> {
  const rows = await db.selectFrom('audit_log').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
  return rows.map(auditEntryFromRow);
}

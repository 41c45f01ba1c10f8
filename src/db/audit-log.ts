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
/** `pg_advisory_xact_lock` key of the chain's head ("mjau"): taken by `append_audit_entry` (sql/0034). */
export const AUDIT_LOCK_KEY = 0x6d6a6175;

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
 *
 * Issue 29: one statement (`append_audit_entry`, sql/0034): the lock, the head, the id and the row,
 * so the chain's lock is held for one round trip (this statement's answer, then the caller's COMMIT)
 * instead of three. The canonical JSON is written here up to the id and the time, which the database
 * fills in; the returned hash is checked against {@link auditHash} before the caller commits.
 */
export async function appendAudit(trx: Trx, input: AuditInput, options: { alongside?: Compilable } = {}): Promise<AuditEntry> {
  const gameId = input.gameId ?? null;
  const detail = toJson(input.detail ?? {});
  // canonicalJson({id, at, game, actor, action, detail}) with its keys sorted: action, actor, at, detail, game, id.
  const head = `{"action":${JSON.stringify(input.action)},"actor":${JSON.stringify(input.actor)},"at":"`;
  const tail = `","detail":${canonicalJson(detail)},"game":${JSON.stringify(gameId)},"id":`;
  const append = sql`append_audit_entry(${gameId}::text, ${input.actor}::text, ${input.action}::text, ${JSON.stringify(detail)}::jsonb, ${head}::text, ${tail}::text)`;
  // `alongside`: a write of the caller's sent in the same statement (a data-modifying WITH, always
  // run to completion), one round trip fewer (issue 29: the decision's row, mail/inbound/decide.ts).
  type Row = { entry_id: number | null; entry_at: Date | null; entry_prev: string | null; entry_hash: string | null; isolation: string };
  const r = options.alongside
    ? await sql<Row>`WITH alongside AS (${options.alongside}) SELECT * FROM ${append}`.execute(trx)
    : await sql<Row>`SELECT * FROM ${append}`.execute(trx);
  const row = r.rows[0]!;
  if (row.isolation !== 'read committed' || row.entry_id === null) {
    throw new DbError('audit-isolation', `appendAudit needs a READ COMMITTED transaction, not ${row.isolation}`);
  }
  const entry = { id: Number(row.entry_id), at: row.entry_at!, gameId, actor: input.actor, action: input.action, detail };
  const prevHash = row.entry_prev!;
  const hash = auditHash(prevHash, entry);
  if (hash !== row.entry_hash) {
    // The database's text of the entry differs from canonicalJson's (it cannot, unless the function
    // or this module changed alone): refuse it, the caller's transaction rolls back.
    throw new DbError('audit-hash', `audit entry ${entry.id}: the database computed hash ${row.entry_hash}, the chain's formula ${hash}`);
  }
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

/**
 * The GM's rollback requests waiting for the TD's own consent (D.VIII(1)): one pending per game; a
 * new one replaces it; each ends approved, refused, lapsed (the game moved on first) or replaced.
 */
import type { Db, RollbackRequestStatus } from './schema.js';

export interface RollbackRequest {
  readonly id: number;
  readonly gameId: string;
  readonly phase: string;
  readonly reason: string;
  readonly requestedBy: string;
  readonly requestedAt: Date;
  /** The game's open phase and its generation when the request was made. */
  readonly openPhase: string;
  readonly openGeneration: number;
  readonly status: RollbackRequestStatus;
}

type Row = { id: number; game_id: string; phase: string; reason: string; requested_by: string; requested_at: Date; open_phase: string; open_generation: number; status: RollbackRequestStatus };
const fromRow = (r: Row): RollbackRequest => ({
  id: r.id, gameId: r.game_id, phase: r.phase, reason: r.reason, requestedBy: r.requested_by, requestedAt: r.requested_at, openPhase: r.open_phase, openGeneration: r.open_generation, status: r.status,
});

/** Record a pending request; a request still pending for the game is marked replaced first (returned). */
export async function insertRollbackRequest(
  db: Db,
  r: { gameId: string; phase: string; reason: string; requestedBy: string; requestedAt: Date; inboundMessageId: number | null; openPhase: string; openGeneration: number },
): Promise<{ request: RollbackRequest; replaced: RollbackRequest | undefined }> {
  const replaced = await findPendingRollbackRequest(db, r.gameId);
  if (replaced) await decideRollbackRequest(db, replaced.id, { status: 'replaced', by: r.requestedBy, at: r.requestedAt, note: null });
  const row = await db
    .insertInto('rollback_requests')
    .values({ game_id: r.gameId, phase: r.phase, reason: r.reason, requested_by: r.requestedBy, requested_at: r.requestedAt, inbound_message_id: r.inboundMessageId, open_phase: r.openPhase, open_generation: r.openGeneration })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { request: fromRow(row), replaced };
}

/** The game's pending request, if any. */
export async function findPendingRollbackRequest(db: Db, gameId: string): Promise<RollbackRequest | undefined> {
  const row = await db.selectFrom('rollback_requests').selectAll().where('game_id', '=', gameId).where('status', '=', 'pending').executeTakeFirst();
  return row && fromRow(row);
}

/** Close a pending request with its outcome. */
export async function decideRollbackRequest(db: Db, id: number, d: { status: Exclude<RollbackRequestStatus, 'pending'>; by: string; at: Date; note: string | null }): Promise<void> {
  await db.updateTable('rollback_requests').set({ status: d.status, decided_by: d.by, decided_at: d.at, td_note: d.note }).where('id', '=', id).where('status', '=', 'pending').execute();
}

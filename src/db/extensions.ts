/**
 * Extension requests and decisions (D.VII(5)), append-only: every request is a row with its
 * decision; a request the GM must decide (`needs-gm`) is answered by a later row pointing at it.
 */
import type { Power } from '../diplomacy/index.js';
import type { GrantedExtension } from '../diplomacy/calendar/index.js';
import type { Db, ExtensionDecisionKind } from './schema.js';

export interface StoredExtension {
  readonly id: number;
  readonly gameId: string;
  readonly phase: string;
  /** `null`: the GM's own extension. */
  readonly power: Power | null;
  readonly personId: number | null;
  readonly requestedAt: Date;
  readonly hoursRequested: number;
  readonly decision: ExtensionDecisionKind;
  readonly hoursGranted: number;
  readonly charged: boolean;
  readonly guaranteed: boolean;
  readonly holiday: string | null;
  readonly oldDeadline: Date;
  readonly newDeadline: Date | null;
  readonly reason: string;
  readonly answersId: number | null;
  readonly decidedBy: string;
  readonly decidedAt: Date;
}

export type NewExtension = Omit<StoredExtension, 'id'> & { readonly inboundMessageId?: number | null; readonly line?: number | null };

/** Record a request and its decision; `undefined` when this message line was recorded already. */
export async function insertExtension(db: Db, e: NewExtension): Promise<StoredExtension | undefined> {
  const row = await db
    .insertInto('extensions')
    .values({
      game_id: e.gameId,
      phase: e.phase,
      power: e.power,
      person_id: e.personId,
      inbound_message_id: e.inboundMessageId ?? null,
      line: e.line ?? null,
      requested_at: e.requestedAt,
      hours_requested: e.hoursRequested,
      decision: e.decision,
      hours_granted: e.hoursGranted,
      charged: e.charged,
      guaranteed: e.guaranteed,
      holiday: e.holiday,
      old_deadline: e.oldDeadline,
      new_deadline: e.newDeadline,
      reason: e.reason,
      answers_id: e.answersId,
      decided_by: e.decidedBy,
      decided_at: e.decidedAt,
    })
    .onConflict((oc) => oc.columns(['inbound_message_id', 'line']).where('inbound_message_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row && { ...e, id: row.id };
}

/** Every extension row of a game, oldest first. */
export async function findExtensions(db: Db, gameId: string): Promise<StoredExtension[]> {
  const rows = await db.selectFrom('extensions').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    gameId: r.game_id,
    phase: r.phase,
    power: r.power,
    personId: r.person_id,
    requestedAt: r.requested_at,
    hoursRequested: r.hours_requested,
    decision: r.decision,
    hoursGranted: r.hours_granted,
    charged: r.charged,
    guaranteed: r.guaranteed,
    holiday: r.holiday,
    oldDeadline: r.old_deadline,
    newDeadline: r.new_deadline,
    reason: r.reason,
    answersId: r.answers_id,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at,
  }));
}

/** The granted extensions, as the pure rules take them (D.VII(5): the guaranteed one, the 7-day cap, holidays). Pure. */
export function grantedHistory(rows: readonly StoredExtension[]): GrantedExtension[] {
  return rows
    .filter((r) => r.decision === 'granted')
    .map((r) => ({
      power: r.power ?? 'GM',
      ...(r.personId !== null ? { person: String(r.personId) } : {}),
      hours: r.hoursGranted,
      charged: r.charged,
      guaranteed: r.guaranteed,
      ...(r.holiday !== null ? { holiday: r.holiday } : {}),
    }));
}

/** Requests still waiting for the GM's decision (`needs-gm` with no answering row). Pure. */
export function pendingRequests(rows: readonly StoredExtension[]): StoredExtension[] {
  const answered = new Set(rows.map((r) => r.answersId).filter((id): id is number => id !== null));
  return rows.filter((r) => r.decision === 'needs-gm' && !answered.has(r.id));
}

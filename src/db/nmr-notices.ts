/**
 * NMR notices and what became of them (D.VII(6)(a), B.8): the player must contact the GM by the
 * contact deadline, or the replacement procedure starts; a position nobody takes over falls into
 * civil disorder (B.8(f)).
 */
import type { Power } from '../diplomacy/index.js';
import type { Db, NmrNoticeStatus } from './schema.js';

export interface NmrNoticeRecord {
  readonly id: number;
  readonly gameId: string;
  readonly phase: string;
  readonly power: Power;
  readonly personId: number;
  readonly publishedAt: Date;
  readonly contactDeadline: Date;
  readonly status: NmrNoticeStatus;
  readonly procedureUntil: Date | null;
  readonly resolvedAt: Date | null;
  readonly note: string | null;
}

/** Record a notice; `undefined` when the phase's notice for the power exists already (a retried job). */
export async function insertNmrNotice(
  db: Db,
  n: { gameId: string; phase: string; power: Power; personId: number; publishedAt: Date; contactDeadline: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('nmr_notices')
    .values({ game_id: n.gameId, phase: n.phase, power: n.power, person_id: n.personId, published_at: n.publishedAt, contact_deadline: n.contactDeadline, procedure_until: null, resolved_at: null, note: null })
    .onConflict((oc) => oc.columns(['game_id', 'phase', 'power']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The game's notices still open or in the replacement procedure, oldest first. */
export async function findActiveNmrNotices(db: Db, gameId: string): Promise<NmrNoticeRecord[]> {
  const rows = await db.selectFrom('nmr_notices').selectAll().where('game_id', '=', gameId).where('status', 'in', ['open', 'procedure']).orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    gameId: r.game_id,
    phase: r.phase,
    power: r.power,
    personId: r.person_id,
    publishedAt: r.published_at,
    contactDeadline: r.contact_deadline,
    status: r.status,
    procedureUntil: r.procedure_until,
    resolvedAt: r.resolved_at,
    note: r.note,
  }));
}

/** Move a notice on. Final statuses set `resolved_at`. */
export async function updateNmrNotice(db: Db, id: number, u: { status: NmrNoticeStatus; at: Date; procedureUntil?: Date | null; note?: string }): Promise<void> {
  const final = u.status !== 'open' && u.status !== 'procedure';
  await db
    .updateTable('nmr_notices')
    .set({
      status: u.status,
      ...(u.procedureUntil !== undefined ? { procedure_until: u.procedureUntil } : {}),
      ...(final ? { resolved_at: u.at } : {}),
      ...(u.note !== undefined ? { note: u.note } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Close the active notices of one power (someone took it over, or the player came back). */
export async function resolveNmrNotices(db: Db, gameId: string, power: Power, status: NmrNoticeStatus, at: Date, note: string): Promise<number> {
  const r = await db
    .updateTable('nmr_notices')
    .set({ status, resolved_at: at, note })
    .where('game_id', '=', gameId)
    .where('power', '=', power)
    .where('status', 'in', ['open', 'procedure'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** B.8(f): put a position into civil disorder (no-op if it is already). */
export async function startCivilDisorder(db: Db, gameId: string, power: Power, at: Date, reason: string): Promise<boolean> {
  const row = await db
    .insertInto('civil_disorder')
    .values({ game_id: gameId, power, since: at, reason, ended_at: null })
    .onConflict((oc) => oc.columns(['game_id', 'power']).where('ended_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** End a position's civil disorder (someone takes it over). */
export async function endCivilDisorder(db: Db, gameId: string, power: Power, at: Date): Promise<void> {
  await db.updateTable('civil_disorder').set({ ended_at: at }).where('game_id', '=', gameId).where('power', '=', power).where('ended_at', 'is', null).execute();
}

/** The powers of a game in civil disorder now. */
export async function findCivilDisorder(db: Db, gameId: string): Promise<Set<Power>> {
  const rows = await db.selectFrom('civil_disorder').select('power').where('game_id', '=', gameId).where('ended_at', 'is', null).execute();
  return new Set(rows.map((r) => r.power));
}

/**
 * TD-declared holidays (D.VII(5)): "The TD may decree that certain international holidays are
 * eligible for extensions". A holiday with no tournament applies to every game.
 */
import type { Holiday } from '../diplomacy/calendar/index.js';
import type { Db } from './schema.js';

export interface StoredHoliday extends Holiday {
  readonly id: number;
  readonly tournamentId: number | null;
  readonly declaredBy: string;
}

/** Insert a holiday; throws the database error (23505) when the name is taken. */
export async function insertHoliday(
  db: Db,
  h: { name: string; start: Date; end: Date; maxHours?: number | null; tournamentId?: number | null; declaredBy: string },
): Promise<StoredHoliday> {
  const row = await db
    .insertInto('holidays')
    .values({ name: h.name, starts_at: h.start, ends_at: h.end, max_hours: h.maxHours ?? null, tournament_id: h.tournamentId ?? null, declared_by: h.declaredBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name: h.name, start: h.start, end: h.end, ...(h.maxHours ? { maxHours: h.maxHours } : {}), tournamentId: h.tournamentId ?? null, declaredBy: h.declaredBy };
}

/** The holidays that apply to a game of `tournamentId` (every judge-wide one, and the tournament's own). */
export async function findHolidays(db: Db, tournamentId: number | null): Promise<StoredHoliday[]> {
  let q = db.selectFrom('holidays').selectAll();
  q = tournamentId === null ? q.where('tournament_id', 'is', null) : q.where((eb) => eb.or([eb('tournament_id', 'is', null), eb('tournament_id', '=', tournamentId)]));
  const rows = await q.orderBy('starts_at').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    start: r.starts_at,
    end: r.ends_at,
    ...(r.max_hours !== null ? { maxHours: r.max_hours } : {}),
    tournamentId: r.tournament_id,
    declaredBy: r.declared_by,
  }));
}

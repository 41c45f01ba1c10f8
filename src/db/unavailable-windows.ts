/**
 * Weekly unavailable windows (D.VII(2)): one current window per person per game; a new declaration
 * or a withdrawal closes the old row (`withdrawn_at`), which stays as history.
 */
import type { Power } from '../diplomacy/index.js';
import type { Db, WeekdayName } from './schema.js';

/** A declared window, as stored. */
export interface StoredWindow extends NewWindow {
  readonly id: number;
}

/** A window to declare. */
export interface NewWindow {
  readonly gameId: string;
  readonly personId: number;
  readonly power: Power;
  readonly startDay: WeekdayName;
  readonly startTime: string;
  readonly endDay: WeekdayName;
  readonly endTime: string;
  readonly zone: string;
  readonly declaredAt: Date;
  readonly declaredBy: string;
}

/** Withdraw the person's current window in the game, if any; returns whether there was one. */
export async function withdrawWindow(db: Db, gameId: string, personId: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('unavailable_windows')
    .set({ withdrawn_at: at })
    .where('game_id', '=', gameId)
    .where('person_id', '=', personId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Declare a window, replacing the person's current one (call inside a transaction). */
export async function declareWindow(db: Db, w: NewWindow): Promise<StoredWindow> {
  await withdrawWindow(db, w.gameId, w.personId, w.declaredAt);
  const row = await db
    .insertInto('unavailable_windows')
    .values({
      game_id: w.gameId,
      person_id: w.personId,
      power: w.power,
      start_day: w.startDay,
      start_time: w.startTime,
      end_day: w.endDay,
      end_time: w.endTime,
      zone: w.zone,
      declared_at: w.declaredAt,
      declared_by: w.declaredBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...w, id: row.id };
}

/**
 * The current windows of the people who now hold a position in the game (player of record or stand-in):
 * a player who has left no longer constrains the calendar.
 */
export async function findGameWindows(db: Db, gameId: string): Promise<StoredWindow[]> {
  const rows = await db
    .selectFrom('unavailable_windows as w')
    .selectAll('w')
    .where('w.game_id', '=', gameId)
    .where('w.withdrawn_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('positions as p').select('p.id').whereRef('p.game_id', '=', 'w.game_id').whereRef('p.person_id', '=', 'w.person_id').where('p.ended_at', 'is', null),
      ),
    )
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    gameId: r.game_id,
    personId: r.person_id,
    power: r.power,
    startDay: r.start_day,
    startTime: r.start_time,
    endDay: r.end_day,
    endTime: r.end_time,
    zone: r.zone,
    declaredAt: r.declared_at,
    declaredBy: r.declared_by,
  }));
}

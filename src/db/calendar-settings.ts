/**
 * Per-game calendar settings (`game_calendars`): the GM's turn lengths (D.VII(4)(a)) and the lead
 * times of players' reminders and the GM's digests. A game without a row has the defaults.
 */
import type { Db } from './schema.js';

/** A game's calendar settings. */
export interface CalendarSettings {
  /** Turn lengths in hours by phase kind; `undefined`: the judge's usual ones (src/diplomacy/calendar/deadlines.ts). */
  readonly turnHours: { readonly M?: number; readonly R?: number; readonly A?: number };
  /** Hours before the deadline at which players who have not ordered are reminded. */
  readonly reminderLeadHours: readonly number[];
  /** Hours before the deadline at which the GM gets a digest. */
  readonly digestLeadHours: readonly number[];
  /** Times of day (`HH:MM`, the GM's zone) at which the GM also gets a digest while a turn is open. */
  readonly digestTimes: readonly string[];
}

/** The defaults of a game without a `game_calendars` row (the same as the column defaults). */
export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = { turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [24, 2], digestTimes: [] };

/** The game's settings, or the defaults. */
export async function findCalendarSettings(db: Db, gameId: string): Promise<CalendarSettings> {
  const row = await db.selectFrom('game_calendars').selectAll().where('game_id', '=', gameId).executeTakeFirst();
  if (!row) return DEFAULT_CALENDAR_SETTINGS;
  return {
    turnHours: {
      ...(row.movement_hours !== null ? { M: row.movement_hours } : {}),
      ...(row.retreat_hours !== null ? { R: row.retreat_hours } : {}),
      ...(row.adjustment_hours !== null ? { A: row.adjustment_hours } : {}),
    },
    reminderLeadHours: row.reminder_lead_hours,
    digestLeadHours: row.digest_lead_hours,
    digestTimes: row.digest_times,
  };
}

/** Insert or replace the game's settings. */
export async function saveCalendarSettings(db: Db, gameId: string, s: CalendarSettings, at: Date): Promise<void> {
  const values = {
    movement_hours: s.turnHours.M ?? null,
    retreat_hours: s.turnHours.R ?? null,
    adjustment_hours: s.turnHours.A ?? null,
    reminder_lead_hours: [...s.reminderLeadHours],
    digest_lead_hours: [...s.digestLeadHours],
    digest_times: [...s.digestTimes],
    updated_at: at,
  };
  await db
    .insertInto('game_calendars')
    .values({ game_id: gameId, ...values })
    .onConflict((oc) => oc.column('game_id').doUpdateSet(values))
    .execute();
}

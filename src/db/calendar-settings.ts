/**
 * Per-game calendar settings (`game_calendars`): the GM's turn lengths (D.VII(4)(a)) and the lead
 * times of players' reminders and the GM's digests. A game without a row has the defaults.
 */
import { sql, type Selectable } from 'kysely';
import type { Db, GameCalendarsTable } from './schema.js';

type GameCalendarRow = Selectable<GameCalendarsTable>;

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
  return settingsFromRow(await db.selectFrom('game_calendars').selectAll().where('game_id', '=', gameId).executeTakeFirst());
}

/**
 * Issue 29: the game's settings, and whether it has each of the other calendar inputs at all, in one
 * statement: a recorded consent to shorter turns (deadline_consents, the whole answer), a window not
 * withdrawn (unavailable_windows; its holder still to be checked: findGameWindows), a holiday of the
 * judge or of the game's tournament (holidays). Most games have no window and no holiday, so their
 * calendar inputs are this one statement instead of four.
 */
export async function findCalendarSettingsAndPresence(db: Db, gameId: string, tournamentId: number | null): Promise<{ settings: CalendarSettings; consent: boolean; windows: boolean; holidays: boolean }> {
  const r = await sql<{ [K in keyof GameCalendarRow]: GameCalendarRow[K] | null } & { has_consent: boolean; has_windows: boolean; has_holidays: boolean }>`
    SELECT c.*,
           EXISTS (SELECT 1 FROM deadline_consents d WHERE d.game_id = ${gameId}) AS has_consent,
           EXISTS (SELECT 1 FROM unavailable_windows w WHERE w.game_id = ${gameId} AND w.withdrawn_at IS NULL) AS has_windows,
           EXISTS (SELECT 1 FROM holidays h WHERE h.tournament_id IS NULL OR h.tournament_id = ${tournamentId}::bigint) AS has_holidays
      FROM (SELECT 1) AS one LEFT JOIN game_calendars c ON c.game_id = ${gameId}`.execute(db);
  const row = r.rows[0]!;
  const { has_consent: consent, has_windows: windows, has_holidays: holidays, ...calendar } = row;
  return { settings: settingsFromRow(calendar.game_id === null ? undefined : (calendar as GameCalendarRow)), consent, windows, holidays };
}

function settingsFromRow(row: GameCalendarRow | undefined): CalendarSettings {
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

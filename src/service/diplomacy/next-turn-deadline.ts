/**
 * The deadline of the turn a publication opens (D.VII(2), D.VII(4)): the GM's turn length, clear of
 * every declared window, not below the minimums without the players' recorded consent — the pure
 * `nextDeadline` fed from the database.
 */
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import type { Phase } from '../../diplomacy/index.js';
import { nextDeadline, type NextDeadline } from '../../diplomacy/calendar/index.js';
import { loadCalendarInputs, type CalendarFacts } from './calendar-facts.js';

/** `known`: the game's calendar inputs when the caller has them (issue 29: the adjudication read them with its facts). */
export async function nextTurnDeadline(db: Db, game: Game, next: Phase, publishedAt: Date, known?: Pick<CalendarFacts, 'settings' | 'windows' | 'holidays' | 'consentToShorten'>): Promise<NextDeadline> {
  const inputs = known ?? (await loadCalendarInputs(db, game));
  const gmLength = inputs.settings.turnHours[next.kind];
  return nextDeadline({
    previousPublication: publishedAt,
    phaseKind: next.kind,
    ...(gmLength !== undefined ? { gmLength } : {}),
    consentToShorten: inputs.consentToShorten,
    windows: inputs.windows,
    holidays: inputs.holidays,
  });
}

/**
 * The deadline of the turn a publication opens (D.VII(2), D.VII(4)): the GM's turn length, clear of
 * every declared window, not below the minimums without the players' recorded consent — the pure
 * `nextDeadline` fed from the database.
 */
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import type { Phase } from '../../diplomacy/index.js';
import { nextDeadline, type NextDeadline } from '../../diplomacy/calendar/index.js';
import { loadCalendarInputs } from './calendar-facts.js';

export async function nextTurnDeadline(db: Db, game: Game, next: Phase, publishedAt: Date): Promise<NextDeadline> {
  const inputs = await loadCalendarInputs(db, game);
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

/**
 * D.VII(4)(a): the GM "will never speed up beyond these stated minimums without the consent of the
 * surviving players" — the consent, as the GM records it. Append-only.
 */
import type { Db } from './schema.js';

export async function insertDeadlineConsent(db: Db, c: { gameId: string; phase: string; note: string; recordedBy: string; recordedAt: Date }): Promise<number> {
  const row = await db
    .insertInto('deadline_consents')
    .values({ game_id: c.gameId, phase: c.phase, note: c.note, recorded_by: c.recordedBy, recorded_at: c.recordedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether consent to turns below the minimum is on record for the game (any phase). */
export async function hasDeadlineConsent(db: Db, gameId: string): Promise<boolean> {
  const row = await db.selectFrom('deadline_consents').select('id').where('game_id', '=', gameId).limit(1).executeTakeFirst();
  return row !== undefined;
}

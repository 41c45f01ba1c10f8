/** Keys of reminders and digests already sent (`calendar_sent`), so the calendar tick sends each once. */
import type { Db } from './schema.js';

/** Record keys as sent (keys recorded already are left alone). */
export async function markCalendarSent(db: Db, gameId: string, kind: 'reminder' | 'digest', keys: readonly string[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('calendar_sent')
    .values(keys.map((key) => ({ key, game_id: gameId, kind, sent_at: at })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The keys of the game's sent mails of one kind. */
export async function findCalendarSent(db: Db, gameId: string, kind: 'reminder' | 'digest'): Promise<Set<string>> {
  const rows = await db.selectFrom('calendar_sent').select('key').where('game_id', '=', gameId).where('kind', '=', kind).execute();
  return new Set(rows.map((r) => r.key));
}

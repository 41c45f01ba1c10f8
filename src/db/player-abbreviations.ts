/**
 * A player's own abbreviation list (D.III(1)): the latest registered list per game and person is
 * the one in force. Append-only.
 */
import { toJson } from './canonical-json.js';
import type { Db } from './schema.js';
import { precompiled } from './precompiled.js';

/** Issue 29: compiled once (precompiled.ts). */
export const PLAYER_ABBREVIATIONS = precompiled((db, p: { gameId: string; personId: number }) => db
  .selectFrom('player_abbreviations')
  .select('abbreviations')
  .where('game_id', '=', p.gameId)
  .where('person_id', '=', p.personId)
  .orderBy('id', 'desc'));

export async function findPlayerAbbreviations(db: Db, gameId: string, personId: number): Promise<ReadonlyMap<string, string> | undefined> {
  const row = await PLAYER_ABBREVIATIONS.first(db, { gameId, personId });
  return row ? new Map(Object.entries(row.abbreviations as Record<string, string>)) : undefined;
}

export async function insertPlayerAbbreviations(db: Db, a: { gameId: string; personId: number; abbreviations: Readonly<Record<string, string>>; inboundMessageId: number | null; at: Date }): Promise<void> {
  await db
    .insertInto('player_abbreviations')
    .values({ game_id: a.gameId, person_id: a.personId, abbreviations: JSON.stringify(toJson(a.abbreviations)), inbound_message_id: a.inboundMessageId, registered_at: a.at })
    .execute();
}

/**
 * Which map pictures each reader of a game wants with its results (issue 29, sql/0033): `MAPS WIDE`,
 * `PHONE`, `BOTH` (the default: issue 28's two layouts) or `NONE`, by mail from the game's mailbox.
 * Append-only: the latest row per game and person is the choice in force.
 */
import type { Db } from './schema.js';

export type MapChoice = 'both' | 'wide' | 'phone' | 'none';

/** The choice in force of each person of the game who made one (the others get both). */
export async function findMapChoices(db: Db, gameId: string): Promise<ReadonlyMap<number, MapChoice>> {
  const rows = await db
    .selectFrom('map_choices')
    .select(['person_id', 'maps'])
    .where('game_id', '=', gameId)
    .orderBy('person_id')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [Number(r.person_id), r.maps]));
}

export async function insertMapChoice(db: Db, c: { gameId: string; personId: number; maps: MapChoice; inboundMessageId: number | null; at: Date }): Promise<void> {
  await db.insertInto('map_choices').values({ game_id: c.gameId, person_id: c.personId, maps: c.maps, inbound_message_id: c.inboundMessageId, chosen_at: c.at }).execute();
}

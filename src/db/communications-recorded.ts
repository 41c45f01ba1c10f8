/**
 * Which inbound messages' press, votes and requests have been recorded, with the notes returned for
 * the acknowledgement: a re-run of the same message records nothing twice and returns the same notes.
 */
import type { Db } from './schema.js';

export async function findRecordedNotes(db: Db, inboundMessageId: number): Promise<string[] | undefined> {
  const row = await db.selectFrom('communications_recorded').select('notes').where('inbound_message_id', '=', inboundMessageId).executeTakeFirst();
  return row?.notes;
}

export async function insertRecordedNotes(db: Db, r: { inboundMessageId: number; gameId: string; notes: readonly string[]; at: Date }): Promise<void> {
  await db
    .insertInto('communications_recorded')
    .values({ inbound_message_id: r.inboundMessageId, game_id: r.gameId, notes: JSON.stringify(r.notes), recorded_at: r.at })
    .onConflict((oc) => oc.column('inbound_message_id').doNothing())
    .execute();
}

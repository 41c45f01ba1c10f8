/**
 * Which inbound messages' press, votes and requests have been recorded, with the notes returned for
 * the acknowledgement: a re-run of the same message records nothing twice and returns the same notes.
 */
import type { Db } from './schema.js';
import { precompiled } from './precompiled.js';

export async function findRecordedNotes(db: Db, inboundMessageId: number): Promise<string[] | undefined> {
  const row = await db.selectFrom('communications_recorded').select('notes').where('inbound_message_id', '=', inboundMessageId).executeTakeFirst();
  return row?.notes;
}

/** Issue 29: compiled once (precompiled.ts). */
export const INSERT_RECORDED = precompiled((db, p: { inboundMessageId: number; gameId: string; notes: string; at: Date }) => db
  .insertInto('communications_recorded')
  .values({ inbound_message_id: p.inboundMessageId, game_id: p.gameId, notes: p.notes, recorded_at: p.at })
  .onConflict((oc) => oc.column('inbound_message_id').doNothing()));

export async function insertRecordedNotes(db: Db, r: { inboundMessageId: number; gameId: string; notes: readonly string[]; at: Date }): Promise<void> {
  await INSERT_RECORDED.execute(db, { inboundMessageId: r.inboundMessageId, gameId: r.gameId, notes: JSON.stringify(r.notes), at: r.at });
}
